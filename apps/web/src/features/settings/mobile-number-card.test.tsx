import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { testAuth, testCustomer, jsonResponse } from '../../test/fixtures';
import { renderAlone } from '../../test/render';
import { MobileNumberCard } from './mobile-number-card';

vi.setConfig({ testTimeout: 30_000 });

/** The user pool as aws-amplify/auth shows it: the customer's attributes, a code per SMS. */
const pool = vi.hoisted(() => ({ attributes: {} as Record<string, string>, code: '' }));
const amplify = vi.hoisted(() => ({
  fetchUserAttributes: vi.fn(async () => ({ ...pool.attributes })),
  sendUserAttributeVerificationCode: vi.fn(async () => {
    pool.code = '135790';
    return {};
  }),
  confirmUserAttribute: vi.fn(async ({ confirmationCode }: { confirmationCode: string }) => {
    if (confirmationCode !== pool.code) throw Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' });
    pool.attributes.phone_number_verified = 'true';
  }),
}));
vi.mock('aws-amplify/auth', () => amplify);

/** POST /api/user/checkmobilenr as the server answers it for the numbers these tests type. */
const checks: string[] = [];
function installCheckServer() {
  configureApi(
    createApiClient({
      fetch: async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/user/checkmobilenr') return jsonResponse({ message: 'not here' }, { status: 404 });
        const { mobileNumber } = JSON.parse(String(init?.body)) as { mobileNumber: string };
        checks.push(mobileNumber);
        if (mobileNumber.startsWith('030')) {
          return jsonResponse({ valid: false, reason: 'Das ist keine Mobilnummer. Wir senden TANs per SMS – bitte geben Sie eine Handynummer an.' });
        }
        return jsonResponse({ valid: true, e164: '+4915799990000', formatted: '+49 1579 9990000' });
      },
    }),
  );
}

beforeEach(() => {
  pool.attributes = { sub: testCustomer.sub, email: testCustomer.email! };
  pool.code = '';
  checks.length = 0;
  for (const fn of Object.values(amplify)) fn.mockClear();
  installCheckServer();
});
afterEach(() => configureApi(createApiClient()));

async function openCard() {
  const auth = testAuth({ status: 'signedIn', user: { ...testCustomer, phoneNumber: null } });
  const view = await renderAlone(<MobileNumberCard />, { auth });
  await screen.findByRole('heading', { name: 'Mobilnummer für TANs' });
  return { ...view, auth };
}

describe('Einstellungen → Mobilnummer für TANs', () => {
  it('without a number on file there is no field to type one: it is added by a service request', async () => {
    await openCard();
    expect(await screen.findByText('Nicht hinterlegt')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mobilnummer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Mobilnummer hinterlegen' }).getAttribute('href')).toContain('MOBILE_NUMBER');
    expect(amplify.sendUserAttributeVerificationCode).not.toHaveBeenCalled();
  });

  it('the unconfirmed number on file gets a code by SMS, a wrong code is said at the field, the right one confirms it', async () => {
    pool.attributes = { ...pool.attributes, phone_number: '+4915799990000', phone_number_verified: 'false' };
    const { user, auth, toastStore } = await openCard();
    expect(await screen.findByText('nicht bestätigt')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mobilnummer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Code per SMS senden' }));
    expect(await screen.findByText('Wir haben Ihnen einen Code per SMS an +49 ••• 0000 gesendet.')).toBeTruthy();
    expect(amplify.sendUserAttributeVerificationCode).toHaveBeenCalledTimes(1);

    await user.type(screen.getByRole('textbox', { name: 'Code aus der SMS' }), '111111{Enter}');
    expect(await screen.findByText('Der Code ist nicht richtig. Bitte prüfen Sie ihn und versuchen Sie es erneut.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen einen neuen Code gesendet.')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Code aus der SMS' }));
    await user.type(screen.getByRole('textbox', { name: 'Code aus der SMS' }), `${pool.code}{Enter}`);
    expect(await screen.findByText('bestätigt')).toBeTruthy();
    expect(screen.getByText(/Eine bestätigte Mobilnummer ändern Sie mit einem Serviceauftrag/)).toBeTruthy();
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain('Ihre Mobilnummer ist bestätigt. TANs kommen ab jetzt per SMS an diese Nummer.');
    await waitFor(() => expect(auth.reloadCustomer).toHaveBeenCalled());
  });

  it('with a confirmed number there is no form, only the way through the service', async () => {
    pool.attributes = { ...pool.attributes, phone_number: '+4915112345678', phone_number_verified: 'true' };
    await openCard();
    expect(await screen.findByText('bestätigt')).toBeTruthy();
    expect(screen.getByText('+49 ••• 5678')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mobilnummer' })).toBeNull();
    expect(screen.getByText(/Eine bestätigte Mobilnummer ändern Sie mit einem Serviceauftrag/)).toBeTruthy();
  });
});
