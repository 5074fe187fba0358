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

function wrap(log: Pino): Logger {
  const at = (level: 'debug' | 'info' | 'warn' | 'error') => (msg: string, fields?: Record<string, unknown>) => {
    if (!log.isLevelEnabled(level)) return;
    if (fields) log[level](withLoggableErrors(fields) as object, msg);
    else log[level](msg);
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(log.child(withLoggableErrors(bindings) as Record<string, unknown>)),
  };
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
  return wrap(log);
}
