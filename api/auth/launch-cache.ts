import type { VerifiedLaunch } from '../context';

// The value of the last `hash=` (the whole text when there is none): values are URL-encoded, so it is the parameter.
function keyOf(raw: string): string {
  const at = raw.lastIndexOf('hash=');
  if (at < 0) return raw;
  const end = raw.indexOf('&', at);
  return raw.slice(at + 5, end < 0 ? raw.length : end);
}

interface Entry {
  launch: VerifiedLaunch;
  /** When the initData itself expires (auth_date + max age); Infinity when no age is enforced. */
  expiresAtMs: number;
}

/**
 * initData already verified, by its exact raw text, until its own expiry: the mini app sends the same initData
 * on every call of a session, so a repeat skips the HMAC and the parse. Only valid initData gets in, so the
 * size is bounded by real launches; past `maxEntries` the oldest entry goes (a session still
 * in use is simply verified again).
 */
export class LaunchCache {
  /** By the signature (`hash=`), far shorter than the whole text to hash per lookup; a hit must match in full. */
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly maxEntries = 20_000) {}

  get(raw: string, nowMs: number): VerifiedLaunch | undefined {
    const key = keyOf(raw);
    const entry = this.entries.get(key);
    if (!entry || entry.launch.raw !== raw) return undefined;
    // Expired: verified afresh, so the refusal is the library's own.
    if (entry.expiresAtMs >= nowMs) return entry.launch;
    this.entries.delete(key);
    return undefined;
  }

  set(launch: VerifiedLaunch, maxAgeS: number): void {
    // The library's rule: expired when auth_date + maxAge < now; no age check at all for maxAge <= 0.
    const expiresAtMs = maxAgeS > 0 ? (launch.authDate + maxAgeS) * 1000 : Infinity;
    // Shared by every request that sends it: nobody may change it on the way.
    Object.freeze(launch.user);
    const key = keyOf(launch.raw);
    this.entries.delete(key);
    this.entries.set(key, { launch: Object.freeze(launch), expiresAtMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
