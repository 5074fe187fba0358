import http from 'node:http';
import { bodyOf, type LoadRequest } from './load';

export interface ProbeResult {
  /** Latencies by the label `classify` gave each request when it was sent (unlabelled requests are dropped). */
  latencies: Map<string, number[]>;
  errors: number;
  /** The first failure, so a FAIL explains itself. */
  firstError?: string;
}

function timedRequest(agent: http.Agent, url: URL, request: LoadRequest, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const { body, headers: bodyHeaders } = bodyOf(request);
    const req = http.request(url, { method: request.method, agent, headers: { ...headers, ...bodyHeaders }, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', reject);
    req.end(body);
  });
}

/** Open-loop requests at `ratePerS` for `durationMs` (a slow answer never delays the next send), each labelled when sent. */
export async function probeLatencies(
  baseUrl: string,
  request: LoadRequest,
  headers: () => Record<string, string>,
  opts: { ratePerS: number; durationMs: number; classify: () => string | null },
): Promise<ProbeResult> {
  // Idle sockets close before the server's 5 s keep-alive does, so none is reused as the server drops it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  const url = new URL(request.path, baseUrl);
  const result: ProbeResult = { latencies: new Map(), errors: 0 };
  const record = (label: string | null, ms: number) => {
    if (label === null) return;
    const list = result.latencies.get(label) ?? [];
    list.push(ms);
    result.latencies.set(label, list);
  };
  const pending: Promise<unknown>[] = [];
  const started = performance.now();
  for (let sent = 0; performance.now() - started < opts.durationMs;) {
    const due = Math.floor(((performance.now() - started) / 1000) * opts.ratePerS);
    for (; sent < due; sent++) {
      const label = opts.classify();
      pending.push(
        timedRequest(agent, url, request, headers()).then(
          (ms) => record(label, ms),
          (err: Error) => void (result.errors++, (result.firstError ??= err.message)),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}
