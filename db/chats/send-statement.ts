import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../kysely';
import { outboxTable } from '../events/job-outbox';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot, type SlotValues } from '../compiled-once';
import type { MessageContent } from './messages.service';
import { chatAsKnown } from './chat-access';

/**
 * Stand-ins of the stored message's id and seq in its announcement's job rows (bus.outboxRows of a draft event): the
 * statement writes the rows with the real ones, as numbers where the stand-ins were (no real id or seq is negative).
 */
export const ID_STAND_IN = -9_000_000_000_001;
export const SEQ_STAND_IN = -9_000_000_000_002;

// One statement, so one transaction: the chat row lock hands out the next seq (commits happen in seq
// order), the message is written, the sender has read everything up to it, and the announcement's jobs (its notify
// job) are queued with it (issue 42: they were a statement of their own, begin and commit around them).
/** A message row's columns, as the send writes them. */
const MESSAGE_COLUMNS = [
  'chat_id',
  'sender_id',
  'client_id',
  'seq',
  'type',
  'text',
  'photo_image_id',
  'sticker_id',
  'reply_to_id',
  'is_pinned',
  'is_edit',
  'sensitive',
  'created_at',
] as const;

const SEND = {
  now: slot.value<Date>(),
  chatId: slot.number(),
  senderId: slot.number(),
  clientId: slot.value<string | null>(),
  type: slot.value<MessageContent['type']>(),
  text: slot.value<string | null>(),
  photo: slot.value<string | null>(),
  sticker: slot.value<number | null>(),
  replyTo: slot.value<number | null>(),
  sensitive: slot.value<boolean>(),
  tasks: slot.value<string[]>(),
  payloads: slot.value<string[]>(),
  keys: slot.value<Array<string | null>>(),
  idStandIn: fixed(String(ID_STAND_IN)),
  seqStandIn: fixed(String(SEQ_STAND_IN)),
  step: fixed(1),
};

/** The pair as the sender's earlier read of the chat found it (INSERT_MESSAGE_AS_KNOWN). */
const KNOWN = { peerId: slot.number(), myBirth: slot.string(), peerBirth: slot.string() };
type SendValues = SlotValues<typeof SEND> & Partial<SlotValues<typeof KNOWN>>;

/**
 * The chat's next seq, handed out under its row's lock; the chat's last message time with it. With the pair as known,
 * only while the sender may still write as it says (chatAsKnown): else no seq, so nothing below is written.
 */
const nextSeq = (db: QueryCreator<Database>, p: SendValues) => {
  const next = db
    .updateTable('chats')
    .set((eb) => ({ last_seq: eb('last_seq', '+', p.step), last_message_at: p.now }))
    .where('id', '=', p.chatId);
  const { peerId, myBirth, peerBirth } = p;
  const gated =
    peerId === undefined || myBirth === undefined || peerBirth === undefined
      ? next
      : next.where((eb) => eb.exists(chatAsKnown(db, { chatId: p.chatId, senderId: p.senderId, peerId, myBirth, peerBirth })));
  return gated.returning('last_seq');
};

const insertMessage = (sqlDb: Kysely<Database>, p: SendValues) =>
  sqlDb
    .with('next', (db) => nextSeq(db, p))
    .with('mine', (db) =>
      db
        .updateTable('chat_members')
        .from('next')
        .set((eb) => ({ last_read_seq: eb.ref('next.last_seq') }))
        .where('chat_id', '=', p.chatId)
        .where('user_id', '=', p.senderId),
    )
    .with('sent', (db) =>
      db
        .insertInto('messages')
        .columns(MESSAGE_COLUMNS)
        .expression((eb) =>
          eb
            .selectFrom('next')
            .select((s) => [
              s.val(p.chatId).as('chat_id'),
              s.val(p.senderId).as('sender_id'),
              s.val(p.clientId).as('client_id'),
              'next.last_seq',
              s.val(p.type).as('type'),
              s.val(p.text).as('text'),
              s.val(p.photo).as('photo'),
              s.val(p.sticker).as('sticker'),
              s.selectFrom('messages as r').select('r.id').where('r.id', '=', p.replyTo).where('r.chat_id', '=', p.chatId).as('reply_to'),
              s.lit(false).as('is_pinned'),
              s.lit(false).as('is_edit'),
              s.val(p.sensitive).as('sensitive'),
              s.val(p.now).as('created_at'),
            ]),
        )
        .returning(['id', 'seq', 'reply_to_id']),
    )
    .with('queued', (db) =>
      db
        .insertInto('job_outbox')
        .columns(['task', 'payload', 'job_key'])
        .expression(
          db
            .selectFrom(['sent', outboxTable(p).as('j')])
            .select([
              'j.task',
              sql<string>`replace(replace(j.payload, ${p.idStandIn}, sent.id::text), ${p.seqStandIn}, sent.seq::text)::jsonb`.as('payload'),
              'j.job_key',
            ]),
        ),
    )
    .selectFrom('sent')
    .select(['sent.id', 'sent.seq', 'sent.reply_to_id'])
    // Every send: compiled once and prepared, its plan kept (issue 42).
    .modifyEnd(sql.raw(PREPARE_MARK));

/** A send after a read of the chat's access in a statement of its own (loadChatAccess). */
export const INSERT_MESSAGE = compiledOnce(SEND, insertMessage);
/** A send on an earlier read of the chat's access, checked by the statement itself: no row when it no longer holds. */
export const INSERT_MESSAGE_AS_KNOWN = compiledOnce({ ...SEND, ...KNOWN }, insertMessage);
