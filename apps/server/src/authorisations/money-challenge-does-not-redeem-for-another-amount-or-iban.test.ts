import type { AuthorisationPayload } from '@kontor/domain/auth-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AppError } from '../platform/errors.ts';
import { authorisationMessages } from './service.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-digest');
});
afterAll(() => t?.close());

const payout = (amount: string, iban: string): AuthorisationPayload => ({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount, iban } });
const IBAN = 'DE89 3704 0044 0532 0130 00';
const OTHER_IBAN = 'DE02 1203 0000 0000 2020 51';

/** What the money area does: redeem inside its own transaction. */
const redeem = (payload: AuthorisationPayload, result: Parameters<TestApp['app']['authorisations']['redeem']>[3], sub = anna.sub) =>
  t.database.db.transaction((tx) => t.app.authorisations.redeem(tx, sub, payload, result));

describe('a money challenge is bound to amount and IBAN (PSD2 RTS Art. 5 dynamic linking)', () => {
  it('confirmed for 100.00 € it does not redeem for 101.00 €, another IBAN or another customer; for the same data written differently it does, once', async () => {
    const result = await authorised(t, anna, payout('100.00', IBAN));
    const refused = new AppError(422, authorisationMessages.notAuthorised);
    await expect(redeem(payout('101.00', IBAN), result)).rejects.toEqual(refused);
    await expect(redeem(payout('100.00', OTHER_IBAN), result)).rejects.toEqual(refused);
    await expect(redeem({ type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: IBAN } }, result)).rejects.toEqual(refused);
    const ben = await signedInCustomer(t.app, t.database.db, 'ben-digest');
    await expect(redeem(payout('100.00', IBAN), result, ben.sub)).rejects.toEqual(refused);
    await expect(redeem(payout('100.00', IBAN), { ...result, authorizationId: 'erfunden' })).rejects.toEqual(refused);

    // "100" and the IBAN in lowercase without spaces are the same transaction.
    await redeem(payout('100', 'de89370400440532013000'), result);
    await expect(redeem(payout('100.00', IBAN), result)).rejects.toEqual(refused);
  });
});
