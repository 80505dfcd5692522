import type { IdentityService } from './identity/service.ts';
import type { IdentityStore } from './identity/store.ts';

export const DEMO_CUSTOMER = {
  username: 'demo@kontor.example',
  password: 'Kontor!Demo1',
  phone: '+4915112345678',
} as const;

export const SECOND_CUSTOMER = {
  username: 'erika@kontor.example',
  password: 'Kontor!Erika2',
  phone: '+4917698765432',
} as const;

/** Demo data, created once: running it again changes nothing. */
export async function seedDemoData(deps: { identity: IdentityService; identityStore: IdentityStore; poolId: string }) {
  const people = [
    { ...DEMO_CUSTOMER, given: 'Max', family: 'Mustermann' },
    { ...SECOND_CUSTOMER, given: 'Erika', family: 'Musterfrau' },
  ];
  for (const p of people) {
    if (await deps.identityStore.findUser(deps.poolId, p.username)) continue;
    await deps.identity.createUser({
      username: p.username,
      password: p.password,
      smsMfa: true,
      attributes: {
        email: p.username,
        email_verified: 'true',
        phone_number: p.phone,
        phone_number_verified: 'true',
        given_name: p.given,
        family_name: p.family,
      },
    });
  }
}
