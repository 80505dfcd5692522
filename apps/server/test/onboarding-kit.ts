import type { LightMyRequestResponse } from 'fastify';
import { solveChallenge } from '@kontor/domain/proof-of-work';
import { outboxStore } from '../src/outbox/store.ts';
import type { TestApp } from './test-app.ts';

/**
 * Account opening as the web drives it: a solved bot-protection challenge on every state-changing
 * call, the e-mail code from the outbox, then the application token on every later call.
 */

let fetched = 0;
/** A solved challenge; each fetched from its own address, so that the challenge route's rate limit does not end a long test. */
export async function botToken(t: TestApp): Promise<string> {
  const n = ++fetched;
  const res = await t.call({ method: 'GET', url: '/api/bot-protection/challenge', remoteAddress: `10.200.${(n >> 8) & 255}.${n & 255}` });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const { challenge, difficulty } = res.json();
  return solveChallenge(challenge, difficulty);
}

export type Call = { method?: 'POST' | 'PUT' | 'GET' | 'DELETE'; token?: string; bot?: string | false };

/** A call of the onboarding API; a fresh bot-protection token unless `bot` gives one (or false: none). */
export async function onboarding(t: TestApp, url: string, payload?: unknown, opts: Call = {}): Promise<LightMyRequestResponse> {
  const method = opts.method ?? (payload === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {};
  if (method !== 'GET' && opts.bot !== false) headers['x-aws-waf-token'] = opts.bot ?? (await botToken(t));
  if (opts.token) headers['x-onboarding-token'] = opts.token;
  return t.call({ method, url: `/api/onboarding/${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [msg] = await outboxStore(t.database.db).latest(1);
  if (msg?.recipient !== recipient || !msg.code) throw new Error(`no code for ${recipient} in the outbox`);
  return msg.code;
}

/** Starts an application for the e-mail and confirms it by the code: its id and token. */
export async function confirmedApplication(t: TestApp, email: string): Promise<{ applicationId: string; token: string }> {
  const started = await onboarding(t, 'startOnboarding', { email });
  if (started.statusCode !== 200) throw new Error(`startOnboarding: ${started.statusCode} ${started.body}`);
  const { applicationId } = started.json();
  const confirmed = await onboarding(t, 'registrationconfirmation', { applicationId, code: await latestCode(t, email) });
  if (confirmed.statusCode !== 200) throw new Error(`registrationconfirmation: ${confirmed.statusCode} ${confirmed.body}`);
  return { applicationId, token: confirmed.json().token };
}

export const GOOD_STEPS = {
  personal: {
    salutation: 'FRAU',
    givenName: 'Lena',
    familyName: 'Sommer',
    birthDate: '1990-04-17',
    birthPlace: 'Hamburg',
    nationality: 'DE',
    address: { street: 'Elbchaussee', street2: null, houseNumber: '12', houseNumber2: 'a', postalCode: '22765', city: 'Hamburg', country: 'DE' },
  },
  tax: { taxResidences: [{ country: 'DE', taxId: '86 095 742 719' }], notUsPerson: true },
  account: { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Lena Sommer', mobileNumber: '0151 23456789' },
  experience: {
    SHARES: { knowledge: true, years: '3_OR_MORE', tradesPerYear: 'OVER_10' },
    ETFS: { knowledge: true, years: 'UNDER_3', tradesPerYear: '1_TO_10' },
    FUNDS: { knowledge: true, years: 'NONE', tradesPerYear: '1_TO_10' },
    DERIVATIVES: { knowledge: false, years: 'NONE', tradesPerYear: 'NONE' },
    CRYPTO: { knowledge: true, years: 'NONE', tradesPerYear: 'NONE' },
  },
  terms: { termsAccepted: true, priceListAccepted: true, preContractualInfoAccepted: true, advertisingConsent: true },
} as const;

/** Saves every step with good data (or the overrides), in order. */
export async function completeSteps(t: TestApp, token: string, overrides: Partial<Record<keyof typeof GOOD_STEPS, unknown>> = {}): Promise<void> {
  for (const step of Object.keys(GOOD_STEPS) as (keyof typeof GOOD_STEPS)[]) {
    const res = await onboarding(t, `application/${step}`, overrides[step] ?? GOOD_STEPS[step], { method: 'PUT', token });
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
  }
}

/** The simulated provider's verdict (dev tools). */
export const decideIdentification = (t: TestApp, applicationId: string, result: 'APPROVED' | 'REJECTED') =>
  t.call({ method: 'POST', url: '/api/dev/onboarding/identification', payload: { applicationId, result } });
