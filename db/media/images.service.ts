import { randomBytes } from 'node:crypto';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { CARD_PHOTO_WIDTHS, MEDIA_MESSAGES, type ImageVariant } from '../../contracts/media';
import { type ImageCodec, type ImageSource, inspectUpload } from './image-codec';
import { Image } from './image.entity';
import type { ImageScreening, ScreeningResult } from './screening/screening';
import { imagePrefix, masterKey, renditionKey, resolveRendition } from './renditions';
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

/** A clean WebP master: its bytes, or a local file holding them (an upload's, written by the encoder process). */
export type MasterImage = { width: number; height: number } & ({ data: Buffer } | { file: string; bytes: number });

/**
 * Writes one file of image `id`: bytes, or a local file's bytes (Storage.putFile where the store has it). A failed
 * write (disk full, storage down) removes whatever the image already had and becomes a 503 the client can read; the
 * cause goes to the log.
 */
export async function putImageFile(storage: Storage, id: string, key: string, data: Buffer | { file: string }): Promise<void> {
  try {
    if (Buffer.isBuffer(data)) await storage.put(key, data);
    else if (storage.putFile) await storage.putFile(key, data.file);
    else await storage.put(key, await readFile(data.file));
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
  const { master } = input;
  await putImageFile(storage, id, masterKey(id), 'data' in master ? master.data : master);
  return em.create(Image, {
    id,
    owner: input.ownerId,
    kind: input.kind,
    mime: 'image/webp',
    width: master.width,
    height: master.height,
    bytes: 'data' in master ? master.data.length : master.bytes,
    screening: input.screening?.scores ?? null,
    screeningVerdict: input.screening?.verdict ?? null,
    faceCheck: input.screening?.face ?? null,
  });
}

/**
 * The upload's master, written to `masterFile` by the encoder process, and, with screening on, its screening (before
 * anything is stored: a refused upload leaves no file and no row). One of the owner's places in the screening queue is
 * held from before the decode, so a burst of one person's uploads is refused before any work (ImageScreening.reserve).
 */
async function encodeAndScreen(
  codec: ImageCodec,
  input: StoreImageInput,
  masterFile: string,
): Promise<{ master: MasterImage; result: ScreeningResult | null }> {
  const screening = input.screening?.enabled ? input.screening : null;
  const release = screening?.reserve(input.ownerId);
  try {
    const { pixels, ...made } = await codec.encodeMasterToFile(input.data, masterFile, { screeningPixels: screening !== null });
    const master = { ...made, file: masterFile };
    const result = screening && pixels ? await screening.screen(pixels) : null;
    // Profile photos only (issue 43): the same pixels, after screening; it never refuses the upload.
    const face = result && pixels && input.kind === 'profile' ? await screening!.checkFace(pixels) : undefined;
    return { master, result: result && face ? { ...result, face } : result };
  } finally {
    release?.();
  }
}

/** Validates an upload by its size and bytes, re-encodes it without metadata, stores the master and records the image. */
export async function storeImage(em: EntityManager, storage: Storage, codec: ImageCodec, input: StoreImageInput): Promise<Image> {
  const limit = UPLOAD_LIMITS[input.kind];
  const bytes = typeof input.data === 'string' ? (await stat(input.data)).size : input.data.length;
  if (bytes > limit.bytes) throw new AppError('PAYLOAD_TOO_LARGE', limit.message);
  await inspectUpload(input.data);
  // The master goes from the encoder process to the storage through a temporary file, never through this process's
  // memory (ImageCodec.encodeMasterToFile).
  const masterFile = path.join(tmpdir(), `master-${newImageId()}.webp`);
  try {
    const { master, result } = await encodeAndScreen(codec, input, masterFile);
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
  } finally {
    await rm(masterFile, { force: true });
  }
}

/** The variant's default rendition of a new image, made from its upload (nothing can have asked for it yet). */
async function prerender(storage: Storage, codec: ImageCodec, id: string, variant: ImageVariant, upload: ImageSource): Promise<void> {
  // The card's largest photo, which phones ask for first (its srcset); an upload's encode has the upload's priority.
  const rendition = resolveRendition(variant, variant === 'profile' ? { w: CARD_PHOTO_WIDTHS.at(-1) } : {});
  // A cache write that fails (disk full) costs only the first view an encode, as in renderOnce.
  await storage.put(renditionKey(id, rendition), await codec.encodeRendition(upload, rendition, 'upload')).catch(() => undefined);
}

/** Removes the image row and every file of it. */
export async function deleteImage(em: EntityManager, storage: Storage, id: string): Promise<void> {
  await em.nativeDelete(Image, { id });
  await storage.delete(imagePrefix(id));
}
