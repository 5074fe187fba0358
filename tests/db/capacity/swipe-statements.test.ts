import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pairKeyOf } from '../../../db/chats/chats.service';
import { lockInTransaction } from '../../../db/likes/advisory-lock';
import { enqueueNotifications } from '../../../bot/notifications/enqueue';
import { EventBus } from '../../../db/events/event-bus';
import { sqlOf } from '../../../db/kysely';
import { createLogger } from '../../../platform/logger';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduceBothWays } from '../../support/factories';
import { useRecording } from '../../support/recorded-statements';

// Issue 42: what a swipe costs the database, counted as PostgreSQL receives it. A like's transaction: the pair's lock
// taken with the checks that the liker may act (their band read from their birth date) and may reach the target, and
// one statement that writes the like, answers the other side's swipe and reads whether it was a like; a match adds its
// chat. A dislike: one statement with the lock, the checks and the write, then one that settles the pair's answers.
const files = useRecording();
const bus = new EventBus(createLogger('error'));
enqueueNotifications(bus, { soon: () => undefined });
const em = () => files.db.orm.em.fork();
const pair = async () => {
  const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
  await introduceBothWays(em(), a, b);
  return [a, b] as const;
};
const swiped = (fromId: number, toId: number, kind: 'LIKE' | 'DISLIKE') =>
  files.recording.during(() => swipe(files.recording.orm.em.fork(), bus, { fromId, toId, kind }));
