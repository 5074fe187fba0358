// Image screening (issue #27): time per upload (the 224×224 pixels from the upload + the model's answer) beside the
// 1080 px AVIF encode of the same upload (its prerender), and the process memory the loaded model costs.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { ImageCodec, SCREENING_PIXEL_STEPS } from '../../db/media/image-codec';
import { resolveRendition } from '../../db/media/renditions';
import { NsfwClassifier } from '../../db/media/screening/nsfw-classifier';
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import { samplePhoto } from './sample-photo';

const RUNS = 12;
const MEMORY_MAIN = fileURLToPath(new URL('./screening-memory-main.ts', import.meta.url));

/** The pixels as the encoder job makes them (same steps, one libvips thread: image-codec.ts sets it). */
async function screeningPixels(upload: Buffer): Promise<Buffer> {
  let pipeline: Sharp = sharp(upload);
  for (const [method, ...args] of SCREENING_PIXEL_STEPS) pipeline = (pipeline[method as keyof Sharp] as (...a: unknown[]) => Sharp)(...args);
  return pipeline.toBuffer();
}

async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function timingRows(): Promise<BenchRow[]> {
  const codec = new ImageCodec();
  const classifier = new NsfwClassifier();
  try {
    const upload = await samplePhoto();
    const rendition = resolveRendition('profile', { w: 1080 });
    // Warm-ups: the model's load and the codecs' first use.
    await classifier.classify(await screeningPixels(upload));
    await codec.encodeRendition(upload, rendition, 'upload');
    const pixelsMs: number[] = [];
    const classifyMs: number[] = [];
    const screening: number[] = [];
    const avif: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const pixels = await screeningPixels(upload);
      pixelsMs.push(performance.now() - started);
      started = performance.now();
      await classifier.classify(pixels);
      classifyMs.push(performance.now() - started);
      screening.push(pixelsMs.at(-1)! + classifyMs.at(-1)!);
      avif.push(...(await timeRuns(1, () => codec.encodeRendition(upload, rendition, 'upload'))));
    }
    const [p50, p95, avif50, avif95] = [percentile(screening, 50), percentile(screening, 95), percentile(avif, 50), percentile(avif, 95)];
    console.log(
      `screening: 12 MP upload → 224×224 pixels p50 ${percentile(pixelsMs, 50).toFixed(0)} ms + model p50 ${percentile(classifyMs, 50).toFixed(0)} ms ` +
        `(model load ${classifier.loadMs?.toFixed(0)} ms); total p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; ` +
        `AVIF 1080 of the same upload p50 ${avif50.toFixed(0)} ms, p95 ${avif95.toFixed(0)} ms (${RUNS} runs)`,
    );
    return [
      benchRow({ name: 'screening per upload p50 vs its AVIF 1080 encode', figure: p50, baseline: avif50, unit: 'ms', maxRatio: 0.5 }),
      benchRow({ name: 'screening per upload p95 vs its AVIF 1080 encode', figure: p95, baseline: avif95, unit: 'ms', maxRatio: 0.5 }),
    ];
  } finally {
    await classifier.close();
    codec.close();
  }
}

async function memoryRow(): Promise<BenchRow> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', MEMORY_MAIN], { encoding: 'utf8' });
  const { without, with: withModel } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { without: number; with: number };
  console.log(`screening memory: RSS ${without.toFixed(0)} MB without the model, ${withModel.toFixed(0)} MB with it loaded`);
  return benchRow({ name: 'process memory: screening model loaded, over without', figure: withModel - without, unit: 'MB', maxFigure: 200 });
}

export async function runScreeningBench(): Promise<BenchRow[]> {
  return [...(await timingRows()), await memoryRow()];
}
