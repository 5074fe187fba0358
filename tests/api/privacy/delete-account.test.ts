import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { approveBase, approveDescription } from '../../support/onboarding-decisions';
import { apiGet, apiPost, messagesSocket, openChatBetween, sendText } from '../../support/chats';
import { createMember } from '../../support/factories';
import { makeImage, upload } from '../../support/images';
import { initDataFor } from '../../support/sockets';
import { newRegistrant, validBase, validDetails, type Registrant } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
});
afterAll(() => app.close());

const em = () => app.db.orm.em.fork();
const exec = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  em().getConnection().execute(sql, params) as Promise<T[]>;

/** Where a deleted account may still appear: by its bare Telegram id, in moderation and audit records and others' blocks of it. */
const MAY_KEEP_ID = [
  'audit_log.actor_id',
  'audit_log.target_id',
  'blocks.blocked_id',
  'moderation_items.user_id',
  'reports.reported_user_id',
  'reports.reporter_id',
];

/** Every column of every table that holds `id` as a number or inside its text (information_schema, nothing assumed). */
async function columnsMentioning(id: number): Promise<string[]> {
  const columns = await exec<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name <> 'mikro_orm_migrations' ORDER BY table_name, column_name`,
  );
  const hits: string[] = [];
  for (const c of columns) {
    const col = `"${c.table_name}"."${c.column_name}"`;
    let where: string | null = null;
    if (['bigint', 'integer', 'numeric'].includes(c.data_type)) where = `${col}::numeric = ${id}`;
    else if (['text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY'].includes(c.data_type))
      where = `${col}::text LIKE '%${id}%'`;
    if (!where) continue;
    const [row] = await exec<{ n: string }>(`SELECT count(*) AS n FROM "${c.table_name}" WHERE ${where}`);
    if (Number(row?.n) > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}

/** A fully approved user with photos, an avatar, a chat with messages and a photo, likes, a match, blocks, settings and reports. */
async function richAccount(): Promise<{ r: Registrant; id: number; peer: number; chatId: number; imageIds: string[] }> {
  const r = await newRegistrant(app);
  const id = r.launch.id;
  expect((await app.request.post('/api/profile/submit-base').send(validBase(r))).status).toBe(200);
  await approveBase(em(), id);
  await app.request.post('/api/profile/submit-details').send(validDetails(r));
  await approveDescription(em(), id);

  const avatar = await upload(app, r.initData, await makeImage('png'), { variant: 'avatar', filename: 'a.png', contentType: 'image/png' });
  expect((await app.request.post('/api/profile/avatar/update').send({ initData: r.initData, photoUrl: avatar.body.url })).status).toBe(200);
  // A queued edit and the photos' renditions on disk.
  await app.request.patch('/api/profile/my').send({ initData: r.initData, displayName: 'Анечка' });
  for (const url of r.photos) expect((await app.request.get(`${url}?w=480`)).status).toBe(200);

  const peer = await createMember(em(), { age: 16, displayName: 'Соня' });
  const chatId = await openChatBetween(em(), id, peer);
  await exec(`INSERT INTO matches (user_low_id, user_high_id, matched_at, chat_id) VALUES (?, ?, now(), ?)`, [
    Math.min(id, peer),
    Math.max(id, peer),
    chatId,
  ]);
  await exec(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'LIKE', now()), (?, ?, 'LIKE', now())`, [
    id,
    peer,
    peer,
    id,
  ]);
  const mine = await messagesSocket(app, id);
  const sent = await sendText(mine, chatId, 'моё личное сообщение');
  const photo = await upload(app, r.initData, await makeImage('jpeg'), { variant: 'media' });
  expect(
    (await apiPost(app, id, '/api/messages/send-image', { chatId: String(chatId), imageId: photo.body.id, caption: 'моё фото' })).status,
  ).toBe(200);
  await sendText(await messagesSocket(app, peer), chatId, 'ответ собеседника');
  await mine.close();

  const other = await createMember(em());
  await exec('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now()), (?, ?, now())', [id, other, other, id]);
  await apiPost(app, id, '/api/privacy/settings', { autoDeleteMessages: 'DAY' });
  await apiPost(app, id, '/api/notifications/settings', { likes: false });
  await exec(`INSERT INTO notification_marks (user_id, kind, key, sent_at) VALUES (?, 'new_like', '', now())`, [id]);
  await exec(`INSERT INTO sticker_packs (name, title, created_at) VALUES (?, 'Набор', now())`, [`shared_pack_${chatId}`]);
  await exec(`INSERT INTO user_sticker_packs (user_id, pack_id, added_at) SELECT ?, id, now() FROM sticker_packs WHERE name = ?`, [
    id,
    `shared_pack_${chatId}`,
  ]);
  expect((await apiPost(app, id, '/api/profile/report', { reportedUserId: peer, reason: 'SPAM' })).status).toBe(200);
  const messageId = (sent.data.message as { id: string }).id;
  expect((await apiPost(app, peer, '/api/profile/report', { reportedUserId: id, reason: 'HARASSMENT', messageId })).status).toBe(200);

  const imageIds = (await exec<{ id: string }>('SELECT id FROM images WHERE owner_telegram_id = ?', [id])).map((i) => i.id);
  expect(imageIds).toHaveLength(5);
  return { r, id, peer, chatId, imageIds };
}

