import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES, type MessageType } from '../../contracts/chat';
import { sql, type InferResult, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { afterParts, cursorOf } from '../pagination/keyset-page';
import { compiledOnce, fixed, slot } from '../compiled-once';
import { firstApprovedPhoto } from '../profiles/first-photo';
import { chatFactsQuery, toChatAccess, type ChatAccess } from './chat-access';

/** What a chat list row or the chat header needs, before presence is added. */
export interface ChatSummary extends ChatAccess {
  peerName: string | null;
  peerPhotoId: string | null;
  last: { type: MessageType; text: string | null; at: Date } | null;
  unreadCount: number;
  /** Keyset position in the list (last activity in µs, then id). */
  cursor: string;
}

// Last activity in µs: the list's order and its keyset cursor.
const activityUs = sql<string>`(extract(epoch from COALESCE(${sql.ref('c.last_message_at')}, ${sql.ref('c.created_at')})) * 1000000)::bigint`;

/** `one` is the parameter of the subqueries' `limit 1` (a compiled shape's fixed slot). */
const summaryQuery = (db: Kysely<Database>, one = 1) =>
  chatFactsQuery(db)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select(['m.type', 'm.text', 'm.created_at'])
          .whereRef('m.chat_id', '=', 'c.id')
          .where('m.deleted_at', 'is', null)
          .orderBy('m.seq', 'desc')
          .limit(one)
          .as('lm'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      activityUs.as('activity_us'),
      'pp.display_name as peer_name',
      firstApprovedPhoto(db, eb.ref('peer.user_id'), one).as('peer_photo'),
      'lm.type as last_type',
      'lm.text as last_text',
      'lm.created_at as last_at',
      eb
        .selectFrom('messages as u')
        .select((u) => u.fn.countAll<string>().as('n'))
        .whereRef('u.chat_id', '=', 'c.id')
        .whereRef('u.seq', '>', 'me.last_read_seq')
        .where('u.deleted_at', 'is', null)
        .where((u) => u('u.sender_id', 'is distinct from', u.ref('me.user_id')))
        .as('unread'),
    ]);

type SummaryRow = InferResult<ReturnType<typeof summaryQuery>>[number];

function toSummary(row: SummaryRow, meId: number, now: Date): ChatSummary {
  const access = toChatAccess(row, meId, now);
  // A closed chat no longer shows who is on the other side, on any path that reads a summary.
  const open = access.readOnly === null;
  return {
    ...access,
    peerName: open ? row.peer_name : null,
    peerPhotoId: open ? row.peer_photo : null,
    last: row.last_type && row.last_at ? { type: row.last_type, text: row.last_text, at: new Date(row.last_at) } : null,
    unreadCount: Number(row.unread),
    cursor: cursorOf(row.activity_us, row.chat_id),
  };
}

/** The chat's title as its member sees it: the peer's display name only while the chat is open. */
export function chatTitleOf(s: Pick<ChatSummary, 'peerId' | 'peerName' | 'readOnly'>): string {
  if (s.peerId === null) return CHAT_MESSAGES.deletedTitle;
  if (s.readOnly !== null) return CHAT_MESSAGES.closedTitle;
  return s.peerName ?? CHAT_MESSAGES.untitled;
}

/** The user's chats outside the archive, most recent activity first, after `parts` (a cursor's) when given. */
const listQuery = (db: Kysely<Database>, meId: number, one: number, parts?: readonly string[]) =>
  summaryQuery(db, one)
    .where('me.user_id', '=', meId)
    .where((eb) => eb.not(eb.ref('me.archived')))
    .$if(parts !== undefined, (qb) => qb.where(afterParts([activityUs, sql.ref('c.id')], parts!)))
    .orderBy('activity_us', 'desc')
    .orderBy('c.id', 'desc')
    // Every open of the chat list: prepared, its plan kept (issue 42); a shape with or without the cursor.
    .modifyEnd(sql.raw(PREPARE_MARK));

