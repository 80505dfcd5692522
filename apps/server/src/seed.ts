import Decimal from 'decimal.js';
import type { IdentityService } from './identity/service.ts';
import type { IdentityStore } from './identity/store.ts';
import type { Db } from './platform/db.ts';
import { accounts, cashOf, post } from './trading/ledger.ts';
import { lotStore } from './trading/store.ts';

export const DEMO_CUSTOMER = {
  username: 'demo@kontor.example',
  password: 'Kontor!Demo1',
  phone: '+4915112345678',
} as const;

export const SECOND_CUSTOMER = {
  username: 'erika@kontor.example',
  password: 'Kontor!Erika2',
  phone: '+4917698765432',
} as const;

/**
 * The demo customer's depot: money on the cash account and a few positions bought earlier
 * (cost includes the 1 € order fee), so the depot page has something to show from the start.
 */
export const DEMO_DEPOT = {
  deposit: '25000.00',
  positions: [
    { isin: 'DE0007164600', quantity: '12', cost: '1983.40', openedAt: '2025-03-14T10:12:00Z' }, // SAP
    { isin: 'IE00B4L5Y983', quantity: '40.512', cost: '3801.00', openedAt: '2025-06-02T08:30:00Z' }, // iShares Core MSCI World
    { isin: 'DE0005557508', quantity: '60', cost: '1171.00', openedAt: '2025-09-22T12:45:00Z' }, // Deutsche Telekom
  ],
} as const;

/** Demo data, created once: running it again changes nothing. */
export async function seedDemoData(deps: { identity: IdentityService; identityStore: IdentityStore; poolId: string; db?: Db }) {
  const people = [
    { ...DEMO_CUSTOMER, given: 'Max', family: 'Mustermann' },
    { ...SECOND_CUSTOMER, given: 'Erika', family: 'Musterfrau' },
  ];
  for (const p of people) {
    if (await deps.identityStore.findUser(deps.poolId, p.username)) continue;
    await deps.identity.createUser({
      username: p.username,
      password: p.password,
      smsMfa: true,
      attributes: {
        email: p.username,
        email_verified: 'true',
        phone_number: p.phone,
        phone_number_verified: 'true',
        given_name: p.given,
        family_name: p.family,
      },
    });
  }

  const demo = await deps.identityStore.findUser(deps.poolId, DEMO_CUSTOMER.username);
  if (deps.db && demo) await seedDemoDepot(deps.db, demo.sub);
}

async function seedDemoDepot(db: Db, sub: string) {
  const lots = lotStore(db);
  const cash = await cashOf(db, sub);
  if ((await lots.hasLots(sub)) || new Decimal(cash.total).gt(0)) return;
  await db.transaction(async (tx) => {
    const at = new Date(DEMO_DEPOT.positions[0].openedAt);
    await post(tx, {
      postings: [
        { account: accounts.cash(sub), amount: DEMO_DEPOT.deposit, kind: 'deposit' },
        { account: accounts.bank, amount: `-${DEMO_DEPOT.deposit}`, kind: 'deposit' },
      ],
      ref: 'demo',
      at,
    });
    for (const p of DEMO_DEPOT.positions) {
      const openedAt = new Date(p.openedAt);
      await post(tx, {
        postings: [
          { account: accounts.cash(sub), amount: `-${p.cost}`, kind: 'buy' },
          { account: accounts.market, amount: new Decimal(p.cost).minus(1).toFixed(2), kind: 'buy' },
          { account: accounts.fees, amount: '1.00', kind: 'fee' },
        ],
        ref: 'demo',
        at: openedAt,
      });
      await lots.addLot(tx, { sub, isin: p.isin, quantity: p.quantity, cost: p.cost, openedAt, executionId: null });
    }
  });
}
