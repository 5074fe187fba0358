// Profile photo rendition (1080 px AVIF, our encoder settings) against sharp's default JPEG encode of the same master at the same size.
import sharp from 'sharp';
import { ImageCodec } from '../../db/media/image-codec';
import { resolveRendition } from '../../db/media/renditions';
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import { samplePhoto } from './sample-photo';

const RUNS = 8;

async function timed(run: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const out = await run();
  return { ms: performance.now() - started, bytes: out.length };
}

/** Medians of interleaved encodes after one warm-up each (same master, same libvips concurrency). */
export async function runImageBench(): Promise<BenchRow[]> {
  const codec = new ImageCodec();
  const master = await codec.encodeMaster(await samplePhoto());
  const rendition = resolveRendition('profile', {});
  const ours = () => codec.encodeRendition(master.data, rendition);
  const jpeg = () => sharp(master.data).resize({ width: rendition.maxSide, height: rendition.maxSide, fit: 'inside' }).jpeg().toBuffer();
  await ours();
  await jpeg();
  const samples = { ours: [] as number[], jpeg: [] as number[] };
  let bytes = { ours: 0, jpeg: 0 };
  for (let i = 0; i < RUNS; i++) {
    const a = await timed(ours);
    const b = await timed(jpeg);
    samples.ours.push(a.ms);
    samples.jpeg.push(b.ms);
    bytes = { ours: a.bytes, jpeg: b.bytes };
  }
  const [avif, base] = [percentile(samples.ours, 50), percentile(samples.jpeg, 50)];
  console.log(
    `image: ${master.width}×${master.height} master → ${rendition.maxSide} px: AVIF q${rendition.quality} ${avif.toFixed(0)} ms, ${(bytes.ours / 1000).toFixed(0)} kB; sharp JPEG ${base.toFixed(0)} ms, ${(bytes.jpeg / 1000).toFixed(0)} kB (median of ${RUNS})`,
  );
  codec.close();
  return [benchRow({ name: `profile image 1080 AVIF vs sharp JPEG`, figure: avif, baseline: base, unit: 'ms', maxRatio: 5 })];
}
