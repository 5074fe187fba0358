import { randomUUID } from 'node:crypto';
import { enqueueNotifications } from '../../bot/notifications/enqueue';
import { postMessage } from '../../db/chats/messages.service';
import { EventBus } from '../../db/events/event-bus';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logger';
import { closeOrm, openOrm } from '../../db/orm';
import type { LoadPair } from '../chat-load/seed-pairs';
import { recordingClient, type Statement } from '../../tests/support/recorded-statements';

export type { Statement };

export interface CapturedSend {
  statements: Statement[];
  pair: LoadPair;
  clientId: string;
}

/**
 * The statements one chat send makes, as PostgreSQL receives them: postMessage (db/chats/messages.service.ts) called
 * once as the socket handler calls it, with the notify job written to the outbox in its transaction as production does
 * (bot/notifications/enqueue.ts), while every statement the ORM's pool clients send is recorded.
 */
export async function captureSendStatements(databaseUrl: string, pair: LoadPair): Promise<CapturedSend> {
  const logger = createLogger('error');
  const queue = await createJobQueue(databaseUrl, logger);
  await queue.close();
  const statements: Statement[] = [];
  let recording = false;
  const Client = recordingClient((statement) => {
    if (recording) statements.push(statement);
  });
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 2, driverOptions: { Client } });
  const bus = new EventBus(logger);
  // The job's outbox row is written as production writes it; its drain (one statement per batch of commits, not per
  // send) is left out.
  enqueueNotifications(bus, { soon: () => undefined });
  recording = true;
  const clientId = `capture-${randomUUID()}`;
  try {
    await postMessage(orm.em.fork(), bus, {
      chatId: pair.chatId,
      senderId: pair.a,
      clientId,
      content: { type: 'TEXT', text: 'сообщение для замера' },
    });
  } finally {
    recording = false;
    await closeOrm(orm, true);
  }
  // The ORM's check of its first connection is not part of the send.
  return { statements: statements.filter((s) => !s.text.includes('pg_database')), pair, clientId };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The captured statements with another sender's values: chat, sender, client id, time, and a fresh job key. Values
 * are told apart by equality, so the captured chat and sender ids must not equal another parameter (capture with a
 * chat whose id is not 1: the seq step is a parameter of 1).
 */
export function statementsFor(captured: CapturedSend, pair: LoadPair, clientId: string): Statement[] {
  const swap = (v: unknown): unknown => {
    if (v === captured.pair.chatId) return pair.chatId;
    if (v === captured.pair.a) return pair.a;
    if (v === captured.clientId) return clientId;
    if (v instanceof Date) return new Date();
    if (typeof v !== 'string') return v;
    const own = v.replaceAll(captured.clientId, clientId);
    // The notify job's outbox row (its payload and key): its event id and job key are new for every send.
    return own.startsWith('{') || own.startsWith('notify:') ? own.replace(UUID, () => randomUUID()) : own;
  };
  // The ORM writes the job's parameters into the statement's text (em.execute): its ids are swapped there.
  return captured.statements.map((s) => ({ text: swap(s.text) as string, values: s.values.map(swap) }));
}
