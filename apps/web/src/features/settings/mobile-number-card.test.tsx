import { screen, waitFor, within } from '@testing-library/react';
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
  updateUserAttributes: vi.fn(async ({ userAttributes }: { userAttributes: Record<string, string> }) => {
    Object.assign(pool.attributes, userAttributes, { phone_number_verified: 'false' });
    pool.code = '246810';
    return { phone_number: { isUpdated: false, nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE' } } };
  }),
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
          return jsonResponse({ valid: false, reason: 'Das ist keine Mobilfunknummer. Die TAN kommt per SMS, bitte geben Sie eine Handynummer an.' });
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
  it('a landline is refused with the server’s reason at the field, and nothing goes to the user pool', async () => {
    const { user } = await openCard();
    const field = await screen.findByRole('textbox', { name: 'Mobilnummer' });
    expect(field.getAttribute('type')).toBe('tel');
    expect(field.getAttribute('autocomplete')).toBe('tel');

    await user.click(screen.getByRole('button', { name: 'Nummer prüfen und Code senden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre Mobilnummer ein.')).toBeTruthy();
    expect(checks).toEqual([]);

    await user.type(field, '030 1234567{Enter}');
    const reason = await screen.findByText('Das ist keine Mobilfunknummer. Die TAN kommt per SMS, bitte geben Sie eine Handynummer an.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(reason.id);
    expect(checks).toEqual(['030 1234567']);
    expect(amplify.updateUserAttributes).not.toHaveBeenCalled();
  });

  it('a mobile number is stored, the SMS code confirms it, and the card then says "bestätigt"', async () => {
    const { user, auth, toastStore } = await openCard();
    const card = screen.getByRole('heading', { name: 'Mobilnummer für TANs' }).closest('section') ?? document.body;
    expect(within(card as HTMLElement).getByText('Nicht hinterlegt')).toBeTruthy();

    await user.type(await screen.findByRole('textbox', { name: 'Mobilnummer' }), '0157 99990000{Enter}');
    expect(await screen.findByText('Wir haben Ihnen einen Code per SMS an +49 ••• 0000 gesendet.')).toBeTruthy();
    expect(amplify.updateUserAttributes).toHaveBeenCalledWith({ userAttributes: { phone_number: '+4915799990000' } });
    expect(screen.getByText('nicht bestätigt')).toBeTruthy();

    // A wrong code is said at the code field; a new code can be asked for.
    const code = screen.getByRole('textbox', { name: 'Code aus der SMS' });
    await user.type(code, '111111{Enter}');
    expect(await screen.findByText('Der Code ist nicht richtig. Bitte prüfen Sie ihn und versuchen Sie es erneut.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen einen neuen Code gesendet.')).toBeTruthy();
    expect(amplify.sendUserAttributeVerificationCode).toHaveBeenCalledWith({ userAttributeKey: 'phone_number' });

    await user.type(screen.getByRole('textbox', { name: 'Code aus der SMS' }), '135790{Enter}');
    expect(await screen.findByText('bestätigt')).toBeTruthy();
    expect(amplify.confirmUserAttribute).toHaveBeenLastCalledWith({ userAttributeKey: 'phone_number', confirmationCode: '135790' });
    expect(screen.queryByRole('textbox', { name: 'Mobilnummer' })).toBeNull();
    expect(screen.getByText(/Eine bestätigte Mobilnummer ändern Sie mit einem Serviceauftrag/)).toBeTruthy();
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain('Ihre Mobilnummer ist bestätigt. TANs kommen ab jetzt per SMS an diese Nummer.');
    await waitFor(() => expect(auth.reloadCustomer).toHaveBeenCalled());
  });

  it('an unverified number already on file is offered again and gets a code without being stored anew', async () => {
    pool.attributes = { ...pool.attributes, phone_number: '+4915799990000', phone_number_verified: 'false' };
    const { user } = await openCard();
    expect(await screen.findByText('nicht bestätigt')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Mobilnummer' });
    expect((field as HTMLInputElement).value).toBe('+49 1579 9990000');
    await user.click(screen.getByRole('button', { name: 'Nummer prüfen und Code senden' }));
    expect(await screen.findByRole('textbox', { name: 'Code aus der SMS' })).toBeTruthy();
    expect(amplify.updateUserAttributes).not.toHaveBeenCalled();
    expect(amplify.sendUserAttributeVerificationCode).toHaveBeenCalledTimes(1);
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
