import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  file: string;
  project: string;
  /** Import, set-up files, environment, hooks and tests: the file's whole time in its worker, in ms. */
  total: number;
  /** Tests and hooks alone. */
  tests: number;
}

function timeOf(module: TestModule): FileTime {
  const d = module.diagnostic();
  const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
  return { file: path.relative(process.cwd(), module.moduleId), project: module.project.name, total, tests: d.duration };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/**
 * Prints the slowest test files when the run ends (`.ci/run` adds it), so the next regression shows.
 * SLOWEST_FILES: how many (10); SLOWEST_FILES_JSON: a file to write every file's times to.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = modules.map(timeOf).sort((a, b) => b.total - a.total);
    if (process.env.SLOWEST_FILES_JSON) writeFileSync(process.env.SLOWEST_FILES_JSON, JSON.stringify(times, null, 1));
    const count = Number(process.env.SLOWEST_FILES ?? 10);
    const lines = times.slice(0, count).map((t) => `${seconds(t.total)} ${seconds(t.tests)}  ${t.project.padEnd(16)}${t.file}`);
    console.log([`\nThe ${count} slowest test files (whole file, tests and hooks):`, ...lines].join('\n'));
  }
}
