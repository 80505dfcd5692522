import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, messages } from './errors.ts';

export type FieldError = { field: string; message: string };

const clientMessages: Record<number, string> = {
  400: messages.badRequest,
  404: messages.notFound,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/**
 * Every error leaves as the backend error body `{ message, status, errors }` (spec §8). Bad input
 * is a 400 with field errors; anything unexpected is a 500 that reveals nothing of the internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors: FieldError[] = err.validation.map((v) => {
        const issuePath = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: issuePath ? `${where}.${issuePath}` : where, message: v.message ?? messages.badRequest };
      });
      return reply.code(400).send({ message: messages.badRequest, status: 400, errors });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'service error');
      return reply.code(err.status).send(err.toBody());
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its contract');
      return reply.code(500).send({ message: messages.internal, status: 500 });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessages[status] ?? messages.badRequest, status });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ message: messages.internal, status: 500 });
  });
}
