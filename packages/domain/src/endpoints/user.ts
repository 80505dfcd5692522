import { defineEndpoint } from '../endpoint';
import { securityLogPageSchema, securityLogQuerySchema } from '../security-log-contracts';
import { customerStatsSchema } from '../stats-contracts';

/** What the settings show of the customer: the year's figures and the security log. */
export const userEndpoints = {
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/stats',
    tags: ['user'],
    summary: 'The customer’s figures of the current year: trades and volume, fees, savings-plan executions, dividends, tax withheld',
    status: 200,
    response: customerStatsSchema,
  }),
  securityLog: defineEndpoint({
    method: 'GET',
    path: '/api/security-log',
    tags: ['user'],
    summary: 'The security log: sign-ins, failed sign-ins, lockouts, second-factor, app, payout, reference-account, e-mail and application events, newest first',
    query: securityLogQuerySchema,
    status: 200,
    response: securityLogPageSchema,
  }),
};
