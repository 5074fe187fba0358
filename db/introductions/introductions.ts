import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../kysely';
import { sql } from 'kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';

/** One introduction: `subject` was shown to `viewer`. */
export type IntroductionPair = readonly [viewer: number, subject: number];

/** Records that the product showed each pair's subject to its viewer (AMENDMENTS §5.1); again is a no-op. */
export async function recordIntroductions(em: EntityManager, pairs: readonly IntroductionPair[], now = new Date()): Promise<void> {
  if (pairs.length === 0) return;
  await sqlOf(em)
    .insertInto('introductions')
    .values(pairs.map(([viewer, subject]) => ({ viewer_id: viewer, subject_id: subject, created_at: now })))
    .onConflict((oc) => oc.doNothing())
    // One pair (every card of the feed): prepared, its plan kept (issue 42).
    .$if(pairs.length === 1, (q) => q.modifyEnd(sql.raw(PREPARE_MARK)))
    .execute();
}

/** Both members of a new chat know each other from now on. */
export const bothWays = (a: number, b: number): IntroductionPair[] => [
  [a, b],
  [b, a],
];
