import { z } from 'zod';

/**
 * One endpoint of the API, defined once (decision 034): method, path, the schemas of its path
 * parameters, query, body and answer. The server declares its route from it
 * (`apps/server/src/platform/endpoint-route.ts`) and the web calls it through `api.call`, so a
 * renamed path or a changed schema breaks the build on both sides; the OpenAPI document, and with
 * it the fuzz test and the access matrix, are made from the routes.
 */
export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI style: `/api/wl/{id}/items/{isin}`. */
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (the Idempotency-Key); the web client sets them itself. */
  readonly headers?: z.ZodType;
  /** The status of success (202: accepted, done later); 204 has no answer. */
  readonly status: 200 | 201 | 202 | 204;
  readonly response?: z.ZodType;
};

/** The Idempotency-Key header of an order, payout or note: a repeat with the same key returns the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeaderSchema = z.object({ [IDEMPOTENCY_HEADER]: z.string().max(200).optional() });

export const defineEndpoint = <const E extends Endpoint>(e: E): E => e;

type Schema<E, K extends keyof Endpoint> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;
/** What the caller sends (the schema's input) and what the handler reads (its output). */
export type ParamsIn<E> = Schema<E, 'params'> extends z.ZodType ? z.input<Schema<E, 'params'>> : undefined;
export type QueryIn<E> = Schema<E, 'query'> extends z.ZodType ? z.input<Schema<E, 'query'>> : undefined;
export type BodyIn<E> = Schema<E, 'body'> extends z.ZodType ? z.input<Schema<E, 'body'>> : undefined;
export type ResponseOf<E> = Schema<E, 'response'> extends z.ZodType ? z.output<Schema<E, 'response'>> : void;

/** The path with its parameters filled in, each encoded. */
export function endpointPath(e: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The path as Fastify writes it: `/api/wl/:id`. */
export const routePath = (e: Pick<Endpoint, 'path'>): string => e.path.replace(/\{(\w+)\}/g, ':$1');
export type ParamsOut<E> = Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : undefined;
export type QueryOut<E> = Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : undefined;
export type BodyOut<E> = Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : undefined;
