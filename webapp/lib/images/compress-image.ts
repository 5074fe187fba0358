import { fitWithin, type Size } from './fit-within';
import { isUserText } from '../api/error-text';

export interface CompressOptions {
  /** Longest side of the result in pixels. */
  maxSide: number;
  /** Encoder quality, 0–1. */
  quality?: number;
}

/** end-user.md §9: profile photos and chat attachments. */
export const PROFILE_IMAGE: CompressOptions = { maxSide: 1080, quality: 0.82 };
export const CHAT_IMAGE: CompressOptions = { maxSide: 1440, quality: 0.85 };
const DEFAULT_QUALITY = 0.8;
const OUTPUT_TYPE = 'image/jpeg';

const COMPRESS_ERROR_PREFIX = 'Не удалось обработать изображение: ';

type Drawable = { source: CanvasImageSource; size: Size; release(): void };

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, size: { width: bitmap.width, height: bitmap.height }, release: () => bitmap.close() };
  }
  // Older web views: decode through an <img>.
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
  return { source: img, size: { width: img.naturalWidth, height: img.naturalHeight }, release: () => URL.revokeObjectURL(url) };
}

function encode(image: Drawable, size: Size, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas недоступен');
  // JPEG has no alpha: transparent PNG areas become white rather than black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image.source, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('кодирование не удалось'))), OUTPUT_TYPE, quality);
  });
}

/**
 * Downscales an image in the browser to `maxSide` and re-encodes it as JPEG. When the file already fits and
 * re-encoding would not make it smaller, the original is returned. Failures throw 'Не удалось обработать изображение: …'.
 */
export async function compressImage(file: Blob, { maxSide, quality = DEFAULT_QUALITY }: CompressOptions): Promise<Blob> {
  let image: Drawable | null = null;
  try {
    image = await decode(file);
    if (!image.size.width || !image.size.height) throw new Error('пустое изображение');
    const target = fitWithin(image.size, maxSide);
    const blob = await encode(image, target, quality);
    const resized = target.width !== image.size.width || target.height !== image.size.height;
    return !resized && blob.size >= file.size ? file : blob;
  } catch (err) {
    // A decoder's own (English) words never reach the user.
    const reason = err instanceof Error && isUserText(err.message) ? err.message : 'файл повреждён или не поддерживается';
    throw new Error(`${COMPRESS_ERROR_PREFIX}${reason}`, { cause: err });
  } finally {
    image?.release();
  }
}
