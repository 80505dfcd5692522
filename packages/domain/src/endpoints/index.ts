import { depotEndpoints } from './depot';
import { inboxEndpoints } from './inbox';
import { notesEndpoints } from './notes';
import { notificationEndpoints } from './notifications';
import { oauthEndpoints } from './oauth';
import { onboardingEndpoints } from './onboarding';
import { performanceEndpoints } from './performance';
import { sessionEndpoints } from './session';
import { ticketEndpoints } from './tickets';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  depot: depotEndpoints,
  inbox: inboxEndpoints,
  notes: notesEndpoints,
  notifications: notificationEndpoints,
  oauth: oauthEndpoints,
  onboarding: onboardingEndpoints,
  performance: performanceEndpoints,
  session: sessionEndpoints,
  tickets: ticketEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
