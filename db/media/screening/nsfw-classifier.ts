import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { faceCheckSchema, type FaceCheck } from '../../../contracts/face-check';
import { screeningScoresSchema, type ScreeningScores } from '../../../contracts/screening';
import { type ImageClassifier, SCREENING_INPUT_BYTES } from './classifier';

const SCRIPT = fileURLToPath(new URL('./screening-worker.mjs', import.meta.url));

/** Classifications waiting or running at most; one more is refused at once (ScreeningBusy), not queued. */
const DEFAULT_SCREENING_QUEUE = 32;

/** The queue is full: the caller answers 503 (try again), never stores the image unscreened. */
export class ScreeningBusy extends Error {
  constructor() {
    super('image screening queue is full');
  }
}

type Reply =
  | { id: number; scores: Record<string, number>; cpuMs?: number }
  | { id: number; face: unknown; cpuMs?: number }
  | { id: number; error: string }
  | { loaded: number };

interface Waiting {
  resolve: (answer: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * nsfwjs's MobileNetV2 on TensorFlow.js's wasm backend, run in a worker thread of its own (screening-worker.mjs), off
 * the event loop, at the process's priority (one wasm thread: a classification takes one core at most). The worker
 * starts and loads the model with the first classification (about 1 s) and keeps it (about 150 MB) until close(); it runs one classification at a time, in order. At most
 * `maxQueue` classifications wait or run; a further one is refused with ScreeningBusy. A worker that dies fails what it
 * had, and the next classification starts a new one. The composition root makes one per process and passes it down
 * (bot/application.ts), so the model is loaded once per process; a test that wants the real model makes its own.
 */
export class NsfwClassifier implements ImageClassifier {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** How long the last model load took (ms), once loaded. */
  loadMs: number | null = null;
  /** The worker thread's CPU time for the last classification (ms), for the bench. */
  lastCpuMs: number | null = null;
  /** The worker thread's CPU time for the last face check (ms), for the bench. */
  lastFaceCpuMs: number | null = null;

  constructor(private readonly maxQueue = DEFAULT_SCREENING_QUEUE) {}

  classify(rgb224: Buffer): Promise<ScreeningScores> {
    return this.run<ScreeningScores>(rgb224);
  }

  /** The face check of issue 43 on the same pixels, in the same worker, after the jobs before it. */
  checkFace(rgb224: Buffer): Promise<FaceCheck> {
    return this.run<FaceCheck>(rgb224, 'face');
  }

  private run<T>(rgb224: Buffer, task?: 'face'): Promise<T> {
    if (rgb224.length !== SCREENING_INPUT_BYTES)
      return Promise.reject(new Error(`screening input of ${rgb224.length} bytes, expected ${SCREENING_INPUT_BYTES}`));
    if (this.waiting.size >= this.maxQueue) return Promise.reject(new ScreeningBusy());
    const worker = this.started();
    const id = this.nextId++;
    // A copy of its own, handed over without another copy.
    const pixels = new Uint8Array(rgb224);
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      // Busy, it keeps the process alive until it answers; idle, it never does.
      worker.ref();
      worker.postMessage({ id, pixels: pixels.buffer, task }, [pixels.buffer]);
    });
  }

  /** Classifications waiting or running now. */
  get queued(): number {
    return this.waiting.size;
  }

  /** The worker's thread id, while it runs. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.fail(new Error('image screening closed'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(SCRIPT, { execArgv: [] });
    worker.on('message', (reply: Reply) => this.answer(reply));
    worker.on('error', (err) => this.gone(worker, err));
    worker.on('exit', (code) => this.gone(worker, new Error(`image screening worker exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(reply: Reply): void {
    if ('loaded' in reply) {
      this.loadMs = reply.loaded;
      return;
    }
    const waiting = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (!waiting) return;
    if ('error' in reply) waiting.reject(new Error(`image screening failed: ${reply.error}`));
    else if ('face' in reply) {
      this.lastFaceCpuMs = reply.cpuMs ?? null;
      const parsed = faceCheckSchema.safeParse(reply.face);
      if (parsed.success) waiting.resolve(parsed.data);
      else waiting.reject(new Error(`face check answered ${JSON.stringify(reply.face)}`));
    } else {
      this.lastCpuMs = reply.cpuMs ?? null;
      const parsed = screeningScoresSchema.safeParse(reply.scores);
      if (parsed.success) waiting.resolve(parsed.data);
      else waiting.reject(new Error(`image screening answered unknown classes: ${JSON.stringify(reply.scores)}`));
    }
  }

  private gone(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.fail(err);
  }

  private fail(err: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(err);
  }
}
