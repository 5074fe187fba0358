// DATABASE_URL's server: pg_dump and pg_restore, which must be at least the server's major version (an older
// pg_dump refuses a newer server; an older pg_restore refuses a newer dump).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface PgTool {
  path: string;
  major: number;
  version: string;
}

function versionOf(binary: string): PgTool | null {
  try {
    const out = execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /\(PostgreSQL\)\s+((\d+)(?:\.\d+)*)/.exec(out);
    return match ? { path: binary, major: Number(match[2]), version: match[1]! } : null;
  } catch {
    return null;
  }
}

/** Where a PostgreSQL client binary may be: PG_BIN_DIR, PATH, then Debian's and the usual installs, newest first. */
function candidates(name: string, env: NodeJS.ProcessEnv): string[] {
  const dirs: string[] = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  dirs.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const root of ['/usr/lib/postgresql', '/usr/pgsql', '/opt/homebrew/opt', '/usr/local/opt']) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root)
      .filter((d) => /^(postgresql@)?\d+/.test(d))
      .sort((a, b) => Number(/\d+/.exec(b)![0]) - Number(/\d+/.exec(a)![0]));
    dirs.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  // One entry per binary (/bin is /usr/bin on merged systems), by the path found first: Debian's /usr/bin/pg_dump
  // is a link to a wrapper that picks the binary by the name it is called by.
  const byTarget = new Map<string, string>();
  for (const file of dirs.map((d) => path.join(d, name))) {
    if (existsSync(file) && !byTarget.has(realpathSync(file))) byTarget.set(realpathSync(file), file);
  }
  return [...byTarget.values()];
}

/**
 * The first `name` (pg_dump, pg_restore) of at least `minMajor`; a clear error naming what was found and what
 * to install otherwise.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', minMajor: number, env: NodeJS.ProcessEnv = process.env): PgTool {
  const found = candidates(name, env)
    .map(versionOf)
    .filter((t): t is PgTool => t !== null);
  const fit = found.find((t) => t.major >= minMajor);
  if (fit) return fit;
  const seen = found.length > 0 ? `found only ${found.map((t) => `${t.path} (${t.version})`).join(', ')}` : `no ${name} found`;
  throw new Error(
    `${name} ${minMajor} or newer is needed for a PostgreSQL ${minMajor} server, ${seen}: install PostgreSQL ${minMajor}'s client ` +
      `programs (e.g. the postgresql-client-${minMajor} package) and put them on PATH or set PG_BIN_DIR to their directory`,
  );
}

/** libpq's environment for `url`, the password out of the command line (where `ps` would show it). */
export function libpqEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { env, dbname: u.toString() };
}

/** Runs a client binary; its stderr goes into the error when it fails. */
export function runTool(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8_000)));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`)),
    );
  });
}
