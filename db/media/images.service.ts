import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { CARD_PHOTO_WIDTHS, MEDIA_MESSAGES, type ImageFormat, type ImageVariant } from '../../api/contracts/media';
import { type ImageCodec, type ImageSource, inspectUpload } from './image-codec';
import { Image } from './image.entity';
import type { ImageScreening, ScreeningResult } from './screening/screening';
import { imagePrefix, masterKey, MIME, renditionKey, resolveRendition } from './renditions';
import type { Storage } from './storage';

const MB = 1024 * 1024;
const UPLOAD_LIMITS: Record<ImageVariant, { bytes: number; message: string }> = {
  avatar: { bytes: 5 * MB, message: MEDIA_MESSAGES.avatarTooLarge },
  profile: { bytes: 10 * MB, message: MEDIA_MESSAGES.tooLarge },
  media: { bytes: 10 * MB, message: MEDIA_MESSAGES.tooLarge },
};

export const newImageId = () => randomBytes(12).toString('hex');

export interface StoreImageInput {
  ownerId: number;
  kind: ImageVariant;
  /** The upload: its bytes, or its temporary file (read by libvips, never into the JS heap). */
  data: ImageSource;
  /** Encode the variant's default rendition now so the first view is fast. */
  prerender?: boolean;
  /** Screens the upload before anything is stored (issue #27); without it (or with screening off) it is stored unscreened. */
  screening?: ImageScreening;
  /** Told the screening's result (null: unscreened) before anything is stored; throws to refuse the upload. */
  admit?: (result: ScreeningResult | null) => Promise<void>;
}

export interface MasterImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Writes one file of image `id`. A failed write (disk full, storage down) removes whatever the image already
 * had and becomes a 503 the client can read; the cause goes to the log.
 */
export async function putImageFile(storage: Storage, id: string, key: string, data: Buffer): Promise<void> {
  try {
    await storage.put(key, data);
  } catch (cause) {
    await storage.delete(imagePrefix(id)).catch(() => undefined);
    throw Object.assign(new AppError('UNAVAILABLE', MEDIA_MESSAGES.storageFailed), { cause });
  }
}

/** Puts an already clean WebP master into the storage and records it (the caller flushes). */
export async function saveMaster(
  em: EntityManager,
  storage: Storage,
  input: { ownerId: number; kind: ImageVariant; master: MasterImage; screening?: ScreeningResult | null },
): Promise<Image> {
  const id = newImageId();
  const { data, width, height } = input.master;
  await putImageFile(storage, id, masterKey(id), data);
  return em.create(Image, {
    id,
    owner: input.ownerId,
    kind: input.kind,
    mime: 'image/webp',
    width,
    height,
    bytes: data.length,
    screening: input.screening?.scores ?? null,
    screeningVerdict: input.screening?.verdict ?? null,
  });
}

/** Validates an upload by its size and bytes, re-encodes it without metadata, stores the master and records the image. */
export async function storeImage(em: EntityManager, storage: Storage, codec: ImageCodec, input: StoreImageInput): Promise<Image> {
  const limit = UPLOAD_LIMITS[input.kind];
  const bytes = typeof input.data === 'string' ? (await stat(input.data)).size : input.data.length;
  if (bytes > limit.bytes) throw new AppError('PAYLOAD_TOO_LARGE', limit.message);
  await inspectUpload(input.data);
  const screening = input.screening?.enabled ? input.screening : null;
  const { pixels, ...master } = await codec.encodeMaster(input.data, { screeningPixels: screening !== null });
  // Screened before anything is stored: a refused upload leaves no file and no row.
  const result = screening && pixels ? await screening.screen(pixels) : null;
  await input.admit?.(result);
  const image = await saveMaster(em, storage, { ownerId: input.ownerId, kind: input.kind, master, screening: result });
  try {
    // Rendered before the row is written, so no failure can leave a row without its files; from the upload, not
    // the master: a JPEG decodes at half size for it (about a fifth less CPU) and the master is not read back.
    if (input.prerender) await prerender(storage, codec, image.id, input.kind, input.data);
    await em.flush();
    return image;
  } catch (err) {
    await storage.delete(imagePrefix(image.id));
    throw err;
  }
}

export interface RenderedImage {
  data: Buffer;
  mime: string;
  etag: string;
}

/** The variant's default rendition of a new image, made from its upload (nothing can have asked for it yet). */
async function prerender(storage: Storage, codec: ImageCodec, id: string, variant: ImageVariant, upload: ImageSource): Promise<void> {
  // The card's largest photo, which phones ask for first (its srcset); an upload's encode has the upload's priority.
  const rendition = resolveRendition(variant, variant === 'profile' ? { w: CARD_PHOTO_WIDTHS.at(-1) } : {});
  // A cache write that fails (disk full) costs only the first view an encode, as in renderOnce.
  await storage.put(renditionKey(id, rendition), await codec.encodeRendition(upload, rendition, 'upload')).catch(() => undefined);
}

/** A client's query of a rendition; anything outside ALLOWED_RENDITIONS is served the nearest allowed one. */
export type RenditionQuery = { w?: number; q?: number; f?: ImageFormat };

export interface RenderOptions {
  /** Called before an encode (a miss of a known image); may throw to refuse it (a rate limit). */
  beforeEncode?: () => void;
}

async function renderOnce(
  storage: Storage,
  id: string,
  key: string,
  render: (master: Buffer) => Promise<Buffer>,
  opts: RenderOptions,
): Promise<Buffer | null> {
  const cached = await storage.get(key);
  if (cached) return cached;
  const master = await storage.get(masterKey(id));
  if (!master) return null;
  opts.beforeEncode?.();
  const data = await render(master);
  // A cache write that fails (disk full) still serves this request; the next one encodes again.
  await storage.put(key, data).catch(() => undefined);
  return data;
}

/** A rendition of a stored image, encoded on first request and then served from the storage; null for unknown ids. */
export async function renderImage(
  storage: Storage,
  codec: ImageCodec,
  id: string,
  variant: ImageVariant,
  query: RenditionQuery,
  opts: RenderOptions = {},
): Promise<RenderedImage | null> {
  const rendition = resolveRendition(variant, query);
  const key = renditionKey(id, rendition);
  // Parallel first requests for one rendition share one encode (and its refusal, when the first asker is limited).
  const data = await codec.once(key, () => renderOnce(storage, id, key, (master) => codec.encodeRendition(master, rendition), opts));
  if (!data) return null;
  return { data, mime: MIME[rendition.format], etag: `"${key.slice('images/'.length).replace(/\//g, '-')}"` };
}

/** The key of a stored rendition, encoding it first when needed (no download when it is there); null for unknown ids or a failed write. */
export async function ensureRendition(
  storage: Storage,
  codec: ImageCodec,
  id: string,
  variant: ImageVariant,
  query: RenditionQuery,
  opts: RenderOptions = {},
): Promise<string | null> {
  const key = renditionKey(id, resolveRendition(variant, query));
  if (await storage.exists(key)) return key;
  if (!(await renderImage(storage, codec, id, variant, query, opts))) return null;
  return (await storage.exists(key)) ? key : null;
}

/** Removes the image row and every file of it. */
export async function deleteImage(em: EntityManager, storage: Storage, id: string): Promise<void> {
  await em.nativeDelete(Image, { id });
  await storage.delete(imagePrefix(id));
}
