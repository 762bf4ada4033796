/**
 * Structured logs through pino: one JSON object per line on stdout, `{"level":"info","time":…,
 * …fields, "message":…}`. Known secrets (the bot token, passwords in URLs) are masked in every
 * line, whatever field they hide in; fields named like secrets are redacted by path as well.
 * In a terminal, outside production, the lines are pretty-printed by pino-pretty when it is
 * installed (a dev dependency: a production install logs JSON).
 */
import { createRequire } from 'node:module';
import { type DestinationStream, pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Strings that must never appear in a log line. */
  secrets?: (string | undefined)[];
  /** Where each line goes (without its newline); stdout by default. */
  write?: (line: string) => void;
  /** Fields every line carries, e.g. the shard a process serves. */
  fields?: Record<string, unknown>;
  /** Pretty-print: by default when stdout is a terminal, NODE_ENV is not production and `write` is not given. */
  pretty?: boolean;
}

const REDACTED = '[redacted]';

/** Fields whose values are secrets wherever they are set, a level or two deep. */
const SECRET_PATHS = ['token', 'password', 'authorization'].flatMap((key) => [key, `*.${key}`]);

export function createLogger(options: LoggerOptions = {}): Logger {
  const mask = masker(options.secrets ?? []);
  const pretty =
    options.pretty ??
    (!options.write && process.stdout.isTTY === true && process.env.NODE_ENV !== 'production');
  const destination: DestinationStream = options.write
    ? lines(options.write)
    : ((pretty ? prettyStream() : undefined) ?? pino.destination({ dest: 1, sync: true }));
  const logger = pino(
    {
      level: options.level ?? 'info',
      messageKey: 'message',
      base: options.fields ?? {},
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => errorsAsText(fields, 0) as Record<string, unknown>,
      },
      redact: { paths: SECRET_PATHS, censor: REDACTED },
      hooks: { streamWrite: mask },
    },
    destination,
  );
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

/** Masks the known secrets, and credentials in connection URLs (redis://user:password@host), in a line. */
function masker(secrets: (string | undefined)[]): (line: string) => string {
  const known = secrets
    .filter((secret): secret is string => !!secret && secret.length >= 6)
    // As written, and as JSON writes it (a password may hold a quote or a backslash).
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]);
  const distinct = [...new Set(known)];
  return (line) => {
    for (const secret of distinct) if (line.includes(secret)) line = line.split(secret).join(REDACTED);
    return line.replace(/(\/\/[^:/@\s"]*:)[^@\s"]+@/g, `$1${REDACTED}@`);
  };
}

/** A destination that hands each line, without its newline, to `write`. */
function lines(write: (line: string) => void): DestinationStream {
  return {
    write(chunk: string) {
      write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk);
    },
  };
}

/** pino-pretty on stdout, or undefined when it is not installed (a production install). */
function prettyStream(): DestinationStream | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pretty = require('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
    return pretty({ messageKey: 'message', sync: true, translateTime: 'SYS:HH:MM:ss.l' });
  } catch {
    return undefined;
  }
}

/** Errors anywhere in the fields as their name, message and stack (JSON would write `{}`). */
function errorsAsText(value: unknown, depth: number): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => errorsAsText(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = errorsAsText(item, depth + 1);
  return copy;
}
