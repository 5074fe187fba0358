import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SharpOptions } from 'sharp';

const SCRIPT = fileURLToPath(new URL('./encoder-process.mjs', import.meta.url));

/** The module by which a child process puts itself under SCHED_IDLE, for a child that is not beside it (the screening's). */
export const IDLE_SCHEDULING_MODULE = new URL('./idle-scheduling.mjs', import.meta.url).href;

/**
 * The nice value of the encoder processes, the lowest: an encode that shares a CPU with the API (nice 0) gets about
 * 1.5 % of it. Each process also puts itself under SCHED_IDLE on Linux (idle-scheduling.mjs); this is what stays
 * where that cannot be done.
 */
export const ENCODER_NICE = 19;

/** One call of a sharp pipeline: a method name and its arguments, e.g. `['resize', { width: 1080 }]`. */
export type PipelineStep = [method: string, ...args: unknown[]];

export interface EncodeJob {
  /** The image's bytes, or the path of a file the encoder process reads itself. */
  input: Buffer | string;
  options: SharpOptions;
  steps: PipelineStep[];
  /** A second pipeline of the same input, run after `steps` (its output is EncodeResult.also). */
  also?: PipelineStep[];
  /**
   * With `also`: steps run once on the input, their pixels decoded into memory, and both `steps` and `also` run on
   * those pixels: one decode of the input for two outputs instead of two.
   */
  shared?: PipelineStep[];
  /**
   * A file `steps`' output is written to by the encoder process, instead of coming back: its bytes never enter this
   * process (EncodeResult.data is then empty).
   */
  output?: string;
}

export interface EncodeResult {
  /** The output of `steps`; empty when the job wrote it to its `output` file. */
  data: Buffer;
  info: { width: number; height: number; size: number; format: string };
  /** The output of the job's `also` pipeline, with its info (channels: raw output's). */
  also?: { data: Buffer; info: { width: number; height: number; channels: number } };
}

/** sharp refused the input (undecodable, too many pixels): the input's fault, not the encoder's. */
export class EncodeRefused extends Error {}

type Reply =
  | { data?: Uint8Array; info: EncodeResult['info']; also?: Uint8Array; alsoInfo?: { width: number; height: number; channels: number } }
  | { error: string };

const asBuffer = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/** A child process that runs one encode at a time, forked at nice ENCODER_NICE (and under SCHED_IDLE, which it sets itself). */
class EncoderProcess {
  private readonly child: ChildProcess;
  private job: { resolve: (r: EncodeResult) => void; reject: (err: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(onGone: (encoder: EncoderProcess) => void) {
    this.child = fork(SCRIPT, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // No pid: the fork failed, and 'error' follows (setPriority without a pid would lower this process).
    if (this.child.pid !== undefined) setPriority(this.child.pid, ENCODER_NICE);
    this.child.on('message', (reply: Reply) => {
      const job = this.finish();
      if ('error' in reply) job?.reject(new EncodeRefused(reply.error));
      else
        job?.resolve({
          data: reply.data ? asBuffer(reply.data) : Buffer.alloc(0),
          info: reply.info,
          ...(reply.also && reply.alsoInfo ? { also: { data: asBuffer(reply.also), info: reply.alsoInfo } } : {}),
        });
    });
    const gone = (why: string) => {
      this.failure ??= new Error(`image encoder process ${why}`);
      this.finish()?.reject(this.failure);
      onGone(this);
    };
    this.child.on('error', (err) => gone(`failed: ${err.message}`));
    this.child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    this.idle();
  }

  /** Ends the process; a job it was running fails. */
  kill(): void {
    this.child.kill();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get usable(): boolean {
    return this.failure === null;
  }

  run(job: EncodeJob): Promise<EncodeResult> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.job = { resolve, reject };
      // Busy, it keeps this process alive until it answers (a script awaiting an encode has nothing else).
      this.child.ref();
      this.child.channel?.ref();
      this.child.send(job, (err) => err && this.finish()?.reject(err));
    });
  }

  private finish() {
    const job = this.job;
    this.job = null;
    this.idle();
    return job;
  }

  // Idle, it never keeps this process from exiting; when this process ends, its channel closes and so does it.
  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}

/**
 * Child processes that run sharp encodes under SCHED_IDLE at nice ENCODER_NICE, forked when first needed and kept:
 * an encode takes the CPU the API does not need, and with a CPU to spare it runs at full speed. The caller bounds how many encodes
 * run at once (EncodeLanes); the pool has one process per encode running.
 */
export class EncoderPool {
  private readonly idle: EncoderProcess[] = [];
  private readonly all = new Set<EncoderProcess>();

  async encode(job: EncodeJob): Promise<EncodeResult> {
    const encoder = this.idle.pop() ?? this.fork();
    try {
      return await encoder.run(job);
    } finally {
      if (encoder.usable) this.idle.push(encoder);
    }
  }

  /** The pids of the encoder processes alive now. */
  pids(): number[] {
    return [...this.all].flatMap((e) => (e.usable && e.pid !== undefined ? [e.pid] : []));
  }

  /** Ends every encoder process; a later encode forks a new one. */
  close(): void {
    for (const encoder of this.all) encoder.kill();
  }

  private fork(): EncoderProcess {
    const encoder = new EncoderProcess((gone) => {
      this.all.delete(gone);
      const i = this.idle.indexOf(gone);
      if (i >= 0) this.idle.splice(i, 1);
    });
    this.all.add(encoder);
    return encoder;
  }
}
