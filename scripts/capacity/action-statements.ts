// The baseline of `npm run load:users`: the statements the load's interactive actions make (a card over ch:'explore',
// a swipe, a chat send), captured from the functions the socket handlers call, replayed straight against the database
// over as many connections as the API's pool, one statement at a time per connection, as the persisted-sends row
// replays a send's (persisted-capacity.ts). What PostgreSQL itself serves of the same work, with no API in between.
import { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { closeOrm, openOrm, type Orm } from '../../db/orm';
import { createLogger } from '../../platform/logger';
import { PreparingClient } from '../../platform/postgres/prepared-statements';
import { nextCard } from '../../api/explore/next-card';
import { loadViewer } from '../../db/matching/viewer';
import type { LoadPair } from '../chat-load/seed-pairs';
import { recordingClient } from '../../tests/support/recorded-statements';
import { captureSendStatements, statementsFor, type CapturedSend, type Statement } from './send-statements';
import { chatAccessesOf, loadChatAccess } from '../../db/chats/chat-access';
import { chatListPage } from '../../db/chats/chat-list.repository';
import { messagesBefore } from '../../db/chats/messages.repository';
import { totalUnread } from '../../db/chats/read-state';
import { unreadLikesBadge } from '../../db/likes/received-likes.repository';
import { HISTORY_PAGE_SIZE } from '../../contracts/chat';

export interface CapturedActions {
  next: Statement[];
  swipe: Statement[];
  send: CapturedSend;
}

/** A session's interactive mix in the load (app-user.ts): 20 cards, 20 swipes, 10 sends. */
const MIX = ['next', 'swipe', 'next', 'swipe', 'send'] as const;

/**
 * An ORM on one recording connection for `use`, with `during(work)` answering the statements `work` sent; the ORM's
 * check of its first connection is no action's. Closed after.
 */
async function withRecordingOrm<T>(
  databaseUrl: string,
  use: (orm: Orm, during: (work: () => Promise<unknown>) => Promise<Statement[]>) => Promise<T>,
): Promise<T> {
  let sink: Statement[] | null = null;
  const Client = recordingClient((s) => sink?.push(s));
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 1, driverOptions: { Client } });
  const during = async (work: () => Promise<unknown>) => {
    const statements: Statement[] = [];
    sink = statements;
    await work().finally(() => (sink = null));
    return statements;
  };
  try {
    await orm.em.getConnection().execute('select 1');
    return await use(orm, during);
  } finally {
    await closeOrm(orm, true);
  }
}

/** One user's card (as nextCard serves it on the explore socket, introduction included), a dislike of that card, and a send; null without a card. */
export async function captureActions(databaseUrl: string, pair: LoadPair): Promise<CapturedActions | null> {
  return withRecordingOrm(databaseUrl, async (orm, during) => {
    let cardId: number | null = null;
    // As the explore socket asks after its first card: with the viewer's facts it already has.
    const known = await loadViewer(orm.em.fork(), pair.a);
    const next = await during(async () => {
      const { card } = await nextCard(orm.em.fork(), pair.a, { preferLikedMe: false, known });
      cardId = card ? Number(card.userId) : null;
    });
    if (cardId === null) return null;
    const toId: number = cardId;
    const bus = new EventBus(createLogger('error'));
    const swiped = await during(() => swipe(orm.em.fork(), bus, { fromId: pair.a, toId, kind: 'DISLIKE' }));
    return { next, swipe: swiped, send: await captureSendStatements(databaseUrl, pair) };
  });
}

/**
 * The reads of an open that are the socket's and the counters' (the presence snapshot's chat facts, the unread
 * messages, the likes badge), of a subscribe to the chat (its facts, its newest page) and the chat list's first page,
 * as their handlers call them.
 */
export async function captureReads(databaseUrl: string, pair: LoadPair): Promise<Record<'open' | 'subscribe' | 'chatList', Statement[]>> {
  return withRecordingOrm(databaseUrl, async (orm, during) => {
    const em = () => orm.em.fork();
    const open = await during(async () => {
      await chatAccessesOf(em(), pair.a);
      await totalUnread(em(), pair.a);
      await unreadLikesBadge(em(), pair.a);
    });
    const subscribe = await during(async () => {
      await loadChatAccess(em(), pair.chatId, pair.a);
      await messagesBefore(em(), pair.chatId, null, HISTORY_PAGE_SIZE);
    });
    const chatList = await during(() => chatListPage(em(), pair.a, { limit: 20 }));
    return { open, subscribe, chatList };
  });
}

/**
 * Replays the captured users' actions in the load's mix over `connections` connections for `durationMs` (a send as
 * its own user's with a fresh client id; cards and swipes as captured: the swipe's write is an upsert) and answers
 * the actions done per second and how many were done in all.
 */
export async function replayActions(databaseUrl: string, captured: readonly CapturedActions[], connections: number, durationMs: number) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new PreparingClient({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let [done, total, n, running] = [0, 0, 0, true];
  const statementsOf = (i: number): Statement[] => {
    const user = captured[i % captured.length]!;
    const action = MIX[Math.floor(i / captured.length) % MIX.length]!;
    if (action !== 'send') return user[action];
    return statementsFor(user.send, user.send.pair, `base-${i}-${Date.now()}`);
  };
  try {
    const started = performance.now();
    const loops = clients.map(async (client) => {
      while (running) {
        for (const s of statementsOf(n++)) await client.query(s.text, s.values);
        total++;
        if (running) done++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    running = false;
    const perS = done / ((performance.now() - started) / 1000);
    await Promise.all(loops);
    // `total` counts as well the actions under way when the time was up, whose CPU the caller measures too.
    return { actionsPerS: perS, actions: total };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
