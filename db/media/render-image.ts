import type { ImageFormat, ImageVariant } from '../../contracts/media';
import type { ImageCodec } from './image-codec';
import { masterKey, MIME, renditionKey, resolveRendition } from './renditions';
import type { Storage } from './storage';

export interface RenderedImage {
  data: Buffer;
  mime: string;
  etag: string;
}

/** A client's query of a rendition; anything outside ALLOWED_RENDITIONS is served the nearest allowed one. */
export type RenditionQuery = { w?: number; q?: number; f?: ImageFormat };

export interface RenderOptions {
  /** Called before an encode (a miss of a known image); may throw to refuse it (a rate limit). */
  beforeEncode?: () => Promise<void>;
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
  await opts.beforeEncode?.();
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
