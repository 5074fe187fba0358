// Image screening (issue #27): time per upload (the 224×224 pixels from the master's decoded pixels + the model's
// answer) beside the 1080 px AVIF encode of the same upload (its prerender), and the memory the loaded model costs
// (its screening process's and this one's, screening-memory-main.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { ImageCodec, MASTER_SHAPE, SCREENING_PIXEL_STEPS } from '../../db/media/image-codec';
import { resolveRendition } from '../../db/media/renditions';
import { NsfwClassifier } from '../../platform/screening/nsfw-classifier';
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import { versusAvifRows } from './versus-avif-rows';
import { processCpuMicros } from './process-cpu';
import { samplePhoto } from './sample-photo';

// 40 runs: a p95 is then about the third-largest sample, not (as of 12) mostly the largest.
const RUNS = 40;
const MEMORY_MAIN = fileURLToPath(new URL('./screening-memory-main.ts', import.meta.url));

type Raw = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

function pipelineOf(pipeline: Sharp, steps: typeof SCREENING_PIXEL_STEPS): Sharp {
  for (const [method, ...args] of steps) pipeline = (pipeline[method as keyof Sharp] as (...a: unknown[]) => Sharp)(...args);
  return pipeline;
}

/** The upload decoded into the master's pixels, as the encoder job does once for the master and the screening. */
async function masterPixels(upload: Buffer): Promise<Raw> {
  const { data, info } = await pipelineOf(sharp(upload), MASTER_SHAPE).raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The pixels as the encoder job makes them (same steps, one libvips thread: image-codec.ts sets it) from the
 * master's decoded pixels: the upload's decode is the master's, made whether or not it is screened.
 */
const screeningPixels = (master: Raw): Promise<Buffer> =>
  pipelineOf(sharp(master.data, { raw: master.info }), SCREENING_PIXEL_STEPS).toBuffer();

async function timingRows(): Promise<BenchRow[]> {
  const codec = new ImageCodec();
  const classifier = new NsfwClassifier();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'screening-bench-'));
  try {
    const bytes = await samplePhoto();
    const master = await masterPixels(bytes);
    // The encoder reads the upload from its file, as production's encodes do: sent as bytes, its 3 MB serialized for the
    // encoder process on every encode set off this process's concurrent garbage collection, whose threads (at normal
    // priority) preempted the SCHED_IDLE screening process: 50 ms stalls in the screening's tail.
    const upload = path.join(dir, 'upload.jpg');
    writeFileSync(upload, bytes);
    const rendition = resolveRendition('profile', { w: 1080 });
    // Warm-ups: the model's load and the codecs' first use.
    await classifier.classify(await screeningPixels(master));
    await codec.encodeRendition(upload, rendition, 'upload');
    const pixelsMs: number[] = [];
    const classifyMs: number[] = [];
    const screening: number[] = [];
    const avif: number[] = [];
    // CPU time as well (the pixels: this process; the model: the screening process; AVIF: the encoder processes), which a
    // shared machine's load does not stretch as it stretches wall time.
    const screeningCpu: number[] = [];
    const modelCpu: number[] = [];
    const avifCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cpu = process.cpuUsage();
      let started = performance.now();
      const pixels = await screeningPixels(master);
      pixelsMs.push(performance.now() - started);
      const pixelsCpu = process.cpuUsage(cpu);
      started = performance.now();
      await classifier.classify(pixels);
      classifyMs.push(performance.now() - started);
      screening.push(pixelsMs.at(-1)! + classifyMs.at(-1)!);
      modelCpu.push(classifier.lastCpuMs ?? NaN);
      screeningCpu.push((pixelsCpu.user + pixelsCpu.system) / 1000 + modelCpu.at(-1)!);
      const encoderCpu = () => codec.pool.pids().reduce((sum, pid) => sum + (processCpuMicros(pid) ?? 0), 0);
      const before = encoderCpu();
      started = performance.now();
      await codec.encodeRendition(upload, rendition, 'upload');
      avif.push(performance.now() - started);
      avifCpu.push((encoderCpu() - before) / 1000);
    }
    const [p50, p95, avif50, avif95] = [percentile(screening, 50), percentile(screening, 95), percentile(avif, 50), percentile(avif, 95)];
    const [cpu50, avifCpu50] = [percentile(screeningCpu, 50), percentile(avifCpu, 50)];
    console.log(
      `screening: 12 MP upload's master pixels (2560 px, decoded once for the master) → 224×224 pixels p50 ${percentile(pixelsMs, 50).toFixed(0)} ms + model p50 ${percentile(classifyMs, 50).toFixed(0)} ms ` +
        `(model load ${classifier.loadMs?.toFixed(0)} ms); total p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, CPU p50 ${cpu50.toFixed(0)} ms (model ${percentile(modelCpu, 50).toFixed(0)} ms); ` +
        `AVIF 1080 of the same upload p50 ${avif50.toFixed(0)} ms, p95 ${avif95.toFixed(0)} ms, CPU p50 ${avifCpu50.toFixed(0)} ms (${RUNS} runs)`,
    );
    return versusAvifRows('screening per upload', { ms: screening, cpuMs: screeningCpu }, { ms: avif, cpuMs: avifCpu });
  } finally {
    await classifier.close();
    codec.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function memoryRow(): Promise<BenchRow> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', MEMORY_MAIN], { encoding: 'utf8' });
  const last = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<
    'without' | 'with' | 'screeningProcess' | 'rssWithout' | 'rssWith',
    number
  >;
  const { without, with: withModel, screeningProcess } = last;
  console.log(
    `screening memory (proportional set size): ${without.toFixed(0)} MB without the model, ${withModel.toFixed(0)} MB with it loaded ` +
      `(the screening process ${screeningProcess.toFixed(0)} MB of it); RSS counting shared pages twice ${last.rssWithout.toFixed(0)} → ${last.rssWith.toFixed(0)} MB`,
  );
  return benchRow({
    name: 'process memory: screening model loaded, over without',
    figure: withModel - without,
    unit: 'MB',
    maxFigure: 200,
  });
}

export async function runScreeningBench(): Promise<BenchRow[]> {
  return [...(await timingRows()), await memoryRow()];
}
