import type { EntityManager } from '@mikro-orm/postgresql';
import { canMeet } from '../matching/age-band';
import { loadMeetFacts } from '../matching/meet-facts';
import { query } from '../sql';

/**
 * Whether `me` has come across `target` in the app: a shared chat, a like either way, a block by `me`, or
 * `target` is someone `me` may see now. Reports and blocks need it, so they cannot probe who uses the app.
 */
export async function hasContact(em: EntityManager, me: number, target: number, now = new Date()): Promise<boolean> {
  const [row] = await query<{ contact: boolean }>(
    em,
    `SELECT EXISTS (SELECT 1 FROM chat_members a JOIN chat_members b ON b.chat_id = a.chat_id WHERE a.user_id = :me AND b.user_id = :target)
         OR EXISTS (SELECT 1 FROM likes WHERE (from_id = :me AND to_id = :target) OR (from_id = :target AND to_id = :me))
         OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = :me AND blocked_id = :target) AS contact`,
    { me, target },
  );
  if (row?.contact) return true;
  const facts = await loadMeetFacts(em, [me, target]);
  const mine = facts.get(me);
  const theirs = facts.get(target);
  if (!mine?.birthDate || !theirs?.birthDate || !theirs.isVisible || theirs.isBanned) return false;
  return canMeet(mine.birthDate, theirs.birthDate, now);
}
