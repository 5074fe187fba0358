import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Report } from '../../../db/reports/report.entity';
import { apiGet, apiPost, createPair, messagesSocket, sendText } from '../../support/chats';
import { createMember, introduce, type MemberOptions } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const em = () => app.db.orm.em.fork();
const member = (opts: MemberOptions = {}) => createMember(em(), opts);
const report = (from: number, body: Record<string, unknown>) => apiPost(app, from, '/api/profile/report', body);
const reportsBy = (reporterId: number) => em().find(Report, { reporterId }, { orderBy: { id: 'asc' } });

/** Sends one text from `sender` and answers its message id. */
async function messageFrom(sender: number, chatId: number, text: string): Promise<string> {
  const socket = await messagesSocket(app, sender);
  const reply = await sendText(socket, chatId, text);
  await socket.close();
  return String((reply.data.message as { id: string }).id);
}

describe('POST /api/profile/report', () => {
  it('files a PROFILE report for moderation with the reason and the trimmed description', async () => {
    const [me, peer] = [await member(), await member()];
    // The feed served the peer's card to me.
    await introduce(em(), me, peer);
    const res = await report(me, { reportedUserId: String(peer), reason: 'FAKE_PROFILE', description: '  чужие фото  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'Жалоба отправлена', blocked: false });
    const [row] = await reportsBy(me);
    expect(row).toMatchObject({
      reportedUserId: peer,
      reportType: 'PROFILE',
      reason: 'FAKE_PROFILE',
      description: 'чужие фото',
      status: 'PENDING',
      messageId: null,
    });
  });

  it.each([
    [{ reason: 'SPAM' }, 'Не указан пользователь'],
    [{ reportedUserId: '', reason: 'SPAM' }, 'Не указан пользователь'],
    [{ reportedUserId: 'PEER' }, 'Выберите причину жалобы'],
    [{ reportedUserId: 'PEER', reason: 'RUDE' }, 'Выберите причину жалобы'],
    [{ reportedUserId: 'PEER', reason: 'OTHER', description: 'я'.repeat(501) }, 'Описание: не более 500 символов'],
  ])('refuses %j with "%s" and files nothing', async (body, message) => {
    const [me, peer] = [await member(), await member()];
    await introduce(em(), me, peer);
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'PEER' ? String(peer) : v]));
    const res = await report(me, filled);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await reportsBy(me)).toHaveLength(0);
  });

  it('takes a description of exactly 500 characters, and a blank one as none', async () => {
    const [me, a, b] = [await member(), await member(), await member()];
    await introduce(em(), me, a, b);
    expect((await report(me, { reportedUserId: a, reason: 'OTHER', description: 'я'.repeat(500) })).status).toBe(200);
    expect((await report(me, { reportedUserId: b, reason: 'SPAM', description: '   ' })).status).toBe(200);
    expect((await reportsBy(me)).map((r) => r.description?.length ?? null)).toEqual([500, null]);
  });

  it('refuses reporting oneself', async () => {
    const me = await member();
    const res = await report(me, { reportedUserId: me, reason: 'SPAM' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Нельзя пожаловаться на себя');
  });

  it('answers "Профиль не найден." for someone the reporter never came across (no probing of ids)', async () => {
    const me = await member({ age: 14 });
    for (const target of [await member({ age: 19 }), await member({ stage: 'new' }), 999_999_999_999]) {
      const res = await report(me, { reportedUserId: target, reason: 'SPAM' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Профиль не найден.');
    }
    expect(await reportsBy(me)).toHaveLength(0);
  });

  it('lets a chat partner be reported even after they blocked the reporter', async () => {
    const { a, b } = await createPair(app);
    await em().getConnection().execute('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [b, a]);
    expect((await report(a, { reportedUserId: b, reason: 'HARASSMENT' })).status).toBe(200);
  });

  it('keeps one open report per reporter and target: a second is 409 until the first is resolved', async () => {
    const [me, peer] = [await member(), await member()];
    await introduce(em(), me, peer);
    expect((await report(me, { reportedUserId: peer, reason: 'SPAM' })).status).toBe(200);
    const again = await report(me, { reportedUserId: peer, reason: 'VIOLENCE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Вы уже отправили жалобу на этого пользователя, она рассматривается');
    // Two at once: the database lets only one through.
    const other = await member();
    await introduce(em(), me, other);
    const both = await Promise.all([
      report(me, { reportedUserId: other, reason: 'SPAM' }),
      report(me, { reportedUserId: other, reason: 'SPAM' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    await em().getConnection().execute(`UPDATE reports SET status = 'REJECTED' WHERE reporter_id = ? AND reported_user_id = ?`, [me, peer]);
    expect((await report(me, { reportedUserId: peer, reason: 'VIOLENCE' })).status).toBe(200);
  });
});

describe("'Также заблокировать' (issue 40 item 5)", () => {
  const blacklistOf = async (userId: number) =>
    ((await apiGet(app, userId, '/api/privacy/settings')).body.blacklist as Array<{ id: string }>).map((entry) => Number(entry.id));

  it('files the report and puts the person on the blacklist through the block path', async () => {
    const [me, peer] = [await member(), await member()];
    await introduce(em(), me, peer);
    const res = await report(me, { reportedUserId: peer, reason: 'HARASSMENT', alsoBlock: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'Жалоба отправлена', blocked: true });
    expect(await reportsBy(me)).toHaveLength(1);
    expect(await blacklistOf(me)).toEqual([peer]);
  });

  it('blocks nobody without it, and refuses a flag that is not true or false, filing nothing', async () => {
    const [me, peer] = [await member(), await member()];
    await introduce(em(), me, peer);
    const bad = await report(me, { reportedUserId: peer, reason: 'SPAM', alsoBlock: 'да' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Также заблокировать: да или нет');
    expect(await reportsBy(me)).toHaveLength(0);
    expect((await report(me, { reportedUserId: peer, reason: 'SPAM', alsoBlock: false })).body.blocked).toBe(false);
    expect(await blacklistOf(me)).toEqual([]);
  });

  it('blocks nobody when the report itself is refused (someone never come across)', async () => {
    const [me, stranger] = [await member(), await member()];
    const res = await report(me, { reportedUserId: stranger, reason: 'VIOLENCE', alsoBlock: true });
    expect(res.status).toBe(404);
    expect(await blacklistOf(me)).toEqual([]);
  });
});

describe('message reports', () => {
  it("files a MESSAGE report with a snapshot of the message's text", async () => {
    const { a, b, chatId } = await createPair(app);
    const messageId = await messageFrom(b, chatId, 'обидные слова');
    const res = await report(a, { reportedUserId: b, reason: 'HARASSMENT', messageId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await reportsBy(a);
    expect(row).toMatchObject({ reportType: 'MESSAGE', messageId: Number(messageId), reportedUserId: b });
    expect(row!.context).toMatchObject({ chatId: String(chatId), messageType: 'TEXT', text: 'обидные слова' });
    // The snapshot outlives the message.
    await em().getConnection().execute('DELETE FROM messages WHERE id = ?', [messageId]);
    expect((await reportsBy(a))[0]!.context).toMatchObject({ text: 'обидные слова' });
  });

  it("refuses a message from someone else's chat, a message by another sender, and one's own message", async () => {
    const mine = await createPair(app);
    const theirs = await createPair(app);
    const foreign = await messageFrom(theirs.b, theirs.chatId, 'чужой чат');
    const ownMessage = await messageFrom(mine.a, mine.chatId, 'моё');
    for (const [target, messageId] of [
      [theirs.b, foreign],
      [mine.b, foreign],
      [mine.b, ownMessage],
    ] as const) {
      const res = await report(mine.a, { reportedUserId: target, reason: 'SPAM', messageId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Сообщение не найдено');
    }
    expect(await reportsBy(mine.a)).toHaveLength(0);
  });
});

describe('report rate limit', () => {
  it('answers 429 with a Russian message and Retry-After after 10 reports an hour', async () => {
    const me = await member();
    for (let i = 0; i < 10; i++) expect((await report(me, { reportedUserId: me, reason: 'SPAM' })).status).toBe(400);
    const peer = await member();
    await introduce(em(), me, peer);
    const res = await report(me, { reportedUserId: peer, reason: 'SPAM' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много жалоб\. Попробуйте через \d+ мин$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not affected.
    const other = await member();
    await introduce(em(), other, peer);
    expect((await report(other, { reportedUserId: peer, reason: 'SPAM' })).status).toBe(200);
  });
});
