import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../db/events/event-bus';
import { sqlOf } from '../../../db/kysely';
import { createLogger } from '../../../platform/logger';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduceBothWays } from '../../support/factories';
import { type RecordingOrm, useRecordingDatabase } from '../../support/recorded-statements';
import type { TestDatabase } from '../../support/test-database';

// Issue 42: what a swipe costs the database, counted as PostgreSQL receives it. One statement to check that the
// liker may act (eligibility.ts), then the transaction: the pair's lock taken with the check that the liker may reach
// the target, and one statement that writes the swipe, answers the other side's like and reads whether it was a
// like; a match adds its chat.
let db: TestDatabase;
let recording: RecordingOrm;
const bus = new EventBus(createLogger('error'));
useRecordingDatabase((database, orm) => {
  db = database;
  recording = orm;
});
const em = () => db.orm.em.fork();
const pair = async () => {
  const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
  await introduceBothWays(em(), a, b);
  return [a, b] as const;
};
const swiped = (fromId: number, toId: number, kind: 'LIKE' | 'DISLIKE') =>
  recording.during(() => swipe(recording.orm.em.fork(), bus, { fromId, toId, kind }));
const row = (from: number, to: number) =>
  sqlOf(em()).selectFrom('likes').select(['kind', 'answered']).where('from_id', '=', from).where('to_id', '=', to).executeTakeFirst();

describe('a swipe, statement by statement (issue 42)', () => {
  it('refuses a swipe of someone the liker was never introduced to, inside the transaction, and writes nothing', async () => {
    const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
    await expect(swiped(a, b, 'LIKE')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await row(a, b)).toBeUndefined();
  });

  it("writes a dislike with five statements: the liker's facts, then begin, the lock and the reach check, one write, commit", async () => {
    const [a, b] = await pair();
    await swipe(em(), bus, { fromId: b, toId: a, kind: 'LIKE' });
    const { statements } = await swiped(a, b, 'DISLIKE');
    expect(statements).toHaveLength(5);
    expect(statements.slice(1, 3)).toEqual(['begin', expect.stringMatching(/pg_advisory_xact_lock.*introductions/)]);
    expect(statements[4]).toBe('commit');
    // The one write answered b's like too.
    expect(await row(a, b)).toEqual({ kind: 'DISLIKE', answered: true });
    expect(await row(b, a)).toEqual({ kind: 'LIKE', answered: true });
  });

  it('writes a first like with the same five statements and its notify job, and a mutual one makes the match', async () => {
    const [a, b] = await pair();
    const first = await swiped(a, b, 'LIKE');
    expect(first.result).toEqual({ chatId: null, matched: false });
    expect(first.statements.filter((s) => !s.includes('job_outbox'))).toHaveLength(5);
    const back = await swiped(b, a, 'LIKE');
    expect(back.result.matched).toBe(true);
    expect(back.result.chatId).toEqual(expect.any(Number));
    expect(await row(a, b)).toEqual({ kind: 'LIKE', answered: true });
    expect(back.statements.some((s) => s.startsWith('insert into "matches"'))).toBe(true);
  });
});
