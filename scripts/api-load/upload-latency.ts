// API p99 of a light endpoint while profile-photo uploads run (one a second: stored, re-encoded, 1080 AVIF prerendered)
// against the same probe while none runs. One probe stream covers the whole run and each request is labelled by
// whether an upload was in flight when it went out, so both figures see the same background load of a shared machine.
import { benchRow, type BenchRow } from '../bench/bench-row';
import { samplePhoto } from '../bench/sample-photo';
import { percentile } from '../chat-load/stats';
import { withApiEnvironment } from './api-environment';
import { launchHeaders, type LoadRequest } from './load';
import { probeLatencies } from './probe';

const PROBE: LoadRequest = { method: 'POST', path: '/api/telegram/validate' };
const PROBE_RATE = 50;
/** Uploads on for WINDOW_S seconds (one a second), then off for as long, CYCLES times. */
const WINDOW_S = 5;
const CYCLES = 4;
/** A request sent this soon after an upload finished counts as neither idle nor busy. */
const SETTLE_MS = 300;

/** One multipart profile-photo upload; whether it was stored (a refusal is logged). */
async function uploadOnce(apiUrl: string, photo: Blob, headers: Record<string, string>): Promise<boolean> {
  const form = new FormData();
  form.set('variant', 'profile');
  form.set('file', photo, 'photo.jpg');
  try {
    const res = await fetch(`${apiUrl}/api/cdn/images/upload`, { method: 'POST', headers, body: form });
    if (res.ok) return true;
    console.log(`upload: HTTP ${res.status} ${await res.text()}`);
  } catch (err) {
    console.log(`upload: ${String(err)}`);
  }
  return false;
}

/** Runs the upload schedule; `state` tells the probe what is in flight. Each upload is by another user (uploads are rate-limited per user). */
async function uploadSchedule(apiUrl: string, photo: Blob, headers: () => Record<string, string>, state: { inFlight: number; lastDone: number; durations: number[]; failed: number }): Promise<void> {
  const uploads: Promise<void>[] = [];
  const one = async () => {
    state.inFlight++;
    const started = performance.now();
    const ok = await uploadOnce(apiUrl, photo, headers());
    state.inFlight--;
    state.lastDone = performance.now();
    if (ok) state.durations.push(state.lastDone - started);
    else state.failed++;
  };
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    for (let i = 0; i < WINDOW_S; i++) {
      uploads.push(one());
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await Promise.all(uploads);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
  }
}

export async function runUploadLatencyBench(): Promise<BenchRow[]> {
  const photo = new Blob([new Uint8Array(await samplePhoto())], { type: 'image/jpeg' });
  return withApiEnvironment('bench_upload', 200, async (env) => {
    const probeHeaders = launchHeaders(env.userIds.slice(0, 100));
    const state = { inFlight: 0, lastDone: 0, durations: [] as number[], failed: 0 };
    await probeLatencies(env.apiUrl, PROBE, probeHeaders, { ratePerS: PROBE_RATE, durationMs: 2000, classify: () => null });
    let done = false;
    const schedule = uploadSchedule(env.apiUrl, photo, launchHeaders(env.userIds.slice(100)), state).finally(() => (done = true));
    const classify = () => (done ? null : state.inFlight > 0 ? 'busy' : performance.now() - state.lastDone > SETTLE_MS ? 'idle' : null);
    const probe = await probeLatencies(env.apiUrl, PROBE, probeHeaders, { ratePerS: PROBE_RATE, durationMs: CYCLES * WINDOW_S * 2000, classify });
    await schedule;
    const [idle, busy] = [probe.latencies.get('idle') ?? [], probe.latencies.get('busy') ?? []];
    const [p99Idle, p99Busy] = [percentile(idle, 99), percentile(busy, 99)];
    console.log(`upload latency: ${PROBE.method} ${PROBE.path} at ${PROBE_RATE}/s — idle p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${p99Idle.toFixed(1)} ms (${idle.length}); ` +
      `while uploading p50 ${percentile(busy, 50).toFixed(1)} ms, p99 ${p99Busy.toFixed(1)} ms (${busy.length}); ${state.durations.length} uploads of ${(photo.size / 1e6).toFixed(1)} MB, median ${percentile(state.durations, 50).toFixed(0)} ms` +
      (probe.errors ? `; probe: ${probe.errors} errors, first: ${probe.firstError}` : ''));
    return [benchRow({ name: 'API p99 with 1 profile upload/s vs idle', figure: p99Busy, baseline: p99Idle, unit: 'ms', maxRatio: 1.5, failed: probe.errors + state.failed > 0 })];
  });
}
