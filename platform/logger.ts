import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import { withLoggableErrors } from './logging/loggable-error';

export { loggableError } from './logging/loggable-error';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line carries `bindings` too (a request's or a socket's id). */
  child(bindings: Record<string, unknown>): Logger;
  /** Whether lines of `level` are written (to skip building a line nobody reads). */
  enabled(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
}

export interface LoggerOptions {
  /** Where lines go: stderr unless given (tests catch them). */
  destination?: { write(line: string): unknown; isTTY?: boolean };
  /** Readable lines instead of JSON; by default when the destination is a terminal and NODE_ENV is not production. */
  pretty?: boolean;
}

/**
 * Field names whose values never reach the log, wherever a caller puts them (one level down too): a message's text,
 * initData, tokens. Callers do not log them; this keeps a slip from writing them.
 */
const REDACTED = ['text', 'caption', 'initData', 'token', 'botToken', 'authorization'];

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * Our Logger over a pino logger. A child is made lazily: most requests and sockets write no line at the enabled
 * level, and pino builds (and redacts) a child's bindings as soon as it is made, which was the larger part of the
 * per-request logging cost.
 */
class PinoLogger implements Logger {
  private made: Pino | undefined;

  constructor(
    private readonly root: Pino,
    private readonly bindings?: Record<string, unknown>,
  ) {}

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.write('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.write('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.write('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.write('error', msg, fields);
  }

  enabled(level: Level): boolean {
    return this.root.isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>): Logger {
    return new PinoLogger(this.root, this.bindings ? { ...this.bindings, ...bindings } : bindings);
  }

  private write(level: Level, msg: string, fields?: Record<string, unknown>): void {
    if (!this.root.isLevelEnabled(level)) return;
    const log = this.bindings ? (this.made ??= this.root.child(withLoggableErrors(this.bindings) as Record<string, unknown>)) : this.root;
    if (fields) log[level](withLoggableErrors(fields) as object, msg);
    else log[level](msg);
  }
}

/** pino-pretty's formatting, written synchronously (its stream form would hand lines to a pipe and may lose the last ones at exit). */
function prettyDestination(out: { write(line: string): unknown }, colorize: boolean): DestinationStream {
  const format = prettyFactory({ colorize, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line: string) => void out.write(format(line)) };
}

/**
 * pino: one JSON object a line (its `msg`, `level` as pino's numbers, ISO `time`, pid, hostname and the fields), or
 * in a terminal one readable line each (`[13:02:11.481] INFO: starting {"node":"v24.21.0",…}`). Lines go to stderr
 * as before pino, so stdout keeps the one line meant for a person (`… is ready`); written synchronously, so the
 * last lines before an exit are not lost. Quiet enough for tests at 'warn'.
 */
export function createLogger(level: LogLevel = 'info', options: LoggerOptions = {}): Logger {
  const out = options.destination ?? process.stderr;
  const pretty = options.pretty ?? (out.isTTY === true && process.env.NODE_ENV !== 'production');
  const destination: DestinationStream = pretty
    ? prettyDestination(out, out.isTTY === true && isColorSupported)
    : { write: (line: string) => void out.write(line) };
  const log = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors arrive as loggableError made them (withLoggableErrors); pino's own serializer would add `type: "Object"`.
      serializers: { err: (err: unknown) => err },
      redact: { paths: [...REDACTED, ...REDACTED.map((key) => `*.${key}`)], censor: '[redacted]' },
    },
    destination,
  );
  return new PinoLogger(log);
}
