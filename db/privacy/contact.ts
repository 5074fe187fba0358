import type { EntityManager } from '@mikro-orm/postgresql';
import { canMeet } from '../matching/age-band';
import { loadMeetFacts } from '../matching/meet-facts';
import { sqlOf } from '../kysely';

/**
 * Whether `me` has come across `target` in the app: a shared chat, a like either way, a block by `me`, or
 * `target` is someone `me` may see now. Reports and blocks need it, so they cannot probe who uses the app.
 */
export async function hasContact(em: EntityManager, me: number, target: number, now = new Date()): Promise<boolean> {
  const row = await sqlOf(em)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('chat_members as a')
              .innerJoin('chat_members as b', 'b.chat_id', 'a.chat_id')
              .select('a.chat_id')
              .where('a.user_id', '=', me)
              .where('b.user_id', '=', target),
          ),
          eb.exists(
            eb
              .selectFrom('likes')
              .select('from_id')
              .where((w) =>
                w.or([w.and([w('from_id', '=', me), w('to_id', '=', target)]), w.and([w('from_id', '=', target), w('to_id', '=', me)])]),
              ),
          ),
          eb.exists(eb.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', me).where('blocked_id', '=', target)),
        ])
        .as('contact'),
    )
    .executeTakeFirst();
  if (row?.contact) return true;
  const facts = await loadMeetFacts(em, [me, target]);
  const mine = facts.get(me);
  const theirs = facts.get(target);
  if (!mine?.birthDate || !theirs?.birthDate || !theirs.isVisible || theirs.isBanned) return false;
  return canMeet(mine.birthDate, theirs.birthDate, now);
}
