import type { EntityManager } from '@mikro-orm/postgresql';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { ModerationPost } from '../../db/moderation/moderation-post.entity';
import { photoChecksOf, queuedImageIds } from '../../db/moderation/moderation-item-views';
import { formatScores, SCREENING_MESSAGES } from '../../contracts/screening';
import { reviewerLabel } from '../../db/moderation/decided-refusal';
import { Photo } from '../../db/profiles/photo.entity';
import { Profile } from '../../db/profiles/profile.entity';
import { User } from '../../db/users/user.entity';
import { ageCheckPostLines } from './age-check-lines';
import { decidedKeyboard, itemKeyboard, itemPanelUrl } from './keyboards';
import { postToModerators, rewritePosts, type ModeratorPostDeps } from './moderator-posts';
import { ACCOUNT_DELETED_NOTE, itemPostText, outcomeText } from './post-texts';

const paragraph = (lines: string[]) => (lines.length ? ['', ...lines] : []);

/** New profiles and new photos show the submitted images; descriptions and edits the profile's current ones. */
async function itemImages(em: EntityManager, item: ModerationItem): Promise<string[]> {
  const queued = (item.payload as { photos?: unknown }).photos;
  if ((item.type === 'INITIAL' || item.type === 'PHOTOS') && Array.isArray(queued))
    return queued.filter((id): id is string => typeof id === 'string');
  const photos = await em.find(Photo, { owner: item.userId }, { orderBy: { position: 'asc' } });
  return photos.map((p) => p.image);
}

/** Posts a pending item to the moderators; if it was decided while the post went out, the post shows that at once. */
export async function postItem(deps: ModeratorPostDeps, itemId: number): Promise<void> {
  const em = deps.orm.em.fork();
  const item = await em.findOne(ModerationItem, { id: itemId });
  if (!item || item.status !== 'PENDING') return;
  const user = await em.findOne(User, { telegramId: item.userId });
  const profile = await em.findOne(Profile, { user: item.userId });
  const url = itemPanelUrl(deps.publicUrl, item.id, item.type);
  const queued = queuedImageIds(item);
  const checks = await photoChecksOf(em, queued);
  // Photos screening flagged (issue #27): which and the scores; approving them takes the panel.
  const flagged = queued.flatMap((imageId, i) => {
    const check = checks.get(imageId);
    return check?.flagged ? [`⚠️ ${SCREENING_MESSAGES.checkPhoto} ${i + 1}: ${formatScores(check.scores)}`] : [];
  });
  const ageLines = ageCheckPostLines(item, profile, queued, checks);
  await postToModerators(deps, {
    subject: 'ITEM',
    subjectId: item.id,
    text: [itemPostText(item, user, profile), ...(flagged.length ? ['', ...flagged] : []), ...paragraph(ageLines)].join('\n'),
    photos: (await itemImages(em, item)).map((imageId) => ({ imageId, variant: 'profile' as const })),
    keyboard: (chatId) => itemKeyboard(chatId, item.id, item.version, url),
  });
  const fresh = await deps.orm.em.fork().findOne(ModerationItem, { id: itemId });
  if (fresh && fresh.status !== 'PENDING') await showItemOutcome(deps, itemId);
}

/** Every post about the item gets the outcome and who decided; only the panel button stays. */
export async function showItemOutcome(deps: ModeratorPostDeps, itemId: number): Promise<void> {
  const em = deps.orm.em.fork();
  const item = await em.findOne(ModerationItem, { id: itemId });
  if (!item || item.status === 'PENDING') return;
  const facts = {
    outcome: item.status,
    reviewerLabel: await reviewerLabel(em, item.reviewerId ?? null),
    resolvedAt: item.resolvedAt ?? null,
  };
  const url = itemPanelUrl(deps.publicUrl, item.id, item.type);
  await rewritePosts(deps, 'ITEM', item.id, outcomeText(facts, item.reason ?? null), (chatId) => decidedKeyboard(chatId, url));
}

/** A pending edit got newer content: the old posts say so and a fresh post goes out. */
export async function repostItem(deps: ModeratorPostDeps, itemId: number): Promise<void> {
  const posts = await rewritePosts(deps, 'ITEM', itemId, 'Заявка обновлена — актуальная версия в новом сообщении.', () => undefined);
  if (posts.length) await deps.orm.em.fork().nativeDelete(ModerationPost, { id: { $in: posts.map((p) => p.id) } });
  await postItem(deps, itemId);
}

/** The items went with a deleted account: their posts say so and lose their buttons, and are forgotten. */
export async function closeItemPosts(deps: ModeratorPostDeps, itemIds: readonly number[]): Promise<void> {
  for (const itemId of itemIds) {
    const posts = await rewritePosts(deps, 'ITEM', itemId, ACCOUNT_DELETED_NOTE, () => undefined);
    if (posts.length) await deps.orm.em.fork().nativeDelete(ModerationPost, { id: { $in: posts.map((p) => p.id) } });
  }
}
