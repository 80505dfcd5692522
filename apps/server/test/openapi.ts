import type { FastifyInstance } from 'fastify';

/** The part of a JSON schema (as the OpenAPI document has it) that the API tests read. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
};
export type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document: `name` is "GET /api/wl/{id}", as in the document. */
export type ApiOperation = {
  name: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};

/** Every operation of the OpenAPI document the app serves at /api/docs/json. */
export async function servedOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** The path parameters of an OpenAPI path template ("/api/wl/{id}/items/{isin}" → id, isin). */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The path with its parameters filled in; values go in as they are (the caller encodes). */
export const fillPath = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
