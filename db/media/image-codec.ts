import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../contracts/errors';
import { MAX_UPLOAD_MEGAPIXELS, MEDIA_MESSAGES } from '../../contracts/media';
import { EncodeLanes, type EncodePriority } from '../../platform/media/encode-lanes';
import { NO_METRICS, type Metrics } from '../../platform/metrics/metrics';
import { type EncodeJob, EncodeRefused, type EncodeResult, EncoderPool, type PipelineStep } from '../../platform/media/encoder-pool';
import { SCREENING_INPUT_BYTES, SCREENING_SIDE } from '../../platform/screening/classifier';
import { SHARP_FORMAT, sniffImageType } from '../../platform/media/image-type';
import type { Rendition } from './renditions';
import { UPLOAD_BACKGROUND } from './backgrounds';

/** Above this many pixels an image is refused from its header, before any decoding (decompression bombs, and a 128 KB PNG of 40 MP costs a second of CPU to decode). */
const MAX_INPUT_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;
const MASTER_MAX_SIDE = 2560;
// AVIF effort 1: the lowest that keeps the encode within the image bench's budget against a JPEG (docs/measurements.md).
const AVIF_EFFORT = 1;
// WebP effort 2: about the size of 4 for less CPU (scripts/bench/image-bench.ts, the photo rows).
const MASTER_WEBP_EFFORT = 2;

// Encodes run in lanes of one libvips thread each, at most one per core but one (one upload may run past that
// while renditions fill them, see EncodeLanes): however many uploads or renditions come, a core stays free for the
// event loop and PostgreSQL. They run in encoder processes at nice 19 (EncoderPool); this process only reads headers.
sharp.concurrency(1);
// No operation cache: no two requests share an input (each reads its own buffer or upload), and a cached load
// would hold a deleted upload's file open.
sharp.cache(false);

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupported);

/**
 * An image's bytes, or the path of the file holding them (an upload's temporary file). A path is read by libvips
 * alone, so a photo never becomes a JavaScript buffer: one that lives through its encode outlives the young
 * generation, and with the master read back for the prerender that cost a full collection (5–30 ms with every
 * request waiting) for about every upload (API p99 under uploads, `npm run bench`).
 */
export type ImageSource = Buffer | string;

const HEAD_BYTES = 32;

