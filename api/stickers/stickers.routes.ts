import type { ImageScreening } from '../../db/media/screening/screening';
import Router from '@koa/router';
import type { Storage } from '../../db/media/storage';
import { ensureDefaultStickerPack } from '../../db/stickers/default-sticker-pack';
import { importStickerSet } from '../../db/stickers/sticker-import.service';
import type { StickerSource } from '../../db/stickers/sticker-source';
import { stickersOfUser, type StickerRow } from '../../db/stickers/stickers.repository';
import { stickerImageUrl } from '../chat/chat-views';
import { CHAT_MESSAGES, stickerImportBodySchema, type Sticker } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import type { AppState } from '../context';
import type { RateLimiters } from '../middleware/rate-limits';

const toSticker = (s: StickerRow): Sticker => ({
  id: String(s.id),
  name: s.emoji ?? `${s.packTitle} ${s.position + 1}`,
  // The pack's unique name (its title is in `packs`): two packs may share a title.
  packName: s.packName,
  imageUrl: stickerImageUrl(s.imageId),
});

function packsOf(stickers: StickerRow[]) {
  const packs = new Map<string, { name: string; title: string; count: number }>();
  for (const s of stickers) {
    const pack = packs.get(s.packName) ?? { name: s.packName, title: s.packTitle, count: 0 };
    pack.count++;
    packs.set(s.packName, pack);
  }
  return [...packs.values()];
}

/** GET /api/stickers/all (the user's packs and the product's own) and POST /api/stickers/import {telegramUrl}. */
export function createStickersRouter(deps: {
  storage: Storage;
  screening?: ImageScreening;
  stickerSource?: StickerSource;
  limits: RateLimiters;
}): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  // The product's own pack is drawn and stored by the first request that needs it (again after a failure).
  let defaultPack: Promise<void> | null = null;
  const ensureDefaultPack = (em: AppState['em']) =>
    (defaultPack ??= ensureDefaultStickerPack(em, deps.storage).catch((err: unknown) => {
      defaultPack = null;
      throw err;
    }));

  router.get('/stickers/all', async (ctx) => {
    await ensureDefaultPack(ctx.state.em);
    const stickers = await stickersOfUser(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, stickers: stickers.map(toSticker), packs: packsOf(stickers) };
  });

  router.post('/stickers/import', async (ctx) => {
    const { telegramUrl: name } = stickerImportBodySchema.parse(ctx.request.body ?? {});
    if (!deps.stickerSource) throw new AppError('UNAVAILABLE', CHAT_MESSAGES.stickerImportUnavailable);
    await deps.limits.stickerImports.hit(ctx.state.user.telegramId);
    const imported = await importStickerSet(
      ctx.state.em,
      { storage: deps.storage, source: deps.stickerSource, screening: deps.screening },
      ctx.state.user.telegramId,
      name,
    );
    const [pack] = packsOf(imported.stickers);
    ctx.body = {
      ok: true,
      message: CHAT_MESSAGES.stickerPackAdded,
      pack: pack ?? { name: imported.pack.name, title: imported.pack.title, count: 0 },
      stickers: imported.stickers.map(toSticker),
    };
  });
  return router;
}
