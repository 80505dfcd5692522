import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiError,
  apiResultSchema,
  apiSuccess,
  appAuthRequestSchema,
  authorisationPayloadSchema,
  authorisationResultSchema,
  changedMobileNumberVerificationSchema,
  ticketVerificationSchema,
} from './auth-contracts';

describe('authorisationPayloadSchema — spec §3 payload kinds', () => {
  it.each([
    ['email change', { type: 'EMAIL', requestId: 'req-42' }],
    ['enroll device', { type: 'ENROLL_DEVICE', deviceName: 'iPhone von Anna' }],
    ['money transaction', { type: 'MONEY_TRANSACTION', data: { amount: '250.00', iban: 'DE89370400440532013000' } }],
    ['retire device', { type: 'RETIRE_DEVICE', customerDeviceName: 'iPhone von Anna', serial: 'SN-0042' }],
    ['session auth', { type: 'SESSION_AUTH' }],
    ['ticket', { type: 'TICKET', data: { newMobileNumber: '+4915112345678' } }],
  ])('accepts %s', (_case, payload) => {
    expect(authorisationPayloadSchema.parse(payload)).toEqual(payload);
  });

  it.each([
    ['an unknown type', { type: 'PASSWORD' }],
    ['EMAIL without request id', { type: 'EMAIL' }],
    ['ENROLL_DEVICE with a blank name', { type: 'ENROLL_DEVICE', deviceName: '  ' }],
    ['RETIRE_DEVICE without serial', { type: 'RETIRE_DEVICE', customerDeviceName: 'x' }],
    ['TICKET without data', { type: 'TICKET' }],
    ['MONEY_TRANSACTION with a list as data', { type: 'MONEY_TRANSACTION', data: [1] }],
    ['no type', { requestId: 'req-42' }],
  ])('rejects %s', (_case, payload) => {
    expect(authorisationPayloadSchema.safeParse(payload).success).toBe(false);
  });

  it('drops fields a kind does not have', () => {
    expect(authorisationPayloadSchema.parse({ type: 'SESSION_AUTH', data: { x: 1 } })).toEqual({ type: 'SESSION_AUTH' });
  });
});

describe('authorisation result, ticket verification and app auth', () => {
  it('authorisation result has ticket, tan and authorizationId', () => {
    const result = { ticket: 't-1', tan: '123456', authorizationId: 'a-1' };
    expect(authorisationResultSchema.parse(result)).toEqual(result);
    expect(authorisationResultSchema.safeParse({ ticket: 't-1', tan: '123456' }).success).toBe(false);
  });

  it.each([
    ['ticket and TAN', { ticket: 't-1', tan: '123456' }, true],
    ['with the optional authorizationId', { ticket: 't-1', tan: '123456', authorizationId: 'a-1' }, true],
    ['app approval without TAN', { ticket: 't-1', tan: '', authorizationId: 'a-1' }, true],
    ['neither TAN nor authorizationId', { ticket: 't-1', tan: '' }, false],
    ['no ticket', { tan: '123456' }, false],
  ])('ticket verification: %s → %s', (_case, body, valid) => {
    expect(ticketVerificationSchema.safeParse(body).success).toBe(valid);
  });

  it('the changed-mobile-number verification has no third value and needs the TAN', () => {
    expect(changedMobileNumberVerificationSchema.parse({ ticket: 't', tan: '654321', authorizationId: 'a' })).toEqual({
      ticket: 't',
      tan: '654321',
    });
    expect(changedMobileNumberVerificationSchema.safeParse({ ticket: 't', tan: '' }).success).toBe(false);
  });

  it('app-auth request has ticket and serialForAppAuth', () => {
    expect(appAuthRequestSchema.parse({ ticket: 't', serialForAppAuth: 'SN-1' })).toEqual({ ticket: 't', serialForAppAuth: 'SN-1' });
    expect(appAuthRequestSchema.safeParse({ ticket: 't', serial: 'SN-1' }).success).toBe(false);
  });
});

describe('ApiResult — spec §4', () => {
  it('wraps success and error', () => {
    expect(apiSuccess({ id: 1 })).toEqual({ status: 'SUCCESS', data: { id: 1 } });
    const cause = new Error('NotAuthorizedException');
    expect(apiError('Falsches Passwort', cause)).toEqual({ status: 'ERROR', errorMessage: 'Falsches Passwort', error: cause });
  });

  it('validates with the schema of its data', () => {
    const schema = apiResultSchema(z.object({ id: z.number() }));
    expect(schema.safeParse(apiSuccess({ id: 1 })).success).toBe(true);
    expect(schema.safeParse(apiSuccess({ id: 'x' })).success).toBe(false);
    expect(schema.safeParse(apiError('Fehler', null)).success).toBe(true);
    expect(schema.safeParse({ status: 'ERROR', error: null }).success).toBe(false);
  });
});
