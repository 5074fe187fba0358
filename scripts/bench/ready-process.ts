import { spawn } from 'node:child_process';

export interface ReadyProcess {
  /** The first match of `ready` in the child's stdout. */
  match: RegExpExecArray;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  pid: number;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns `node <args>` (no wrapper, so a signal hits the program itself) and resolves on the first stdout
 * line matching `ready`; refuses after `timeoutMs` or when the child exits first. `quiet` keeps the child's
 * stderr out of the report, except its tail in the error when it never got ready.
 */
export async function spawnReady(
  args: readonly string[],
  opts: { env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number; quiet?: boolean; cwd?: string },
): Promise<ReadyProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', opts.quiet ? 'pipe' : 'inherit'] });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ready line from ${args.join(' ')} within ${opts.timeoutMs ?? 120_000} ms`)),
        opts.timeoutMs ?? 120_000,
      );
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = opts.ready.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
      child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited early (${code})`)));
    });
    // Keep draining stdout so a chatty child never blocks on a full pipe.
    child.stdout!.resume();
    return { match, readyMs: performance.now() - started, pid: child.pid!, kill };
  } catch (err) {
    await kill('SIGKILL');
    throw stderrTail ? new Error(`${(err as Error).message}\n${stderrTail}`) : err;
  }
}
