import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@kontor/domain/constants';
import { FEATURE_FLAG_ENV, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerWithCash, overview } from '../../test/money-kit.ts';
import { sessionCookie } from '../../test/customer.ts';
import { SESSION_COOKIE } from '../platform/auth.ts';

const SAP = 'DE0007164600';

describe('the feature flags come from the environment', () => {
  it('unset: the values of spec §9', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).featureFlags).toEqual(FEATURE_FLAGS);
    // Spec §9: tax not disabled, tokens not in local storage, no auth header; everything else on.
    expect(Object.entries(FEATURE_FLAGS).filter(([, on]) => !on).map(([flag]) => flag)).toEqual(['taxDisabled', 'tokensInLocalStorage', 'sendAuthHeaderToApi']);
  });

  it('each flag is switched by its own variable, and nothing else moves', () => {
    for (const [flag, name] of Object.entries(FEATURE_FLAG_ENV) as [keyof typeof FEATURE_FLAGS, string][]) {
      const flipped = loadConfig({ NODE_ENV: 'test', [name]: String(!FEATURE_FLAGS[flag]) }).featureFlags;
      expect(flipped, name).toEqual({ ...FEATURE_FLAGS, [flag]: !FEATURE_FLAGS[flag] });
    }
  });

  it('a value other than true or false is a configuration error, not a silent default', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DIRECT_DEBIT: 'no' })).toThrow(/DIRECT_DEBIT/);
  });
});

describe('with every flag the other way round', () => {
  let t: TestApp;
  beforeAll(async () => {
    const env = Object.fromEntries(Object.entries(FEATURE_FLAG_ENV).map(([flag, name]) => [name, String(!FEATURE_FLAGS[flag as keyof typeof FEATURE_FLAGS])]));
    t = await createTestApp({ now: '2026-11-25T10:00:00Z', env });
  });
  afterAll(async () => t.close());

  it('/config.json hands the web app the configured flags', async () => {
    const flags = (await t.call({ method: 'GET', url: '/config.json' })).json().featureFlags;
    expect(flags).toEqual(Object.fromEntries(Object.entries(FEATURE_FLAGS).map(([k, v]) => [k, !v])));
  });

  it('multi-order strategies off: no instrument offers OCO, and an OCO order is refused', async () => {
    const anna = await customerWithCash(t, '5000.00');
    const sap = (await t.call({ method: 'GET', url: `/api/instrument/${SAP}`, headers: anna.headers })).json();
    expect(sap.disabledExecTypes).toContain('oco');
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: anna.headers });
    const order = await t.call({
      method: 'POST',
      url: '/api/trading',
      headers: { ...anna.headers, 'idempotency-key': randomUUID() },
      payload: { isin: SAP, side: 'buy', kind: 'oco', quantity: '1', limit: '150.00', stop: '300.00', validity: { type: 'gtc' } },
    });
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('OCO');
    expect(order.body).toContain('nicht möglich');
    // A single order still goes through.
    const limit = await t.call({
      method: 'POST',
      url: '/api/trading',
      headers: { ...anna.headers, 'idempotency-key': randomUUID() },
      payload: { isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: '150.00', validity: { type: 'gtc' } },
    });
    expect(limit.statusCode, limit.body).toBeLessThan(300);
  });

  it('direct debit off: the money area offers none, and a debit or a mandate is refused', async () => {
    const ben = await customerWithCash(t, '0');
    expect((await overview(t, ben)).directDebit.enabled).toBe(false);
    const debit = await t.call({
      method: 'POST',
      url: '/api/moneytransaction/debits',
      headers: { ...ben.headers, 'idempotency-key': randomUUID() },
      payload: { amount: '100.00' },
    });
    expect(debit.statusCode).toBe(409);
    expect(debit.json().message).toBe('Lastschriften sind derzeit nicht verfügbar.');
    // A savings plan paid by direct debit is refused for what it is, not for a missing mandate.
    const plan = await t.call({
      method: 'POST',
      url: '/api/savingsplan',
      headers: { ...ben.headers, 'idempotency-key': randomUUID() },
      payload: { isin: 'DE0005933931', amount: '50.00', interval: 'monthly', day: 1, firstDate: '2026-12-01', dynamicPercent: 0, payment: 'DIRECT_DEBIT' },
    });
    expect(plan.statusCode, plan.body).toBe(422);
    expect(plan.json().message).toBe('Lastschriften bieten wir derzeit nicht an. Bitte wählen Sie das Verrechnungskonto.');
  });

  it('the API takes the session cookie alone (the web without the auth header) as well as a Bearer header', async () => {
    const carl = await customerWithCash(t, '0');
    const cookie = await sessionCookie(t, carl);
    const byCookie = await t.call({ method: 'GET', url: '/api/trading/positions', cookies: { [SESSION_COOKIE]: cookie } });
    expect(byCookie.statusCode).toBe(200);
    const byHeader = await t.call({ method: 'GET', url: '/api/trading/positions', headers: carl.headers });
    expect(byHeader.statusCode).toBe(200);
  });
});
