import { signInitData } from './init-data';
import type { TestApp } from './test-app';
import { openSocket, type TestSocket } from './ws-client';

let cidCounter = 0;
export const nextCid = () => `c${++cidCounter}`;

/** Opens /ws/likes or /ws/messages as the given Telegram user with real signed initData. */
export function socketAs(app: TestApp, telegramId: number, path: '/ws/likes' | '/ws/messages' = '/ws/likes'): Promise<TestSocket> {
  const initData = signInitData({ id: telegramId, first_name: 'Тест' });
  return openSocket(`${app.wsUrl}${path}`, initData);
}

/** Sends one envelope and resolves with the reply that repeats its cid. */
export async function ask<T = Record<string, unknown>>(
  socket: TestSocket,
  ch: string,
  t: string,
  data?: unknown,
): Promise<T & { t: string; data: unknown }> {
  const cid = nextCid();
  socket.send({ ch, t, cid, data });
  return socket.next((m) => m.cid === cid);
}

export const initDataFor = (telegramId: number) => signInitData({ id: telegramId, first_name: 'Тест' });
