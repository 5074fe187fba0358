import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { imagePath } from '../../contracts/media';
import type { ReportMessage } from '../../contracts/moderation-reports';
import type { Report } from '../reports/report.entity';
import { sqlOf } from '../kysely';

/** How many messages before and after the reported one a moderator sees. */
const AROUND = 3;

/** The reported messages with AROUND messages either side (deleted ones left out, unless reported), per report, oldest first. */
function conversationRows(em: EntityManager, reportIds: number[]) {
  return sqlOf(em)
    .selectFrom('reports as r')
    .innerJoin('messages as t', 't.id', 'r.message_id')
    .innerJoin('messages as m', (join) =>
      join
        .onRef('m.chat_id', '=', 't.chat_id')
        .on(sql<boolean>`m.seq BETWEEN t.seq - ${AROUND} AND t.seq + ${AROUND}`)
        .on((eb) => eb.or([eb('m.deleted_at', 'is', null), eb('m.id', '=', eb.ref('t.id'))])),
    )
    .select((eb) => [
      'r.id as report_id',
      'm.id',
      'm.sender_id',
      'm.type',
      'm.text',
      'm.photo_image_id',
      'm.created_at',
      eb('m.id', '=', eb.ref('t.id')).$castTo<boolean>().as('is_reported'),
    ])
    .where('r.id', 'in', reportIds)
    .orderBy('r.id')
    .orderBy('m.seq')
    .execute();
}

type Row = Awaited<ReturnType<typeof conversationRows>>[number];

const toMessage = (row: Row, reportedUserId: number): ReportMessage => ({
  id: Number(row.id),
  fromReported: Number(row.sender_id) === reportedUserId,
  isReported: row.is_reported,
  type: row.type,
  text: row.text,
  photoUrl: row.photo_image_id ? imagePath(row.photo_image_id, 'media') : null,
  sentAt: new Date(row.created_at).toISOString(),
});

/** Where a deleted message's photo is kept for this open report (withdrawPhotos), if it is. */
export function evidenceKeyOf(report: Pick<Report, 'context'>): string | null {
  const key = report.context.evidenceKey;
  return typeof key === 'string' ? key : null;
}

/** Links to evidence photos (api/moderation/evidence-urls.ts); without it they are not shown. */
export type EvidenceUrlOf = (reportId: number) => string;

/**
 * The report's own snapshot, when the message itself is gone (auto-deleted or deleted by its sender). Its photo is the
 * staff-only evidence link while the report is open, else none (deleted with the message).
 */
function snapshot(report: Report, evidenceUrl: EvidenceUrlOf | undefined): ReportMessage {
  const c = report.context as { messageType?: string; text?: string | null; sentAt?: string };
  const evidence = report.status === 'PENDING' && evidenceKeyOf(report) && evidenceUrl ? evidenceUrl(report.id) : null;
  return {
    id: report.messageId ?? null,
    fromReported: true,
    isReported: true,
    type: c.messageType ?? 'TEXT',
    text: c.text ?? null,
    photoUrl: evidence,
    sentAt: c.sentAt ?? null,
  };
}

/** For MESSAGE reports: the reported message with up to AROUND messages either side, oldest first, in one query. */
export async function reportedConversations(
  em: EntityManager,
  reports: Report[],
  evidenceUrl?: EvidenceUrlOf,
): Promise<Map<number, ReportMessage[]>> {
  const withMessage = reports.filter((r) => r.reportType === 'MESSAGE' && r.messageId);
  const result = new Map<number, ReportMessage[]>();
  if (withMessage.length === 0) return result;
  const rows = await conversationRows(
    em,
    withMessage.map((r) => r.id),
  );
  for (const report of withMessage) {
    const own = rows.filter((row) => Number(row.report_id) === report.id).map((row) => toMessage(row, report.reportedUserId));
    const target = own.find((m) => m.isReported);
    // A deleted message keeps its row; what it said comes from the snapshot.
    const kept = snapshot(report, evidenceUrl);
    if (target && target.text === null && target.photoUrl === null) Object.assign(target, { text: kept.text, photoUrl: kept.photoUrl });
    result.set(report.id, own.length ? own : [kept]);
  }
  return result;
}
