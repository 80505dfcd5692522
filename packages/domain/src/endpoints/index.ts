import { depotEndpoints } from './depot';
import { notesEndpoints } from './notes';
import { performanceEndpoints } from './performance';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  depot: depotEndpoints,
  notes: notesEndpoints,
  performance: performanceEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
