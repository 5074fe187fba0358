import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../api/contracts/errors';
import { MEDIA_MESSAGES } from '../../api/contracts/media';
import { SHARP_FORMAT, sniffImageType } from './image-type';
import type { Rendition } from './renditions';

/** Above this many pixels an image is refused from its header, before any decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MASTER_MAX_SIDE = 2560;
// Effort 2 keeps a 1080 px encode in a few hundred ms on two cores; 4 is over ten times slower for ~1% smaller files.
const AVIF_EFFORT = 2;

// libvips threads per image: bounded so parallel uploads do not oversubscribe the CPU.
sharp.concurrency(Math.min(4, availableParallelism()));

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupported);

/** Checks the bytes are an image we accept and small enough in pixels, reading only the header. */
export async function inspectUpload(buf: Buffer): Promise<{ width: number; height: number }> {
  const sniffed = sniffImageType(buf);
  if (!sniffed) throw unsupported();
  let meta: Metadata;
  try {
    // unlimited here so an oversized header is reported as too many pixels, not as an unreadable file
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (meta.format !== SHARP_FORMAT[sniffed] || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooManyPixels);
  return { width: meta.width, height: meta.height };
}

/**
 * Decodes and re-encodes: EXIF orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped,
 * trailing bytes of polyglots discarded. Returns a WebP master with its longest side at most 2560.
 */
export async function encodeMaster(buf: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 92, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unsupported();
  }
}

/** One served rendition of a master: resized (never enlarged) and encoded; metadata stays stripped. */
export async function encodeRendition(master: Buffer, r: Rendition): Promise<Buffer> {
  const pipeline = sharp(master, { limitInputPixels: MAX_INPUT_PIXELS }).resize(
    r.width === null
      ? { width: r.maxSide, height: r.maxSide, fit: 'inside', withoutEnlargement: true }
      : { width: r.width, withoutEnlargement: true },
  );
  if (r.format === 'avif') return pipeline.avif({ quality: r.quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }).toBuffer();
  if (r.format === 'webp') return pipeline.webp({ quality: r.quality, effort: 4 }).toBuffer();
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: r.quality, mozjpeg: true }).toBuffer();
}