const waitingForAdvisoryLocks = async () =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())`.execute(sqlOf(em()))
    ).rows[0]?.n,
  );
const row = (from: number, to: number) =>
  sqlOf(em()).selectFrom('likes').select(['kind', 'answered']).where('from_id', '=', from).where('to_id', '=', to).executeTakeFirst();

/**
 * Starts a swipe (`start`) while `from`'s like of `to` is being written as a like's transaction writes it: under the
 * pair's lock, committed once the swipe waits for that lock. Returns what the swipe returned.
 */
async function whileLikeHoldsLock<T>(from: number, to: number, start: () => Promise<T>): Promise<T> {
  let holding!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const liking = em().transactional(async (tx) => {
    await lockInTransaction(tx, `pair:${pairKeyOf(from, to)}`);
    await sqlOf(tx)
      .insertInto('likes')
      .values({ from_id: from, to_id: to, kind: 'LIKE', created_at: new Date(), answered: false })
      .execute();
    holding();
    await released;
  });
  await held;
  const swiping = start();
  await expect.poll(waitingForAdvisoryLocks).toBe(1);
  release();
  await liking;
  return await swiping;
}

describe('a swipe, statement by statement (issue 42)', () => {
  it('refuses a swipe of someone the liker was never introduced to, inside the transaction, and writes nothing', async () => {
    const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
    await expect(swiped(a, b, 'LIKE')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await row(a, b)).toBeUndefined();
  });

  it('refuses, in the same statement, a liker who may not act (banned, profile under review, description refused), and writes nothing', async () => {
    const cases = [{ banned: true }, { stage: 'new' as const }, { stage: 'browsing' as const, refused: true }];
    for (const c of cases) {
      const [a, b] = [await createMember(em(), { age: 16, ...c }), await createMember(em(), { age: 16 })];
      await introduceBothWays(em(), a, b);
      if (c.refused)
        await sqlOf(em())
          .updateTable('profiles')
          .set({ description_moderation_status: 'REJECTED' })
          .where('user_telegram_id', '=', a)
          .execute();
      const refused = swiped(a, b, 'LIKE');
      await expect(refused).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Ваша анкета ещё не прошла модерацию' });
      expect(await row(a, b)).toBeUndefined();
    }
    // A liker whose description is still under review may act, as before.
    const [a, b] = [await createMember(em(), { age: 16, stage: 'browsing' }), await createMember(em(), { age: 16 })];
    await introduceBothWays(em(), a, b);
    await expect(swiped(a, b, 'LIKE')).resolves.toMatchObject({ result: { matched: false } });
  });

  it("reads the liker's band from their birth date to the day: 17 and 18 the day before and on an 18th birthday", async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const bornOn = (years: number, dayShift: number) => new Date(Date.UTC(2026 - years, 10, 29 + dayShift)).toISOString().slice(0, 10);
    const adult = await createMember(em(), { birthDate: bornOn(25, 0) });
    // Turns 18 tomorrow: still 17, a minor, who may not reach an adult; turned 18 today: an adult, who may.
    for (const [birthDate, reaches] of [
      [bornOn(18, 1), false],
      [bornOn(18, 0), true],
    ] as const) {
      const liker = await createMember(em(), { birthDate });
      await introduceBothWays(em(), liker, adult);
      const swiping = swipe(em(), bus, { fromId: liker, toId: adult, kind: 'DISLIKE', now });
      if (reaches) await expect(swiping).resolves.toEqual({ chatId: null, matched: false });
      else {
        await expect(swiping).rejects.toMatchObject({ code: 'NOT_FOUND' });
        // The dislike's one statement wrote nothing.
        expect(await row(liker, adult)).toBeUndefined();
      }
    }
  });

  it('writes a dislike with two statements and no transaction: the lock with the checks and the write, then the answers', async () => {
    const [a, b] = await pair();
    await swipe(em(), bus, { fromId: b, toId: a, kind: 'LIKE' });
    const { statements } = await swiped(a, b, 'DISLIKE');
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/"actor".*pg_advisory_xact_lock.*insert into "likes"/s);
    // The liker's row is read once, by the actor: the reach check takes its sex and search settings from it.
    expect(statements[0]!.match(/"profiles" as "v"/g)).toHaveLength(1);
    expect(statements[1]).toMatch(/^with "locked" as .*update "likes"/s);
    // b's like has its answer, and a's dislike knows of b's like.
    expect(await row(a, b)).toEqual({ kind: 'DISLIKE', answered: true });
    expect(await row(b, a)).toEqual({ kind: 'LIKE', answered: true });
  });

  it("answers a like committed while the dislike waited for the pair's lock (its statement began before that like)", async () => {
    const [a, b] = await pair();
    const disliked = await whileLikeHoldsLock(b, a, () => swipe(em(), bus, { fromId: a, toId: b, kind: 'DISLIKE' }));
    expect(disliked).toEqual({ chatId: null, matched: false });
    expect(await row(b, a)).toEqual({ kind: 'LIKE', answered: true });
    expect(await row(a, b)).toEqual({ kind: 'DISLIKE', answered: true });
  });

  it("finds the match of a like committed while this like waited for the pair's lock", async () => {
    const [a, b] = await pair();
    const likedBack = await whileLikeHoldsLock(b, a, () => swipe(em(), bus, { fromId: a, toId: b, kind: 'LIKE' }));
    expect(likedBack).toEqual({ chatId: expect.any(Number), matched: true });
    expect(await row(b, a)).toEqual({ kind: 'LIKE', answered: true });
    expect(await row(a, b)).toEqual({ kind: 'LIKE', answered: true });
    const matches = await sqlOf(em()).selectFrom('matches').select('chat_id').where('user_low_id', '=', Math.min(a, b)).execute();
    expect(matches).toHaveLength(1);
  });

  it('leaves every answer set and every mutual pair matched when 90 pairs swipe each other at once, either kind', async () => {
    const kinds = [
      ['LIKE', 'LIKE'],
      ['LIKE', 'DISLIKE'],
      ['DISLIKE', 'DISLIKE'],
    ] as const;
    const pairs = await Promise.all(Array.from({ length: 90 }, pair));
    const results = await Promise.all(
      pairs.flatMap(([a, b], i) => {
        const [ka, kb] = kinds[i % 3]!;
        return [swipe(em(), bus, { fromId: a, toId: b, kind: ka }), swipe(em(), bus, { fromId: b, toId: a, kind: kb })];
      }),
    );
    for (const [i, [a, b]] of pairs.entries()) {
      expect([(await row(a, b))?.answered, (await row(b, a))?.answered]).toEqual([true, true]);
      const both = i % 3 === 0;
      // At least one side of a mutual pair is told of the match; no one else is.
      expect(results[2 * i]!.matched || results[2 * i + 1]!.matched).toBe(both);
      const matches = await sqlOf(em()).selectFrom('matches').select('chat_id').where('user_low_id', '=', Math.min(a, b)).execute();
      expect(matches).toHaveLength(both ? 1 : 0);
    }
  });

  it('writes a first like and its notify job in one statement, then the answers; a mutual one makes the match', async () => {
    const [a, b] = await pair();
    const first = await swiped(a, b, 'LIKE');
    expect(first.result).toEqual({ chatId: null, matched: false });
    expect(first.statements).toHaveLength(2);
    expect(first.statements[0]).toMatch(/insert into "likes".*insert into "job_outbox"/s);
    const jobs = await sqlOf(em()).selectFrom('job_outbox').select('payload').execute();
    expect(jobs.map((j) => j.payload)).toContainEqual(
      expect.objectContaining({ event: { name: 'like.created', payload: { fromId: a, toId: b } } }),
    );
    const back = await swiped(b, a, 'LIKE');
    expect(back.result.matched).toBe(true);
    expect(back.result.chatId).toEqual(expect.any(Number));
    expect(await row(a, b)).toEqual({ kind: 'LIKE', answered: true });
    // The like's statement found the match: no second read, then the match's transaction.
    expect(back.statements[1]).toBe('begin');
    expect(back.statements.some((s) => s.startsWith('insert into "matches"'))).toBe(true);
  });
});
