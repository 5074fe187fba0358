import type { Action } from './app-user';

export interface StepRow {
  users: number;
  actionsPerS: number;
  /** p99 of the interactive actions (all but the upload), ms. */
  p99: number;
  perAction: Map<Action, { n: number; p99: number; errors: number }>;
  /** Uploads answered 503 (screening queue full) or 429 (too many of one person's at once). */
  uploadsRefused: number;
  /** CPU shares (1 = one core) of the API process, its encoder and screening children, PostgreSQL; machine: of all cores. */
  apiCpu: number;
  encoderCpu: number;
  postgresCpu: number;
  machine: number;
  /** CPU time per action (ms) of the API process alone and of PostgreSQL. */
  apiMsPerAction: number;
  postgresMsPerAction: number;
  apiRssMb: number;
}

const ms = (v: number) => (Number.isNaN(v) ? '—' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(1)} ms`);
const pct = (share: number) => `${(share * 100).toFixed(0)}`;

/** The steps as one markdown table, the shape docs/capacity.md keeps. */
export function printStepTable(rows: readonly StepRow[]): void {
  const head = [
    'users',
    'actions/s',
    'interactive p99',
    'open p99',
    'next p99',
    'swipe p99',
    'send p99',
    'upload p99 (refused)',
    'CPU: API / encoders / PostgreSQL / machine (of 200 %)',
    'CPU ms per action: API / PostgreSQL',
    'API RSS',
  ];
  console.log(`\n| ${head.join(' | ')} |\n|${head.map(() => ' --- |').join('')}`);
  for (const r of rows) {
    const p = (a: Action) => ms(r.perAction.get(a)?.p99 ?? NaN);
    const upload = r.perAction.get('upload');
    const cells = [
      String(r.users),
      r.actionsPerS.toFixed(1),
      ms(r.p99),
      p('open'),
      p('next'),
      p('swipe'),
      p('send'),
      `${p('upload')} (${r.uploadsRefused} of ${upload?.n ?? 0})`,
      `${pct(r.apiCpu)} / ${pct(r.encoderCpu)} / ${pct(r.postgresCpu)} / ${(r.machine * 200).toFixed(0)} %`,
      `${r.apiMsPerAction.toFixed(2)} / ${r.postgresMsPerAction.toFixed(2)}`,
      `${r.apiRssMb.toFixed(0)} MB`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}
