// One API route under load, for profiling (`npm run profile:api`): our API child as in the benchmark, loaded by
// autocannon for SECS (8) seconds after a warm-up; prints requests/s and the API process's CPU per request
// (user + system, from /proc). Env: ROUTE ("GET /api/profile/me"), SECS; PIN=1 puts the API alone on CPU 1 and
// PostgreSQL and the load on CPU 0, so that a V8 profile's ticks are the API's own work and not time spent
// preempted; CHAT_LOAD_PROFILE=<dir> writes the API's --cpu-prof there.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from '../bench/process-cpu';
import { withApiEnvironment } from './api-environment';
import { launchHeaders, requestsPerSecond, type LoadRequest } from './load';

const [method, path] = (process.env.ROUTE ?? 'GET /api/profile/me').split(' ') as [LoadRequest['method'], string];
const seconds = Number(process.env.SECS ?? 8);

const pidsOf = (pattern: RegExp) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return pattern.test(readFileSync(`/proc/${d}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);

await withApiEnvironment('profile_api', 200, async (env) => {
  const api = pidsOf(/api-main\.ts/)[0]!;
  if (process.env.PIN) {
    execSync(`taskset -a -p -c 1 ${api}`, { stdio: 'ignore' });
    for (const pid of [...pidsOf(/^postgres/), process.pid]) execSync(`taskset -a -p -c 0 ${pid}`, { stdio: 'ignore' });
  }
  const headers = launchHeaders(env.userIds);
  await requestsPerSecond(env.apiUrl, { method, path }, headers, { connections: 10, durationS: 3 });
  const before = processCpuMicros(api) ?? NaN;
  const result = await requestsPerSecond(env.apiUrl, { method, path }, headers, { connections: 10, durationS: seconds });
  const perRequestUs = ((processCpuMicros(api) ?? NaN) - before) / (result.rps * seconds);
  console.log(
    `${method} ${path}: ${Math.round(result.rps)} req/s, API CPU ${perRequestUs.toFixed(1)} µs a request, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
});
