import { TAN_MAX_ATTEMPTS } from '@kontor/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTan, verifyTan, wrongTan } from '../../test/authorisation.ts';
import { signedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const enrol = { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' } as const;

describe('wrong TANs (PSD2 RTS Art. 4(3)(b): at most five attempts)', () => {
  it('counts down, warns before the last attempt, locks after the fifth, and then refuses even the right TAN', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-tan');
    const { challenge, tan } = await requestTan(t, anna, enrol);
    expect(challenge.attemptsLeft).toBe(TAN_MAX_ATTEMPTS);
    const answers = [];
    for (let i = 0; i < TAN_MAX_ATTEMPTS; i++) answers.push(await verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) }));
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 422, 423]);
    expect(answers[0]!.json().message).toBe('Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Sie haben noch 4 Versuche.');
    expect(answers[2]!.json().message).toContain('noch 2 Versuche');
    expect(answers[3]!.json().message).toBe('Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Achtung: Sie haben noch einen Versuch. Danach wird die TAN gesperrt.');
    expect(answers[3]!.json().errors).toEqual([{ field: 'tan', message: answers[3]!.json().message }]);
    // Five wrong in a row also lock the customer's TAN authorisation (five-wrong-tans-in-a-row-lock-tan-authorisation-for-thirty-minutes.test.ts).
    expect(answers[4]!.json().message).toContain('gesperrt');

    const sixth = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    expect(sixth.statusCode).toBe(423);
    expect(sixth.json().message).toContain('gesperrt');
    const status = await t.call({ method: 'GET', url: `/api/ticket/challenges/${challenge.ticket}`, headers: anna.headers });
    expect(status.json()).toMatchObject({ state: 'LOCKED', attemptsLeft: 0 });
  });

  it('a challenge whose five tries are spent stays dead when a right TAN elsewhere started the customer’s count afresh', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-tan-dead');
    const { challenge, tan } = await requestTan(t, anna, enrol);
    for (let i = 0; i < 3; i++) expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) })).statusCode).toBe(422);
    const other = await requestTan(t, anna, enrol);
    expect((await verifyTan(t, anna, { ticket: other.challenge.ticket, tan: other.tan })).statusCode).toBe(200);
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) })).statusCode).toBe(422);
    const fifth = await verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toBe('Die TAN ist gesperrt, weil sie zu oft falsch eingegeben wurde. Bitte fordern Sie eine neue TAN an.');
    const sixth = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    expect(sixth.statusCode).toBe(423);
    expect(sixth.json().message).toBe('Die TAN ist gesperrt, weil sie zu oft falsch eingegeben wurde. Bitte fordern Sie eine neue TAN an.');
    // Only this challenge is dead: a new TAN works.
    expect((await requestTan(t, anna, enrol)).challenge.attemptsLeft).toBe(TAN_MAX_ATTEMPTS);
  });

  it('lets no number of parallel guesses have more than five tries', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-tan-parallel');
    const { challenge, tan } = await requestTan(t, anna, enrol);
    const guesses = await Promise.all(Array.from({ length: 12 }, () => verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) })));
    expect(guesses.filter((g) => g.statusCode === 422)).toHaveLength(TAN_MAX_ATTEMPTS - 1);
    expect(guesses.filter((g) => g.statusCode === 423)).toHaveLength(12 - (TAN_MAX_ATTEMPTS - 1));
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(423);
  });

  it('never says which element was wrong: an unknown, malformed or another customer’s ticket gets the answer of a wrong TAN', async () => {
    const anna = await signedInCustomer(t.app, t.database.db, 'anna-tan-which');
    const ben = await signedInCustomer(t.app, t.database.db, 'ben-tan');
    const { challenge, tan } = await requestTan(t, anna, enrol);
    const first = { message: 'Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Sie haben noch 4 Versuche.', status: 422, errors: [{ field: 'tan', message: 'Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Sie haben noch 4 Versuche.' }] };
    const answers = [
      await verifyTan(t, ben, { ticket: challenge.ticket, tan }),
      await verifyTan(t, anna, { ticket: '0b7f3a52-7d0c-4a4e-9d0e-2f1c3f9a7e11', tan }),
      await verifyTan(t, anna, { ticket: 'kein-ticket', tan }),
      await verifyTan(t, anna, { ticket: challenge.ticket, tan: wrongTan(tan) }),
    ];
    for (const a of answers) expect({ status: a.statusCode, body: a.json() }).toEqual({ status: 422, body: first });
    // Ben's try did not count against Anna's challenge; the right TAN still works.
    expect((await verifyTan(t, anna, { ticket: challenge.ticket, tan })).statusCode).toBe(200);
  });
});