describe('POST /api/privacy/delete-account', () => {
  it('is refused without confirm:true and deletes nothing', async () => {
    const me = await createMember(em());
    for (const body of [{}, { confirm: 'true' }, { confirm: false }]) {
      const res = await apiPost(app, me, '/api/privacy/delete-account', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Подтвердите удаление аккаунта');
    }
    expect(await exec('SELECT 1 FROM profiles WHERE user_telegram_id = ?', [me])).toHaveLength(1);
  });

  it('leaves nothing personal behind: no table holds the id except moderation and audit records, and the image files are gone', async () => {
    const { r, id, peer, chatId, imageIds } = await richAccount();
    expect((await columnsMentioning(id)).length).toBeGreaterThan(MAY_KEEP_ID.length);
    const socket = await messagesSocket(app, id);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

    const res = await apiPost(app, id, '/api/privacy/delete-account', { confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'Аккаунт удалён' });
    expect(await closed).toBe(4001);

    expect(await columnsMentioning(id)).toEqual(MAY_KEEP_ID);
    const moderation = await exec<{ payload: unknown; status: string }>('SELECT payload, status FROM moderation_items WHERE user_id = ?', [
      id,
    ]);
    expect(moderation.length).toBeGreaterThan(0);
    expect(moderation.every((m) => m.status !== 'PENDING' && JSON.stringify(m.payload) === '{"accountDeleted":true}')).toBe(true);
    const [reportAbout] = await exec<{ context: Record<string, unknown> }>('SELECT context FROM reports WHERE reported_user_id = ?', [id]);
    expect(JSON.stringify(reportAbout!.context)).not.toContain('моё личное');
    const [audit] = await exec<{ action: string; details: unknown }>(
      `SELECT action, details FROM audit_log WHERE target_id = ? AND action = 'account.deleted'`,
      [String(id)],
    );
    expect(audit).toMatchObject({ action: 'account.deleted', details: {} });

    for (const imageId of imageIds) {
      expect(existsSync(path.join(app.storageDir, 'images', imageId))).toBe(false);
      expect((await app.request.get(`/cdn/images/${imageId}/profile`)).status).toBe(404);
    }
    for (const url of r.photos) expect((await app.request.get(url)).status).toBe(404);

    // The peer keeps the chat and their own words; the deleted side is 'Удалённый аккаунт' and the chat is closed.
    const list = await apiGet(app, peer, '/api/chat/me');
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: String(chatId), title: 'Удалённый аккаунт', avatarUrl: null, readOnly: true, peerUserId: null }),
    ]);
    const history = await apiGet(app, peer, '/api/messages/history', { chatId: String(chatId) });
    expect(history.body.messages.map((m: { text: string }) => m.text)).toEqual(['ответ собеседника']);
    expect((await apiGet(app, peer, '/api/messages/chat-info', { chatId: String(chatId) })).body).toMatchObject({
      readOnly: true,
      notice: 'Собеседник удалил аккаунт',
    });

    // Opening the app again starts from scratch.
    const status = await app.request.get('/api/profile/status').set(tmaHeader(r.initData));
    expect(status.body).toMatchObject({ ok: true, status: 'NO_PROFILE' });
  });

  it('tells the peer at once that the chat now belongs to a deleted account', async () => {
    const me = await createMember(em());
    const peer = await createMember(em());
    const chatId = await openChatBetween(em(), me, peer);
    const peerSocket = await messagesSocket(app, peer);
    await apiPost(app, me, '/api/privacy/delete-account', { confirm: true });
    const update = await peerSocket.next((m) => m.t === 'chatUpdated');
    expect((update.data as { chat: Record<string, unknown> }).chat).toMatchObject({
      id: String(chatId),
      title: 'Удалённый аккаунт',
      readOnly: true,
    });
    await peerSocket.close();
  });

  it('removes a chat in which nobody is left', async () => {
    const [a, b] = [await createMember(em()), await createMember(em())];
    const chatId = await openChatBetween(em(), a, b);
    await apiPost(app, a, '/api/privacy/delete-account', { confirm: true });
    await apiPost(app, b, '/api/privacy/delete-account', { confirm: true });
    expect(await exec('SELECT 1 FROM chats WHERE id = ?', [chatId])).toHaveLength(0);
  });

  it('refuses to delete the last admin', async () => {
    const admin = await createMember(em());
    await exec(`UPDATE users SET role = 'USER' WHERE role = 'ADMIN'`);
    await exec(`UPDATE users SET role = 'ADMIN' WHERE telegram_id = ?`, [admin]);
    const res = await app.request.post('/api/privacy/delete-account').send({ initData: initDataFor(admin), confirm: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Нельзя удалить последнего администратора');
  });
});
