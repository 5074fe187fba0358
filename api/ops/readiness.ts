import type { Logger } from '../../platform/logger';

/**
 * One readiness check: resolves to null when fine, else to a short public reason (`migrations pending: 2`). A
 * check that throws or outlasts its timeout fails with a fixed reason; its error goes to the log only, as driver
 * errors name hosts and ports.
 */
export type ReadinessCheck = () => Promise<string | null>;

interface ReadinessReport {
  ok: boolean;
  /** The first failing check and why (`database: unreachable`); absent when ready. */
  reason?: string;
  /** Every check: `ok`, or its reason. */
  checks: Record<string, string>;
}

export interface Readiness {
  report(): Promise<ReadinessReport>;
}

/** How long one check may take: /readyz answers within it, whatever hangs. */
const READINESS_TIMEOUT_MS = 2_000;

async function run(name: string, check: ReadinessCheck, timeoutMs: number, logger: Logger): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => (timer = setTimeout(resolve, timeoutMs, `no answer within ${timeoutMs} ms`)));
  const checked = check().then(
    (reason) => reason ?? 'ok',
    (err: unknown) => {
      logger.warn('readiness check failed', { check: name, err });
      return 'failed';
    },
  );
  try {
    return await Promise.race([checked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long one answer is reused: unauthenticated probes cost the database at most one query a second. */
const READINESS_CACHE_MS = 1_000;

export interface ReadinessOptions {
  timeoutMs?: number;
  cacheMs?: number;
  /** The clock the cache reads (tests move it). */
  now?: () => number;
}

/**
 * The checks of this process (bot/application.ts picks them by role), run together, each within `timeoutMs`; one
 * answer (or the run in flight) serves every report for `cacheMs`. A change between ready and not ready is logged
 * once (with the reason), not every probe.
 */
export function createReadiness(checks: Record<string, ReadinessCheck>, logger: Logger, opts: ReadinessOptions = {}): Readiness {
  const timeoutMs = opts.timeoutMs ?? READINESS_TIMEOUT_MS;
  const cacheMs = opts.cacheMs ?? READINESS_CACHE_MS;
  const now = opts.now ?? (() => performance.now());
  let lastReason: string | null | undefined;
  let cached: { at: number; report: Promise<ReadinessReport> } | null = null;

  async function runAll(): Promise<ReadinessReport> {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => run(name, checks[name]!, timeoutMs, logger)));
    const report: ReadinessReport = { ok: true, checks: Object.fromEntries(names.map((name, i) => [name, results[i]!])) };
    const failing = names.findIndex((_name, i) => results[i] !== 'ok');
    const reason = failing < 0 ? null : `${names[failing]}: ${results[failing]}`;
    if (reason !== null) Object.assign(report, { ok: false, reason });
    if (reason !== lastReason) {
      if (reason === null) logger.info('ready', { checks: report.checks });
      else logger.warn('not ready', { reason, checks: report.checks });
      lastReason = reason;
    }
    return report;
  }

  return {
    report() {
      const at = now();
      if (!cached || at - cached.at >= cacheMs) cached = { at, report: runAll() };
      return cached.report;
    },
  };
}
