// API p99 of a light endpoint while profile-photo uploads run (one a second: stored, re-encoded, 1080 AVIF prerendered)
// against the same probe while none runs. One probe stream covers the whole run and each request is labelled by
// whether an upload was in flight when it went out, so both figures see the same background load of a shared machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { samplePhoto } from '../bench/sample-photo';
import { percentile } from '../chat-load/stats';
import { withApiEnvironment } from './api-environment';
import { launchHeaders, type LoadRequest } from './load';
import { probeLatencies } from './probe';

const UPLOADER = fileURLToPath(new URL('./uploader-main.ts', import.meta.url));
const PROBE: LoadRequest = { method: 'POST', path: '/api/telegram/validate' };
const PROBE_RATE = 50;
const WINDOW_S = 5;
// 10 cycles: about 2,700 idle and 1,600 busy samples, so a p99 is not one or two of this VM's stalls.
const CYCLES = 10;
/** A request sent this soon after an upload finished counts as neither idle nor busy. */
const SETTLE_MS = 300;

interface UploadState {
  inFlight: number;
  lastDone: number;
  durations: number[];
  failures: string[];
  finished: boolean;
}

/** Starts uploader-main.ts and follows its `start` / `done` / `failed` lines. */
function startUploader(env: Record<string, string>, state: UploadState): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', UPLOADER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [event, rest] = [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)];
    if (event === 'start') state.inFlight++;
    if (event !== 'done' && event !== 'failed') return;
    state.inFlight--;
    state.lastDone = performance.now();
    if (event === 'done') state.durations.push(Number(rest));
    else state.failures.push(rest);
  });
  return new Promise((resolve) => child.once('exit', () => resolve(void (state.finished = true))));
}

export async function runUploadLatencyBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  const photoFile = path.join(dir, 'photo.jpg');
  writeFileSync(photoFile, await samplePhoto());
  try {
    return await withApiEnvironment('bench_upload', 200, async (env) => {
      const probeHeaders = launchHeaders(env.userIds.slice(0, 100));
      const uploaderEnv = { API_URL: env.apiUrl, PHOTO: photoFile, USER_IDS: env.userIds.slice(100).join(',') };
      // Warm-ups, unmeasured: the probe's route, and one upload (the first in a process loads libvips's codecs and
      // compiles the upload path; as the first busy samples it made up most of a p99 from about a thousand).
      await probeLatencies(env.apiUrl, PROBE, probeHeaders, { ratePerS: PROBE_RATE, durationMs: 2000, classify: () => null });
      const warmUp: UploadState = { inFlight: 0, lastDone: 0, durations: [], failures: [], finished: false };
      await startUploader({ ...uploaderEnv, WINDOW_S: '1', CYCLES: '1' }, warmUp);
      if (warmUp.failures.length) throw new Error(`warm-up upload failed: ${warmUp.failures[0]}`);
      const state: UploadState = { inFlight: 0, lastDone: 0, durations: [], failures: [], finished: false };
      const uploader = startUploader({ ...uploaderEnv, WINDOW_S: String(WINDOW_S), CYCLES: String(CYCLES) }, state);
      const classify = () =>
        state.finished ? null : state.inFlight > 0 ? 'busy' : performance.now() - state.lastDone > SETTLE_MS ? 'idle' : null;
      const probe = await probeLatencies(env.apiUrl, PROBE, probeHeaders, {
        ratePerS: PROBE_RATE,
        durationMs: CYCLES * WINDOW_S * 2000 + 2000,
        classify,
      });
      await uploader;
      const [idle, busy] = [probe.latencies.get('idle') ?? [], probe.latencies.get('busy') ?? []];
      const [p99Idle, p99Busy] = [percentile(idle, 99), percentile(busy, 99)];
      console.log(
        `upload latency: ${PROBE.method} ${PROBE.path} at ${PROBE_RATE}/s — idle p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${p99Idle.toFixed(1)} ms (${idle.length}); ` +
          `while uploading p50 ${percentile(busy, 50).toFixed(1)} ms, p99 ${p99Busy.toFixed(1)} ms (${busy.length}); ${state.durations.length} uploads of 3.3 MB, median ${percentile(state.durations, 50).toFixed(0)} ms` +
          (probe.errors ? `; probe: ${probe.errors} errors, first: ${probe.firstError}` : '') +
          (state.failures.length ? `; uploads failed: ${state.failures[0]}` : ''),
      );
      return [
        benchRow({
          name: 'API p99 with 1 profile upload/s vs idle',
          figure: p99Busy,
          baseline: p99Idle,
          unit: 'ms',
          maxRatio: 1.5,
          failed: probe.errors + state.failures.length > 0,
        }),
      ];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
