import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { chatNotFound } from './chat-access';
import { compiledOnce, slot } from '../compiled-once';

/** Either member of `me`'s chat has blocked the other: then nothing of one's activity reaches the other. */
const blockedInChat = (eb: ExpressionBuilder<Database & { me: Database['chat_members'] }, 'me'>) =>
  eb.exists(
    eb
      .selectFrom('chat_members as peer')
      .innerJoin('blocks as b', (join) =>
        join.on((b) =>
          b.or([
            b.and([b('b.blocker_id', '=', b.ref('me.user_id')), b('b.blocked_id', '=', b.ref('peer.user_id'))]),
            b.and([b('b.blocker_id', '=', b.ref('peer.user_id')), b('b.blocked_id', '=', b.ref('me.user_id'))]),
          ]),
        ),
      )
      .select(eb.lit(1).as('one'))
      .whereRef('peer.chat_id', '=', 'me.chat_id')
      .whereRef('peer.user_id', '<>', 'me.user_id'),
  );

// Every read mark: compiled once (issue 42).
const MARK_READ = compiledOnce({ chatId: slot.number(), meId: slot.number(), seq: slot.value<number | null>() }, (db, v) =>
  db
    .updateTable('chat_members as me')
    .from(['chats as c', 'chat_members as old'])
    .set((eb) => ({
      last_read_seq: eb.fn<number>('greatest', [
        'me.last_read_seq',
        eb.fn<number>('least', [eb.fn.coalesce(eb.cast<number>(eb.val(v.seq), 'bigint'), 'c.last_seq'), 'c.last_seq']),
      ]),
    }))
    .whereRef('c.id', '=', 'me.chat_id')
    .whereRef('old.chat_id', '=', 'me.chat_id')
    .whereRef('old.user_id', '=', 'me.user_id')
    .where('me.chat_id', '=', v.chatId)
    .where('me.user_id', '=', v.meId)
    .returning((eb) => ['me.last_read_seq', 'old.last_read_seq as was', blockedInChat(eb).as('blocked')]),
);

/** Moves the member's read mark forward to `seq` (default: the chat's last message); never backwards. `moved` when it went forward. */
export async function markRead(
  em: EntityManager,
  chatId: number,
  meId: number,
  seq?: number,
): Promise<{ lastReadSeq: number; moved: boolean; blocked: boolean }> {
  const [row] = await MARK_READ.rows(sqlOf(em), { chatId, meId, seq: seq ?? null });
  if (!row) throw chatNotFound();
  return { lastReadSeq: Number(row.last_read_seq), moved: row.last_read_seq !== row.was, blocked: row.blocked === true };
}

/** Others' messages unread by the member `me` (joined to their messages `m`). */
const unreadOf = (db: Kysely<Database>) =>
  db
    .selectFrom('chat_members as me')
    .innerJoin('messages as m', (join) => join.onRef('m.chat_id', '=', 'me.chat_id').onRef('m.seq', '>', 'me.last_read_seq'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.deleted_at', 'is', null)
    .where((eb) => eb('m.sender_id', 'is distinct from', eb.ref('me.user_id')));

// Every read mark: compiled once and prepared (issue 42).
const UNREAD_IN_CHAT = compiledOnce({ chatId: slot.number(), meId: slot.number() }, (db, v) =>
  unreadOf(db).where('me.chat_id', '=', v.chatId).where('me.user_id', '=', v.meId).modifyEnd(sql.raw(PREPARE_MARK)),
);
// On every open of the app (the chat tab's badge): compiled once and prepared, its plan kept (issue 42).
const UNREAD_TOTAL = compiledOnce({ meId: slot.number() }, (db, v) =>
  unreadOf(db)
    .where('me.user_id', '=', v.meId)
    .where((eb) => eb.not(eb.ref('me.archived')))
    .modifyEnd(sql.raw(PREPARE_MARK)),
);

/** Others' messages the member has not read in one chat. */
export async function unreadInChat(em: EntityManager, chatId: number, meId: number): Promise<number> {
  const [row] = await UNREAD_IN_CHAT.rows(sqlOf(em), { chatId, meId });
  return Number(row?.n ?? 0);
}

/** Unread messages over all the member's chats outside the archive (the /chat tab badge). */
export async function totalUnread(em: EntityManager, meId: number): Promise<number> {
  const [row] = await UNREAD_TOTAL.rows(sqlOf(em), { meId });
  return Number(row?.n ?? 0);
}

/** Moves a chat into or out of the member's archive; false when nothing changed. */
export async function setArchived(em: EntityManager, chatId: number, meId: number, archived: boolean): Promise<boolean> {
  const row = await sqlOf(em)
    .updateTable('chat_members as me')
    .from('chat_members as old')
    .set({ archived })
    .whereRef('old.chat_id', '=', 'me.chat_id')
    .whereRef('old.user_id', '=', 'me.user_id')
    .where('me.chat_id', '=', chatId)
    .where('me.user_id', '=', meId)
    .returning('old.archived as was')
    .executeTakeFirst();
  if (!row) throw chatNotFound();
  return row.was !== archived;
}
