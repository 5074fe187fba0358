/** end-user.md §9: explore and likes requests fail after 6 s without a reply. */
const REQUEST_TIMEOUT_MS = 6000;

let counter = 0;
/** A client id for a request; the server repeats it in the reply. */
export function newCid(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Requests waiting for their reply by cid; each one not answered in time is reported once. */
export class PendingRequests<Kind extends string> {
  private readonly waiting = new Map<string, { kind: Kind; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly onTimeout: (kind: Kind, cid: string) => void,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {}

  add(cid: string, kind: Kind): void {
    const timer = setTimeout(() => {
      this.waiting.delete(cid);
      this.onTimeout(kind, cid);
    }, this.timeoutMs);
    this.waiting.set(cid, { kind, timer });
  }

  /** Marks the request answered; returns its kind, or undefined when it was not waiting (late or unknown). */
  settle(cid: string | undefined): Kind | undefined {
    const entry = cid === undefined ? undefined : this.waiting.get(cid);
    if (!entry || cid === undefined) return undefined;
    clearTimeout(entry.timer);
    this.waiting.delete(cid);
    return entry.kind;
  }

  has(kind: Kind): boolean {
    for (const entry of this.waiting.values()) if (entry.kind === kind) return true;
    return false;
  }

  clear(): void {
    for (const entry of this.waiting.values()) clearTimeout(entry.timer);
    this.waiting.clear();
  }
}
