import { describe, expect, it } from 'vitest';
import { depositRequestSchema, orderTicketSchema } from './trading-contracts';

const ticket = { isin: 'DE0007164600', side: 'buy', kind: 'limit', quantity: '10', limit: '182.50', validity: { type: 'gtc' } };

describe('order ticket contract', () => {
  it('accepts a limit buy with a validity', () => {
    expect(orderTicketSchema.parse(ticket)).toMatchObject(ticket);
  });
  it.each([
    ['a quantity as a number', { quantity: 10 }],
    ['a negative limit', { limit: '-1' }],
    ['a limit with a decimal comma', { limit: '182,50' }],
    ['an unknown kind', { kind: 'iceberg' }],
    ['savings (savings plans place those)', { kind: 'savings' }],
    ['a date validity without a date', { validity: { type: 'date' } }],
    ['a bad ISIN', { isin: 'DE0007164601' }],
  ])('refuses %s', (_case, change) => {
    expect(orderTicketSchema.safeParse({ ...ticket, ...change }).success).toBe(false);
  });
  it('a simulated deposit is positive, at most a million, in cents', () => {
    expect(depositRequestSchema.safeParse({ amount: '5000.00' }).success).toBe(true);
    expect(depositRequestSchema.safeParse({ amount: '0' }).success).toBe(false);
    expect(depositRequestSchema.safeParse({ amount: '1000000.01' }).success).toBe(false);
    expect(depositRequestSchema.safeParse({ amount: '10.005' }).success).toBe(false);
    expect(depositRequestSchema.safeParse({ amount: '10,00' }).success).toBe(false);
  });
});
