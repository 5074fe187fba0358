import http from 'node:http';
import { percentile } from '../chat-load/stats';
import { bodyOf, type LoadRequest } from './load';

interface OpenLoadResult {
  /** Requests answered per second over the run. */
  achievedRps: number;
  /** Latency from each request's scheduled start (not its actual one) to the end of its answer. */
  p50Ms: number;
  p99Ms: number;
  answered: number;
  /** Transport errors, and answers other than 2xx. */
  failures: number;
}

/**
 * An open-model, constant-rate load: `rate` requests a second for `durationS`, each sent at its scheduled time
 * whether or not earlier ones have been answered (a slow server does not slow the load down, as closed-loop tools
 * like autocannon do), over keep-alive connections opened as needed. Latency is counted from the schedule, so a
 * request the generator itself sent late counts as late (no coordinated omission). The scheduler wakes every
 * millisecond and sends what is due.
 */
export async function openLoad(
  baseUrl: string,
  request: LoadRequest,
  headers: () => Record<string, string>,
  opts: { rate: number; durationS: number },
): Promise<OpenLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(request.path, baseUrl);
  const { body, headers: bodyHeaders } = bodyOf(request);
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(opts.rate * opts.durationS);
  const send = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(url, { method: request.method, agent, headers: { ...bodyHeaders, ...headers() } }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300) latencies.push(performance.now() - scheduledAt);
          else failures++;
          resolve();
        });
      });
      req.on('error', () => (failures++, resolve()));
      req.end(body);
    });
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * opts.rate));
      while (inFlight.length < due) inFlight.push(send(started + (inFlight.length * 1000) / opts.rate));
      if (inFlight.length < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    achievedRps: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    answered: latencies.length,
    failures,
  };
}
