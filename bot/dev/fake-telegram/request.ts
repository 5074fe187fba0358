import type { IncomingMessage } from 'node:http';
import { ApiError, type Params, type UploadedFile } from './params';

/** A Bot API request's parameters from its query string and its JSON, urlencoded or multipart body. */

const MAX_BODY_BYTES = 60 * 1024 * 1024;
// Multipart and urlencoded values are strings; these fields are numbers or booleans in JSON.
const NUMERIC_FIELDS = new Set([
  'chat_id',
  'message_id',
  'reply_to_message_id',
  'message_thread_id',
  'from_chat_id',
  'user_id',
  'offset',
  'limit',
  'timeout',
  'cache_time',
  'width',
  'height',
  'duration',
]);
const BOOLEAN_FIELDS = new Set([
  'disable_notification',
  'protect_content',
  'show_alert',
  'drop_pending_updates',
  'has_spoiler',
  'show_caption_above_media',
  'allow_sending_without_reply',
  'disable_web_page_preview',
  'allow_paid_broadcast',
]);
// Free text that must never be JSON-parsed even when it starts with { or [.
const TEXT_FIELDS = new Set(['text', 'caption', 'title', 'description', 'short_description', 'name', 'url']);

export interface ParsedRequest {
  params: Params;
  uploads: Map<string, UploadedFile>;
}

function coerceField(name: string, value: string): unknown {
  const trimmed = value.trim();
  if (!TEXT_FIELDS.has(name) && /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  if (NUMERIC_FIELDS.has(name) && /^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (BOOLEAN_FIELDS.has(name) && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'Request Entity Too Large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function readJson(body: Buffer, into: ParsedRequest): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ApiError(400, "Bad Request: can't parse JSON object");
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'Bad Request: request body must be a JSON object');
  }
  Object.assign(into.params, parsed);
}

/** multipart/form-data through the Fetch API's own parser (Response#formData): files are uploads, the rest params. */
async function readMultipart(body: Buffer, contentType: string, into: ParsedRequest): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiError(400, "Bad Request: can't parse multipart/form-data");
  }
  // The project's DOM lib has no FormData iterator; forEach visits the same entries in order.
  const entries: Array<[string, FormDataEntryValue]> = [];
  form.forEach((value, name) => entries.push([name, value]));
  for (const [name, value] of entries) {
    if (typeof value === 'string') into.params[name] = coerceField(name, value);
    else into.uploads.set(name, { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
  }
}

export async function parseRequest(req: IncomingMessage, url: URL): Promise<ParsedRequest> {
  const parsed: ParsedRequest = { params: {}, uploads: new Map() };
  for (const [key, value] of url.searchParams) parsed.params[key] = coerceField(key, value);
  const body = await readBody(req);
  if (body.length === 0) return parsed;
  const contentType = req.headers['content-type'] ?? '';
  const type = contentType.toLowerCase();
  if (type.startsWith('application/json')) readJson(body, parsed);
  else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) parsed.params[key] = coerceField(key, value);
  } else if (type.startsWith('multipart/form-data')) await readMultipart(body, contentType, parsed);
  else throw new ApiError(400, `Bad Request: unsupported content type ${contentType}`);
  return parsed;
}
