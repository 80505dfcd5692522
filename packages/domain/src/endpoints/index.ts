import { authorisationEndpoints } from './authorisations';
import { corporateActionEndpoints } from './corporate-actions';
import { customerSettingsEndpoints } from './customer-settings';
import { depotEndpoints } from './depot';
import { devClockEndpoints } from './dev-clock';
import { deviceEndpoints } from './devices';
import { emailChangeEndpoints } from './email-change';
import { inboxEndpoints } from './inbox';
import { instrumentEndpoints } from './instruments';
import { marketEndpoints } from './market';
import { moneyEndpoints } from './money';
import { notesEndpoints } from './notes';
import { notificationEndpoints } from './notifications';
import { oauthEndpoints } from './oauth';
import { onboardingEndpoints } from './onboarding';
import { performanceEndpoints } from './performance';
import { savingsPlanEndpoints } from './savings-plans';
import { sessionEndpoints } from './session';
import { sessionActivityEndpoints } from './session-activity';
import { systemEndpoints } from './system';
import { taxEndpoints } from './tax';
import { ticketEndpoints } from './tickets';
import { tradingEndpoints } from './trading';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  authorisations: authorisationEndpoints,
  corporateActions: corporateActionEndpoints,
  customerSettings: customerSettingsEndpoints,
  depot: depotEndpoints,
  devClock: devClockEndpoints,
  devices: deviceEndpoints,
  emailChange: emailChangeEndpoints,
  inbox: inboxEndpoints,
  instruments: instrumentEndpoints,
  market: marketEndpoints,
  money: moneyEndpoints,
  notes: notesEndpoints,
  notifications: notificationEndpoints,
  oauth: oauthEndpoints,
  onboarding: onboardingEndpoints,
  performance: performanceEndpoints,
  savingsPlans: savingsPlanEndpoints,
  session: sessionEndpoints,
  sessionActivity: sessionActivityEndpoints,
  system: systemEndpoints,
  tax: taxEndpoints,
  tickets: ticketEndpoints,
  trading: tradingEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
