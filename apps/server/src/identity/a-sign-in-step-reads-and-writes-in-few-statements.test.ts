import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../onboarding/customers.ts';
import { outboxStore } from '../outbox/store.ts';
import type { Db } from '../platform/db.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CLIENT_ID, poolCall, srpProve, srpStart } from '../../test/user-pool.ts';
import * as srp from './srp.ts';

// Each statement is a round trip to the database that a sign-in waits for, and at the opening
// bell hundreds of sign-ins share the database with order entry (bench/README.md, sign-in storm).
// Counted at the driver: every statement drizzle or a fixed query sends goes through client.query
// (node-postgres's pool calls itself once more with a callback: that is the same statement). On
// PostgreSQL a request to a route with a rate limit of its own (the user pool among them) also
// counts in a table the processes share: the platform's statement, not the sign-in's.
let t: TestApp;
let statements: string[] = [];

function counted(db: Db): Db {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (typeof args.at(-1) !== 'function' && !String(text).includes('rate_limit_counts')) statements.push(String(text).slice(0, 60));
    return query(...args);
  };
  return db;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z', db: counted });
});
afterAll(() => t.close());

async function step<T>(run: () => Promise<T>): Promise<{ answer: T; count: number; sent: string[] }> {
  statements = [];
  const answer = await run();
  const sent = [...statements];
  return { answer, count: sent.length, sent };
}

describe('a sign-in with SMS code', () => {
  it('takes 2, 5 and 5 statements for its three steps and one to open the web session', async () => {
    const username = 'zaehlung@kontor.example';
    const phone = '+4915100000077';
    const user = await t.app.identity!.createUser({
      username,
      password: 'Kontor!Test1',
      smsMfa: true,
      attributes: { email: username, email_verified: 'true', phone_number: phone, phone_number_verified: 'true' },
    });
    await registerCustomer(t.database.db, user.sub, 'TEST', new Date());
    // The once-a-minute clean-up of abandoned sign-ins runs with the first InitiateAuth: not this one's cost.
    const client = srp.clientSession();
    await srpStart(t, 'niemand@kontor.example', client);

    const init = await step(() => srpStart(t, username, client));
    const verifier = await step(() => srpProve(t, init.answer.body.ChallengeParameters, 'Kontor!Test1', client));
    expect(verifier.answer.body.ChallengeName).toBe('SMS_MFA');
    const [sms] = await outboxStore(t.database.db).latest(1);
    expect(sms?.recipient).toBe(phone);
    const code = await step(() =>
      poolCall(t, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'SMS_MFA',
        Session: verifier.answer.body.Session,
        ChallengeResponses: { USERNAME: verifier.answer.body.ChallengeParameters.USER_ID_FOR_SRP, SMS_MFA_CODE: sms!.code },
      }),
    );
    const accessToken = code.answer.body.AuthenticationResult?.AccessToken as string;
    expect(accessToken).toBeTruthy();
    const login = await step(() => t.call({ method: 'POST', url: '/api/auth/login', payload: { accessToken } }));
    expect(login.answer.statusCode).toBe(200);

    expect({ initiateAuth: init.count, passwordVerifier: verifier.count, smsCode: code.count, webSession: login.count }).toEqual({
      initiateAuth: 2,
      passwordVerifier: 5,
      smsCode: 5,
      webSession: 1,
    });
  });
});
