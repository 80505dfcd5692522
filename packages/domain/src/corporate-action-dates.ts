import { addBankingDays, type IsoDate } from './banking-days';

// Apart from corporate-actions.ts, which the web app loads: the holiday calendar stays on the server.
/**
 * The record date: one banking day after the ex date (the EU market standards for corporate-action
 * processing). With T+2 settlement a trade done before the ex date settles by the record date, so
 * the customers entitled are those holding the share at the end of the day before the ex date
 * (trade-date basis: Kontor books positions on the trade date).
 */
export const recordDateOf = (exDate: IsoDate): IsoDate => addBankingDays(exDate, 1);
