import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BodyOut, type Endpoint, type ParamsOut, type QueryOut, type ResponseOf, routePath } from '@kontor/domain/endpoint';

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOut<E>; Querystring: QueryOut<E>; Body: BodyOut<E> }>;

/**
 * A route declared from its endpoint in the catalogue (decision 034): method, path and schemas come
 * from there, so the OpenAPI document, the validation and the web client's types agree. The
 * handler answers the endpoint's answer; the status of success (201, 204) is set here.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseOf<E>>,
  options: { config?: FastifyContextConfig } = {},
): void {
  app.route({
    method: e.method,
    url: routePath(e),
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      ...(e.response ? { response: { [e.status]: e.response } } : {}),
    },
    ...(options.config ? { config: options.config } : {}),
    handler: async (req, reply) => {
      const answer = await handler(req as EndpointRequest<E>, reply);
      if (reply.sent) return reply;
      if (e.status === 204) return reply.code(204).send();
      return reply.code(e.status).send(answer);
    },
  });
}
