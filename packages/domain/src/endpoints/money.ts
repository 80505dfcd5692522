import { z } from 'zod';
import { authorisationFieldSchema } from '../auth-contracts';
import { defineEndpoint, idempotencyHeaderSchema } from '../endpoint';
import {
  accountHistoryQuerySchema,
  accountHistorySchema,
  directDebitRequestSchema,
  directDebitSchema,
  mandateSchema,
  moneyAmountInputSchema,
  moneyOverviewSchema,
  payoutRequestSchema,
  payoutSchema,
  referenceAccountSchema,
  setReferenceAccountSchema,
} from '../money-contracts';
import { cashSchema, depositRequestSchema } from '../trading-contracts';

const tags = ['money'];
const idParams = z.object({ id: z.uuid() });

/**
 * Geldtransfer: the overview, the account history, payouts, the mandate and direct debits, the
 * reference account; and the simulated bank of development. The history as CSV is a download and
 * keeps its own route.
 */
export const moneyEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/moneytransaction',
    tags,
    summary: 'Cash figures, the accounts, the direct debit mandate, payouts and debits',
    status: 200,
    response: moneyOverviewSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/moneytransaction/history',
    tags,
    summary: 'Kontoumsätze: every booking with running balance, newest first; by month and kind',
    query: accountHistoryQuerySchema,
    status: 200,
    response: accountHistorySchema,
  }),
  payout: defineEndpoint({
    method: 'POST',
    path: '/api/moneytransaction/payouts',
    tags,
    summary: 'Pay out to the reference account, authorised by TAN or app for exactly this amount and IBAN; Idempotency-Key',
    headers: idempotencyHeaderSchema,
    body: payoutRequestSchema,
    status: 201,
    response: payoutSchema,
  }),
  payoutOf: defineEndpoint({ method: 'GET', path: '/api/moneytransaction/payouts/{id}', tags, summary: 'One payout', params: idParams, status: 200, response: payoutSchema }),
  cancelPayout: defineEndpoint({
    method: 'DELETE',
    path: '/api/moneytransaction/payouts/{id}',
    tags,
    summary: 'Cancel a payout before its execution day',
    params: idParams,
    status: 200,
    response: payoutSchema,
  }),
  signMandate: defineEndpoint({
    method: 'POST',
    path: '/api/moneytransaction/mandate',
    tags,
    summary: 'Sign the SEPA direct debit mandate for the reference account, by TAN',
    body: authorisationFieldSchema,
    status: 201,
    response: mandateSchema,
  }),
  debit: defineEndpoint({
    method: 'POST',
    path: '/api/moneytransaction/debits',
    tags,
    summary: 'Collect money from the reference account by direct debit; Idempotency-Key',
    headers: idempotencyHeaderSchema,
    body: directDebitRequestSchema,
    status: 201,
    response: directDebitSchema,
  }),
  referenceAccount: defineEndpoint({
    method: 'GET',
    path: '/api/user/account/iban',
    tags,
    summary: 'The reference account (Referenzkonto); 404 while none is set',
    status: 200,
    response: referenceAccountSchema,
  }),
  setReferenceAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/user/account/iban',
    tags,
    summary: 'Set the reference account while none is set (a change is a service request)',
    body: setReferenceAccountSchema,
    status: 200,
    response: referenceAccountSchema,
  }),
  devDeposit: defineEndpoint({
    method: 'POST',
    path: '/api/dev/deposit',
    tags: ['development'],
    summary: 'Development only: money arrives at once ("Einzahlung simulieren"); a repeat with the same Idempotency-Key books once',
    headers: idempotencyHeaderSchema,
    body: depositRequestSchema,
    status: 200,
    response: cashSchema,
  }),
  devIncomingTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/dev/money/incoming-transfer',
    tags: ['development'],
    summary: 'Development only: a SEPA credit transfer from the reference account arrives; booked on the next banking day',
    body: z.object({ amount: moneyAmountInputSchema }),
    status: 202,
    response: z.object({ id: z.string(), bookingDate: z.iso.date() }),
  }),
  devReturnDebit: defineEndpoint({
    method: 'POST',
    path: '/api/dev/money/debits/{id}/return',
    tags: ['development'],
    summary: 'Development only: the customer’s bank returns a pending direct debit (Rücklastschrift)',
    params: idParams,
    status: 200,
    response: directDebitSchema,
  }),
};
