import type { TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';

let counter = 0;

/**
 * For tests of guarded /api routes: creates a customer in the embedded user pool, signs in with
 * USER_PASSWORD_AUTH and the SMS code from the outbox, and returns the Authorization header.
 */
export async function signedInCustomer(t: TestApp): Promise<{ authorization: string }> {
  counter += 1;
  const username = `kunde-${process.pid}-${counter}@kontor.example`;
  const phone = `+49151${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(3, '0')}`;
  const password = 'Kontor!Test1';
  await t.app.identity!.createUser({
    username,
    password,
    smsMfa: true,
    attributes: { email: username, email_verified: 'true', phone_number: phone, phone_number_verified: 'true' },
  });
  const call = async (action: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: t.config.identity.path,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`${action}: ${res.statusCode} ${res.body}`);
    return res.json() as { Session?: string; AuthenticationResult?: { AccessToken: string } };
  };
  const clientId = t.config.identity.clientId;
  const challenge = await call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
  const sms = (await outboxStore(t.database.db).latest(50)).find((m) => m.recipient === phone && m.code);
  if (!sms?.code) throw new Error('No SMS code in the outbox');
  const done = await call('RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'SMS_MFA',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: username, SMS_MFA_CODE: sms.code },
  });
  return { authorization: `Bearer ${done.AuthenticationResult!.AccessToken}` };
}
