import Router from '@koa/router';
import { renderImage } from '../../db/media/images.service';
import type { Storage } from '../../db/media/storage';
import { AppError } from '../contracts/errors';
import { IMAGE_ID_PATTERN, IMAGE_VARIANTS, renditionQuerySchema, type ImageVariant } from '../contracts/media';
import type { AppState } from '../context';

const NOT_FOUND = 'Изображение не найдено';
const isVariant = (v: string): v is ImageVariant => (IMAGE_VARIANTS as readonly string[]).includes(v);

/** Public image delivery (no initData): GET /cdn/images/{id}/{variant}?w=&q=&f=, encoded once then served from storage. */
export function createCdnRouter(deps: { storage: Storage }): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/cdn/images/:id/:variant', async (ctx) => {
    const { id = '', variant = '' } = ctx.params;
    if (!IMAGE_ID_PATTERN.test(id) || !isVariant(variant)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const image = await renderImage(deps.storage, id, variant, renditionQuerySchema.parse(ctx.query));
    if (!image) throw new AppError('NOT_FOUND', NOT_FOUND);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
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
