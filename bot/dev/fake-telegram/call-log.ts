/** Every Bot API call the fake answered, with listeners and waiters for the tests that watch them. */

export interface RecordedCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  at: number;
  ok: boolean;
}

const matchesMethod = (method: string) => {
  const wanted = method.toLowerCase();
  return (c: RecordedCall): boolean => c.method.toLowerCase() === wanted;
};

export class CallLog {
  readonly calls: RecordedCall[] = [];
  private readonly listeners = new Set<() => void>();
  // Pending waitFor rejections, so close() can settle them instead of leaving timers behind.
  private readonly waiters = new Set<(err: Error) => void>();

  record(call: RecordedCall): void {
    this.calls.push(call);
  }

  callsTo(method: string): RecordedCall[] {
    return this.calls.filter(matchesMethod(method));
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (err) {
        console.error('fake-telegram: onChange listener failed', err);
      }
    }
  }

  waitFor(method: string, predicate: ((c: RecordedCall) => boolean) | undefined, timeoutMs: number): Promise<RecordedCall> {
    const isMethod = matchesMethod(method);
    const matches = (c: RecordedCall): boolean => isMethod(c) && (!predicate || predicate(c));
    const hit = this.calls.find(matches);
    if (hit) return Promise.resolve(hit);
    return new Promise<RecordedCall>((resolve, reject) => {
      let seen = this.calls.length;
      const settle = (): void => {
        clearTimeout(timer);
        off();
        this.waiters.delete(fail);
      };
      const fail = (err: Error): void => {
        settle();
        reject(err);
      };
      const off = this.onChange(() => {
        for (; seen < this.calls.length; seen++) {
          const call = this.calls[seen];
          if (call && matches(call)) {
            settle();
            resolve(call);
            return;
          }
        }
      });
      const timer = setTimeout(() => fail(new Error(this.timeoutMessage(method, timeoutMs))), timeoutMs);
      this.waiters.add(fail);
    });
  }

  /** Rejects every pending waitFor. */
  close(): void {
    for (const fail of [...this.waiters]) fail(new Error('fake-telegram: closed'));
  }

  private timeoutMessage(method: string, timeoutMs: number): string {
    const recent = this.calls
      .slice(-10)
      .map((c) => `${c.method}${c.ok ? '' : '(failed)'}`)
      .join(', ');
    return `fake-telegram: no ${method} call within ${timeoutMs} ms; last calls: ${recent || 'none'}`;
  }
}
