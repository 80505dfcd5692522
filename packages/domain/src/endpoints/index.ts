import { authorisationEndpoints } from './authorisations';
import { customerSettingsEndpoints } from './customer-settings';
import { depotEndpoints } from './depot';
import { deviceEndpoints } from './devices';
import { emailChangeEndpoints } from './email-change';
import { moneyEndpoints } from './money';
import { notesEndpoints } from './notes';
import { performanceEndpoints } from './performance';
import { sessionActivityEndpoints } from './session-activity';
import { taxEndpoints } from './tax';
import { userEndpoints } from './user';
import { watchlistEndpoints } from './watchlists';

/** Every endpoint in the catalogue, by area (decision 034); an area's routes and web calls use its entries. */
export const endpoints = {
  authorisations: authorisationEndpoints,
  customerSettings: customerSettingsEndpoints,
  depot: depotEndpoints,
  devices: deviceEndpoints,
  emailChange: emailChangeEndpoints,
  money: moneyEndpoints,
  notes: notesEndpoints,
  performance: performanceEndpoints,
  sessionActivity: sessionActivityEndpoints,
  tax: taxEndpoints,
  user: userEndpoints,
  watchlists: watchlistEndpoints,
};
