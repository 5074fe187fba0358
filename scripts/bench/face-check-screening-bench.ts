// The face check of issue 43: time and CPU per profile photo (the model's answer on the 224×224 screening pixels, in
// the screening process) beside the 1080 px AVIF encode of the same upload, and the process memory its models add to
// the loaded screening model. The photo is one of the package's samples (three faces: the age model runs per face).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ImageCodec } from '../../db/media/image-codec';
import { resolveRendition } from '../../db/media/renditions';
import { NsfwClassifier } from '../../platform/screening/nsfw-classifier';
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import { versusAvifRows } from './versus-avif-rows';
import { processCpuMicros } from './process-cpu';

// 40 runs, as the screening's: a p95 of 12 was the largest sample, one stall of the machine.
const RUNS = 40;
const MEMORY_MAIN = fileURLToPath(new URL('./screening-memory-main.ts', import.meta.url));

/**
 * @vladmandic/face-api's demo/sample1.jpg (1920×1280, three adults), by its path: the encoder reads it from the file as
 * production's encodes read an upload (see screening-bench.ts: bytes serialized for the encoder on every encode set off
 * its garbage collection, which preempted the measured processes).
 */
function faceSamplePhoto(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
}

async function timingRows(): Promise<BenchRow[]> {
  const codec = new ImageCodec();
  const classifier = new NsfwClassifier();
  try {
    const upload = faceSamplePhoto();
    const { pixels } = await codec.encodeMaster(upload, { screeningPixels: true });
    const rendition = resolveRendition('profile', { w: 1080 });
    // Warm-ups: the models' load and the codec's first use.
    await classifier.checkFace(pixels!);
    await codec.encodeRendition(upload, rendition, 'upload');
    const faceMs: number[] = [];
    const faceCpu: number[] = [];
    const avifMs: number[] = [];
    const avifCpu: number[] = [];
    const encoderCpu = () => codec.pool.pids().reduce((sum, pid) => sum + (processCpuMicros(pid) ?? 0), 0);
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      await classifier.checkFace(pixels!);
      faceMs.push(performance.now() - started);
      faceCpu.push(classifier.lastFaceCpuMs ?? NaN);
      const before = encoderCpu();
      started = performance.now();
      await codec.encodeRendition(upload, rendition, 'upload');
      avifMs.push(performance.now() - started);
      avifCpu.push((encoderCpu() - before) / 1000);
    }
    const [p50, p95, avif50, avif95] = [percentile(faceMs, 50), percentile(faceMs, 95), percentile(avifMs, 50), percentile(avifMs, 95)];
    const [cpu50, avifCpu50] = [percentile(faceCpu, 50), percentile(avifCpu, 50)];
    console.log(
      `face check: ${p50.toFixed(0)} ms p50, ${p95.toFixed(0)} ms p95, CPU p50 ${cpu50.toFixed(0)} ms; AVIF 1080 of the same upload ` +
        `p50 ${avif50.toFixed(0)} ms, p95 ${avif95.toFixed(0)} ms, CPU p50 ${avifCpu50.toFixed(0)} ms (${RUNS} runs)`,
    );
    return versusAvifRows('face check per photo', { ms: faceMs, cpuMs: faceCpu }, { ms: avifMs, cpuMs: avifCpu });
  } finally {
    await classifier.close();
    codec.close();
  }
}

async function memoryRow(): Promise<BenchRow> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', MEMORY_MAIN, '--faces'], { encoding: 'utf8' });
  const { with: withModel, withFaces } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { with: number; withFaces: number };
  console.log(
    `face check memory (proportional set size, this process and the screening process): ${withModel.toFixed(0)} MB with the screening model, ${withFaces.toFixed(0)} MB with the face models too`,
  );
  return benchRow({
    name: 'process memory: face check models loaded, over screening alone',
    figure: withFaces - withModel,
    unit: 'MB',
    maxFigure: 120,
  });
}

export async function runFaceCheckBench(): Promise<BenchRow[]> {
  return [...(await timingRows()), await memoryRow()];
}
