import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileCardSchema } from '../../../contracts/profile-card';
import { createMember, introduce } from '../../support/factories';
import { ask, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

describe('explore channel', () => {
  it('offers profiles one at a time, in band only, then null when none are left', async () => {
    const me = await createMember(em(), { age: 16 });
    const peers = [await createMember(em(), { age: 14 }), await createMember(em(), { age: 18 - 1 })];
    const outOfBand = [await createMember(em(), { age: 13 }), await createMember(em(), { age: 18 }), await createMember(em(), { age: 19 })];
    const socket = await socketAs(app, me);
    const seen: string[] = [];
    for (;;) {
      const reply = await ask(socket, 'explore', 'next');
      expect(reply.t).toBe('profile');
      if (reply.data === null) break;
      const card = profileCardSchema.parse(reply.data);
      expect(card).not.toHaveProperty('birthDate');
      seen.push(card.userId);
      expect((await ask(socket, 'explore', 'dislike', { targetUserId: card.userId })).t).toBe('ack');
    }
    expect(seen.sort()).toEqual(peers.map(String).sort());
    expect(seen).not.toContain(String(outOfBand[0]));
    await socket.close();
  });

  it('asked ahead with the card on screen skipped, offers the card after it, which is then the next one after the swipe', async () => {
    const me = await createMember(em(), { age: 15 });
    await createMember(em(), { age: 15 });
    await createMember(em(), { age: 16 });
    const socket = await socketAs(app, me);
    const shown = profileCardSchema.parse((await ask(socket, 'explore', 'next')).data).userId;
    const ahead = profileCardSchema.parse((await ask(socket, 'explore', 'next', { skip: shown })).data).userId;
    expect(ahead).not.toBe(shown);
    expect((await ask(socket, 'explore', 'dislike', { targetUserId: shown })).t).toBe('ack');
    expect(profileCardSchema.parse((await ask(socket, 'explore', 'next', {})).data).userId).toBe(ahead);
    const bad = await ask(socket, 'explore', 'next', { skip: 'x' });
    expect(bad).toMatchObject({ t: 'error', data: { message: 'Не указана анкета' } });
    await socket.close();
  });

  it('never offers banned, unapproved or blocked users', async () => {
    const me = await createMember(em(), { age: 19 });
    await createMember(em(), { age: 19, banned: true });
    await createMember(em(), { age: 19, stage: 'browsing' });
    const blocked = await createMember(em(), { age: 19 });
    const blocker = await createMember(em(), { age: 19 });
    await em()
      .getConnection()
      .execute('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now()), (?, ?, now())', [me, blocked, blocker, me]);
    const visible = await createMember(em(), { age: 19 });
    const socket = await socketAs(app, me);
    const offered: string[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await ask(socket, 'explore', 'next');
      if (reply.data === null) break;
      const { userId } = profileCardSchema.parse(reply.data);
      offered.push(userId);
      await ask(socket, 'explore', 'dislike', { targetUserId: userId });
    }
    // Adults from other tests may be offered too; none of the hidden ones may.
    expect(offered).toContain(String(visible));
    for (const hidden of [blocked, blocker]) expect(offered).not.toContain(String(hidden));
    await socket.close();
  });

  it('refuses likes on oneself, out of band, unknown users and malformed data with a message', async () => {
    const me = await createMember(em(), { age: 16 });
    const adult = await createMember(em(), { age: 18 });
    // Introduced (say, served before a birthday): the age band alone refuses the like.
    await introduce(em(), me, adult);
    const socket = await socketAs(app, me);
    expect(await ask(socket, 'explore', 'like', { targetUserId: me })).toMatchObject({
      t: 'error',
      data: { message: 'Нельзя оценить свою анкету' },
    });
    expect(await ask(socket, 'explore', 'like', { targetUserId: adult })).toMatchObject({
      t: 'error',
      data: { message: 'Анкета недоступна' },
    });
    expect(await ask(socket, 'explore', 'like', { targetUserId: 999_999_999 })).toMatchObject({
      t: 'error',
      data: { message: 'Анкета недоступна' },
    });
    expect(await ask(socket, 'explore', 'like', { targetUserId: 'abc' })).toMatchObject({
      t: 'error',
      data: { message: 'Не указана анкета' },
    });
    expect(await ask(socket, 'explore', 'like')).toMatchObject({ t: 'error' });
    expect(await ask(socket, 'explore', 'fly')).toMatchObject({ t: 'error', data: { message: 'Неизвестный запрос' } });
    const rows: unknown[] = await em().getConnection().execute('SELECT 1 FROM likes WHERE from_id = ?', [me]);
    expect(rows).toHaveLength(0);
    await socket.close();
  });

  it('refuses a user whose profile is not approved yet', async () => {
    const me = await createMember(em(), { age: 16, stage: 'new' });
    const socket = await socketAs(app, me);
    expect(await ask(socket, 'explore', 'next')).toMatchObject({ t: 'error', data: { message: 'Ваша анкета ещё не прошла модерацию' } });
    await socket.close();
  });

  it('makes a mutual like a match with one chat, told to both sides', async () => {
    const a = await createMember(em(), { age: 17 });
    const b = await createMember(em(), { age: 16 });
    // The feed served b's card to a; a's like then introduces a to b.
    await introduce(em(), a, b);
    const sa = await socketAs(app, a);
    const sb = await socketAs(app, b);
    expect((await ask(sa, 'explore', 'like', { targetUserId: b })).t).toBe('ack');
    expect(await sb.next((m) => m.t === 'new_like')).toMatchObject({ ch: 'likes', t: 'new_like' });
    // The same like again is still one like.
    expect((await ask(sa, 'explore', 'like', { targetUserId: b })).t).toBe('ack');
    const cid = 'mutual';
    sb.send({ ch: 'explore', t: 'like', cid, data: { targetUserId: String(a) } });
    const match = await sb.next<{ data: { chatId: string } }>((m) => m.cid === cid && m.t === 'match');
    const pushed = await sa.next<{ data: { chatId: string } }>((m) => m.t === 'match');
    expect(pushed.data.chatId).toBe(match.data.chatId);
    const chats: unknown[] = await em()
      .getConnection()
      .execute('SELECT id FROM chats WHERE pair_key = ?', [`${Math.min(a, b)}:${Math.max(a, b)}`]);
    expect(chats).toHaveLength(1);
    const likes: unknown[] = await em().getConnection().execute('SELECT 1 FROM likes WHERE from_id = ? AND to_id = ?', [a, b]);
    expect(likes).toHaveLength(1);
    await Promise.all([sa.close(), sb.close()]);
  });
});
