import { spawnSync } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** The user the embedded server runs as when we are root. */
export interface RunAs {
  uid: number;
  gid: number;
}

/** The embedded PostgreSQL cannot start here; the message says why and what to do. */
export class EmbeddedPostgresAccessError extends Error {
  constructor(readonly directories: string[]) {
    const modes = directories.map((dir) => {
      const { mode, uid } = statSync(dir);
      return `${dir} (mode ${(mode & 0o777).toString(8).padStart(4, '0')}, owner uid ${uid})`;
    });
    super(
      [
        `The embedded PostgreSQL cannot start: this process runs as root, so PostgreSQL runs as the user 'postgres', ` +
          `and 'postgres' may not enter ${modes.join(', ')}.`,
        'Fix it in one of three ways:',
        '  1. run the product as a normal user, not as root;',
        '  2. set DATABASE_URL to a PostgreSQL server of your own (then the embedded one is not started);',
        `  3. move the checkout to a directory every user may enter (like /srv or /opt), or let others enter ${directories.length > 1 ? 'these directories' : 'this one'}: chmod o+x ${directories.join(' ')}`,
      ].join('\n'),
    );
    this.name = 'EmbeddedPostgresAccessError';
  }
}

/** Whether the mode bits let `runAs` search (enter) a directory, the way a process with that uid and gid only is judged. */
function maySearch(mode: number, owner: number, group: number, runAs: RunAs): boolean {
  if (owner === runAs.uid) return (mode & 0o100) !== 0;
  if (group === runAs.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** Whether `runAs` can really enter `dir` (ACLs included): `test -x` run as that user, as the server would run. */
function confirmedDenied(dir: string, runAs: RunAs): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'probe', dir], { stdio: 'ignore', ...runAs });
  return probe.error !== undefined || probe.status !== 0;
}

/**
 * Every directory on the way to `paths` (the binaries, the data directory's parent) must let the 'postgres' user
 * in, or its spawn fails with a bare `spawn … initdb EACCES` (binaries) or initdb cannot reach its data: a clone
 * under /root, or any parent of mode 0700. Checked before anything runs as 'postgres'; throws
 * EmbeddedPostgresAccessError naming the directories that keep it out.
 */
export function checkPostgresCanReach(paths: string[], runAs: RunAs): void {
  const denied = new Set<string>();
  for (const target of paths) {
    // Symbolic links resolved: the directories that count are the ones the file really lies in.
    const absolute = realpathSync(path.resolve(target));
    const { root } = path.parse(absolute);
    // The directories from the root down to the target's own directory (a binary) or the target itself (a directory).
    const last = statSync(absolute).isDirectory() ? absolute : path.dirname(absolute);
    const parts = path.relative(root, last).split(path.sep).filter(Boolean);
    for (let i = 0; i <= parts.length; i++) {
      const dir = path.join(root, ...parts.slice(0, i));
      if (denied.has(dir)) break;
      const { mode, uid, gid } = statSync(dir);
      if (maySearch(mode, uid, gid, runAs) || !confirmedDenied(dir, runAs)) continue;
      denied.add(dir);
      break;
    }
  }
  if (denied.size > 0) throw new EmbeddedPostgresAccessError([...denied]);
}
