import { describe, expect, it } from 'vitest';
import { endpointPath, routePath } from './endpoint';
import { watchlistEndpoints } from './endpoints/watchlists';

describe('an endpoint path', () => {
  it('is filled with its parameters, each encoded, and written the router’s way for the server', () => {
    const e = watchlistEndpoints.removeItem;
    expect(endpointPath(e, { id: 'a b/c', isin: 'DE0007164600' })).toBe('/api/wl/a%20b%2Fc/items/DE0007164600');
    expect(routePath(e)).toBe('/api/wl/:id/items/:isin');
  });

  it('is refused when a parameter is missing, rather than calling a path with a hole', () => {
    expect(() => endpointPath(watchlistEndpoints.rename, {})).toThrow('/api/wl/{id}: parameter id is missing');
  });
});
