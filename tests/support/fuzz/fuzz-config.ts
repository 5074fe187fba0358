/** Cases per route or message type: small inside `npm test`, large with `npm run test:fuzz` (FUZZ_RUNS=…). */
const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 12));
/** Replays a failing run: FUZZ_SEED=<seed printed by fast-check>. */
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

export const fuzzOptions = (numRuns = FUZZ_RUNS) => ({ numRuns, seed: FUZZ_SEED, endOnFailure: true });

/** Cases that ran per target and how they were answered, printed when the file is done. */
export class FuzzTally {
  private readonly rows = new Map<string, Map<string, number>>();

  count(target: string, outcome: string | number): void {
    const row = this.rows.get(target) ?? new Map<string, number>();
    row.set(String(outcome), (row.get(String(outcome)) ?? 0) + 1);
    this.rows.set(target, row);
  }

  print(title: string): void {
    const lines = [...this.rows].map(([target, row]) => {
      const total = [...row.values()].reduce((a, b) => a + b, 0);
      const outcomes = [...row]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      return `  ${String(total).padStart(5)}  ${target.padEnd(44)} ${outcomes}`;
    });
    const total = [...this.rows.values()].flatMap((r) => [...r.values()]).reduce((a, b) => a + b, 0);
    console.log(`${title}: ${total} cases (FUZZ_RUNS=${FUZZ_RUNS})\n${lines.join('\n')}`);
  }
}
