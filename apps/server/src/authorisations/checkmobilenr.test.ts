import { mobileNumberReasons } from '@kontor/domain/mobile-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-mobile');
});
afterAll(() => t?.close());

const check = async (mobileNumber: string) => {
  const res = await t.call({ method: 'POST', url: '/api/user/checkmobilenr', headers: anna.headers, payload: { mobileNumber } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('POST /api/user/checkmobilenr', () => {
  it('accepts a mobile number and gives it in E.164 and as shown', async () => {
    expect(await check('0151 12345678')).toEqual({ valid: true, e164: '+4915112345678', formatted: '+49 1511 2345678' });
    expect(await check('+43 664 1234567')).toEqual({ valid: true, e164: '+436641234567', formatted: '+43 664 1234567' });
  });

  it.each([
    ['015', mobileNumberReasons.tooShort],
    ['0151 123456789', mobileNumberReasons.tooLong],
    ['030 1234567', mobileNumberReasons.notMobile],
    ['+999 123456789', mobileNumberReasons.unknownCountry],
    ['Handy', mobileNumberReasons.notANumber],
    ['', mobileNumberReasons.empty],
  ])('refuses %j and says why', async (input, reason) => {
    expect(await check(input)).toEqual({ valid: false, reason });
  });

  it('needs a signed-in customer', async () => {
    expect((await t.call({ method: 'POST', url: '/api/user/checkmobilenr', payload: { mobileNumber: '0151 12345678' } })).statusCode).toBe(401);
  });
});
