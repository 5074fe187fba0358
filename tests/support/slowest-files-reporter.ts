import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines, type FileTime } from './slowest-files.mjs';

function timeOf(module: TestModule): FileTime {
  const d = module.diagnostic();
  const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
  return { file: path.relative(process.cwd(), module.moduleId), project: module.project.name, total, tests: d.duration };
}

/**
 * Prints the slowest test files when the run ends (`.ci/run` adds it), so the next regression shows.
 * SLOWEST_FILES: how many (10; 0 prints none); SLOWEST_FILES_JSON: a file to write every file's times to
 * (`node tests/support/slowest-files.mjs <file>` prints them again).
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = modules.map(timeOf).sort((a, b) => b.total - a.total);
    if (process.env.SLOWEST_FILES_JSON) writeFileSync(process.env.SLOWEST_FILES_JSON, JSON.stringify(times, null, 1));
    const count = Number(process.env.SLOWEST_FILES ?? 10);
    if (count > 0) console.log(['', ...slowestLines(times, count)].join('\n'));
  }
}
