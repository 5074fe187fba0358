import Router from '@koa/router';
import type { ImageCodec } from '../../db/media/image-codec';
import type { Storage } from '../../db/media/storage';
import { storeImage } from '../../db/media/images.service';
import { AppError } from '../contracts/errors';
import { imagePath, MEDIA_MESSAGES, uploadFieldsSchema, type UploadResponse } from '../contracts/media';
import type { AppContext, AppState } from '../context';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Metrics } from '../../db/metrics/metrics';

function uploadedFile(ctx: AppContext) {
  const files = ctx.request.files ?? {};
  const picked = files.file ?? Object.values(files)[0];
  return Array.isArray(picked) ? picked[0] : picked;
}

/** POST /api/cdn/images/upload: multipart `file` + `variant`; the answer's url is relative to the API origin. */
export function createUploadRouter(deps: {
  storage: Storage;
  codec: ImageCodec;
  limits: RateLimiters;
  metrics: Metrics;
}): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.post('/cdn/images/upload', async (ctx) => {
    deps.limits.uploads.hit(ctx.state.user.telegramId);
    const { variant } = uploadFieldsSchema.parse(ctx.request.body ?? {});
    const file = uploadedFile(ctx);
    if (!file) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.fileMissing);
    const image = await storeImage(ctx.state.em, deps.storage, deps.codec, {
      ownerId: ctx.state.user.telegramId,
      kind: variant,
      data: file.filepath,
      prerender: variant === 'profile',
    });
    deps.metrics.imageUploaded(variant);
    ctx.body = { ok: true, id: image.id, url: imagePath(image.id, variant) } satisfies UploadResponse;
  });
  return router;
}
