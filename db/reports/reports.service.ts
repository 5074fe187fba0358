import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { REPORT_MESSAGES, type ReportRequest } from '../../contracts/reports';
import { inTransaction, type EventBus } from '../events/event-bus';
import { hasContact } from '../privacy/contact';
import { sqlOf } from '../kysely';
import { Report } from './report.entity';

/** The reported message, only when it is in a chat of the reporter's and was sent by the reported user. */
async function reportedMessage(
  em: EntityManager,
  reporterId: number,
  reportedUserId: number,
  messageId: number,
): Promise<Record<string, unknown>> {
  const row = await sqlOf(em)
    .selectFrom('messages as m')
    .innerJoin('chat_members as me', (join) => join.onRef('me.chat_id', '=', 'm.chat_id').on('me.user_id', '=', reporterId))
    .select(['m.chat_id', 'm.type', 'm.text', 'm.photo_image_id', 'm.created_at'])
    .where('m.id', '=', messageId)
    .where('m.sender_id', '=', reportedUserId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', REPORT_MESSAGES.messageNotFound);
  // A snapshot: the message may be auto-deleted before a moderator looks.
  return {
    chatId: String(row.chat_id),
    messageType: row.type,
    text: row.text,
    photoImageId: row.photo_image_id,
    sentAt: new Date(row.created_at).toISOString(),
  };
}

const alreadyOpen = () => new AppError('CONFLICT', REPORT_MESSAGES.alreadyOpen);

/** Files a report for moderation: one open report per reporter and target; MESSAGE reports carry a snapshot. */
export async function createReport(
  em: EntityManager,
  bus: EventBus,
  reporterId: number,
  input: Omit<ReportRequest, 'alsoBlock'>,
): Promise<number> {
  const { reportedUserId, messageId } = input;
  if (reportedUserId === reporterId) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.self);
  const context = messageId === null ? {} : await reportedMessage(em, reporterId, reportedUserId, messageId);
  if (messageId === null && !(await hasContact(em, reporterId, reportedUserId))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.notFound);
  const open = await em.count(Report, { reporterId, reportedUserId, status: 'PENDING' });
  if (open > 0) throw alreadyOpen();
  try {
    return await inTransaction(em, bus, async (tx, emit) => {
      const report = tx.create(Report, {
        reporterId,
        reportedUserId,
        reportType: messageId === null ? 'PROFILE' : 'MESSAGE',
        reason: input.reason,
        description: input.description,
        messageId,
        context,
      });
      await tx.flush();
      emit({ name: 'report.created', payload: { reportId: report.id, reporterId, reportedUserId } });
      return report.id;
    });
  } catch (err) {
    // Two sends at once: the partial unique index lets only one open report through.
    if (err instanceof UniqueConstraintViolationException) throw alreadyOpen();
    throw err;
  }
}
