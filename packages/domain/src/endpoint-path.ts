/**
 * An endpoint's path filled in, without zod: the web's API client (in every page's first load)
 * takes it from here; endpoint.ts re-exports it.
 */

type Routed = { readonly path: string };

/** The path with its parameters filled in, each encoded. */
export function endpointPath(e: Routed, params?: Record<string, string | number>): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The path as Fastify writes it: `/api/wl/:id`. */
export const routePath = (e: Routed): string => e.path.replace(/\{(\w+)\}/g, ':$1');
