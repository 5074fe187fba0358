import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../db/events/event-bus';
import { sqlOf } from '../../../db/kysely';
import { createLogger } from '../../../platform/logger';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduceBothWays } from '../../support/factories';
import { useRecording } from '../../support/recorded-statements';

// Issue 42: what a swipe costs the database, counted as PostgreSQL receives it. The transaction: the pair's lock taken
// with the checks that the liker may act (their band read from their birth date) and may reach the target, and one
// statement that writes the swipe, answers the other side's like and reads whether it was a like; a match adds its chat.
const files = useRecording();
const bus = new EventBus(createLogger('error'));
const em = () => files.db.orm.em.fork();
const pair = async () => {
  const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
  await introduceBothWays(em(), a, b);
  return [a, b] as const;
};
const swiped = (fromId: number, toId: number, kind: 'LIKE' | 'DISLIKE') =>
  files.recording.during(() => swipe(files.recording.orm.em.fork(), bus, { fromId, toId, kind }));
const row = (from: number, to: number) =>
  sqlOf(em()).selectFrom('likes').select(['kind', 'answered']).where('from_id', '=', from).where('to_id', '=', to).executeTakeFirst();

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
      else await expect(swiping).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('writes a dislike with four statements: begin, the lock with the checks, one write, commit', async () => {
    const [a, b] = await pair();
    await swipe(em(), bus, { fromId: b, toId: a, kind: 'LIKE' });
    const { statements } = await swiped(a, b, 'DISLIKE');
    expect(statements).toHaveLength(4);
    expect(statements.slice(0, 2)).toEqual(['begin', expect.stringMatching(/"actor".*pg_advisory_xact_lock.*introductions/s)]);
    expect(statements[3]).toBe('commit');
    // The one write answered b's like too.
    expect(await row(a, b)).toEqual({ kind: 'DISLIKE', answered: true });
    expect(await row(b, a)).toEqual({ kind: 'LIKE', answered: true });
  });

  it('writes a first like with the same four statements and its notify job, and a mutual one makes the match', async () => {
    const [a, b] = await pair();
    const first = await swiped(a, b, 'LIKE');
    expect(first.result).toEqual({ chatId: null, matched: false });
    expect(first.statements.filter((s) => !s.includes('job_outbox'))).toHaveLength(4);
    const back = await swiped(b, a, 'LIKE');
    expect(back.result.matched).toBe(true);
    expect(back.result.chatId).toEqual(expect.any(Number));
    expect(await row(a, b)).toEqual({ kind: 'LIKE', answered: true });
    expect(back.statements.some((s) => s.startsWith('insert into "matches"'))).toBe(true);
  });
});
