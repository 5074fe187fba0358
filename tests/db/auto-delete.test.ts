import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredMessages } from '../../db/chats/auto-delete';
import { postMessage } from '../../db/chats/messages.service';
import { createPair, rowCount } from '../support/chats';
import { makeImage } from '../support/images';
import { storeImage } from '../../db/media/images.service';
import { createReport } from '../../db/reports/reports.service';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const DAY = 86_400_000;
const NOW = new Date();
const exec = (sql: string, params: unknown[] = []) => em().getConnection().execute(sql, params);

const setPeriod = (userId: number, period: string) =>
  exec(
    'INSERT INTO user_settings (user_id, auto_delete_messages, allow_data_for_training, updated_at) VALUES (?, ?, true, now()) ON CONFLICT (user_id) DO UPDATE SET auto_delete_messages = EXCLUDED.auto_delete_messages',
    [userId, period],
  );

/** Messages of the given ages (in days) in one chat; returns the chat's remaining texts after a pass. */
async function chatWithAges(ages: number[]) {
  const pair = await createPair(app);
  for (const age of ages) {
    await postMessage(em(), app.bus, {
      chatId: pair.chatId,
      senderId: pair.a,
      clientId: `age-${age}`,
      content: { type: 'TEXT', text: `${age}d` },
      now: new Date(NOW.getTime() - age * DAY),
    });
  }
  const texts = async () =>
    ((await exec('SELECT text FROM messages WHERE chat_id = ? ORDER BY seq', [pair.chatId])) as Array<{ text: string }>).map((r) => r.text);
  return { ...pair, texts };
}

describe('auto-delete of messages', () => {
  it('uses the shorter of the two members’ periods, and the 6-month default without settings', async () => {
    const week = await chatWithAges([200, 40, 10, 3, 0.5]);
    await setPeriod(week.a, 'HALF_YEAR');
    await setPeriod(week.b, 'WEEK');
    const day = await chatWithAges([2, 0.5]);
    await setPeriod(day.b, 'DAY');
    const month = await chatWithAges([40, 20]);
    await setPeriod(month.a, 'MONTH');
    const fallback = await chatWithAges([183, 181]);

    await deleteExpiredMessages(em(), { now: NOW, batchSize: 2 });
    expect(await week.texts()).toEqual(['3d', '0.5d']);
    expect(await day.texts()).toEqual(['0.5d']);
    expect(await month.texts()).toEqual(['20d']);
    expect(await fallback.texts()).toEqual(['181d']);
  });

  it('is safe to run twice (and at once): the second pass deletes nothing more', async () => {
    const chat = await chatWithAges([10, 8, 6, 1]);
    await setPeriod(chat.a, 'WEEK');
    const counts = await Promise.all([deleteExpiredMessages(em(), { now: NOW }), deleteExpiredMessages(em(), { now: NOW })]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(2);
    expect(await chat.texts()).toEqual(['6d', '1d']);
    await deleteExpiredMessages(em(), { now: NOW });
    expect(await chat.texts()).toEqual(['6d', '1d']);
  });

  it('removes a deleted photo message’s image and its files, keeping new messages and the seq counter', async () => {
    const { a, chatId } = await createPair(app);
    await setPeriod(a, 'DAY');
    const image = await storeImage(em(), app.storage, app.codec, { ownerId: a, kind: 'media', data: await makeImage('jpeg') });
    await postMessage(em(), app.bus, {
      chatId,
      senderId: a,
      clientId: 'old-photo',
      content: { type: 'PHOTO', imageId: image.id, caption: null },
      now: new Date(NOW.getTime() - 3 * DAY),
    });
    await postMessage(em(), app.bus, { chatId, senderId: a, clientId: 'fresh', content: { type: 'TEXT', text: 'свежее' }, now: NOW });
    expect(await app.storage.exists(`images/${image.id}/master.webp`)).toBe(true);
    await deleteExpiredMessages(em(), { now: NOW, storage: app.storage });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [image.id])).toBe(0);
    expect(await app.storage.exists(`images/${image.id}/master.webp`)).toBe(false);
    const rows = (await exec('SELECT seq, text FROM messages WHERE chat_id = ?', [chatId])) as Array<{ seq: string; text: string }>;
    expect(rows.map((r) => [Number(r.seq), r.text])).toEqual([[2, 'свежее']]);
    const next = await postMessage(em(), app.bus, { chatId, senderId: a, clientId: 'after', content: { type: 'TEXT', text: 'после' } });
    expect(next.message.seq).toBe(3);
  });

  it('keeps a photo an open report holds as staff-only evidence: its public files go, its copy and row stay', async () => {
    const { a, b, chatId } = await createPair(app);
    await setPeriod(a, 'DAY');
    const image = await storeImage(em(), app.storage, app.codec, { ownerId: a, kind: 'media', data: await makeImage('jpeg') });
    const sent = await postMessage(em(), app.bus, {
      chatId,
      senderId: a,
      clientId: 'reported-photo',
      content: { type: 'PHOTO', imageId: image.id, caption: null },
      now: new Date(NOW.getTime() - 3 * DAY),
    });
    const reportId = await createReport(em(), app.bus, b, {
      reportedUserId: a,
      reason: 'SPAM',
      description: null,
      messageId: sent.message.id,
    });
    await deleteExpiredMessages(em(), { now: NOW, storage: app.storage });

    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE id = ?', [sent.message.id])).toBe(0);
    expect(await app.storage.exists(`images/${image.id}/master.webp`)).toBe(false);
    expect((await app.request.get(`/cdn/images/${image.id}/media`)).status).toBe(404);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [image.id])).toBe(1);
    const [row] = (await exec('SELECT context FROM reports WHERE id = ?', [reportId])) as Array<{ context: { evidenceKey?: string } }>;
    expect(row!.context.evidenceKey).toMatch(new RegExp(`^evidence/${image.id}/`));
    expect(await app.storage.exists(row!.context.evidenceKey!)).toBe(true);
  });
});
