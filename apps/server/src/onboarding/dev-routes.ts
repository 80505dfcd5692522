import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { IdentityService } from '../identity/service.ts';
import { registerCustomer } from './customers.ts';

const newCustomerSchema = z.object({
  email: z.email().max(128),
  password: z.string().min(8).max(256),
  givenName: z.string().min(1).max(100),
  familyName: z.string().min(1).max(100),
  /** E.164; unverified when `phoneVerified` is false (the customer confirms it with a code). */
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/).optional(),
  phoneVerified: z.boolean().default(true),
});

/**
 * Developer tools only: a customer as the account opening makes one (the pool's admin call and
 * Kontor's register), without its steps, for the browser tests and the demo. Without a phone the
 * first sign-in sets up the authenticator app.
 */
export const customerDevRoutes: FastifyPluginAsyncZod<{ db: Db; identity: IdentityService; clock: Clock }> = async (app, { db, identity, clock }) => {
  app.post('/dev/customers', { schema: { hide: true, body: newCustomerSchema } }, async (req, reply) => {
    const b = req.body;
    const user = await identity.createUser({
      username: b.email,
      password: b.password,
      smsMfa: !!b.phone && b.phoneVerified,
      attributes: {
        email: b.email,
        email_verified: 'true',
        given_name: b.givenName,
        family_name: b.familyName,
        ...(b.phone ? { phone_number: b.phone, phone_number_verified: String(b.phoneVerified) } : {}),
      },
    });
    await registerCustomer(db, user.sub, 'DEV_TOOLS', clock.now());
    return reply.code(201).send({ sub: user.sub });
  });
};
