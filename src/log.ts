/**
 * Structured logs: one JSON object per line on stdout. Known secrets (the bot token, passwords in
 * URLs) are masked in every line, whatever field they hide in.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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
  write?: (line: string) => void;
  /** Fields every line carries, e.g. the shard a process serves. */
  fields?: Record<string, unknown>;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = RANK[options.level ?? 'info'];
  const secrets = (options.secrets ?? []).filter(
    (secret): secret is string => !!secret && secret.length >= 6,
  );
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));

  const log = (level: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    if (RANK[level] < threshold) return;
    let line = JSON.stringify(
      { time: new Date().toISOString(), level, message, ...options.fields, ...fields },
      errorsAsText,
    );
    for (const secret of secrets) line = line.split(secret).join('[redacted]');
    // Credentials in connection URLs, e.g. redis://user:password@host.
    line = line.replace(/(\/\/[^:/@\s"]*:)[^@\s"]+@/g, '$1[redacted]@');
    write(line);
  };
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  };
}

function errorsAsText(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
