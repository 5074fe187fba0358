import { createLogger, type LogLevel, type Logger } from '../../platform/logger';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, as written. */
  text(): string;
  /** The lines as objects (JSON mode). */
  records(): Array<Record<string, unknown>>;
}

/** A logger (JSON lines, `level` and above) whose lines are kept in memory instead of written to stderr. */
export function captureLogs(level: LogLevel = 'debug'): CapturedLogs {
  const lines: string[] = [];
  const logger = createLogger(level, { destination: { write: (line: string) => lines.push(line) }, pretty: false });
  return {
    logger,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
