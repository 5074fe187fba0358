import { reportOutcome } from '../../contracts/moderation-outcome';
import { Photo } from '../../db/profiles/photo.entity';
import { reviewerLabel } from '../../db/moderation/decided-refusal';
import { Report } from '../../db/reports/report.entity';
import { User } from '../../db/users/user.entity';
import { decidedKeyboard, reportKeyboard, reportPanelUrl } from './keyboards';
import { postToModerators, rewritePosts, type ModeratorPostDeps, type PostContent } from './moderator-posts';
import { outcomeText, reportPostText } from './post-texts';

/** Posts a new report with the reported photo (if any) and the reported user's photos; one about staff to admins only. */
export async function postReport(deps: ModeratorPostDeps, reportId: number): Promise<void> {
  const em = deps.orm.em.fork();
  const report = await em.findOne(Report, { id: reportId });
  if (!report || report.status !== 'PENDING') return;
  const reported = await em.findOne(User, { telegramId: report.reportedUserId });
  const reporter = await em.findOne(User, { telegramId: report.reporterId });
  const profilePhotos = await em.find(Photo, { owner: report.reportedUserId, status: 'APPROVED' }, { orderBy: { position: 'asc' } });
  const reportedImage = (report.context as { photoImageId?: string | null }).photoImageId;
  const photos: PostContent['photos'] = [
    ...(reportedImage ? [{ imageId: reportedImage, variant: 'media' as const }] : []),
    ...profilePhotos.map((p) => ({ imageId: p.image, variant: 'profile' as const })),
  ];
  const url = reportPanelUrl(deps.publicUrl, report.id);
  const about = { userId: report.reportedUserId, staff: !!reported && reported.role !== 'USER' };
  await postToModerators(deps, {
    subject: 'REPORT',
    subjectId: report.id,
    text: reportPostText(report, reported, reporter),
    photos,
    keyboard: (chatId) => reportKeyboard(chatId, report.id, url, report.reportType === 'MESSAGE' && !!report.messageId),
    about,
  });
  const fresh = await deps.orm.em.fork().findOne(Report, { id: reportId });
  if (fresh && fresh.status !== 'PENDING') await showReportOutcome(deps, reportId);
}

export async function showReportOutcome(deps: ModeratorPostDeps, reportId: number): Promise<void> {
  const em = deps.orm.em.fork();
  const report = await em.findOne(Report, { id: reportId });
  if (!report || report.status === 'PENDING') return;
  const facts = {
    outcome: reportOutcome(report.status),
    reviewerLabel: await reviewerLabel(em, report.reviewerId ?? null),
    resolvedAt: report.resolvedAt ?? null,
  };
  const url = reportPanelUrl(deps.publicUrl, report.id);
  await rewritePosts(deps, 'REPORT', report.id, outcomeText(facts, report.resolution ?? null), (chatId) => decidedKeyboard(chatId, url));
}
