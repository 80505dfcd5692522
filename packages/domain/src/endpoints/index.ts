import { authorisationEndpoints } from './authorisations';
import { customerSettingsEndpoints } from './customer-settings';
import { depotEndpoints } from './depot';
import { deviceEndpoints } from './devices';
import { emailChangeEndpoints } from './email-change';
import { inboxEndpoints } from './inbox';
import { moneyEndpoints } from './money';
import { notesEndpoints } from './notes';
import { notificationEndpoints } from './notifications';
import { oauthEndpoints } from './oauth';
import { onboardingEndpoints } from './onboarding';
import { performanceEndpoints } from './performance';
import { sessionEndpoints } from './session';
import { sessionActivityEndpoints } from './session-activity';
import { taxEndpoints } from './tax';
import { ticketEndpoints } from './tickets';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  authorisations: authorisationEndpoints,
  customerSettings: customerSettingsEndpoints,
  depot: depotEndpoints,
  devices: deviceEndpoints,
  emailChange: emailChangeEndpoints,
  inbox: inboxEndpoints,
  money: moneyEndpoints,
  notes: notesEndpoints,
  notifications: notificationEndpoints,
  oauth: oauthEndpoints,
  onboarding: onboardingEndpoints,
  performance: performanceEndpoints,
  session: sessionEndpoints,
  sessionActivity: sessionActivityEndpoints,
  tax: taxEndpoints,
  tickets: ticketEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
