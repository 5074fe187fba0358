import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, fixed, slot } from '../../db/compiled-once';
import { sqlOf } from '../../db/kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { birthDateForAge, createMember } from '../support/factories';
import { useRecording } from '../support/recorded-statements';

// Issue 42: a statement of a fixed shape is built and compiled once, then run with each call's values in its slots.
const files = useRecording();
const kysely = () => sqlOf(files.recording.orm.em.fork());

/** A shape over profiles whose builder counts how often it is called. */
function profileShape() {
  let builds = 0;
  const shape = compiledOnce({ id: slot.number(), status: fixed('APPROVED' as const), born: slot.string() }, (q, v) => {
    builds++;
    return q
      .selectFrom('profiles')
      .select(['user_telegram_id', 'birth_date'])
      .where('user_telegram_id', '=', v.id)
      .where('initial_moderation_status', '=', v.status)
      .where('birth_date', '<=', v.born);
  });
  return { shape, builds: () => builds };
}

describe('compiledOnce', () => {
  it('sends the slots’ values and the fixed ones as parameters of one prepared text, built only on the first call', async () => {
    const [a, b] = [await createMember(files.db.orm.em.fork(), { age: 16 }), await createMember(files.db.orm.em.fork(), { age: 17 })];
    const { shape, builds } = profileShape();
    const born = birthDateForAge(13);
    const { result, statements } = await files.recording.during(() => shape.rows(kysely(), { id: a, born }));
    expect(result.map((r) => Number(r.user_telegram_id))).toEqual([a]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/"user_telegram_id" = \$1 and "initial_moderation_status" = \$2 and "birth_date" <= \$3/);
    expect(statements[0]!.endsWith(PREPARE_MARK)).toBe(true);
    expect(shape.compile(kysely(), { id: b, born }).parameters).toEqual([b, 'APPROVED', born]);
    // Built twice on the first call (with the stand-ins, and once with the values to check the text), never again.
    for (let i = 0; i < 5; i++) await shape.rows(kysely(), { id: b, born });
    expect(builds()).toBe(2);
  });

  it('gives two callers at once their own rows', async () => {
    const ids = [await createMember(files.db.orm.em.fork(), { age: 15 }), await createMember(files.db.orm.em.fork(), { age: 18 })];
    const { shape } = profileShape();
    const born = birthDateForAge(13);
    const rows = await Promise.all(ids.map((id) => shape.rows(sqlOf(files.db.orm.em.fork()), { id, born })));
    expect(rows.map((r) => r.map((row) => Number(row.user_telegram_id)))).toEqual([[ids[0]], [ids[1]]]);
    // A value outside the band finds nobody: the values are the call's, not the first call's.
    expect(await shape.rows(kysely(), { id: ids[0]!, born: birthDateForAge(19) })).toEqual([]);
  });

  it('refuses a shape with a value that is neither a slot nor fixed (it would be frozen into every call)', async () => {
    const member = await createMember(files.db.orm.em.fork(), { age: 16 });
    const outside = member;
    const frozen = compiledOnce({ id: slot.number() }, (q, v) =>
      q
        .selectFrom('profiles')
        .select('user_telegram_id')
        .where('user_telegram_id', '=', v.id)
        .where('user_telegram_id', '<>', outside + 1),
    );
    await expect(frozen.rows(kysely(), { id: member })).rejects.toThrow(/neither a slot nor fixed/);
    const status = 'APPROVED';
    const constant = compiledOnce({ id: slot.number() }, (q, v) =>
      q
        .selectFrom('profiles')
        .select('user_telegram_id')
        .where('user_telegram_id', '=', v.id)
        .where('initial_moderation_status', '=', status),
    );
    await expect(constant.rows(kysely(), { id: member })).rejects.toThrow(/neither a slot nor fixed/);
  });

  it('refuses a shape whose text depends on a value (it needs one shape per variant)', async () => {
    const member = await createMember(files.db.orm.em.fork(), { age: 16 });
    const variant = compiledOnce({ id: slot.number() }, (q, v) =>
      q
        .selectFrom('profiles')
        .select('user_telegram_id')
        .where('user_telegram_id', '=', v.id)
        .$if(v.id > 0, (w) => w.modifyEnd(sql.raw('/* positive */'))),
    );
    await expect(variant.rows(kysely(), { id: member })).rejects.toThrow(/depends on its values/);
  });
});
