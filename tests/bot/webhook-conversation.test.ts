import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Update } from 'grammy/types';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { WEBHOOK_PATH } from '../../bot/webhook';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { asFakeUser, eventually } from '../support/bot-moderation';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { createActor, pendingItem, REASON, submittedRegistrant } from '../support/moderation';
import { startAppProcess, type AppProcess } from '../support/processes';
import type { TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// WEBHOOK_URL mode behind a load balancer: two ROLE=api processes, each update of one conversation may land on either.
const SECRET = 'webhook-conversation-secret';
let db: TestDatabase;
let telegram: FakeTelegram;
let dir: string;
const procs: AppProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  telegram = await startFakeTelegram();
  dir = mkdtempSync(path.join(os.tmpdir(), 'webhook-conv-'));
  const env = {
    ROLE: 'api',
    DATABASE_URL: db.url,
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    WEBHOOK_URL: 'https://app.example.test',
    WEBHOOK_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    WEBAPP_BUILD: 'false',
    DATA_DIR: dir,
    STORAGE_DIR: path.join(dir, 'storage'),
  };
  procs.push(...(await Promise.all([startAppProcess('api-1', env), startAppProcess('api-2', env)])));
}, 180_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await telegram?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const botCall = async <T>(method: string, params: Record<string, unknown>): Promise<T> => {
  const res = await fetch(`${telegram.url}/bot${TEST_BOT_TOKEN}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return ((await res.json()) as { result: T }).result;
};

/** Plays Telegram's webhook delivery through a balancer: the waiting updates go to `proc`. */
async function deliverTo(proc: AppProcess): Promise<void> {
  const updates = await botCall<Update[]>('getUpdates', { timeout: 0 });
  for (const update of updates) {
    const res = await fetch(`${proc.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(200);
  }
  if (updates.length) await botCall('getUpdates', { offset: updates.at(-1)!.update_id + 1, timeout: 0 });
}

describe('a typed rejection reason in webhook mode', () => {
  it('is asked for by process 1 and applied by process 2, where the typed reason lands', async () => {
    const [api1, api2] = procs as [AppProcess, AppProcess];
    const viaApi = { db, request: supertest(api1.url) } as unknown as TestApp;
    const moderator = await createActor(viaApi, 'MODERATOR');
    const r = await submittedRegistrant(viaApi);
    const item = await pendingItem(viaApi, r.launch.id, 'INITIAL');
    // The post as the bot process sent it (its keyboard is not needed: the press names the button).
    const post = await botCall<{ message_id: number }>('sendMessage', {
      chat_id: moderator.id,
      text: `Новый профиль · заявка #${item.id}`,
    });

    const pressId = telegram.injectCallback(asFakeUser(moderator), post.message_id, `mi:${item.id}:nt:${item.version}`, moderator.id);
    await deliverTo(api1);
    const answered = await telegram.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === pressId, 10_000);
    expect(answered.params.text).toBe('Напишите причину сообщением');
    await telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === moderator.id && String(c.params.text).startsWith(`Напишите причину отказа по заявке #${item.id}`),
    );

    telegram.injectMessage(asFakeUser(moderator), REASON);
    await deliverTo(api2);
    const done = await telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === moderator.id && String(c.params.text).startsWith('Готово'),
      10_000,
    );
    expect(done.params.text).toBe('Готово: Отклонено');
    const decided = await eventually(async () => {
      const row = await db.orm.em.fork().findOneOrFail(ModerationItem, { id: item.id });
      return row.status !== 'PENDING' ? row : null;
    });
    expect({ status: decided.status, reason: decided.reason, reviewerId: decided.reviewerId }).toEqual({
      status: 'REJECTED',
      reason: REASON,
      reviewerId: moderator.id,
    });
  }, 60_000);
});
