import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import { openPairChat } from '../../db/chats/chats.service';
import { createMember, type MemberOptions } from './factories';
import { ask, initDataFor, nextCid, socketAs } from './sockets';
import type { TestApp } from './test-app';
import type { TestSocket } from './ws-client';
import { tmaHeader } from './init-data';

export interface Pair {
  a: number;
  b: number;
  chatId: number;
}

/** Two members with a chat between them (as a match would open it). */
export async function createPair(app: TestApp, a: MemberOptions = {}, b: MemberOptions = a): Promise<Pair> {
  const em = app.db.orm.em.fork();
  const idA = await createMember(em, a);
  const idB = await createMember(em, b);
  const { chatId } = await openPairChat(em, idA, idB, new Date());
  return { a: idA, b: idB, chatId };
}

export async function openChatBetween(em: EntityManager, a: number, b: number): Promise<number> {
  return (await openPairChat(em, a, b, new Date())).chatId;
}

export const messagesSocket = (app: TestApp, userId: number) => socketAs(app, userId, '/ws/messages');

type Reply = Record<string, unknown> & { t: string; data: Record<string, unknown> & { message?: Record<string, unknown> } };

export async function sendText(socket: TestSocket, chatId: number | string, text: string, clientId = `m-${nextCid()}`): Promise<Reply> {
  return ask<Reply>(socket, 'messages', 'send', { chatId: String(chatId), text, clientId });
}

export async function subscribe(socket: TestSocket, chatId: number | string, afterSeq?: number): Promise<Reply> {
  return ask<Reply>(socket, 'messages', 'subscribe', { chatId: String(chatId), ...(afterSeq === undefined ? {} : { afterSeq }) });
}

export const apiGet = (app: TestApp, userId: number, path: string, query: Record<string, unknown> = {}) =>
  app.request
    .get(path)
    .set(tmaHeader(initDataFor(userId)))
    .query(query);

export const apiPost = (app: TestApp, userId: number, path: string, body: Record<string, unknown> = {}) =>
  app.request.post(path).send({ initData: initDataFor(userId), ...body });

/** Messages of one kind received so far on a socket. */
export const receivedOf = (socket: TestSocket, ch: string, t: string) =>
  (socket.received as Array<{ ch: string; t: string; data: Record<string, unknown> }>).filter((m) => m.ch === ch && m.t === t);

/**
 * The sentinel of a "nothing arrived" check, sent after the event under test: a new member opens a chat with
 * `userId` and sends a message in it. Resolves once `socket`, subscribed to that chat first, has both its pushes: the
 * list's newMessage and the open chat's message (api/chat/chat.pushes.ts sends pushes in the order they happen). A
 * push the event under test made was sent before these, so one not received by now never comes. Returns the chat.
 */
export async function sentinelMessage(app: TestApp, userId: number, socket: TestSocket): Promise<number> {
  const peer = await createMember(app.db.orm.em.fork());
  const chatId = await openChatBetween(app.db.orm.em.fork(), userId, peer);
  await subscribe(socket, chatId);
  const sender = await messagesSocket(app, peer);
  try {
    expect(await sendText(sender, chatId, 'сигнал')).toMatchObject({ t: 'sent' });
  } finally {
    await sender.close();
  }
  const ofChat = (t: string) => (m: Record<string, unknown>) => m.t === t && (m.data as { chatId?: unknown }).chatId === String(chatId);
  await Promise.all([socket.next(ofChat('newMessage')), socket.next(ofChat('message'))]);
  return chatId;
}

export async function rowCount(app: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const rows = (await app.db.orm.em.fork().getConnection().execute(sql, params)) as Array<{ n: string }>;
  return Number(rows[0]?.n ?? 0);
}
