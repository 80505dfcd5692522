import type { FastifyServerOptions } from 'fastify';

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
