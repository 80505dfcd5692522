import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '@kontor/domain/security-log-contracts';
import { authorised } from '../../test/authorisation.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { customerWithCash, payout, payoutAuthorisation } from '../../test/money-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  anna = await customerWithCash(t, '1000.00');
});
afterAll(() => t?.close());

const kinds = async (who: SignedInCustomer) => ((await t.call({ method: 'GET', url: '/api/security-log', headers: who.headers })).json() as SecurityLogPage).events;

describe('money and the Kontor app in the security log', () => {
  it('shows the reference account set at the start, then a payout of 200,00 € with its amount', async () => {
    const res = await payout(t, anna, '200.00', await payoutAuthorisation(t, anna, '200.00'));
    expect(res.statusCode, res.body).toBe(201);
    const events = await kinds(anna);
    expect(events.map((e) => e.kind)).toEqual(['PAYOUT', 'REFERENCE_ACCOUNT_CHANGED', 'SIGN_IN']);
    expect(events[0]).toMatchObject({ detail: '200.00', at: '2026-11-25T10:00:00.000Z' });
    expect(events[1]!.detail).toBe('DE89 •••• 3000');
  });

  it('shows nothing for a payout that was refused and rolled back (more than is available)', async () => {
    const res = await payout(t, anna, '5000.00', await payoutAuthorisation(t, anna, '5000.00'));
    expect(res.statusCode).toBe(422);
    expect((await kinds(anna)).filter((e) => e.kind === 'PAYOUT')).toHaveLength(1);
  });

  it('shows the app enrolled and retired, each with the device name', async () => {
    const authorisation = await authorised(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const device = (await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation } })).json();
    const retire = { type: 'RETIRE_DEVICE', customerDeviceName: 'Annas iPhone', serial: device.serial } as const;
    const retired = await t.call({
      method: 'POST',
      url: '/api/appenrollment/retire',
      headers: anna.headers,
      payload: { customerDeviceName: 'Annas iPhone', serial: device.serial, authorisation: await authorised(t, anna, retire) },
    });
    expect(retired.statusCode).toBe(204);
    const [last, before] = await kinds(anna);
    expect(last).toMatchObject({ kind: 'DEVICE_RETIRED', detail: 'Annas iPhone' });
    expect(before).toMatchObject({ kind: 'DEVICE_ENROLLED', detail: 'Annas iPhone' });
  });

  it('pages newest first with a cursor, and refuses a cursor it did not make', async () => {
    const first = (await t.call({ method: 'GET', url: '/api/security-log?limit=2', headers: anna.headers })).json() as SecurityLogPage;
    expect(first.events.map((e) => e.kind)).toEqual(['DEVICE_RETIRED', 'DEVICE_ENROLLED']);
    const second = (await t.call({ method: 'GET', url: `/api/security-log?limit=2&cursor=${first.nextCursor}`, headers: anna.headers })).json() as SecurityLogPage;
    expect(second.events.map((e) => e.kind)).toEqual(['PAYOUT', 'REFERENCE_ACCOUNT_CHANGED']);
    const third = (await t.call({ method: 'GET', url: `/api/security-log?limit=2&cursor=${second.nextCursor}`, headers: anna.headers })).json() as SecurityLogPage;
    expect(third).toMatchObject({ events: [{ kind: 'SIGN_IN' }], nextCursor: null });
    expect((await t.call({ method: 'GET', url: '/api/security-log?cursor=bm9wZQ', headers: anna.headers })).statusCode).toBe(400);
  });
});
