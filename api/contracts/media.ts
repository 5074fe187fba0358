import { z } from 'zod';

export const IMAGE_VARIANTS = ['profile', 'avatar', 'media'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Image ids are random lowercase hex (24 characters). */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{24}$/;
export const IMAGE_PATH_PREFIX = '/cdn/images/';

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

export const photoHostMessage = (host: string) => `Photo URL must be from ${host}`;

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

type RenditionWidths = readonly (number | null)[];

/**
 * The only renditions /cdn encodes and serves (issue #21): per variant its one quality, the longest side of its
 * default size, and for each format the widths the app asks for (null: the default size). JPEG 720 is what the
 * bot sends Telegram; the card's srcset uses CARD_PHOTO_WIDTHS. Any other query is served the nearest of these.
 */
export const ALLOWED_RENDITIONS = {
  profile: {
    quality: 82,
    defaultSide: 1080,
    formats: { avif: [null, 128, 256, 360, 480, 720, 1080], webp: [360, 480, 720, 1080], jpeg: [720] },
  },
  avatar: { quality: 85, defaultSide: 512, formats: { webp: [null, 128, 256] } },
  media: { quality: 85, defaultSide: 1440, formats: { webp: [null, 256, 360], jpeg: [720] } },
} as const satisfies Record<ImageVariant, { quality: number; defaultSide: number; formats: Partial<Record<ImageFormat, RenditionWidths>> }>;

/** Widths of the profile card's photo srcset, in both of its formats (AVIF, WebP where AVIF is not supported). */
export const CARD_PHOTO_WIDTHS = [360, 480, 720, 1080] as const;

export interface AllowedRendition {
  /** null: the variant's default size (longest side `defaultSide`). */
  w: number | null;
  f: ImageFormat;
}

/** The allowed rendition nearest to a query: its format if allowed (else the variant's first), the smallest width not below `w`. */
export function allowedRendition(variant: ImageVariant, query: { w?: number; f?: ImageFormat }): AllowedRendition {
  const { formats, defaultSide } = ALLOWED_RENDITIONS[variant];
  const allowed = formats as Partial<Record<ImageFormat, RenditionWidths>>;
  const f = query.f && allowed[query.f] ? query.f : (Object.keys(formats)[0] as ImageFormat);
  const widths = allowed[f] ?? [];
  if (query.w === undefined && widths.includes(null)) return { w: null, f };
  // The default size counts as its longest side; on a tie the explicit width wins.
  const bySize = widths.map((w) => ({ w, side: w ?? defaultSide })).sort((a, b) => a.side - b.side || (a.w === null ? 1 : -1));
  const wanted = query.w ?? Infinity;
  return { w: (bySize.find((x) => x.side >= wanted) ?? bySize.at(-1))?.w ?? null, f };
}

/** The URL of the allowed rendition nearest to `params` (the variant's defaults are left out of the query). */
export function allowedImagePath(id: string, variant: ImageVariant, params: { w?: number; f?: ImageFormat } = {}): string {
  const { w, f } = allowedRendition(variant, params);
  const defaultFormat = Object.keys(ALLOWED_RENDITIONS[variant].formats)[0];
  return imagePath(id, variant, { w: w ?? undefined, f: f === defaultFormat ? undefined : f });
}

export function imagePath(id: string, variant: ImageVariant, params: { w?: number; q?: number; f?: ImageFormat } = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return `${IMAGE_PATH_PREFIX}${id}/${variant}${qs ? `?${qs}` : ''}`;
}

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
