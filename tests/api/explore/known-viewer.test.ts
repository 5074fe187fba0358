import { describe, expect, it } from 'vitest';
import { sqlOf } from '../../../db/kysely';
import { birthDateForAge, createMember, type MemberOptions } from '../../support/factories';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { ask, socketAs } from '../../support/sockets';
import { useFeedApp } from '../../support/feed-app';

// Issue 42: after its first card, the explore socket walks the feed with the viewer's facts it read then, and the walk
// checks them itself (nextCard's `known`). Whatever changes on the viewer's profile meanwhile (their settings, band,
// place or the right to browse) holds from the very next card: the socket never walks on stale facts.
const feed = useFeedApp();
const em = feed.em;
const HOUR = 3_600_000;
const auth = (id: number) => tmaHeader(signInitData(testLaunchUser({ id })));
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function person(p: MemberOptions & { sex: 'MALE' | 'FEMALE' }): Promise<number> {
  const id = await createMember(em(), p);
  await sqlOf(em()).updateTable('profiles').set({ sex: p.sex, gender: 'BISEXUAL' }).where('user_telegram_id', '=', id).execute();
  // A change of sex refreshes active_at: set last.
  if (p.activeAt) await sqlOf(em()).updateTable('profiles').set({ active_at: p.activeAt }).where('user_telegram_id', '=', id).execute();
  return id;
}

type Socket = Awaited<ReturnType<typeof socketAs>>;
const nextId = async (socket: Socket) => {
  const reply = await ask(socket, 'explore', 'next');
  expect(reply.t).toBe('profile');
  return reply.data === null ? null : Number((reply.data as { userId: string }).userId);
};
const dislike = async (socket: Socket, id: number) =>
  expect((await ask(socket, 'explore', 'dislike', { targetUserId: String(id) })).t).toBe('ack');
const introduced = async (viewer: number) =>
  (await sqlOf(em()).selectFrom('introductions').select('subject_id').where('viewer_id', '=', viewer).execute()).map((r) =>
    Number(r.subject_id),
  );

describe('the explore socket after its first card (issue 42)', () => {
  it("follows a change of 'Кого показывать' made meanwhile from the next card on", async () => {
    const me = await person({ age: 16, sex: 'MALE' });
    const first = await person({ age: 16, sex: 'MALE', activeAt: ago(1) });
    const girl = await person({ age: 16, sex: 'FEMALE', activeAt: ago(2) });
    const boy = await person({ age: 16, sex: 'MALE', activeAt: ago(3) });
    const socket = await socketAs(feed.app, me);
    expect(await nextId(socket)).toBe(first);
    await dislike(socket, first);
    const res = await feed.app.request.post('/api/search-settings').set(auth(me)).send({ show: 'MALE', lookingFor: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // With the facts of the first card the girl, more recently active, would come next.
    expect(await nextId(socket)).toBe(boy);
    expect(await introduced(me)).not.toContain(girl);
    await socket.close();
  });

  it('follows a new birth date (another age band) and a new place from the next card on', async () => {
    await sqlOf(em())
      .insertInto('places')
      .values({ id: 995_001, lat: 59, lon: 30, name: 'Другое', name_normalized: 'другое', country: 'Тест', population: 1 })
      .execute();
    const me = await person({ age: 16, sex: 'FEMALE' });
    const first = await person({ age: 16, sex: 'FEMALE', activeAt: ago(1) });
    const seventeen = await person({ age: 17, sex: 'FEMALE', activeAt: ago(2) });
    const fourteen = await person({ age: 14, sex: 'FEMALE', activeAt: ago(4) });
    const fourteenThere = await person({ age: 14, sex: 'FEMALE', placeId: 995_001, activeAt: ago(5) });
    const socket = await socketAs(feed.app, me);
    expect(await nextId(socket)).toBe(first);
    await dislike(socket, first);
    // Now 14 (a correction of the birth date): 17 is out of band, and she lives in the other place, first there.
    await sqlOf(em())
      .updateTable('profiles')
      .set({ birth_date: birthDateForAge(14), place_id: 995_001 })
      .where('user_telegram_id', '=', me)
      .execute();
    expect(await nextId(socket)).toBe(fourteenThere);
    await dislike(socket, fourteenThere);
    expect(await nextId(socket)).toBe(fourteen);
    await dislike(socket, fourteen);
    expect(await nextId(socket)).toBeNull();
    expect(await introduced(me)).not.toContain(seventeen);
    await socket.close();
  });

  it('refuses the next card once the profile may no longer browse, and introduces no one', async () => {
    const me = await person({ age: 15, sex: 'MALE' });
    const first = await person({ age: 15, sex: 'MALE', activeAt: ago(1) });
    const second = await person({ age: 15, sex: 'MALE', activeAt: ago(2) });
    const socket = await socketAs(feed.app, me);
    expect(await nextId(socket)).toBe(first);
    await dislike(socket, first);
    await sqlOf(em()).updateTable('profiles').set({ initial_moderation_status: 'REJECTED' }).where('user_telegram_id', '=', me).execute();
    expect(await ask(socket, 'explore', 'next')).toMatchObject({ t: 'error', data: { message: 'Ваша анкета ещё не прошла модерацию' } });
    expect(await introduced(me)).toEqual([first]);
    // Approved again: the same socket goes on where it stopped.
    await sqlOf(em()).updateTable('profiles').set({ initial_moderation_status: 'APPROVED' }).where('user_telegram_id', '=', me).execute();
    expect(await nextId(socket)).toBe(second);
    await socket.close();
  });
});
