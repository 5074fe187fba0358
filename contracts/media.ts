import { z } from 'zod';

import { IMAGE_FORMATS, IMAGE_VARIANTS, type ImageVariant } from './image-renditions';

export * from './image-renditions';

/** The most pixels an upload may have: what a phone camera makes (a 24 MP photo, 6000 × 4000). */
export const MAX_UPLOAD_MEGAPIXELS = 25;

export const MEDIA_MESSAGES = {
  unsupported: 'Поддерживаются JPEG/PNG/WebP',
  avatarTooLarge: 'Файл слишком большой (>5MB)',
  tooLarge: 'Файл слишком большой (>10MB)',
  tooManyPixels: `Изображение слишком большое (более ${MAX_UPLOAD_MEGAPIXELS} мегапикселей)`,
  /** 429: the uploader's own uploads already fill their share of the screening queue (ImageScreening.reserve). */
  tooManyAtOnce: 'Слишком много фото на проверке. Дождитесь, пока проверятся предыдущие',
  fileMissing: 'Файл не передан',
  variant: 'Неизвестный вариант изображения',
  onlyHttp: 'Only http(s) URLs are allowed',
  notOurs: 'Фото не найдено: загрузите его заново',
  storageFailed: 'Не удалось сохранить файл: хранилище недоступно. Попробуйте позже',
} as const;

const photoHostMessage = (host: string) => `Photo URL must be from ${host}`;

/**
 * Multipart fields of POST /api/cdn/images/upload besides `file` (and `initData`). `chatId`: the chat a 'media' photo
 * is for (issue #27): screening applies that chat's policy at upload, so a refused photo is never stored (400
 * PHOTO_REFUSED, 'Фото не отправлено: оно похоже на откровенное'). A chat photo uploaded without it is judged again at
 * send-image against its chat.
 */
export const uploadFieldsSchema = z.object({
  variant: z.enum(IMAGE_VARIANTS, { error: MEDIA_MESSAGES.variant }).default('media'),
  chatId: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/, 'Чат не найден')
    .transform(Number)
    .optional(),
});

/** `url` is relative to the API origin: `/cdn/images/{id}/{variant}`. */
export const uploadResponseSchema = z.object({ ok: z.literal(true), id: z.string(), url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Query of GET /cdn/images/{id}/{variant}: w and f choose the nearest allowed rendition (allowedRendition); q is the variant's own, whatever is sent. */
export const renditionQuerySchema = z.object({
  w: z.coerce.number().int().optional().catch(undefined),
  q: z.coerce.number().int().optional().catch(undefined),
  f: z.enum(IMAGE_FORMATS).optional().catch(undefined),
});

export type ParsedImageUrl = { ok: true; id: string; variant: ImageVariant } | { ok: false; message: string };

const PATH = /^\/cdn\/images\/([a-f0-9]{24})\/(profile|avatar|media)\/?$/;

/**
 * Accepts our own image URLs only: a relative `/cdn/images/{id}/{variant}` path, or an absolute http(s)
 * URL on one of `hosts` with that path (query parameters ignored).
 */
export function parseImageUrl(raw: string, hosts: readonly string[]): ParsedImageUrl {
  const value = raw.trim();
  const host = hosts[0] ?? 'localhost';
  let pathname: string;
  if (value.startsWith('/') && !value.startsWith('//')) {
    pathname = value.split(/[?#]/)[0] ?? '';
  } else {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { ok: false, message: MEDIA_MESSAGES.onlyHttp };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: MEDIA_MESSAGES.onlyHttp };
    if (!hosts.includes(url.host.toLowerCase())) return { ok: false, message: photoHostMessage(host) };
    pathname = url.pathname;
  }
  const match = PATH.exec(pathname);
  if (!match) return { ok: false, message: photoHostMessage(host) };
  return { ok: true, id: match[1]!, variant: match[2] as ImageVariant };
}
