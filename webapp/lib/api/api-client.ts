import { MESSAGES } from '../../../contracts/errors';
import { getInitData } from '../init-data';
import { ApiError } from './api-error';
import { takeEarly } from './early-requests';
import { sanitizeUrls } from './sanitize-urls';

const API_BASE = '/api';
const TIMEOUT_MS = 15_000;

type QueryValue = string | number | boolean | null | undefined;
/**
 * What the client asks of a schema: zod's safeParse, which zod classic's schemas and zod/mini's (start-up's answers,
 * contracts/user.ts) both have. The client imports no zod of its own.
 */
interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}
/** A schema, or the import of its module: start-up's schemas (and zod) load beside the entry, not in it. */
export type SchemaSource<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** Validates the answer; a mismatch throws the schema's message. */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
}

type BannedListener = (body: unknown) => void;
let onBanned: BannedListener | null = null;
/** Any 403 BANNED answer lets the app switch to the blocked screen at once. */
export function setBannedListener(listener: BannedListener | null): void {
  onBanned = listener;
}

/** initData goes in this header on every call, never in the URL (proxy logs keep URLs) nor the body. */
const authHeaders = () => ({ accept: 'application/json', authorization: `tma ${getInitData()}` });

function urlFor(base: string, path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function send(method: string, url: string, opts: RequestOptions<unknown>): Promise<Response> {
  // AbortSignal.timeout is missing in older Telegram web views (iOS 15).
  const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
  const init: RequestInit = { method, headers: authHeaders(), signal: opts.signal ?? timeout };
  if (method !== 'GET') {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify({ ...opts.body });
  }
  // Start-up's calls went out before this code was evaluated (app/startup/send-early.ts).
  const early = opts.signal || Object.keys(opts.body ?? {}).length > 0 ? undefined : takeEarly(method, url, getInitData());
  try {
    return await (early ?? fetch(url, init));
  } catch (err) {
    throw networkError(err);
  }
}

/** No HTTP answer at all: status 0 with 'timeout' or the browser's message. */
function networkError(err: unknown): ApiError {
  const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
  return new ApiError(timedOut ? 'timeout' : err instanceof Error && err.message ? err.message : 'network error', 0);
}

const isJson = (res: Response) => (res.headers.get('content-type') ?? '').includes('json');
const readJson = (res: Response): Promise<unknown> => (isJson(res) ? res.json().catch(() => null) : Promise.resolve(null));
const field = (body: unknown, key: string): string | null => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value ? value : null;
};

/** A call with initData in the `Authorization: tma` header; a body, if any, as JSON. */
async function apiRequest<T = unknown>(method: 'GET' | 'POST' | 'PATCH', path: string, opts: RequestOptions<T> = {}): Promise<T> {
  let res = await send(method, urlFor(API_BASE, path, opts.query), opts);
  if (res.status === 404 && !(await isOurRefusal(res))) {
    // The spec's fallback: the same call without the /api prefix, used only when it answers JSON.
    const fallback = await send(method, urlFor('', path, opts.query), opts).catch(() => null);
    if (fallback && isJson(fallback)) res = fallback;
  }
  return readAnswer(res, opts.schema);
}

/**
 * A 404 that our API meant (a missing record, an unknown sticker pack): asking again elsewhere would repeat the
 * call, so only a foreign 404 or our answer for a path no /api route serves (api/middleware/errors.ts) is retried.
 */
async function isOurRefusal(res: Response): Promise<boolean> {
  const body = await readJson(res.clone());
  const code = field(body, 'error');
  const message = field(body, 'message');
  if ((body as { ok?: unknown } | null)?.ok !== false || !code || !message) return false;
  return !(code === 'NOT_FOUND' && message === MESSAGES.notFound);
}

/** A JSON answer: errors become ApiError with the body's message; the rest is sanitised and checked by the schema. */
async function readAnswer<T>(res: Response, source: SchemaSource<T> | undefined): Promise<T> {
  const body = await readJson(res);
  if (!res.ok) {
    const code = field(body, 'error');
    if (res.status === 403 && code === 'BANNED') onBanned?.(body);
    throw new ApiError(field(body, 'message') ?? (res.statusText || `HTTP ${res.status}`), res.status, code, body);
  }
  if (body && typeof body === 'object' && (body as { ok?: unknown }).ok === false) {
    throw new ApiError(field(body, 'message') ?? 'Bad response', res.status, field(body, 'error'), body);
  }
  const clean = sanitizeUrls(body);
  if (!source) return clean as T;
  const schema = typeof source === 'function' ? await source() : source;
  const parsed = schema.safeParse(clean);
  if (parsed.success) return parsed.data;
  throw new ApiError((await russianIssue(schema, clean)) ?? 'Bad response', res.status, 'BAD_RESPONSE', body);
}

/** The first issue in zod's Russian wording, whose locale loads only when an answer fails its schema. */
async function russianIssue(schema: AnswerSchema<unknown>, value: unknown): Promise<string | undefined> {
  await import('../zod-russian');
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export const apiGet = <T = unknown>(path: string, opts?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, opts);
export const apiPost = <T = unknown>(path: string, body?: Record<string, unknown>, opts?: Omit<RequestOptions<T>, 'body'>) =>
  apiRequest<T>('POST', path, { ...opts, body });
export const apiPatch = <T = unknown>(path: string, body?: Record<string, unknown>, opts?: Omit<RequestOptions<T>, 'body'>) =>
  apiRequest<T>('PATCH', path, { ...opts, body });

const UPLOAD_TIMEOUT_MS = 60_000;

/** Multipart POST (image upload): `file` plus string fields, initData in the header; same answers and errors as apiRequest. */
export async function apiUpload<T = unknown>(
  path: string,
  file: Blob,
  opts: { fields?: Record<string, string>; filename?: string; schema?: SchemaSource<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(opts.fields ?? {})) form.set(key, value);
  form.set('file', file, opts.filename ?? (file instanceof File ? file.name : 'image'));
  const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(UPLOAD_TIMEOUT_MS) : undefined;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: authHeaders(), body: form, signal: opts.signal ?? timeout });
  } catch (err) {
    throw networkError(err);
  }
  return readAnswer(res, opts.schema);
}
