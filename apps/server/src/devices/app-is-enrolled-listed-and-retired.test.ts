import { NOTIFICATION_KINDS } from '@kontor/domain/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-devices');
  ben = await signedInCustomer(t.app, t.database.db, 'ben-devices');
});
afterAll(() => t?.close());

const as = (c: SignedInCustomer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.call({ method, url, headers: { ...c.headers, ...headers }, ...(payload ? { payload } : {}) });

async function enrol(c: SignedInCustomer, deviceName: string, key?: string) {
  const authorisation = await authorised(t, c, { type: 'ENROLL_DEVICE', deviceName });
  return as(c, 'POST', '/api/appenrollment', { deviceName, authorisation }, key ? { 'idempotency-key': key } : {});
}

describe('the Kontor app on a device', () => {
  it('is enrolled with an SMS TAN (a repeat with the same Idempotency-Key enrols once), listed and retired with a TAN', async () => {
    const authorisation = await authorised(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const body = { deviceName: 'Annas iPhone', authorisation };
    const first = await as(anna, 'POST', '/api/appenrollment', body, { 'idempotency-key': 'enrol-1' });
    expect(first.statusCode).toBe(201);
    const device = first.json();
    expect(device).toMatchObject({ customerDeviceName: 'Annas iPhone', lastUsedAt: null });
    expect(device.serial).toMatch(/^KA-[A-Z2-9]{8}$/);
    const repeat = await as(anna, 'POST', '/api/appenrollment', body, { 'idempotency-key': 'enrol-1' });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(device);
    expect((await as(anna, 'GET', '/api/appenrollment')).json()).toEqual({ devices: [device] });
    expect((await as(ben, 'GET', '/api/appenrollment')).json()).toEqual({ devices: [] });

    // With an app, it can be the default factor and approve sign-ins.
    expect((await as(anna, 'PUT', '/api/appauth', { defaultFactor: 'APP', approveSignIns: false })).json()).toEqual({ defaultFactor: 'APP', approveSignIns: false });

    const retire = { type: 'RETIRE_DEVICE', customerDeviceName: 'Annas iPhone', serial: device.serial } as const;
    const retired = await as(anna, 'POST', '/api/appenrollment/retire', { customerDeviceName: 'Annas iPhone', serial: device.serial, authorisation: await authorised(t, anna, retire) });
    expect(retired.statusCode).toBe(204);
    expect((await as(anna, 'GET', '/api/appenrollment')).json()).toEqual({ devices: [] });
    // No app left: the default factor falls back to SMS.
    expect((await as(anna, 'GET', '/api/appauth')).json()).toEqual({ defaultFactor: 'SMS', approveSignIns: false });
  });

  it('is not the default factor while no app is enrolled', async () => {
    const res = await as(ben, 'PUT', '/api/appauth', { defaultFactor: 'APP', approveSignIns: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('noch keine Kontor-App');
    expect((await as(ben, 'PUT', '/api/appauth', { defaultFactor: 'SMS', approveSignIns: true })).statusCode).toBe(409);
  });

  it('cannot be retired by another customer, not even with a TAN of theirs: 404', async () => {
    const device = (await enrol(anna, 'Annas iPad')).json();
    const retire = { type: 'RETIRE_DEVICE', customerDeviceName: 'Annas iPad', serial: device.serial } as const;
    const res = await as(ben, 'POST', '/api/appenrollment/retire', { customerDeviceName: 'Annas iPad', serial: device.serial, authorisation: await authorised(t, ben, retire) });
    expect(res.statusCode).toBe(404);
    expect((await as(anna, 'GET', '/api/appenrollment')).json().devices.map((d: { serial: string }) => d.serial)).toContain(device.serial);
  });

  it('push settings: every kind by default, then as chosen', async () => {
    const all = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true]));
    expect((await as(anna, 'GET', '/api/mobileapp/pushadmin')).json()).toEqual({ kinds: all });
    const saved = await as(anna, 'PUT', '/api/mobileapp/pushadmin', { kinds: { ...all, PRICE_ALERT: false } });
    expect(saved.json()).toEqual({ kinds: { ...all, PRICE_ALERT: false } });
    expect((await as(anna, 'GET', '/api/mobileapp/pushadmin')).json().kinds.PRICE_ALERT).toBe(false);
  });
});
