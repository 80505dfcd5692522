import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  watchlists: watchlistEndpoints,
};
