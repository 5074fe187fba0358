import autocannon from 'autocannon';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { LOAD_BOT_TOKEN } from '../chat-load/load-client';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
}

/** What the mini app sends besides initData: POSTs carry a JSON object. */
export const bodyOf = (request: LoadRequest) =>
  request.method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : { body: undefined, headers: {} };

/** Real initData, signed with the load token, for each user; requests take them in turn. */
export function launchHeaders(userIds: readonly number[]): () => Record<string, string> {
  const signed = userIds.map((id) => `tma ${signLaunchData({ id, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN)}`);
  let next = 0;
  return () => ({ authorization: signed[next++ % signed.length]! });
}

export interface Throughput {
  rps: number;
  non2xx: number;
  errors: number;
}

/**
 * Closed-loop requests per second from autocannon (`connections` in flight, bounded by `durationS`).
 * Every request is set up per call with the same headers, so our API and a baseline cost the client the same.
 */
export async function requestsPerSecond(
  baseUrl: string,
  request: LoadRequest,
  headers: () => Record<string, string>,
  opts: { connections: number; durationS: number },
): Promise<Throughput> {
  const result = await autocannon({
    url: baseUrl,
    connections: opts.connections,
    duration: opts.durationS,
    timeout: 10,
    requests: [
      {
        method: request.method,
        path: request.path,
        body: bodyOf(request).body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...bodyOf(request).headers, ...headers() } }),
      },
    ],
  });
  return { rps: result.requests.total / opts.durationS, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}
