// The API's latency targets where users feel it (issue 41): p99 at a constant 1,000 requests a second, the load
// generator on this same machine (an open model: scripts/api-load/open-load.ts). Printed with the achieved rate, p50
// and the server's CPU time per request.
import { benchRow, type BenchRow } from '../bench/bench-row';
import { processCpuMicros } from '../bench/process-cpu';
import type { LoadRequest } from './load';
import { openLoad } from './open-load';

const RATE = Number(process.env.BENCH_LATENCY_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const WARM_UP_S = 2;

interface LatencyTarget {
  name: string;
  url: string;
  /** The server's process, for its CPU time per request. */
  pid: number;
  request: LoadRequest;
  maxP99Ms: number;
}

export async function latencyRow(target: LatencyTarget, headers: () => Record<string, string>): Promise<BenchRow> {
  await openLoad(target.url, target.request, headers, { rate: RATE, durationS: WARM_UP_S });
  const cpuBefore = processCpuMicros(target.pid);
  const result = await openLoad(target.url, target.request, headers, { rate: RATE, durationS: SECONDS });
  const cpuMs = ((processCpuMicros(target.pid) ?? NaN) - (cpuBefore ?? NaN)) / 1000 / result.answered;
  const summary =
    `achieved ${result.achievedRps.toFixed(0)} req/s of ${RATE}, p50 ${result.p50Ms.toFixed(2)} ms, ` +
    `p99 ${result.p99Ms.toFixed(2)} ms, server CPU ${cpuMs.toFixed(3)} ms/request, ${result.failures} failures`;
  console.log(`${target.name}: ${summary}`);
  return benchRow({
    name: `${target.name} p99 at ${RATE} req/s (${result.achievedRps.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, CPU ${cpuMs.toFixed(3)} ms/req)`,
    figure: result.p99Ms,
    unit: 'ms',
    maxFigure: target.maxP99Ms,
    // A run that fell behind the rate (the generator or the server) did not measure the target load.
    failed: result.failures > 0 || result.achievedRps < RATE * 0.95,
  });
}
