import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInCustomer, signedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { jsonDepthExceeds, jsonMessages, MAX_JSON_DEPTH } from './json-body.ts';

let t: TestApp;
let customer: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

/** `{"a":{"a":…{"a":1}…}}` with `depth` objects. */
const nested = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const tooDeep = { message: jsonMessages.tooDeep, status: 400, errors: [] };

describe('a JSON body nested deeper than the limit', () => {
  it('is refused with a 400 before the TAN request walks it (8,000 levels)', async () => {
    for (const payload of [`{"type":"TICKET","data":${nested(8000)}}`, `${'['.repeat(8000)}${']'.repeat(8000)}`]) {
      const res = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: { ...customer.headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(tooDeep);
    }
  });

  it('is refused by the user pool with a 400, for every action', async () => {
    for (const action of ['InitiateAuth', 'SignUp', 'UpdateUserAttributes']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/identity/',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
        payload: `{"ClientId":"x","AuthParameters":${nested(8000, '{}')}}`,
      });
      expect(res.statusCode, action).toBe(400);
      expect(res.json(), action).toEqual(tooDeep);
    }
  });

  it(`takes a body ${MAX_JSON_DEPTH} levels deep, and brackets inside strings do not count`, async () => {
    const deepest = await t.call({ method: 'POST', url: '/api/user/tracking', headers: { 'content-type': 'application/json' }, payload: `{"fzsrc":"newsletter","x":${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(deepest.statusCode).toBe(204);
    const brackets = await t.call({ method: 'POST', url: '/api/user/tracking', headers: { 'content-type': 'application/json' }, payload: `{"fzsrc":"newsletter","x":"${'[{'.repeat(5000)}\\"${'{'.repeat(100)}"}` });
    expect(brackets.statusCode).toBe(204);
    const deeper = await t.call({ method: 'POST', url: '/api/user/tracking', headers: { 'content-type': 'application/json' }, payload: `{"fzsrc":"newsletter","x":${nested(MAX_JSON_DEPTH)}}` });
    expect(deeper.json()).toEqual(tooDeep);
  });

  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds(nested(3), 3)).toBe(false);
    expect(jsonDepthExceeds(nested(4), 3)).toBe(true);
    expect(jsonDepthExceeds('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds(`["\\\\",${'['.repeat(3)}]]]]`, 3)).toBe(true);
    expect(jsonDepthExceeds(`["\\"[[[[[["]`, 3)).toBe(false);
  });
});
