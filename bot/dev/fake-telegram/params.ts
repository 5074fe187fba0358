/** Bot API parameters as the fake reads them, and the failures it answers with. */

export type Params = Record<string, unknown>;

export interface FailureSpec {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** A Bot API failure; the server turns it into {ok:false,...} with HTTP status = errorCode. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}

export const bad = (what: string): ApiError => new ApiError(400, `Bad Request: ${what}`);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optInt(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw bad(`invalid ${name} specified`);
  return n;
}

export function reqInt(params: Params, name: string, missing: string): number {
  const n = optInt(params, name);
  if (n === undefined) throw bad(missing);
  return n;
}

export function optStr(params: Params, name: string): string | undefined {
  const value = params[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** chat_id as Telegram checks it: missing is "empty", anything not an integer is an unknown chat. */
export function chatIdOf(params: Params): number {
  const value = params.chat_id;
  if (value === undefined || value === '') throw bad('chat_id is empty');
  try {
    return reqInt(params, 'chat_id', 'chat_id is empty');
  } catch {
    throw bad('chat not found');
  }
}

/** A file sent in a multipart request, under its field name. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

export type Uploads = ReadonlyMap<string, UploadedFile>;

/** One Bot API method of the fake. */
export type Handler = (params: Params, uploads: Uploads) => unknown;
