import { describe, expect, it } from 'vitest';
import { searchSettingsResponseSchema } from '../../../contracts/search-settings';
import type { Orientation } from '../../../contracts/profile-fields';
import { sqlOf } from '../../../db/kysely';
import { createMember, type MemberOptions } from '../../support/factories';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { ask, socketAs } from '../../support/sockets';
import { useFeedApp } from '../../support/feed-app';

const feed = useFeedApp();
const em = feed.em;
const HOUR = 3_600_000;
const auth = (id: number) => tmaHeader(signInitData(testLaunchUser({ id })));

type Person = MemberOptions & {
  sex?: 'MALE' | 'FEMALE' | null;
  gender?: Orientation;
  show?: 'MALE' | 'FEMALE' | 'ALL';
  lookingFor?: string[];
};

/** A visible member with the given sex and orientation; `show`/`lookingFor` set through the settings endpoint. */
async function person(p: Person): Promise<number> {
  const id = await createMember(em(), p);
  await sqlOf(em())
    .updateTable('profiles')
    .set({ sex: p.sex ?? null, gender: p.gender ?? 'QUEER' })
    .where('user_telegram_id', '=', id)
    .execute();
  if (p.show || p.lookingFor) {
    const res = await feed.app.request
      .post('/api/search-settings')
      .set(auth(id))
      .send({ show: p.show ?? 'ALL', lookingFor: p.lookingFor ?? [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // Last: a change of sex or settings refreshes active_at.
  if (p.activeAt) await sqlOf(em()).updateTable('profiles').set({ active_at: p.activeAt }).where('user_telegram_id', '=', id).execute();
  return id;
}

/** Everyone the viewer's explore feed offers, walked card by card over the real channel (each card disliked). */
async function feedOf(viewer: number): Promise<Set<number>> {
  const socket = await socketAs(feed.app, viewer);
  const seen = new Set<number>();
  for (;;) {
    const card = (await ask(socket, 'explore', 'next')).data as { userId: string } | null;
    if (!card) break;
    seen.add(Number(card.userId));
    await ask(socket, 'explore', 'dislike', { targetUserId: card.userId });
  }
  await socket.close();
  return seen;
}

describe('explore feed with search settings (AMENDMENTS §4.1)', () => {
  it('never shows a lesbian girl to a gay boy, nor him to her (each with the default of their orientation)', async () => {
    const gayBoy = await person({ sex: 'MALE', gender: 'GAY', show: 'MALE' });
    const lesbian = await person({ sex: 'FEMALE', gender: 'LESBIAN', show: 'FEMALE' });
    const boy = await person({ sex: 'MALE', gender: 'BISEXUAL' });
    const girl = await person({ sex: 'FEMALE', gender: 'BISEXUAL' });
    expect(await feedOf(gayBoy)).toEqual(new Set([boy]));
    expect(await feedOf(lesbian)).toEqual(new Set([girl]));
    // The bisexual boy (все) sees whoever lets a boy in: the gay boy and the bisexual girl, not the lesbian girl.
    expect(await feedOf(boy)).toEqual(new Set([gayBoy, girl]));
  });

  it('shows someone only when each one is in the other\u2019s "Кого показывать"', async () => {
    const boysOnlyGirl = await person({ sex: 'FEMALE', gender: 'BISEXUAL', show: 'MALE' });
    const girl = await person({ sex: 'FEMALE', gender: 'PANSEXUAL' });
    const boy = await person({ sex: 'MALE', gender: 'PANSEXUAL' });
    const unknown = await person({ sex: null, gender: 'QUEER' });
    // She sees girls no longer, and the girl does not see her either; nor someone whose sex is unknown.
    expect(await feedOf(boysOnlyGirl)).toEqual(new Set([boy]));
    expect(await feedOf(girl)).toEqual(new Set([boy, unknown]));
    // A profile without a stored sex meets only those whose "Кого показывать" is "все" (AMENDMENTS §5.2), both ways.
    expect(await feedOf(unknown)).toEqual(new Set([girl, boy]));
  });

  it('needs a shared looking-for value unless either filter is empty', async () => {
    const local = await person({ lookingFor: ['LOCAL'] });
    const localOrTalk = await person({ lookingFor: ['LOCAL', 'COMMUNICATION'] });
    const talk = await person({ lookingFor: ['COMMUNICATION'] });
    const any = await person({});
    expect(await feedOf(local)).toEqual(new Set([localOrTalk, any]));
    expect(await feedOf(talk)).toEqual(new Set([localOrTalk, any]));
    expect(await feedOf(any)).toEqual(new Set([local, localOrTalk, talk]));
  });

  it('keeps the age bands on top of matching settings', async () => {
    const boy = await person({ age: 14, sex: 'MALE', gender: 'GAY', show: 'MALE' });
    const boyInBand = await person({ age: 16, sex: 'MALE', gender: 'GAY', show: 'MALE' });
    await person({ age: 17, sex: 'MALE', gender: 'GAY', show: 'MALE' });
    await person({ age: 19, sex: 'MALE', gender: 'GAY', show: 'MALE' });
    expect(await feedOf(boy)).toEqual(new Set([boyInBand]));
  });

  it('applies a change of settings from the next card on, although the feed had walked past those profiles', async () => {
    const me = await person({ sex: 'MALE', gender: 'BISEXUAL', show: 'FEMALE' });
    // Active a while ago: out of the fresh head that every walk looks at again.
    const boy = await person({ sex: 'MALE', gender: 'BISEXUAL', activeAt: new Date(Date.now() - HOUR) });
    expect(await feedOf(me)).toEqual(new Set());
    const res = await feed.app.request.post('/api/search-settings').set(auth(me)).send({ show: 'ALL', lookingFor: [] });
    expect(res.body).toEqual({ ok: true, show: 'ALL', lookingFor: [] });
    expect(await feedOf(me)).toEqual(new Set([boy]));
  });

  it('lets in someone whose own change of settings now admits the viewer', async () => {
    const me = await person({ sex: 'MALE', gender: 'BISEXUAL' });
    const girl = await person({ sex: 'FEMALE', gender: 'BISEXUAL', show: 'FEMALE', activeAt: new Date(Date.now() - HOUR) });
    expect(await feedOf(me)).toEqual(new Set());
    await feed.app.request.post('/api/search-settings').set(auth(girl)).send({ show: 'ALL', lookingFor: [] });
    expect(await feedOf(me)).toEqual(new Set([girl]));
  });
});

describe('GET / POST /api/search-settings', () => {
  it('reads the defaults and stores a change, the looking-for filter deduplicated in the product order', async () => {
    const me = await person({ sex: 'MALE', gender: 'GAY' });
    await sqlOf(em()).updateTable('profiles').set({ search_show: 'MALE' }).where('user_telegram_id', '=', me).execute();
    const read = await feed.app.request.get('/api/search-settings').set(auth(me));
    expect(searchSettingsResponseSchema.parse(read.body)).toEqual({ ok: true, show: 'MALE', lookingFor: [] });
    const saved = await feed.app.request
      .post('/api/search-settings')
      .set(auth(me))
      .send({ show: 'ALL', lookingFor: ['COMMUNICATION', 'LOCAL', 'LOCAL'] });
    expect(saved.body).toEqual({ ok: true, show: 'ALL', lookingFor: ['LOCAL', 'COMMUNICATION'] });
    expect((await feed.app.request.get('/api/search-settings').set(auth(me))).body).toEqual(saved.body);
  });

  it.each([
    [{}, 'Выберите, кого показывать: парни, девушки или все'],
    [{ show: 'BOYS', lookingFor: [] }, 'Выберите, кого показывать: парни, девушки или все'],
    [{ show: 'ALL' }, 'В фильтре «Что ищу» можно выбрать только: отношения на расстоянии, отношения локальные, общение'],
    [
      { show: 'ALL', lookingFor: ['SEX'] },
      'В фильтре «Что ищу» можно выбрать только: отношения на расстоянии, отношения локальные, общение',
    ],
    [
      { show: 'ALL', lookingFor: 'LOCAL' },
      'В фильтре «Что ищу» можно выбрать только: отношения на расстоянии, отношения локальные, общение',
    ],
  ])('refuses %j with 400 and the message %s, changing nothing', async (body, message) => {
    const me = await person({ sex: 'FEMALE', gender: 'LESBIAN', show: 'FEMALE', lookingFor: ['LOCAL'] });
    const res = await feed.app.request.post('/api/search-settings').set(auth(me)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'BAD_REQUEST', message });
    expect((await feed.app.request.get('/api/search-settings').set(auth(me))).body).toEqual({
      ok: true,
      show: 'FEMALE',
      lookingFor: ['LOCAL'],
    });
  });

  it('refuses users without a profile and calls without initData', async () => {
    const res = await feed.app.request.get('/api/search-settings').set(auth(990_000_123));
    expect(res.status).toBe(409);
    expect((await feed.app.request.post('/api/search-settings').send({ show: 'ALL', lookingFor: [] })).status).toBe(401);
  });
});
