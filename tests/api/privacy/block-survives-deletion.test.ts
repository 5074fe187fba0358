import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileCardSchema } from '../../../contracts/profile-card';
import { privacyOverviewSchema } from '../../../contracts/privacy';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { approveBase, approveDescription } from '../../support/onboarding-decisions';
import { apiGet, apiPost } from '../../support/chats';
import { createMember, introduce, introduceBothWays } from '../../support/factories';
import { uploadPhotos } from '../../support/images';
import { newRegistrant, validBase, validDetails, type Registrant } from '../../support/onboarding';
import { ask, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

/** Signs up (again) with the same Telegram account and is approved on both stages. */
async function registerApproved(r: Registrant): Promise<void> {
  const photos = await uploadPhotos(app, r.initData);
  expect((await app.request.post('/api/profile/submit-base').send(validBase({ ...r, photos }))).status).toBe(200);
  await approveBase(em(), r.launch.id);
  expect((await app.request.post('/api/profile/submit-details').send(validDetails(r))).status).toBe(200);
  await approveDescription(em(), r.launch.id);
}

/** Every card the explore feed offers `viewer` until it runs out, each one disliked. */
async function feedOf(viewer: number): Promise<string[]> {
  const socket = await socketAs(app, viewer);
  const offered: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const reply = await ask(socket, 'explore', 'next');
    if (reply.data === null) break;
    const { userId } = profileCardSchema.parse(reply.data);
    offered.push(userId);
    await ask(socket, 'explore', 'dislike', { targetUserId: userId });
  }
  await socket.close();
  return offered;
}

describe('a block outlives the blocked account', () => {
  it('A blocks B, B deletes the account and signs up again: A never sees B, B cannot like A', async () => {
    const a = await createMember(em(), { age: 16, displayName: 'Аня' });
    const r = await newRegistrant(app);
    const b = r.launch.id;
    await registerApproved(r);
    // The feed served B's card to A.
    await introduce(em(), a, b);
    expect((await apiPost(app, a, '/api/privacy/settings', { action: 'addToBlacklist', userId: String(b) })).status).toBe(200);

    expect((await apiPost(app, b, '/api/privacy/delete-account', { confirm: true })).status).toBe(200);
    // A's blacklist still holds the entry (anonymous while the account is gone), and it can be lifted.
    const during = privacyOverviewSchema.parse((await apiGet(app, a, '/api/privacy/settings')).body);
    expect(during.blacklist).toEqual([expect.objectContaining({ id: String(b), displayName: null, photoUrl: null, username: null })]);

    await registerApproved(r);
    // Introduced both ways (as if shown before): the block alone keeps them apart.
    await introduceBothWays(em(), a, b);
    expect(await feedOf(a)).not.toContain(String(b));
    expect(await feedOf(b)).not.toContain(String(a));
    const likes = await socketAs(app, b);
    expect(await ask(likes, 'explore', 'like', { targetUserId: String(a) })).toMatchObject({
      t: 'error',
      data: { message: 'Анкета недоступна' },
    });
    expect(await ask(likes, 'likes', 'action', { targetUserId: String(a), action: 'like' })).toMatchObject({
      t: 'error',
      data: { message: 'Анкета недоступна' },
    });
    await likes.close();
    expect((await apiGet(app, b, '/api/profile/view', { userId: String(a) })).status).toBe(404);
    expect((await apiGet(app, a, '/api/profile/view', { userId: String(b) })).status).toBe(404);
    expect((await apiGet(app, a, '/api/likes/history', { filter: 'received-likes' })).body.likes).toEqual([]);
  });

  it('goes with the blocker’s own account (their blacklist is deleted with it)', async () => {
    const [a, b] = [await createMember(em()), await createMember(em())];
    await introduce(em(), a, b);
    expect((await apiPost(app, a, '/api/privacy/settings', { action: 'addToBlacklist', userId: String(b) })).status).toBe(200);
    expect((await apiPost(app, a, '/api/privacy/delete-account', { confirm: true })).status).toBe(200);
    const rows = await em().getConnection().execute('SELECT 1 FROM blocks WHERE blocker_id = ?', [a]);
    expect(rows).toHaveLength(0);
  });
});
