import Router from '@koa/router';
import { ensureRendition, renderImage } from '../../db/media/render-image';
import type { ImageCodec } from '../../db/media/image-codec';
import type { Storage } from '../../db/media/storage';
import { AppError } from '../../contracts/errors';
import { IMAGE_ID_PATTERN, IMAGE_VARIANTS, renditionQuerySchema, type ImageVariant } from '../../contracts/media';
import type { AppContext, AppState } from '../context';
import { addressResolver, type AddressOf } from '../middleware/client-address';
import type { RateLimiter } from '../middleware/rate-limits';
import type { RateLimiters } from '../middleware/rate-limits';

const NOT_FOUND = 'Изображение не найдено';
const isVariant = (v: string): v is ImageVariant => (IMAGE_VARIANTS as readonly string[]).includes(v);
// An hour: a deleted image (replaced, rejected, unused) stops being served soon; a revalidation is a cheap 304. A chat
// photo is for its two viewers' own caches only: no shared cache keeps one its sender deleted (AMENDMENTS §5.5).
const cacheControl = (variant: ImageVariant) => (variant === 'media' ? 'private, max-age=3600' : 'public, max-age=3600');

/** Encodes on request are counted per client address (RATE_LIMITS.renditionMisses); stored renditions are not. */
const missCounter = (misses: RateLimiter, addressOf: AddressOf) => (ctx: AppContext) => () =>
  misses.hit(addressOf(ctx.headers['x-forwarded-for'], ctx.req.socket.remoteAddress));

/**
 * Public image delivery (no initData): GET /cdn/images/{id}/{variant}?w=&f=, the allowed rendition nearest to the
 * query (ALLOWED_RENDITIONS), encoded once then served from storage (or redirected to its public URL).
 */
export function createCdnRouter(deps: {
  storage: Storage;
  codec: ImageCodec;
  limits: RateLimiters;
  trustProxy?: readonly string[];
}): Router<AppState> {
  const countMiss = missCounter(deps.limits.renditionMisses, addressResolver(deps.trustProxy));
  const router = new Router<AppState>({ sensitive: true });
  router.get('/cdn/images/:id/:variant', async (ctx) => {
    const { id = '', variant = '' } = ctx.params;
    if (!IMAGE_ID_PATTERN.test(id) || !isVariant(variant)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const query = renditionQuerySchema.parse(ctx.query);
    // With a public bucket the bytes come from there; what is not stored (unknown id, failed write) is answered below.
    const stored = deps.storage.publicUrl
      ? await ensureRendition(deps.storage, deps.codec, id, variant, query, { beforeEncode: countMiss(ctx) })
      : null;
    if (stored && deps.storage.publicUrl) {
      // A day's cache of the redirect, so a change of S3_PUBLIC_URL is picked up.
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.redirect(deps.storage.publicUrl(stored));
      return;
    }
    const image = await renderImage(deps.storage, deps.codec, id, variant, query, { beforeEncode: countMiss(ctx) });
    if (!image) throw new AppError('NOT_FOUND', NOT_FOUND);
    ctx.set('Cache-Control', cacheControl(variant));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.etag = image.etag;
    ctx.type = image.mime;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = image.data;
  });
  return router;
}
