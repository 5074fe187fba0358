import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { CHAT_MESSAGES, type ReadOnlyReason } from '../../contracts/chat';
import { ADULT_AGE, ageOn, canMeet } from '../matching/age-band';
import { sql, type ExpressionBuilder, type InferResult, type Kysely, type QueryCreator } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';

/** A statement that reads two members of a chat, `me` and `peer`. */
type PairBuilder = ExpressionBuilder<Database & { me: Database['chat_members']; peer: Database['chat_members'] }, 'me' | 'peer'>;

/** Whether either of `me` and `peer` blocked the other. */
const blockedEitherWay = (eb: PairBuilder) =>
  eb.exists(
    eb
      .selectFrom('blocks as b')
      .select(eb.lit(1).as('one'))
      .where((b) =>
        b.or([
          b.and([b('b.blocker_id', '=', b.ref('me.user_id')), b('b.blocked_id', '=', b.ref('peer.user_id'))]),
          b.and([b('b.blocker_id', '=', b.ref('peer.user_id')), b('b.blocked_id', '=', b.ref('me.user_id'))]),
        ]),
      ),
  );

/**
 * The chat of the caller's membership row `me`, with what every chat read needs to decide membership and whether
 * the pair may still write (shared by the single-chat, list and summary queries).
 */
export const chatFactsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('chat_members as me')
    .innerJoin('chats as c', 'c.id', 'me.chat_id')
    .leftJoin('chat_members as peer', (join) => join.onRef('peer.chat_id', '=', 'me.chat_id').onRef('peer.user_id', '<>', 'me.user_id'))
    .leftJoin('profiles as pm', 'pm.user_telegram_id', 'me.user_id')
    .leftJoin('profiles as pp', 'pp.user_telegram_id', 'peer.user_id')
    .leftJoin('users as pu', 'pu.telegram_id', 'peer.user_id')
    .leftJoin('users as mu', 'mu.telegram_id', 'me.user_id')
    .select((eb) => [
      'c.id as chat_id',
      'c.last_seq',
      'me.last_read_seq',
      'peer.last_read_seq as peer_read_seq',
      'me.archived',
      'peer.user_id as peer_id',
      'pm.birth_date as my_birth',
      'pp.birth_date as peer_birth',
      'pu.is_banned as peer_banned',
      'mu.is_banned as my_banned',
      'pu.last_seen_at as peer_last_seen',
      blockedEitherWay(eb as PairBuilder).as('blocked'),
    ]);

/** One row of chatFactsQuery (bigint columns arrive from the driver as strings, hence Number() below). */
export type ChatFactsRow = InferResult<ReturnType<typeof chatFactsQuery>>[number];

export interface ChatAccess {
  chatId: number;
  meId: number;
  peerId: number | null;
  lastSeq: number;
  lastReadSeq: number;
  /** How far the peer has read (0 without a peer). */
  peerReadSeq: number;
  archived: boolean;
  peerLastSeenAt: Date | null;
  /** Why nobody may write any more (history stays readable), or null. */
  readOnly: ReadOnlyReason | null;
  /** Unless both members are adults today, the peer's media (photos and stickers) arrive blurred. */
  minors: boolean;
  /** Both birth dates as read (null: no profile): what a later send checks still holds (chatAsKnown). Never shown. */
  myBirth: string | null;
  peerBirth: string | null;
}

const isAdult = (birth: string | null, now: Date) => birth !== null && ageOn(birth, now) >= ADULT_AGE;
/** Unless both members are adults on `now`, the peer's media arrive blurred (ChatAccess.minors). */
const minorsIn = (myBirth: string | null, peerBirth: string | null, now: Date) => !(isAdult(myBirth, now) && isAdult(peerBirth, now));

/** AMENDMENTS §1.3 and §3 Blocking: age bands are checked on every request, at today's ages. */
function readOnlyReason(row: ChatFactsRow, now: Date): ReadOnlyReason | null {
  if (row.peer_id === null) return 'DELETED';
  // The caller's own ban too: sockets learn of a ban by an event, this closes the gap before it arrives.
  if (row.peer_banned || row.my_banned || row.blocked || !row.my_birth || !row.peer_birth) return 'UNAVAILABLE';
  return canMeet(row.my_birth, row.peer_birth, now) ? null : 'AGE';
}

