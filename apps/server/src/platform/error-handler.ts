import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '@kontor/domain/backend-error';
import { AppError, messages } from './errors.ts';

const clientMessages: Record<number, string> = {
  400: messages.badRequest,
  404: messages.notFound,
  413: messages.payloadTooLarge,
  414: messages.uriTooLong,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/**
 * What the router refuses before any route or hook runs (a path that is no valid URL component,
 * a path parameter over its length): the same body as every other refusal.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode === 414 ? 414 : 400;
  void reply.code(status).send({ message: clientMessages[status], status, errors: [] });
}

/**
 * Every error leaves as the backend error body `{ message, status, errors: [] }` (spec §8). Bad input
 * is a 400 with field errors; anything unexpected is a 500 that reveals nothing of the internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors: FieldError[] = err.validation.map((v) => {
        const issuePath = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A body's fields by their own names, as the services name them; query and path parameters prefixed.
        const field = where === 'body' ? issuePath || 'body' : issuePath ? `${where}.${issuePath}` : where;
        return { field, message: v.message ?? messages.badRequest };
      });
      return reply.code(400).send({ message: messages.badRequest, status: 400, errors });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'service error');
      return reply.code(err.status).send(err.toBody());
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its contract');
      return reply.code(500).send({ message: messages.internal, status: 500, errors: [] });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessages[status] ?? messages.badRequest, status, errors: [] });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ message: messages.internal, status: 500, errors: [] });
  });
}