/** The first bytes of a source, enough to tell its type. */
async function headOf(source: ImageSource): Promise<Buffer> {
  if (typeof source !== 'string') return source.subarray(0, HEAD_BYTES);
  const file = await open(source);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Checks the bytes are an image we accept and small enough in pixels, reading only the header. */
export async function inspectUpload(source: ImageSource): Promise<{ width: number; height: number }> {
  const sniffed = sniffImageType(await headOf(source));
  if (!sniffed) throw unsupported();
  let meta: Metadata;
  try {
    // unlimited here so an oversized header is reported as too many pixels, not as an unreadable file
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (meta.format !== SHARP_FORMAT[sniffed] || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooManyPixels);
  return { width: meta.width, height: meta.height };
}

const masterInput = (input: ImageSource) => ({ input, options: { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const } });
/** The master's pixels: EXIF orientation applied, longest side at most MASTER_MAX_SIDE, transparency on UPLOAD_BACKGROUND. */
export const MASTER_SHAPE: PipelineStep[] = [
  ['rotate'],
  ['resize', { width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true }],
  ['flatten', { background: UPLOAD_BACKGROUND }],
];
const MASTER_ENCODE: PipelineStep = ['webp', { quality: 92, effort: MASTER_WEBP_EFFORT }];

/** Lanes by default: one per core but one, at least one. */
const defaultLanes = () => Math.max(1, availableParallelism() - 1);

/**
 * Encodes images in lanes (EncodeLanes) run by encoder processes (EncoderPool), both its own. The composition root
 * makes one per process (bot/application.ts) and passes it down, so the lanes bound the encodes of the whole
 * process; a test app makes its own.
 */
export class ImageCodec {
  readonly lanes: EncodeLanes;
  readonly pool = new EncoderPool();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  /** `metrics`: each encode's time is counted there (image_encode_duration_seconds by priority). */
  constructor(
    lanes = defaultLanes(),
    private readonly metrics: Metrics = NO_METRICS,
  ) {
    this.lanes = new EncodeLanes(lanes);
  }

  /**
   * Decodes and re-encodes: EXIF orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped,
   * trailing bytes of polyglots discarded. Returns a WebP master with its longest side at most 2560, and with
   * `screeningPixels` the classifier's input from the same upload in the same encoder job (screeningPixelsOf): the
   * upload is decoded once into the master's pixels, and both the master and the 224×224 pixels are made from them
   * (a second decode of a 12 MP JPEG, even shrunk on load, cost about 37 ms of CPU: its entropy decoding).
   */
  async encodeMaster(
    source: ImageSource,
    opts: { screeningPixels?: boolean } = {},
  ): Promise<{ data: Buffer; width: number; height: number; pixels?: Buffer }> {
    const { data, info, pixels } = await this.master(source, opts);
    return { data, width: info.width, height: info.height, ...(pixels ? { pixels } : {}) };
  }

  /**
   * encodeMaster, with the master written to `file` by the encoder process: an upload's master (a megabyte or so)
   * never enters this process, whose collector every such buffer hurried (each upload's megabytes in flight brought
   * a full collection of the API's heap, every request waiting on its pause). Answers its size in bytes.
   */
  async encodeMasterToFile(
    source: ImageSource,
    file: string,
    opts: { screeningPixels?: boolean } = {},
  ): Promise<{ bytes: number; width: number; height: number; pixels?: Buffer }> {
    const { info, pixels } = await this.master(source, { ...opts, output: file });
    return { bytes: info.size, width: info.width, height: info.height, ...(pixels ? { pixels } : {}) };
  }

  private async master(source: ImageSource, opts: { screeningPixels?: boolean; output?: string }) {
    const output = opts.output === undefined ? {} : { output: opts.output };
    try {
      const { data, info, also } = await this.inLane(
        'upload',
        opts.screeningPixels
          ? { ...masterInput(source), shared: MASTER_SHAPE, steps: [MASTER_ENCODE], also: SCREENING_PIXEL_STEPS, ...output }
          : { ...masterInput(source), steps: [...MASTER_SHAPE, MASTER_ENCODE], ...output },
      );
      return { data, info, ...(also ? { pixels: screeningPixelsOf(also) } : {}) };
    } catch (err) {
      // Only sharp's refusal is the file's fault; a failed encoder process is ours.
      if (err instanceof EncodeRefused) throw unsupported();
      throw err;
    }
  }

  /**
   * One served rendition of a master, or of the upload a master was just made from (its EXIF orientation applied as
   * the master's was): resized (never enlarged) and encoded; metadata stays stripped. An upload's prerender passes
   * priority 'upload'.
   */
  async encodeRendition(source: ImageSource, r: Rendition, priority: EncodePriority = 'rendition'): Promise<Buffer> {
    return (await this.inLane(priority, { input: source, options: { limitInputPixels: MAX_INPUT_PIXELS }, steps: renditionSteps(r) })).data;
  }

  /** Parallel calls for one key share the first one's work (and its outcome) until it settles. */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = work().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Ends the encoder processes (a later encode forks new ones). */
  close(): void {
    this.pool.close();
  }

  /** Runs `job` in an encoder process when a lane of its priority is free. */
  private inLane(priority: EncodePriority, job: EncodeJob): Promise<EncodeResult> {
    return this.lanes.run(priority, async () => {
      const started = performance.now();
      try {
        return await this.pool.encode(job);
      } finally {
        this.metrics.imageEncoded(priority, (performance.now() - started) / 1000);
      }
    });
  }
}

/**
 * The screening classifier's input (platform/screening/classifier.ts) from an image's pixels (an upload's, already
 * EXIF-rotated and at most 2560 px: the master's, see encodeMaster): squeezed whole to 224×224 (no crop: an explicit
 * corner must not be cut away), transparency on UPLOAD_BACKGROUND (already flattened there), sRGB, raw 8-bit RGB.
 */
export const SCREENING_PIXEL_STEPS: PipelineStep[] = [
  ['resize', { width: SCREENING_SIDE, height: SCREENING_SIDE, fit: 'fill' }],
  ['flatten', { background: UPLOAD_BACKGROUND }],
  ['toColourspace', 'srgb'],
  ['raw'],
];

function screeningPixelsOf(out: NonNullable<EncodeResult['also']>): Buffer {
  const { width, height, channels } = out.info;
  if (width !== SCREENING_SIDE || height !== SCREENING_SIDE || channels !== 3 || out.data.length !== SCREENING_INPUT_BYTES)
    throw new Error(`screening pixels came out ${width}×${height}×${channels}`);
  return out.data;
}

function renditionSteps(r: Rendition): PipelineStep[] {
  const resize: PipelineStep = [
    'resize',
    r.width === null
      ? { width: r.maxSide, height: r.maxSide, fit: 'inside', withoutEnlargement: true }
      : { width: r.width, withoutEnlargement: true },
  ];
  // Every format opaque, on the master's background: an upload's prerender starts from the upload itself, and a
  // master stored before flattening still has its alpha.
  const shape: PipelineStep[] = [['rotate'], resize, ['flatten', { background: UPLOAD_BACKGROUND }]];
  if (r.format === 'avif') return [...shape, ['avif', { quality: r.quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }]];
  if (r.format === 'webp') return [...shape, ['webp', { quality: r.quality, effort: 4 }]];
  return [...shape, ['jpeg', { quality: r.quality, mozjpeg: true }]];
}
