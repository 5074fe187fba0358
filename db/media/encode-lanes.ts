/** Uploads are someone waiting on a spinner; renditions are first views of a cached file, and anyone can ask for them. */
export type EncodePriority = 'upload' | 'rendition';

/**
 * Runs encodes in `shared` lanes plus one lane only uploads use, so a burst of rendition misses (anyone can
 * cause one) never delays an upload: an upload takes the upload lane or a free shared one, and when a shared
 * lane frees, waiting uploads go before waiting renditions. Within a priority, callers go in arrival order.
 */
export class EncodeLanes {
  private sharedBusy = 0;
  private uploadLaneBusy = false;
  private readonly queues: Record<EncodePriority, Array<(lane: 'shared' | 'upload') => void>> = { upload: [], rendition: [] };

  constructor(readonly shared: number) {}

  /** Encodes waiting for a lane, per priority. */
  waiting(): Record<EncodePriority, number> {
    return { upload: this.queues.upload.length, rendition: this.queues.rendition.length };
  }

  async run<T>(priority: EncodePriority, encode: () => Promise<T>): Promise<T> {
    const lane = this.take(priority) ?? (await new Promise<'shared' | 'upload'>((resolve) => this.queues[priority].push(resolve)));
    try {
      return await encode();
    } finally {
      this.release(lane);
    }
  }

  private take(priority: EncodePriority): 'shared' | 'upload' | null {
    if (priority === 'upload' && !this.uploadLaneBusy) {
      this.uploadLaneBusy = true;
      return 'upload';
    }
    if (this.sharedBusy < this.shared && this.queues.upload.length === 0) {
      this.sharedBusy++;
      return 'shared';
    }
    return null;
  }

  // A freed lane goes straight to the next waiter (it stays busy), or becomes free.
  private release(lane: 'shared' | 'upload'): void {
    const next = this.queues.upload.shift() ?? (lane === 'shared' ? this.queues.rendition.shift() : undefined);
    if (next) return next(lane);
    if (lane === 'upload') this.uploadLaneBusy = false;
    else this.sharedBusy--;
  }
}
