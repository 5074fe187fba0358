// The upload side of upload-latency.ts, in its own process so its multipart encoding never delays the probe's
// clock. Env: API_URL, PHOTO (a JPEG file), USER_IDS (comma-separated; one upload each), WINDOW_S, CYCLES.
// Uploads one a second for WINDOW_S seconds, waits for them, pauses WINDOW_S seconds; prints `start` and `done <ms>|failed`.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { launchHeaders } from './load';

const env = z
  .object({
    API_URL: z.url(),
    PHOTO: z.string(),
    USER_IDS: z.string(),
    WINDOW_S: z.coerce.number().int().positive(),
    CYCLES: z.coerce.number().int().positive(),
  })
  .parse(process.env);
const photo = new Blob([new Uint8Array(readFileSync(env.PHOTO))], { type: 'image/jpeg' });
const headers = launchHeaders(env.USER_IDS.split(',').map(Number));
const [windowS, cycles] = [env.WINDOW_S, env.CYCLES];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(): Promise<void> {
  const form = new FormData();
  form.set('variant', 'profile');
  form.set('file', photo, 'photo.jpg');
  process.stdout.write('start\n');
  const started = performance.now();
  try {
    const res = await fetch(`${env.API_URL}/api/cdn/images/upload`, { method: 'POST', headers: headers(), body: form });
    const text = await res.text();
    process.stdout.write(res.ok ? `done ${(performance.now() - started).toFixed(1)}\n` : `failed HTTP ${res.status} ${text}\n`);
  } catch (err) {
    process.stdout.write(`failed ${String(err)}\n`);
  }
}

for (let cycle = 0; cycle < cycles; cycle++) {
  const uploads: Promise<void>[] = [];
  for (let i = 0; i < windowS; i++) {
    uploads.push(upload());
    await sleep(1000);
  }
  await Promise.all(uploads);
  await sleep(windowS * 1000);
}
