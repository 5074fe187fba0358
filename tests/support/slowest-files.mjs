// `node tests/support/slowest-files.mjs times.json [count]`: the slowest test files of a run, from the times
// tests/support/slowest-files-reporter.ts wrote (SLOWEST_FILES_JSON). Plain JavaScript: .ci/run prints it last.
import { readFileSync } from 'node:fs';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The table's lines for the `count` slowest of `times` (sorted slowest first). */
export function slowestLines(times, count) {
  const rows = times.slice(0, count).map((t) => `${seconds(t.total)} ${seconds(t.tests)}  ${t.project.padEnd(16)}${t.file}`);
  return [`The ${count} slowest test files (whole file, tests and hooks):`, ...rows];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count = '10'] = process.argv.slice(2);
  console.log(slowestLines(JSON.parse(readFileSync(file, 'utf8')), Number(count)).join('\n'));
}
