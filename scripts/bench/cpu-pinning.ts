import { execFileSync } from 'node:child_process';
import os from 'node:os';

const taskset = (cpus: string, pid: number) =>
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' });

/**
 * Gives servers under load a CPU of their own (the last) and this process, the load generator, the others, until
 * the returned function is called. Left to the scheduler on this 2-CPU machine, a server and autocannon were often
 * put on one CPU together: the same Koa hello answered 14.8k req/s in one round and 27k in the next, so a
 * throughput ratio measured the scheduler as much as the servers. Each server's threads (V8's GC helpers
 * included) stay on the one CPU. With one CPU, or without taskset, nothing is pinned.
 */
export function pinServers(serverPids: readonly number[]): () => void {
  const cpus = os.availableParallelism();
  if (cpus < 2) return () => undefined;
  try {
    for (const pid of serverPids) taskset(String(cpus - 1), pid);
    taskset(`0-${cpus - 2}`, process.pid);
  } catch (err) {
    console.log(`CPU pinning unavailable (${(err as Error).message.split('\n')[0]}); servers and load share the CPUs`);
  }
  return () => {
    try {
      taskset(`0-${cpus - 1}`, process.pid);
    } catch {
      // Nothing was pinned.
    }
  };
}
