import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadChatAccess } from '../../db/chats/chat-access';
import type { EventBus } from '../../db/events/event-bus';
import type { ImageCodec } from '../../db/media/image-codec';
import { storeImage } from '../../db/media/images.service';
import { recordChatRefusal, recordScreening } from '../../db/media/screening/screening-events';
import type { ImageScreening, ScreeningResult } from '../../db/media/screening/screening';
import type { Storage } from '../../db/media/storage';
import { AppError } from '../../contracts/errors';
import { imagePath, MEDIA_MESSAGES, uploadFieldsSchema, type ImageVariant, type UploadResponse } from '../../contracts/media';
import { SCREENING_ERRORS, SCREENING_MESSAGES } from '../../contracts/screening';
import type { AppContext, AppState } from '../context';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Metrics } from '../../platform/metrics/metrics';

function uploadedFile(ctx: AppContext) {
  const files = ctx.request.files ?? {};
  const picked = files.file ?? Object.values(files)[0];
  return Array.isArray(picked) ? picked[0] : picked;
}

interface Uploader {
  em: EntityManager;
  bus: EventBus;
  userId: number;
  variant: ImageVariant;
  /** The chat a 'media' photo is for: whether a minor is on either side. */
  chat: { minors: boolean } | null;
}

/**
 * The screening policy at upload (issue #27). Profile photos and avatars: explicit is refused, borderline stored and
 * counted as flagged (the moderation card and the bot show it). A chat photo with its chat: explicit is refused when
 * either side is under 18; anything else is stored, and the send marks a borderline or explicit one `sensitive`.
 * A chat photo without its chat is stored with its scores and judged at send-image.
 */
async function admitUpload(u: Uploader, result: ScreeningResult | null): Promise<void> {
  if (!result) return;
  if (u.variant !== 'media') {
    if (result.verdict === 'explicit') {
      await recordScreening(u.em, u.userId, 'PROFILE', 'REFUSED');
      throw new AppError(SCREENING_ERRORS.photoRefused, SCREENING_MESSAGES.profilePhotoRefused);
    }
    if (result.verdict === 'borderline') await recordScreening(u.em, u.userId, 'PROFILE', 'FLAGGED');
    return;
  }
  if (u.chat?.minors && result.verdict === 'explicit') {
    await recordChatRefusal(u.em, u.bus, u.userId);
    throw new AppError(SCREENING_ERRORS.photoRefused, SCREENING_MESSAGES.chatPhotoRefused);
  }
}

/**
 * POST /api/cdn/images/upload: multipart `file` + `variant` (+ `chatId` for a chat photo); the answer's url is
 * relative to the API origin. Every upload is screened before it is stored (admitUpload).
 */
export function createUploadRouter(deps: {
  storage: Storage;
  codec: ImageCodec;
  screening: ImageScreening;
  limits: RateLimiters;
  metrics: Metrics;
  bus: EventBus;
}): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.post('/cdn/images/upload', async (ctx) => {
    const userId = ctx.state.user.telegramId;
    await deps.limits.uploads.hit(userId);
    const { variant, chatId } = uploadFieldsSchema.parse(ctx.request.body ?? {});
    const file = uploadedFile(ctx);
    if (!file) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.fileMissing);
    const em = ctx.state.em;
    // Someone else's (or an unknown) chat is 'Чат не найден' before any work.
    const chat = variant === 'media' && chatId !== undefined ? await loadChatAccess(em, chatId, userId) : null;
    const image = await storeImage(em, deps.storage, deps.codec, {
      ownerId: userId,
      kind: variant,
      data: file.filepath,
      prerender: variant === 'profile',
      screening: deps.screening,
      admit: (result) => admitUpload({ em, bus: deps.bus, userId, variant, chat }, result),
    });
    deps.metrics.imageUploaded(variant);
    ctx.body = { ok: true, id: image.id, url: imagePath(image.id, variant) } satisfies UploadResponse;
  });
  return router;
}
