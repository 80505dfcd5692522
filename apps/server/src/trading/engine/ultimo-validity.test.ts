import { describe, expect, it } from 'vitest';
import { MAX_VALIDITY_DAYS } from '@kontor/domain/constants';
import { BTC, cet, displays, newEngine, order } from './test-fixtures.ts';

const cest = (local: string) => new Date(`${local}+02:00`);
const expiry = (fields: Parameters<typeof order>[1], at: Date) => {
  const engine = newEngine();
  engine.place(order('u', { kind: 'limit', limit: '90.00', ...fields }), at);
  return engine.order('u')?.expiresAt;
};

describe('ultimo: valid through the last trading day of the month', () => {
  it('placed Monday 23 Nov 2026: until Monday 30 Nov 23:00', () => {
    expect(expiry({ validity: { type: 'ultimo' } }, cet('2026-11-23T12:00:00'))).toBe(cet('2026-11-30T23:00:00').toISOString());
  });

  it('a month that ends on a Sunday ends on Friday for a share (January 2027)', () => {
    expect(expiry({ validity: { type: 'ultimo' } }, cet('2027-01-11T12:00:00'))).toBe(cet('2027-01-29T23:00:00').toISOString());
  });

  it('and on the Sunday window for a weekend instrument', () => {
    expect(expiry({ isin: BTC, quantity: '0.5', validity: { type: 'ultimo' } }, cet('2027-01-11T12:00:00'))).toBe(
      cet('2027-01-31T19:00:00').toISOString(),
    );
  });

  it('across the change to summer time it ends 23:00 CEST (31 Mar 2027)', () => {
    expect(expiry({ validity: { type: 'ultimo' } }, cet('2027-03-15T12:00:00'))).toBe(cest('2027-03-31T23:00:00').toISOString());
  });

  it('placed after the month’s last close it is the next month’s ultimo', () => {
    expect(expiry({ validity: { type: 'ultimo' } }, cet('2026-11-30T23:30:00'))).toBe(cet('2026-12-31T23:00:00').toISOString());
  });

  it('the engine expires it at that close and not before', () => {
    const engine = newEngine();
    engine.place(order('u', { kind: 'limit', limit: '90.00', validity: { type: 'ultimo' } }), cet('2026-11-23T12:00:00'));
    expect(engine.advanceTime(cet('2026-11-30T22:59:59'))).toEqual([]);
    expect(displays(engine.advanceTime(cet('2026-11-30T23:00:00')))).toEqual(['Expired']);
  });
});

describe('a validity date and until cancelled (at most 360 days)', () => {
  it('a date ends at the close of that day', () => {
    expect(expiry({ validity: { type: 'date', date: '2026-12-04' } }, cet('2026-11-23T12:00:00'))).toBe(
      cet('2026-12-04T23:00:00').toISOString(),
    );
  });

  it('until cancelled ends at the close 360 days ahead', () => {
    expect(MAX_VALIDITY_DAYS).toBe(360);
    expect(expiry({ validity: { type: 'gtc' } }, cet('2026-11-23T12:00:00'))).toBe(cet('2027-11-18T23:00:00').toISOString());
  });

  it('a date beyond 360 days is rejected', () => {
    const events = newEngine().place(
      order('u', { kind: 'limit', limit: '90.00', validity: { type: 'date', date: '2027-11-19' } }),
      cet('2026-11-23T12:00:00'),
    );
    expect(events).toMatchObject([
      { status: 'Rejected', errors: { validity: 'Das Gültigkeitsdatum darf höchstens 360 Tage in der Zukunft liegen.' } },
    ]);
  });
});
