import { sql, type QueryCreator } from 'kysely';
import type { Database } from '../kysely';
import { outboxTable } from '../events/job-outbox';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot, type SlotValues } from '../compiled-once';
import type { MessageContent } from './messages.service';

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

/** The chat's next seq, handed out under its row's lock; the chat's last message time with it. */
const nextSeq = (db: QueryCreator<Database>, p: SlotValues<typeof SEND>) =>
  db
    .updateTable('chats')
    .set((eb) => ({ last_seq: eb('last_seq', '+', p.step), last_message_at: p.now }))
    .where('id', '=', p.chatId)
    .returning('last_seq');

export const INSERT_MESSAGE = compiledOnce(SEND, (sqlDb, p) =>
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
    .modifyEnd(sql.raw(PREPARE_MARK)),
);
