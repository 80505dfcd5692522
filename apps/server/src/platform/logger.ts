import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * Never log a password, token or TAN: headers that carry them and body fields with those names
 * are redacted wherever they appear in a log line.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-aws-waf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.previousPassword',
  '*.tan',
  '*.code',
  '*.token',
  '*.accessToken',
  '*.idToken',
  '*.refreshToken',
  '*.AccessToken',
  '*.RefreshToken',
  '*.IdToken',
];

export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made when it first writes a line. Most requests write none at the levels
 * production runs with, and pino's child (its bindings go through redaction) costs about as much
 * as routing the request.
 */
class RequestLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  readonly #opts: ChildLoggerOptions;
  #child: ParentLogger | undefined;

  constructor(parent: ParentLogger, bindings: Bindings, opts: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#opts = opts;
  }

  #made(): ParentLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#opts) as ParentLogger);
  }

  /** The line is written by the child, made for it, unless the level is off anyway. */
  #write(level: Level, args: unknown[]): void {
    const logger = this.#child ?? (this.#parent.isLevelEnabled(level) ? this.#made() : undefined);
    (logger?.[level] as ((...a: unknown[]) => void) | undefined)?.apply(logger, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  // One method per level, each writing at its level.
  static {
    for (const level of LEVELS) {
      Object.defineProperty(RequestLogger.prototype, level, {
        value(this: RequestLogger, ...args: unknown[]) {
          this.#write(level, args);
        },
      });
    }
  }
  silent(): void {}
  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, opts);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with a log level or serializers of its own gets its child
 * at once, and so does a request of an app without a logger (fastify's null logger is no pino).
 */
export function requestLogger(this: unknown, parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const pino = typeof (parent as Partial<ParentLogger>).isLevelEnabled === 'function';
  if (!pino || opts.level !== undefined || opts.serializers !== undefined) return parent.child(bindings, opts);
  return new RequestLogger(parent as ParentLogger, bindings, opts) as unknown as FastifyBaseLogger;
}
