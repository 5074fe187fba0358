const URL_KEY = /(url|photos?)$/i;
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|blob:|data:image\/(png|jpeg|webp|gif|avif);)/i;

function safeUrl(value: string): string | null {
  const trimmed = value.trim();
  return SAFE_URL.test(trimmed) ? trimmed : null;
}

function cleanField(value: unknown): unknown {
  if (typeof value === 'string') return safeUrl(value);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (typeof item !== 'string') return [sanitizeUrls(item)];
      const url = safeUrl(item);
      return url === null ? [] : [url];
    });
  }
  return sanitizeUrls(value);
}

/** Drops URL-like fields (…Url, photos) that are not http(s), same-origin paths or images, e.g. `javascript:`. */
export function sanitizeUrls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => sanitizeUrls(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = URL_KEY.test(key) ? cleanField(field) : sanitizeUrls(field);
  }
  return out as T;
}
