import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { faceCheckSchema, type FaceCheck } from '../../contracts/face-check';
import { screeningScoresSchema, type ScreeningScores } from '../../contracts/screening';
import { ENCODER_NICE, IDLE_SCHEDULING_MODULE } from '../media/encoder-pool';
import { type ImageClassifier, SCREENING_INPUT_BYTES } from './classifier';

const SCRIPT = fileURLToPath(new URL('./screening-process.mjs', import.meta.url));

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
 * nsfwjs's MobileNetV2 (and the face check's models) on TensorFlow.js's wasm backend, run in a child process of its own
 * (screening-process.mjs) at the encoders' nice value, ENCODER_NICE, set with os.setPriority on its pid, and under
 * SCHED_IDLE, which the process sets itself as the encoders do: off the event loop and below it, so a classification
 * yields the CPU to the API as an encode does (a worker thread shares the API process's priority; one wasm thread: a
 * classification takes one core at most). The process starts and loads the model with the first classification
 * (about 1 s) and keeps it (about 170 MB) until close(); it runs one job at a time, in order. At most `maxQueue` classifications wait or run; a further one is refused with ScreeningBusy. A process
 * that dies fails what it had, and the next classification starts a new one. The composition root makes one per
 * process and passes it down (bot/application.ts), so the model is loaded once per API process; a test that wants the
 * real model makes its own.
 */
export class NsfwClassifier implements ImageClassifier {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** How long the last model load took (ms), once loaded. */
  loadMs: number | null = null;
  /** The screening process's CPU time for the last classification (ms), for the bench. */
  lastCpuMs: number | null = null;
  /** The screening process's CPU time for the last face check (ms), for the bench. */
  lastFaceCpuMs: number | null = null;

  constructor(private readonly maxQueue = DEFAULT_SCREENING_QUEUE) {}

  classify(rgb224: Buffer): Promise<ScreeningScores> {
    return this.run<ScreeningScores>(rgb224);
  }

  /** The face check of issue 43 on the same pixels, in the same process, after the jobs before it. */
  checkFace(rgb224: Buffer): Promise<FaceCheck> {
    return this.run<FaceCheck>(rgb224, 'face');
  }

  private run<T>(rgb224: Buffer, task?: 'face'): Promise<T> {
    if (rgb224.length !== SCREENING_INPUT_BYTES)
      return Promise.reject(new Error(`screening input of ${rgb224.length} bytes, expected ${SCREENING_INPUT_BYTES}`));
    if (this.waiting.size >= this.maxQueue) return Promise.reject(new ScreeningBusy());
    const child = this.started();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      // Busy, it keeps this process alive until it answers; idle, it never does.
      child.ref();
      child.channel?.ref();
      child.send({ id, pixels: rgb224, task }, (err) => {
        if (!err || !this.waiting.delete(id)) return;
        this.idleWhenDone();
        reject(err);
      });
    });
  }

  /** Classifications waiting or running now. */
  get queued(): number {
    return this.waiting.size;
  }

  /** The screening process's pid, while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Kept alive until it has gone: an idle child was unreferenced, and a script awaiting close() has nothing else.
      child.ref();
      child.kill();
      await exited;
    }
    this.fail(new Error('image screening closed'));
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    // No stdout: the models' notices are the child's own (see screening-process.mjs); its stderr is this process's.
    const child = fork(SCRIPT, [IDLE_SCHEDULING_MODULE], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // No pid: the fork failed, and 'error' follows (setPriority without a pid would lower this process). Set before
    // the child loads anything: the threads it starts later inherit it.
    if (child.pid !== undefined) setPriority(child.pid, ENCODER_NICE);
    child.on('message', (reply: Reply) => this.answer(reply));
    child.on('error', (err) => this.gone(child, err));
    child.on('exit', (code, signal) => this.gone(child, new Error(`image screening process exited (${signal ?? code})`)));
    this.child = child;
    this.idleWhenDone();
    return child;
  }

  // Idle, the child never keeps this process from exiting; when this process ends, its channel closes and so does it.
  private idleWhenDone(): void {
    if (this.waiting.size > 0) return;
    this.child?.unref();
    this.child?.channel?.unref();
  }

  private answer(reply: Reply): void {
    if ('loaded' in reply) {
      this.loadMs = reply.loaded;
      return;
    }
    const waiting = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    this.idleWhenDone();
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

  private gone(child: ChildProcess, err: Error): void {
    if (this.child !== child) return;
    this.child = null;
    this.fail(err);
  }

  private fail(err: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(err);
  }
}
