import { defineEndpoint } from '../endpoint';
import { depotSchema } from '../trading-contracts';

/** The depot: positions and cash. */
export const depotEndpoints = {
  positions: defineEndpoint({ method: 'GET', path: '/api/trading/positions', tags: ['trading'], summary: 'Positions and cash of the depot', status: 200, response: depotSchema }),
};
