// The scheduling policy of the encoder and screening processes (encoder-process.mjs, screening-process.mjs): each puts
// itself under Linux's SCHED_IDLE as it starts, so it runs only on a CPU no normal task wants (at nice 19 it still had
// weight 15 against the API's 1024, and its wake-ups preempted). Plain JavaScript, so the children start without tsx.
import { execFile } from 'node:child_process';

/**
 * Puts every thread of this process under SCHED_IDLE with util-linux's `chrt --all-tasks --idle --pid 0 <pid>`; the
 * threads it starts later (libuv's, libvips's) inherit the policy from the thread that starts them. Resolves whether
 * it did: without chrt (not Linux, not installed) or when it fails, the process stays at the nice value its parent set.
 */
export function enterIdleScheduling() {
  if (process.platform !== 'linux') return Promise.resolve(false);
  return new Promise((resolve) => {
    const args = ['--all-tasks', '--idle', '--pid', '0', String(process.pid)];
    execFile('chrt', args, { timeout: 10_000 }, (err) => resolve(!err));
  });
}
