// API p99 of a light endpoint while one profile-photo upload per second runs (stored, re-encoded, 1080 AVIF prerendered), against the same probe idle.
import { benchRow, type BenchRow } from '../bench/bench-row';
import { samplePhoto } from '../bench/sample-photo';
import { percentile } from '../chat-load/stats';
import { withApiEnvironment } from './api-environment';
import { launchHeaders, type LoadRequest } from './load';
import { probeLatencies } from './probe';

const PROBE: LoadRequest = { method: 'POST', path: '/api/telegram/validate' };
const PROBE_RATE = 50;
const PHASE_MS = 10_000;
const ROUNDS = 2;

/** One multipart profile-photo upload; its duration, or null (logged) when refused. */
async function uploadOnce(apiUrl: string, photo: Blob, headers: Record<string, string>): Promise<number | null> {
  const form = new FormData();
  form.set('variant', 'profile');
  form.set('file', photo, 'photo.jpg');
  const started = performance.now();
  try {
    const res = await fetch(`${apiUrl}/api/cdn/images/upload`, { method: 'POST', headers, body: form });
    if (res.ok) return performance.now() - started;
    console.log(`upload: HTTP ${res.status} ${await res.text()}`);
  } catch (err) {
    console.log(`upload: ${String(err)}`);
  }
  return null;
}

/** One upload per second for `durationMs`, each by another user (uploads are rate-limited per user). */
async function uploadEverySecond(apiUrl: string, photo: Buffer, headers: () => Record<string, string>, durationMs: number): Promise<{ durations: number[]; failed: number }> {
  const blob = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
  const uploads: Promise<number | null>[] = [];
  for (let i = 0; i < durationMs / 1000; i++) {
    uploads.push(uploadOnce(apiUrl, blob, headers()));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const results = await Promise.all(uploads);
  const durations = results.filter((ms): ms is number => ms !== null);
  return { durations, failed: results.length - durations.length };
}

export async function runUploadLatencyBench(): Promise<BenchRow[]> {
  const photo = await samplePhoto();
  return withApiEnvironment('bench_upload', 200, async (env) => {
    const probeHeaders = launchHeaders(env.userIds.slice(0, 100));
    const uploadHeaders = launchHeaders(env.userIds.slice(100));
    const probe = () => probeLatencies(env.apiUrl, PROBE, probeHeaders, { ratePerS: PROBE_RATE, durationMs: PHASE_MS });
    await probeLatencies(env.apiUrl, PROBE, probeHeaders, { ratePerS: PROBE_RATE, durationMs: 2000 });
    const idle: number[] = [];
    const loaded: number[] = [];
    const uploads: number[] = [];
    let errors = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = await probe();
      const [busy, up] = await Promise.all([probe(), uploadEverySecond(env.apiUrl, photo, uploadHeaders, PHASE_MS)]);
      idle.push(...quiet.latencies);
      loaded.push(...busy.latencies);
      uploads.push(...up.durations);
      errors += quiet.errors + busy.errors + up.failed;
      if (quiet.firstError ?? busy.firstError) console.log(`probe: ${quiet.firstError ?? busy.firstError}`);
    }
    const [p99Idle, p99Loaded] = [percentile(idle, 99), percentile(loaded, 99)];
    console.log(`upload latency: ${PROBE.method} ${PROBE.path} at ${PROBE_RATE}/s, p50 idle ${percentile(idle, 50).toFixed(1)} ms / with uploads ${percentile(loaded, 50).toFixed(1)} ms; ` +
      `p99 idle ${p99Idle.toFixed(1)} ms / with uploads ${p99Loaded.toFixed(1)} ms; ${uploads.length} uploads of ${(photo.length / 1e6).toFixed(1)} MB, median ${percentile(uploads, 50).toFixed(0)} ms${errors ? `; ${errors} errors` : ''}`);
    return [benchRow({ name: 'API p99 with 1 profile upload/s vs idle', figure: p99Loaded, baseline: p99Idle, unit: 'ms', maxRatio: 1.5, failed: errors > 0 })];
  });
}
