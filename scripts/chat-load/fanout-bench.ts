import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { ChannelRegistry } from '../../api/realtime/channels';
import { Hub } from '../../api/realtime/hub';
import { EventBus } from '../../db/events/event-bus';
import type { MessageRecord } from '../../db/chats/message-record';
import { createLogger } from '../../platform/logger';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { closeOrm, openOrm } from '../../db/orm';
import { startTestApi } from '../../tests/support/test-api';
import { closedLoop, openBenchSocket, type ClosedLoop } from './bench-socket';
import { LOAD_BOT_TOKEN } from './load-client';
import type { LoadPair } from './seed-pairs';
import { sleep } from './stats';

const WINDOW = 20;
const sendEnvelope = (chatId: number, i: number) =>
  JSON.stringify({
    ch: 'messages',
    t: 'send',
    cid: `c${i}`,
    data: { chatId: String(chatId), text: `сообщение номер ${i}`, clientId: `bench-${i}` },
  });

/** Baseline: a bare ws server that echoes every message, `WINDOW` in flight per client; round trips per second. */
export async function echoRate(clients: number, durationMs: number): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (ws) => ws.on('message', (raw) => ws.send(raw.toString())));
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as { port: number }).port;
  let loop: ClosedLoop | null = null;
  const sockets = await Promise.all(
    Array.from({ length: clients }, (_, s) => openBenchSocket(`ws://127.0.0.1:${port}/`, null, () => loop?.answered(s))),
  );
  let n = 0;
  loop = closedLoop(clients, WINDOW, durationMs, (s) => sockets[s]!.send(sendEnvelope(s, n++)));
  const rate = (await loop.done) / (durationMs / 1000);
  sockets.forEach((ws) => ws.terminate());
  await new Promise((resolve) => wss.close(resolve));
  return rate;
}

function record(pair: LoadPair, seq: number, id: number): MessageRecord {
  return {
    id,
    chatId: pair.chatId,
    seq,
    senderId: pair.a,
    clientId: `bench-${id}`,
    type: 'TEXT',
    text: `сообщение номер ${id}`,
    photoImageId: null,
    stickerId: null,
    stickerImageId: null,
    replyToId: null,
    isPinned: false,
    isEdit: false,
    createdAt: new Date(),
  };
}

/**
 * Our realtime stack without the database write, on the real /ws/messages server:
 * `pushed` — message.created events fanned out by the chat pushes through the hub to both members;
 * `inbound` — a client's send through auth, envelope parsing and channel routing, then the same fan-out.
 * Both count socket deliveries (newMessage to the sender's and the peer's socket) per second.
 */
export async function fanoutRates(
  databaseUrl: string,
  pairs: LoadPair[],
  durationMs: number,
): Promise<{ pushed: number; inbound: number }> {
  const logger = createLogger('error');
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 20 });
  const hub = new Hub();
  const bus = new EventBus(logger);
  const channels = new ChannelRegistry();
  const api = await startTestApi({
    orm,
    hub,
    bus,
    channels,
    logger,
    storage: createLocalDiskStorage(path.join(os.tmpdir(), 'bench-chat-storage')),
    config: { botToken: LOAD_BOT_TOKEN, supportHandle: '@o_support' },
  });
  const bySender = new Map(pairs.map((p, i) => [p.a, i]));
  const seqs = pairs.map(() => 0);
  let nextId = 1;
  const publish = (i: number) =>
    bus.publish({
      name: 'message.created',
      payload: { message: record(pairs[i]!, ++seqs[i]!, nextId++), memberIds: [pairs[i]!.a, pairs[i]!.b] },
    });
  channels.handle('messages', ({ user, reply }) => {
    publish(bySender.get(user.telegramId)!);
    reply('sent', {});
  });
  const wsUrl = `${api.url.replace('http', 'ws')}/ws/messages`;
  let loop: ClosedLoop | null = null;
  let delivered = 0;
  // Every newMessage a member's socket receives counts (the sender's own list hears it too).
  const senders = await Promise.all(
    pairs.map((p, i) =>
      openBenchSocket(wsUrl, p.a, (m) => {
        if (m.t === 'sent') loop?.answered(i);
        if (m.t === 'newMessage') delivered++;
      }),
    ),
  );
  await Promise.all(pairs.map((p) => openBenchSocket(wsUrl, p.b, (m) => m.t === 'newMessage' && delivered++)));
  await sleep(2000);

  const started = performance.now();
  let published = 0;
  while (performance.now() - started < durationMs) {
    for (let k = 0; k < 200; k++) publish(published++ % pairs.length);
    await new Promise((resolve) => setImmediate(resolve));
    while (2 * published - delivered > 4000) await sleep(1);
  }
  while (delivered < 2 * published && performance.now() - started < durationMs * 3) await sleep(5);
  const pushed = delivered / ((performance.now() - started) / 1000);

  delivered = 0;
  let n = 0;
  loop = closedLoop(pairs.length, WINDOW, durationMs, (s) => senders[s]!.send(sendEnvelope(pairs[s]!.chatId, n++)));
  await loop.done;
  const inbound = delivered / (durationMs / 1000);
  await api.close();
  await closeOrm(orm, true);
  return { pushed, inbound };
}
