import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

describe('/dev/outbox', () => {
  it('lists what the embedded SMS gateway sent, newest first, outside production', async () => {
    const t = await createTestApp();
    try {
      await t.app.identity!.createUser({
        username: 'outbox@kontor.example',
        password: 'Kontor!Test1',
        smsMfa: true,
        attributes: { email: 'outbox@kontor.example', phone_number: '+4915100000099', phone_number_verified: 'true' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/identity/',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        payload: JSON.stringify({
          ClientId: '4k0nt0rweb1c1ient0000000a',
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'outbox@kontor.example', PASSWORD: 'Kontor!Test1' },
        }),
      });
      const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
      const [latest] = json.json();
      expect(latest).toMatchObject({ recipient: '+4915100000099', channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
      expect(latest.text).toContain(latest.code);
      const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.body).toContain('Postausgang');
      expect(page.body).toContain(latest.code);
    } finally {
      await t.close();
    }
  });

  it('is not mounted unless the developer tools are turned on', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', DEV_TOOLS: '' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