// The first page and a page after a cursor of two parts (activity, id), the list's own: compiled once (issue 42).
const LIST = { meId: slot.number(), take: slot.number(), one: fixed(1) };
const FIRST_PAGE = compiledOnce(LIST, (db, v) => listQuery(db, v.meId, v.one).limit(v.take));
const NEXT_PAGE = compiledOnce({ ...LIST, activity: slot.string(), id: slot.string() }, (db, v) =>
  listQuery(db, v.meId, v.one, [v.activity, v.id]).limit(v.take),
);
// One chat's summary (chat_info, the pushes of a chat's changes): compiled once (issue 42).
const ONE_SUMMARY = compiledOnce({ meId: slot.number(), chatId: slot.number(), one: fixed(1) }, (db, v) =>
  summaryQuery(db, v.one).where('me.user_id', '=', v.meId).where('me.chat_id', '=', v.chatId),
);

async function listRows(em: EntityManager, meId: number, limit: number, cursor: string | undefined): Promise<SummaryRow[]> {
  const db = sqlOf(em);
  const take = limit + 1;
  if (cursor === undefined) return FIRST_PAGE.rows(db, { meId, take });
  const [activity, id, ...more] = cursor.split('.');
  if (activity !== undefined && id !== undefined && more.length === 0) return NEXT_PAGE.rows(db, { meId, take, activity, id });
  // Any other cursor is not the list's; built as it comes (and refused by PostgreSQL as before).
  return listQuery(db, meId, 1, cursor.split('.')).limit(take).execute();
}

/** The user's chats (not archived), most recent activity first, keyset-paged by the previous page's cursor. */
export async function chatListPage(
  em: EntityManager,
  meId: number,
  opts: { cursor?: string; limit: number; now?: Date },
): Promise<{ chats: ChatSummary[]; nextCursor: string | null }> {
  const rows = await listRows(em, meId, opts.limit, opts.cursor);
  const hasMore = rows.length > opts.limit;
  const chats = rows.slice(0, opts.limit).map((r) => toSummary(r, meId, opts.now ?? new Date()));
  return { chats, nextCursor: hasMore ? (chats[chats.length - 1]?.cursor ?? null) : null };
}

/** One chat as its member sees it, or null when they are not a member. */
export async function chatSummary(em: EntityManager, meId: number, chatId: number, now = new Date()): Promise<ChatSummary | null> {
  const [row] = await ONE_SUMMARY.rows(sqlOf(em), { meId, chatId });
  return row ? toSummary(row, meId, now) : null;
}

/** Archived chats: how many messages they hold and their titles' sources, most recent first. */
export async function archivedChats(em: EntityManager, meId: number): Promise<{ messageCount: number; chats: ChatSummary[] }> {
  const db = sqlOf(em);
  const rows = await summaryQuery(db)
    .where('me.user_id', '=', meId)
    .where((eb) => eb.ref('me.archived'))
    .orderBy('activity_us', 'desc')
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute();
  const count = await db
    .selectFrom('messages as m')
    .innerJoin('chat_members as me', 'me.chat_id', 'm.chat_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('me.user_id', '=', meId)
    .where((eb) => eb.ref('me.archived'))
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
  return { messageCount: Number(count?.n ?? 0), chats: rows.map((r) => toSummary(r, meId, new Date())) };
}

/** The user's chats (archived too) whose peer's name contains `text`, case-insensitively; closed chats show no name, so they never match. */
export async function searchChatsByName(em: EntityManager, meId: number, text: string, limit = 20): Promise<ChatSummary[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await summaryQuery(sqlOf(em))
    .where('me.user_id', '=', meId)
    .where('pp.display_name', 'ilike', pattern)
    .orderBy('activity_us', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit * 2)
    .execute();
  return rows
    .map((r) => toSummary(r, meId, new Date()))
    .filter((s) => s.peerName !== null)
    .slice(0, limit);
}
