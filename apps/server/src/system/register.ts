import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { BotProtectionChallenge } from '@kontor/domain/onboarding-contracts';
import { systemRoutes } from './routes.ts';

/** Health, version, runtime configuration and texts; the bot check's challenge comes from the account opening. */
export async function registerSystem(app: FastifyInstance, ctx: AreaBase & { issueChallenge: () => BotProtectionChallenge }): Promise<void> {
  const { config, db, clock, issueChallenge } = ctx;
  await app.register(systemRoutes, {
    config,
    clock,
    issueChallenge,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  });
}
