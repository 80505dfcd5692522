import { corporateActionEndpoints } from './corporate-actions';
import { depotEndpoints } from './depot';
import { devClockEndpoints } from './dev-clock';
import { instrumentEndpoints } from './instruments';
import { marketEndpoints } from './market';
import { notesEndpoints } from './notes';
import { performanceEndpoints } from './performance';
import { savingsPlanEndpoints } from './savings-plans';
import { tradingEndpoints } from './trading';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  corporateActions: corporateActionEndpoints,
  depot: depotEndpoints,
  devClock: devClockEndpoints,
  instruments: instrumentEndpoints,
  market: marketEndpoints,
  notes: notesEndpoints,
  performance: performanceEndpoints,
  savingsPlans: savingsPlanEndpoints,
  trading: tradingEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