export function toChatAccess(row: ChatFactsRow, meId: number, now: Date): ChatAccess {
  const readOnly = readOnlyReason(row, now);
  return {
    chatId: Number(row.chat_id),
    meId,
    peerId: row.peer_id === null ? null : Number(row.peer_id),
    lastSeq: Number(row.last_seq),
    lastReadSeq: Number(row.last_read_seq),
    // Like presence, the peer's read mark is not told while the chat is closed (a block, a ban, an age band).
    peerReadSeq: readOnly === null ? Number(row.peer_read_seq ?? 0) : 0,
    archived: row.archived,
    peerLastSeenAt: row.peer_last_seen === null ? null : new Date(row.peer_last_seen),
    readOnly,
    minors: minorsIn(row.my_birth, row.peer_birth, now),
    myBirth: row.my_birth,
    peerBirth: row.peer_birth,
  };
}

/** The pair an earlier read found writable, as a send checks it still is (chatAsKnown). */
export interface KnownPair {
  peerId: number;
  myBirth: string;
  peerBirth: string;
}

/**
 * An earlier read of the chat (the socket's, when its screen opened) as of `now`: the access a send may take without
 * reading it again, with the pair its statement checks, or null unless the pair may write by it today (at today's
 * ages: a birthday since moves the band and the blur).
 */
export function writableAsOf(access: ChatAccess, now: Date): { access: ChatAccess; pair: KnownPair } | null {
  const { peerId, myBirth, peerBirth } = access;
  if (access.readOnly !== null || peerId === null || myBirth === null || peerBirth === null) return null;
  if (!canMeet(myBirth, peerBirth, now)) return null;
  return {
    access: { ...access, minors: minorsIn(myBirth, peerBirth, now) },
    pair: { peerId, myBirth, peerBirth },
  };
}

/**
 * A subquery with a row exactly when the sender may still write in the chat as `pair` says: both still members, with
 * those birth dates (so the band and the blur are as the caller found them), neither banned, no block either way. A
 * send that takes an earlier read's access writes only under `exists` of it, so it never acts on a stale one.
 */
export const chatAsKnown = (db: QueryCreator<Database>, v: KnownPair & { chatId: number; senderId: number }) =>
  db
    .selectFrom('chat_members as me')
    .innerJoin('chat_members as peer', 'peer.chat_id', 'me.chat_id')
    .innerJoin('profiles as pm', 'pm.user_telegram_id', 'me.user_id')
    .innerJoin('profiles as pp', 'pp.user_telegram_id', 'peer.user_id')
    .innerJoin('users as mu', 'mu.telegram_id', 'me.user_id')
    .innerJoin('users as pu', 'pu.telegram_id', 'peer.user_id')
    .select(sql.lit(1).as('one'))
    .where('me.chat_id', '=', v.chatId)
    .where('me.user_id', '=', v.senderId)
    .where('peer.user_id', '=', v.peerId)
    .where('peer.user_id', '<>', v.senderId)
    .where('pm.birth_date', '=', v.myBirth)
    .where('pp.birth_date', '=', v.peerBirth)
    .where((eb) => eb.and([eb.not(eb.ref('mu.is_banned')), eb.not(eb.ref('pu.is_banned'))]))
    .where((eb) => eb.not(blockedEitherWay(eb)));

export const chatNotFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.chatNotFound);

// Checked on every send, subscribe, read mark and typing: compiled once and prepared, its plan kept (issue 42).
const ONE_CHAT = compiledOnce({ chatId: slot.number(), meId: slot.number() }, (db, v) =>
  chatFactsQuery(db).where('me.chat_id', '=', v.chatId).where('me.user_id', '=', v.meId).modifyEnd(sql.raw(PREPARE_MARK)),
);
// On every open of the app (the presence snapshot): compiled once and prepared, its plan kept (issue 42).
const ALL_CHATS = compiledOnce({ meId: slot.number() }, (db, v) =>
  chatFactsQuery(db).where('me.user_id', '=', v.meId).modifyEnd(sql.raw(PREPARE_MARK)),
);

/** The caller's view of one chat; someone else's (or an unknown) chat is 'Чат не найден', never data. */
export async function loadChatAccess(em: EntityManager, chatId: number, meId: number, now = new Date()): Promise<ChatAccess> {
  const [row] = await ONE_CHAT.rows(sqlOf(em), { chatId, meId });
  if (!row) throw chatNotFound();
  return toChatAccess(row, meId, now);
}

/** Every chat of the user with its peer and write state (presence fan-out, snapshots). */
export async function chatAccessesOf(em: EntityManager, meId: number, now = new Date()): Promise<ChatAccess[]> {
  const rows = await ALL_CHATS.rows(sqlOf(em), { meId });
  return rows.map((row) => toChatAccess(row, meId, now));
}
