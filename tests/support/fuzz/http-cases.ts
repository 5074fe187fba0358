import fc from 'fast-check';
import type { HttpCall } from '../../api/security/permission-matrix';
import type { ApiRoute } from '../security/api-routes';
import { hostileString } from './hostile-values';
import { applyPlan, planFor, type Plan } from './mutations';
import { hostileFile } from './hostile-files';

/** What one fuzz case sends; `url` is complete (path parameters and query filled in). */
export interface HttpCase {
  kind: 'json' | 'query' | 'raw' | 'params' | 'file';
  url: string;
  contentType?: string;
  body?: string;
  file?: { data: Buffer; fields: Record<string, string> };
}

// Longer URLs are refused by Node's HTTP parser (431) before any of our code runs.
const MAX_QUERY_VALUE = 1500;
const MAX_QUERY = 6000;
const clamp = (s: string) => s.slice(0, MAX_QUERY_VALUE);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/jpeg',
  'foo/bar;;=',
];
const BROKEN_JSON = [
  '{',
  '{"chatId":',
  '[1,',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '['.repeat(5000),
  `{"a":"${'\\u'.repeat(3)}"}`,
  '1e99999',
  '',
];
const rawBody = fc.oneof(fc.constantFrom(...BROKEN_JSON), hostileString, fc.string({ unit: 'binary', maxLength: 200 }));

const safeEncode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[^\w-]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`);
  }
};

/** A query value as a client could send it: a string, a repeated parameter, or a serialised object. */
function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return `q=${safeEncode(clamp(JSON.stringify(query) ?? ''))}`;
  const params: string[] = [];
  const add = (k: string, v: unknown) =>
    params.push(`${safeEncode(clamp(k))}=${safeEncode(clamp(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))}`);
  for (const [k, v] of Object.entries(query)) (Array.isArray(v) ? v : [v]).forEach((item) => add(k, item));
  return params.join('&');
}

function urlOf(route: ApiRoute, params: Record<string, unknown>, query: unknown): string {
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    typeof params[name] === 'string' && (params[name] as string).startsWith('%raw%')
      ? (params[name] as string).slice(5)
      : safeEncode(clamp(String(params[name]))),
  );
  let qs = queryString(query);
  if (qs.length > MAX_QUERY)
    qs = qs.slice(0, qs.lastIndexOf('&', MAX_QUERY) > 0 ? qs.lastIndexOf('&', MAX_QUERY) : MAX_QUERY).replace(/%[0-9A-F]?$/i, '');
  return qs ? `${path}?${qs}` : path;
}

/** What to do to the seed call: printed by fast-check as the counterexample when a case fails. */
export type CaseSpec =
  | { kind: 'query'; plan: Plan }
  | { kind: 'json'; plan: Plan }
  | { kind: 'raw'; contentType: string; body: string }
  | { kind: 'params'; name: string; value: string }
  | { kind: 'file'; data: Buffer; plan: Plan };

/** Generated bad requests for one route, shaped after a valid call of it (the seed). */
export function httpCases(route: ApiRoute, seed: HttpCall): fc.Arbitrary<CaseSpec> {
  const kinds: Array<fc.Arbitrary<CaseSpec>> = [
    planFor(seed.query ?? {}).map((plan) => ({ kind: 'query' as const, plan })),
    fc.record({ kind: fc.constant('raw' as const), contentType: fc.constantFrom(...CONTENT_TYPES), body: rawBody }),
  ];
  if (route.method !== 'GET') kinds.push(planFor(seed.body ?? {}).map((plan) => ({ kind: 'json' as const, plan })));
  if (seed.params) {
    const raw = fc.constantFrom('%', '%E0%A4%A', '%00', '..%2F..%2F', '%C0%AE').map((r) => `%raw%${r}`);
    kinds.push(
      fc.record({
        kind: fc.constant('params' as const),
        name: fc.constantFrom(...Object.keys(seed.params)),
        value: fc.oneof(hostileString, raw),
      }),
    );
  }
  if (seed.file) kinds.push(fc.record({ kind: fc.constant('file' as const), data: hostileFile, plan: planFor(seed.file.fields) }));
  return fc.oneof(...kinds);
}

/** The request a spec makes of the current seed (whose ids are renewed after accepted cases). */
export function buildCase(route: ApiRoute, spec: CaseSpec, s: HttpCall): HttpCase {
  const params = s.params ?? {};
  const query = s.query ?? {};
  switch (spec.kind) {
    case 'query':
      return { kind: 'query', url: urlOf(route, params, applyPlan(query, spec.plan)) };
    case 'json':
      return {
        kind: 'json',
        url: urlOf(route, params, query),
        contentType: 'application/json',
        body: JSON.stringify(applyPlan(s.body ?? {}, spec.plan)) ?? 'null',
      };
    case 'raw':
      return { kind: 'raw', url: urlOf(route, params, query), contentType: spec.contentType, body: spec.body };
    case 'params':
      return { kind: 'params', url: urlOf(route, { ...params, [spec.name]: spec.value }, query) };
    case 'file':
      return {
        kind: 'file',
        url: urlOf(route, params, query),
        file: { data: spec.data, fields: stringFields(applyPlan(s.file?.fields ?? {}, spec.plan)) },
      };
  }
}

/** Multipart fields are strings: whatever the plan made becomes its JSON (or nothing when not an object). */
function stringFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
}
