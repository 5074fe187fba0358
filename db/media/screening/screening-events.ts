import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SCREENING_REPORTER_ID } from '../../../contracts/reports';
import { inTransaction, type EventBus } from '../../events/event-bus';
import { sqlOf } from '../../kysely';
import { Report } from '../../reports/report.entity';
import type { ScreeningOutcome, ScreeningPlace } from './screening-event.entity';

/** A user's refused chat photos in one UTC day after which screening files a report for moderators. */
const REFUSALS_BEFORE_REPORT = 3;

/** Counts one time screening acted (committed at once: a refusal's request ends in an error). */
export async function recordScreening(
  em: EntityManager,
  userId: number,
  place: ScreeningPlace,
  outcome: ScreeningOutcome,
  now = new Date(),
): Promise<void> {
  await sqlOf(em).insertInto('screening_events').values({ user_id: userId, place, outcome, created_at: now }).execute();
}

const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * A refused chat photo of `userId`: counted, and with the user's third of the UTC day a report for moderators
 * (reason EXPLICIT_PHOTOS, reporter SCREENING_REPORTER_ID, no image: nothing was stored) — one a day, and none while
 * one of screening's is still open for the user. Answers whether a report was filed.
 */
export async function recordChatRefusal(em: EntityManager, bus: EventBus, userId: number, now = new Date()): Promise<boolean> {
  await recordScreening(em, userId, 'CHAT', 'REFUSED', now);
  const since = utcDayStart(now);
  const row = await sqlOf(em)
    .selectFrom('screening_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('place', '=', 'CHAT')
    .where('outcome', '=', 'REFUSED')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  const refusedToday = Number(row?.n ?? 0);
  if (refusedToday < REFUSALS_BEFORE_REPORT) return false;
  // The open-report index lets one of two refusals at the same moment file it; the other files nothing.
  return inTransaction(em, bus, async (tx, emit) => {
    const db = sqlOf(tx);
    const filed = await db
      .selectFrom('reports as r')
      .select('r.id')
      .where('r.reporter_id', '=', SCREENING_REPORTER_ID)
      .where('r.reported_user_id', '=', userId)
      .where((r) => r.or([r('r.status', '=', 'PENDING'), r('r.created_at', '>=', since)]))
      .executeTakeFirst();
    if (filed) return false;
    const report = tx.create(Report, {
      reporterId: SCREENING_REPORTER_ID,
      reportedUserId: userId,
      reportType: 'PROFILE',
      reason: 'EXPLICIT_PHOTOS',
      description: null,
      messageId: null,
      context: { refusedToday, day: since.toISOString().slice(0, 10) },
    });
    await tx.flush();
    emit({ name: 'report.created', payload: { reportId: report.id, reporterId: SCREENING_REPORTER_ID, reportedUserId: userId } });
    return true;
  }).catch((err: unknown) => {
    if (err instanceof UniqueConstraintViolationException) return false;
    throw err;
  });
}
