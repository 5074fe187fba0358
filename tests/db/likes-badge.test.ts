import { describe, expect, it } from 'vitest';
import { unreadLikesBadge } from '../../db/likes/received-likes.repository';
import { sqlOf } from '../../db/kysely';
import { birthDateForAge, createMember } from '../support/factories';
import { useRecording } from '../support/recorded-statements';

// Issue 42: the likes tab's badge on every open is one statement that reads the viewer's band itself.
const files = useRecording();
const em = () => files.db.orm.em.fork();
const like = (from: number, to: number, seen = false) =>
  sqlOf(em())
    .insertInto('likes')
    .values({ from_id: from, to_id: to, kind: 'LIKE', created_at: new Date(), seen_at: seen ? new Date() : null })
    .execute();
/** A birth date `years` years and `days` days before today (UTC). */
const bornAgo = (years: number, days = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
};

describe('the likes badge (GET /api/likes/unread-count)', () => {
  it('counts unseen likes from the viewer’s age band only, to the day, in one statement', async () => {
    // 16 today: the band is 14 to 17 years old (whole years, the birthday itself counting).
    const me = await createMember(em(), { birthDate: bornAgo(16) });
    const fourteenToday = await createMember(em(), { birthDate: bornAgo(14) });
    const fourteenTomorrow = await createMember(em(), { birthDate: bornAgo(14, -1) });
    const eighteenToday = await createMember(em(), { birthDate: bornAgo(18) });
    const seventeen = await createMember(em(), { age: 17 });
    const seenOne = await createMember(em(), { age: 16 });
    for (const from of [fourteenToday, fourteenTomorrow, eighteenToday, seventeen]) await like(from, me);
    await like(seenOne, me, true);

    const { result, statements } = await files.recording.during(() => unreadLikesBadge(files.recording.orm.em.fork(), me));
    expect(result).toBe(2);
    expect(statements).toHaveLength(1);
  });

  it('counts for a viewer whose description awaits review, and is 0 before the profile may browse', async () => {
    const from = await createMember(em(), { age: 16 });
    const browsing = await createMember(em(), { age: 16, stage: 'browsing' });
    const fresh = await createMember(em(), { age: 16, stage: 'new' });
    await like(from, browsing);
    await like(from, fresh);
    expect(await unreadLikesBadge(em(), browsing)).toBe(1);
    expect(await unreadLikesBadge(em(), fresh)).toBe(0);
    expect(await unreadLikesBadge(em(), 999_999_999_999)).toBe(0);
  });

  it('uses the adult band for anyone 18 or older', async () => {
    const me = await createMember(em(), { birthDate: birthDateForAge(19) });
    for (const age of [17, 18, 25]) await like(await createMember(em(), { age }), me);
    expect(await unreadLikesBadge(em(), me)).toBe(2);
  });
});
