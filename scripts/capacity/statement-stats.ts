import pg from 'pg';

/** The server settings pg_stat_statements needs, planning time included (a feed statement planned anew shows there). */
export const STATEMENT_STATS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'top',
  'pg_stat_statements.track_planning': 'on',
  'pg_stat_statements.max': '5000',
} as const;

/** One statement family's work: pg_stat_statements' counters for one normalised statement. */
interface FamilyWork {
  query: string;
  calls: number;
  /** Planning and execution, ms. */
  ms: number;
  /** Of which planning, ms. */
  planMs: number;
  /** Rows returned or changed. */
  rows: number;
  /** Shared buffers hit or read: the pages the statement read. */
  pages: number;
}

export type Snapshot = Map<string, FamilyWork>;

const SNAPSHOT_SQL = `
SELECT queryid::text AS id, query, calls::float8 AS calls, (total_plan_time + total_exec_time)::float8 AS ms, total_plan_time::float8 AS "planMs", rows::float8 AS rows,
       (shared_blks_hit + shared_blks_read)::float8 AS pages
  FROM pg_stat_statements
 WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'`;

/** Reads pg_stat_statements of one database over a connection of its own (its own statements are left out). */
export class StatementStats {
  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<StatementStats> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return new StatementStats(client);
  }

  async snapshot(): Promise<Snapshot> {
    const { rows } = await this.client.query<FamilyWork & { id: string }>(SNAPSHOT_SQL);
    return new Map(rows.map(({ id, ...work }) => [id, work]));
  }

  /**
   * A snapshot once the API has gone quiet: the statement count unchanged over two reads `pollMs` apart (a reply is
   * sent before work that follows it, such as a chat push to the peer, has finished).
   */
  async settled(pollMs = 150): Promise<Snapshot> {
    let last = await this.snapshot();
    for (;;) {
      await new Promise((r) => setTimeout(r, pollMs));
      const now = await this.snapshot();
      if (totalCalls(now) === totalCalls(last)) return now;
      last = now;
    }
  }

  /** Connections made to this database so far (pg_stat_database.sessions): a new backend costs far more than a statement. */
  async sessions(): Promise<number> {
    const { rows } = await this.client.query<{ n: number }>(
      'SELECT sessions::float8 AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return rows[0]?.n ?? 0;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

const totalCalls = (s: Snapshot) => [...s.values()].reduce((sum, w) => sum + w.calls, 0);

/** What happened between two snapshots, per family with calls. */
export function difference(before: Snapshot, after: Snapshot): Snapshot {
  const diff: Snapshot = new Map();
  for (const [id, a] of after) {
    const b = before.get(id);
    const calls = a.calls - (b?.calls ?? 0);
    if (calls <= 0) continue;
    const less = (key: 'ms' | 'planMs' | 'rows' | 'pages') => a[key] - (b?.[key] ?? 0);
    diff.set(id, { query: a.query, calls, ms: less('ms'), planMs: less('planMs'), rows: less('rows'), pages: less('pages') });
  }
  return diff;
}

/** Adds `more` into `into`. */
export function accumulate(into: Snapshot, more: Snapshot): void {
  for (const [id, m] of more) {
    const i = into.get(id);
    if (!i) into.set(id, { ...m });
    else
      Object.assign(i, {
        calls: i.calls + m.calls,
        ms: i.ms + m.ms,
        planMs: i.planMs + m.planMs,
        rows: i.rows + m.rows,
        pages: i.pages + m.pages,
      });
  }
}

/**
 * A family's short name: its verb and first table ("select profiles", "insert messages", "begin"), the function a
 * select calls ("select pg_advisory_xact_lock"), or a CTE statement's first name ("with near").
 */
function familyOf(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  const verb = (/^\w+/.exec(q)?.[0] ?? '?').toLowerCase();
  if (verb === 'with') return `with ${/^with "?(\w+)"?/i.exec(q)?.[1] ?? '?'}`;
  const called = verb === 'select' ? /^select ([\w.]+)\(/i.exec(q)?.[1] : undefined;
  if (called && !/^(count|exists|case)$/i.test(called)) return `select ${called}`;
  const table =
    verb === 'insert'
      ? /\binto "?(\w+)"?/i.exec(q)?.[1]
      : verb === 'update'
        ? /^update "?(\w+)"?/i.exec(q)?.[1]
        : /\bfrom "?(\w+)"?/i.exec(q)?.[1];
  return table ? `${verb} ${table}` : verb;
}

export interface ActionFigures {
  action: string;
  count: number;
  statements: number;
  ms: number;
  rows: number;
  pages: number;
  planMs: number;
  families: FamilyFigures[];
}

interface FamilyFigures {
  family: string;
  statements: number;
  ms: number;
  planMs: number;
  rows: number;
  pages: number;
}

/** Per-action figures of the work `count` actions did. */
export function perAction(action: string, count: number, work: Snapshot): ActionFigures {
  const families = new Map<string, FamilyFigures>();
  for (const w of work.values()) {
    const family = familyOf(w.query);
    const f = families.get(family) ?? { family, statements: 0, ms: 0, planMs: 0, rows: 0, pages: 0 };
    families.set(family, {
      family,
      statements: f.statements + w.calls / count,
      ms: f.ms + w.ms / count,
      planMs: f.planMs + w.planMs / count,
      rows: f.rows + w.rows / count,
      pages: f.pages + w.pages / count,
    });
  }
  const list = [...families.values()].sort((a, b) => b.ms - a.ms);
  const sum = (key: 'statements' | 'ms' | 'planMs' | 'rows' | 'pages') => list.reduce((s, f) => s + f[key], 0);
  return {
    action,
    count,
    statements: sum('statements'),
    ms: sum('ms'),
    planMs: sum('planMs'),
    rows: sum('rows'),
    pages: sum('pages'),
    families: list,
  };
}

const n1 = (n: number) => n.toFixed(1);

/** The per-action table, then each action's families by PostgreSQL time (Markdown, as docs/capacity.md has it). */
export function formatFigures(figures: readonly ActionFigures[]): string {
  const lines = [
    '| action | measured | statements | PG ms | of which planning | rows | pages |',
    '|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.action} | ${f.count} | ${n1(f.statements)} | ${f.ms.toFixed(2)} | ${f.planMs.toFixed(2)} | ${n1(f.rows)} | ${n1(f.pages)} |`,
    ),
  ];
  for (const f of figures) {
    lines.push(
      '',
      `${f.action}: statement families per action`,
      '',
      '| family | statements | PG ms | planning | rows | pages |',
      '|---|---|---|---|---|---|',
    );
    for (const fam of f.families)
      lines.push(
        `| ${fam.family} | ${fam.statements.toFixed(2)} | ${fam.ms.toFixed(3)} | ${fam.planMs.toFixed(3)} | ${n1(fam.rows)} | ${n1(fam.pages)} |`,
      );
  }
  return lines.join('\n');
}

/** One action's `top` families by PostgreSQL time, with the share of the whole each takes (Markdown). */
export function formatFamilies(f: ActionFigures, top: number): string {
  const lines = [
    `${f.action}: ${f.statements.toFixed(2)} statements, ${f.ms.toFixed(3)} ms of PostgreSQL time (planning ${f.planMs.toFixed(3)}) per action`,
    '',
    '| family | statements | PG ms | share | planning | rows | pages |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const fam of f.families.slice(0, top))
    lines.push(
      `| ${fam.family} | ${fam.statements.toFixed(3)} | ${fam.ms.toFixed(3)} | ${((fam.ms / f.ms) * 100).toFixed(0)} % | ${fam.planMs.toFixed(3)} | ${n1(fam.rows)} | ${n1(fam.pages)} |`,
    );
  return lines.join('\n');
}
