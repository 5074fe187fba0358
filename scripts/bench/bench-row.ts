export type Unit = 'ms' | 's' | 'req/s' | 'msg/s' | 'kB' | 'MB';

/** One measured figure beside its same-run baseline, with the verdict against the target. */
export interface BenchRow {
  name: string;
  figure: number;
  /** Measured in the same run; null where the target is absolute. */
  baseline: number | null;
  unit: Unit;
  /** figure / baseline, or null without a baseline. */
  ratio: number | null;
  /** As printed, e.g. '≥ 0.6×' or '≤ 3× and ≤ 30 ms'. */
  target: string;
  pass: boolean;
}

export interface RowSpec {
  name: string;
  figure: number;
  baseline?: number | null;
  unit: Unit;
  /** A ratio measured otherwise (the median of paired rounds); figure / baseline when left out. */
  ratio?: number;
  /** Bounds on the ratio and on the figure itself; a NaN figure never passes. */
  minRatio?: number;
  maxRatio?: number;
  maxFigure?: number;
  /** Anything else that fails the row (errors seen during the run). */
  failed?: boolean;
}

function targetOf(spec: RowSpec): string {
  const parts: string[] = [];
  if (spec.minRatio !== undefined) parts.push(`≥ ${spec.minRatio}×`);
  if (spec.maxRatio !== undefined) parts.push(`≤ ${spec.maxRatio}×`);
  if (spec.maxFigure !== undefined) parts.push(`≤ ${spec.maxFigure} ${spec.unit}`);
  return parts.join(' and ') || '—';
}

/** Builds a row: ratio against the baseline, target text and verdict from the bounds given. */
export function benchRow(spec: RowSpec): BenchRow {
  const baseline = spec.baseline ?? null;
  const ratio = baseline === null ? null : (spec.ratio ?? spec.figure / baseline);
  const ratioOk =
    (spec.minRatio === undefined || (ratio ?? NaN) >= spec.minRatio) && (spec.maxRatio === undefined || (ratio ?? NaN) <= spec.maxRatio);
  const figureOk = Number.isFinite(spec.figure) && (spec.maxFigure === undefined || spec.figure <= spec.maxFigure);
  return {
    name: spec.name,
    figure: spec.figure,
    baseline,
    unit: spec.unit,
    ratio,
    target: targetOf(spec),
    pass: ratioOk && figureOk && !spec.failed,
  };
}

/** A row for a benchmark that could not run at all. */
export const failedRow = (name: string, unit: Unit, target: string): BenchRow => ({
  name,
  figure: NaN,
  baseline: null,
  unit,
  ratio: null,
  target,
  pass: false,
});

function format(value: number | null, unit: Unit): string {
  if (value === null) return '—';
  if (!Number.isFinite(value)) return 'n/a';
  const digits = unit === 'ms' ? (value < 10 ? 2 : 1) : unit === 's' ? 2 : unit === 'kB' || unit === 'MB' ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

/** Prints the rows as one table; returns whether every row passed. */
export function printRows(rows: readonly BenchRow[]): boolean {
  const cells = rows.map((r) => [
    r.name,
    format(r.figure, r.unit),
    format(r.baseline, r.unit),
    r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
    r.target,
    r.pass ? 'PASS' : 'FAIL',
  ]);
  const head = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 || i === 4 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
  return rows.every((r) => r.pass);
}
