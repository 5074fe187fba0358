/** One test file's times, in ms (tests/support/slowest-files-reporter.ts). */
export interface FileTime {
  file: string;
  project: string;
  /** Import, set-up files, environment, hooks and tests: the file's whole time in its worker. */
  total: number;
  /** Tests and hooks alone. */
  tests: number;
}

/** The table's lines for the `count` slowest of `times` (sorted slowest first). */
export function slowestLines(times: FileTime[], count: number): string[];
