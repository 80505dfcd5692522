import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSIONS } from '@kontor/domain/constants';
import { endpoints } from '@kontor/domain/endpoints';
import { runtimeConfigSchema } from '@kontor/domain/runtime-config';
import { textPart, type TextPart } from '@kontor/domain/text-parts';
import { type BotProtectionChallenge, botProtectionChallengeSchema } from '@kontor/domain/onboarding-contracts';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock.ts';
import { compressOnce, sendCompressed, type Compressed } from '../platform/compressed.ts';
import { route } from '../platform/endpoint-route.ts';
import { notFound } from '../platform/errors.ts';
import { runtimeConfig } from './runtime-config.ts';

const LANGUAGES = ['de', 'en'] as const;

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; clock: Clock; ping: () => Promise<void>; issueChallenge: () => BotProtectionChallenge }> = async (
  app,
  { config, clock, ping, issueChallenge },
) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), time: z.string(), database: z.literal('ok') }) },
      },
    },
    async () => {
      await ping();
      return { status: 'ok' as const, time: clock.now().toISOString(), database: 'ok' as const };
    },
  );

  route(
    app,
    endpoints.system.versionCheck,
    async (req) => ({
      web: APP_VERSIONS.web,
      api: APP_VERSIONS.api,
      updateRequired: req.query.version !== undefined && req.query.version !== APP_VERSIONS.web,
    }),
    { config: { public: true } },
  );

  const body = runtimeConfigSchema.parse(runtimeConfig(config));
  app.get('/config.json', { schema: { tags: ['system'], response: { 200: runtimeConfigSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return body;
  });

  // Kontor's own bot protection (spec §7 x-aws-waf-token): a signed proof-of-work challenge; the
  // browser solves it and sends the token with the account-opening calls (onboarding/bot-protection.ts).
  app.get(
    '/api/bot-protection/challenge',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['system'], summary: 'A bot-protection challenge to solve (proof of work)', response: { 200: botProtectionChallengeSchema } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return issueChallenge();
    },
  );

  /** Each translation file or part as sent: JSON, and compressed once (the pages' part is 70 KB as JSON, 20 KB brotli). */
  const cache = new Map<string, Compressed>();
  app.get(
    '/assets/i18n/:file',
    { schema: { tags: ['system'], params: z.object({ file: z.string().max(20) }) } },
    async (req, reply) => {
      // {lang}.json: all texts; {lang}.start.json and {lang}.rest.json: its two parts (domain text-parts).
      const match = /^([a-z]{2})(?:\.(start|rest))?\.json$/.exec(req.params.file);
      const lang = match?.[1];
      if (!match || !LANGUAGES.includes(lang as (typeof LANGUAGES)[number])) {
        throw notFound('Diese Sprache wird nicht angeboten.');
      }
      const key = req.params.file;
      let sent = cache.get(key);
      if (!sent) {
        const file = path.join(config.webPublicDir, 'assets', 'i18n', `${lang}.json`);
        const texts = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
        const part = match[2] as TextPart | undefined;
        sent = compressOnce(JSON.stringify(part ? textPart(texts, part) : texts));
        cache.set(key, sent);
      }
      reply.header('cache-control', 'public, max-age=300');
      return sendCompressed(req, reply, sent, 'application/json; charset=utf-8');
    },
  );
};
