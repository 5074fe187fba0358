/** Uploads are someone waiting on a spinner; renditions are first views of a cached file, and anyone can ask for them. */
export type EncodePriority = 'upload' | 'rendition';

type Lane = 'shared' | 'upload';

/**
 * Runs at most `shared` encodes at once (one per core but one, so a core stays free for the event loop and
 * PostgreSQL), with one exception: one upload may always run, in a lane only uploads use, so a burst of rendition
 * misses (anyone can cause one) never delays an upload. Any further upload takes a shared lane within the bound;
 * when a lane frees, waiting uploads go before waiting renditions. Within a priority, callers go in arrival order.
 * (Two uploads in both kinds of lane, past the bound, took both CPUs of a 2-core machine: API p99 under one upload
 * a second was 1.82–1.87× idle, against 0.97–1.29× with one encode at a time, `npm run bench`.)
 */
export class EncodeLanes {
  private sharedBusy = 0;
  private uploadLaneBusy = false;
  private readonly queues: Record<EncodePriority, Array<(lane: Lane) => void>> = { upload: [], rendition: [] };

  constructor(readonly shared: number) {}

  /** Encodes waiting for a lane, per priority. */
  waiting(): Record<EncodePriority, number> {
    return { upload: this.queues.upload.length, rendition: this.queues.rendition.length };
  }

  /** Encodes running now. */
  running(): number {
    return this.sharedBusy + (this.uploadLaneBusy ? 1 : 0);
  }

  async run<T>(priority: EncodePriority, encode: () => Promise<T>): Promise<T> {
    const lane =
      (this.queues.upload.length === 0 ? this.take(priority) : null) ??
      (await new Promise<Lane>((resolve) => this.queues[priority].push(resolve)));
    try {
      return await encode();
    } finally {
      this.release(lane);
    }
  }

  /** A lane for an encode of `priority` now, or null; renditions never take the upload lane. */
  private take(priority: EncodePriority): Lane | null {
    if (priority === 'upload' && !this.uploadLaneBusy) {
      this.uploadLaneBusy = true;
      return 'upload';
    }
    if (this.sharedBusy < this.shared && this.running() < this.shared) {
      this.sharedBusy++;
      return 'shared';
    }
    return null;
  }

  // The freed lane, then any other the bound now allows, goes to the next waiters: uploads first.
  private release(lane: Lane): void {
    if (lane === 'upload') this.uploadLaneBusy = false;
    else this.sharedBusy--;
    for (;;) {
      const priority: EncodePriority | null = this.queues.upload.length ? 'upload' : this.queues.rendition.length ? 'rendition' : null;
      const next = priority && this.take(priority);
      if (!priority || !next) return;
      this.queues[priority].shift()!(next);
    }
  }
}
