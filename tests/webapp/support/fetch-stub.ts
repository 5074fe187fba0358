import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  url: URL;
  body: Record<string, unknown> | null;
  /** The Authorization header, which carries initData. */
  authorization: string | null;
}
type Answer = { status?: number; json?: unknown; text?: string; statusText?: string } | Error;
export type Route = Answer | ((req: StubRequest) => Answer | Promise<Answer>);

const NOT_FOUND: Answer = { status: 404, json: { ok: false, error: 'NOT_FOUND', message: 'Не найдено' } };

/** Replaces fetch with a table of 'METHOD /path' → answer; unknown paths answer the server's 404. Returns the calls. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const sent = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const req: StubRequest = { method, url, body: sent, authorization: new Headers(init.headers).get('authorization') };
    calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(req) : (route ?? NOT_FOUND);
    if (answer instanceof Error) throw answer;
    if (answer.text !== undefined)
      return new Response(answer.text, { status: answer.status ?? 200, headers: { 'content-type': 'text/html' } });
    const body = answer.json === undefined ? null : JSON.stringify(answer.json);
    return new Response(body, {
      status: answer.status ?? 200,
      statusText: answer.statusText ?? '',
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
