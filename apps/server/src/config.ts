import { FEATURE_FLAGS } from '@kontor/domain/constants';
import { isValidUserPoolId, regionOfPoolId, USER_POOL_REGION } from '@kontor/domain/identity-config';
import type { FeatureFlagSet } from '@kontor/domain/runtime-config';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and has an embedded default, so `npm start` runs the
 * whole broker on one machine. A real provider replaces a default by setting its variable.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
    z.boolean(),
  );

const flag = z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional());

/** The environment variable of each feature flag of spec §9 (README, "Configuration"). */
export const FEATURE_FLAG_ENV = {
  instrumentDetail: 'INSTRUMENT_DETAIL',
  subscriptionRights: 'SUBSCRIPTION_RIGHTS',
  directDebit: 'DIRECT_DEBIT',
  multiOrderStrategies: 'MULTI_ORDER_STRATEGIES',
  taxDisabled: 'TAX_DISABLED',
  versionCheck: 'VERSION_CHECK',
  tokensInLocalStorage: 'TOKENS_IN_LOCAL_STORAGE',
  sendAuthHeaderToApi: 'SEND_AUTH_HEADER_TO_API',
} as const satisfies Record<keyof FeatureFlagSet, string>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin the app is reached at; decides whether cookies are Secure. */
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: embedded PGlite under DATA_DIR. postgres://… switches to PostgreSQL. */
  DATABASE_URL: optionalString,
  /** Rate-limit counts shared by every process (redis:// or rediss://); unset: PostgreSQL, or memory on PGlite. */
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  DATA_DIR: z.string().default('./data'),
  /**
   * The HMAC key under which TANs are stored (at least 32 bytes). Unset: a random key made once
   * and kept in DATA_DIR/tan-hash.key (mode 0600); processes on one PostgreSQL must share it.
   */
  TAN_HASH_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, { message: 'must be at least 32 bytes long (e.g. openssl rand -base64 48)' })
      .optional(),
  ),
  /** Built web app served by this process. */
  WEB_DIST_DIR: optionalString,
  SEED_DEMO_DATA: bool(true),
  ERROR_REPORTING_DSN: optionalString,
  BOT_PROTECTION_SCRIPT_URL: optionalString,
  /** Leading zero bits the account-opening proof of work needs (16: about 65,000 hashes in the browser). */
  BOT_PROTECTION_DIFFICULTY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(24).default(16)),
  /** embedded: Kontor's own user pool at IDENTITY_PATH. cognito: a real pool (region from the pool id). */
  IDENTITY_PROVIDER: z.enum(['embedded', 'cognito']).default('embedded'),
  IDENTITY_POOL_ID: z.string().refine(isValidUserPoolId, 'Eine Pool-ID hat die Form <Region>_<Suffix> und höchstens 55 Zeichen.').default('eu-central-1_K0ntorPool'),
  IDENTITY_CLIENT_ID: z.string().min(1).max(128).default('4k0nt0rweb1c1ient0000000a'),
  IDENTITY_PATH: z.string().startsWith('/').default('/identity/'),
  /** Market time (quotes, trading window, orders) starts here and runs on, e.g. 2026-11-23T10:00:00+01:00. */
  MARKET_CLOCK_START: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
  /**
   * How many reverse proxies in front of Kontor may name the client in X-Forwarded-For. 0 trusts
   * none: the client is the connection's peer, so a forged header cannot dodge the rate limits.
   */
  TRUST_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  /** Worker threads for SRP's modular powers, so a sign-in storm leaves the event loop to trading; 0 works them out on the main thread. */
  SRP_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(16).default(2)),
  /** How far the SRP worker threads step back behind the event loop and the database (Linux nice, 0–19; 0: not at all). */
  SRP_WORKER_NICE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(19).default(10)),
  /**
   * User-pool requests (sign-in steps and the like) worked on at once per process; more wait their
   * turn. 0: no limit. As many as SRP worker threads: more only queue on them while holding the
   * event loop and database connections that order entry needs (bench/README.md, "Sign-in storm").
   */
  IDENTITY_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(2)),
  /**
   * Where the other processes on the same PostgreSQL reach this one when it leads (they hand it
   * orders and cash movements); default http://127.0.0.1:PORT, right for processes on one machine.
   */
  INTERNAL_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^http$/ }).optional()),
  /**
   * Mount the developer tools (/dev: SMS outbox, market moves, clock, companion app, deposits). Off
   * unless 'true'; `npm start` turns them on for the local demo. Only with a localhost PUBLIC_URL,
   * unless KONTOR_DEMO=1 says a public demo is meant.
   */
  DEV_TOOLS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  KONTOR_DEMO: z.preprocess(emptyToUndefined, z.enum(['1']).optional()),
  // The eight feature flags of spec §9, one variable each (FEATURE_FLAG_ENV): 'true' or 'false';
  // unset is the spec's value (FEATURE_FLAGS).
  INSTRUMENT_DETAIL: flag,
  SUBSCRIPTION_RIGHTS: flag,
  DIRECT_DEBIT: flag,
  MULTI_ORDER_STRATEGIES: flag,
  TAX_DISABLED: flag,
  VERSION_CHECK: flag,
  TOKENS_IN_LOCAL_STORAGE: flag,
  SEND_AUTH_HEADER_TO_API: flag,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** TAN_HASH_KEY when set; else the key comes from (or is made in) `tanHashKeyFile`. */
  tanHashKey: string | null;
  tanHashKeyFile: string;
  /** Where the rate limits count when set (rate-limit-store.ts); null: PostgreSQL, or memory on PGlite. */
  redisUrl: string | null;
  webDistDir: string;
  webPublicDir: string;
  seedDemoData: boolean;
  errorReportingDsn: string | null;
  botProtectionScriptUrl: string | null;
  botProtectionDifficulty: number;
  devTools: boolean;
  /** The feature flags of spec §9 as configured (what /config.json gives the web app). */
  featureFlags: FeatureFlagSet;
  /** Feature flag `taxDisabled`. */
  taxDisabled: boolean;
  /** Feature flag `subscriptionRights`. */
  subscriptionRights: boolean;
  /** When set, market time starts at this instant instead of now. */
  marketClockStart: Date | null;
  identity: {
    provider: 'embedded' | 'cognito';
    poolId: string;
    clientId: string;
    path: string;
    /** Token issuer: `<endpoint base>/<poolId>`. */
    issuer: string;
    /** What the web app's client library talks to; undefined means the provider's regional endpoint. */
    endpoint: string | undefined;
    region: string;
  };
  /** Cookies are Secure unless the app is served from plain-http localhost. */
  secureCookies: boolean;
  /** Reverse proxies trusted to name the client (X-Forwarded-For); 0 = none. */
  trustProxyHops: number;
  /** This process's address for the other processes (the hand-over to the leader). */
  internalUrl: string;
  /** Worker threads for SRP (identity/srp-workers.ts); 0 = the main thread. */
  srpWorkers: number;
  /** The SRP worker threads' nice value on Linux (identity/srp-workers.ts); 0 = as the event loop. */
  srpWorkerNice: number;
  /** User-pool requests worked on at once (identity/admission.ts); 0 = no limit. */
  identityConcurrency: number;
};

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const featureFlags = featureFlagsOf(e);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const url = new URL(publicUrl);
  const localHost = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const local = url.protocol === 'http:' && localHost;
  const devTools = e.DEV_TOOLS === 'true';
  // A deployment that forgot the demo switch must not offer the SMS outbox and free deposits.
  if (devTools && !localHost && e.KONTOR_DEMO !== '1') {
    throw new Error(
      `Invalid configuration:\n  DEV_TOOLS: the developer tools are on for ${url.origin}, which is not a localhost address. ` +
        'Turn them off (DEV_TOOLS=false) or, for a public demo on purpose, set KONTOR_DEMO=1.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    internalUrl: (e.INTERNAL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    publicUrl,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite') },
    tanHashKey: e.TAN_HASH_KEY ?? null,
    tanHashKeyFile: path.resolve(e.DATA_DIR, 'tan-hash.key'),
    redisUrl: e.REDIS_URL ?? null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    webPublicDir: path.join(repoRoot, 'apps/web/public'),
    seedDemoData: e.SEED_DEMO_DATA,
    errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
    botProtectionScriptUrl: e.BOT_PROTECTION_SCRIPT_URL ?? null,
    botProtectionDifficulty: e.BOT_PROTECTION_DIFFICULTY,
    devTools,
    featureFlags,
    taxDisabled: featureFlags.taxDisabled,
    subscriptionRights: featureFlags.subscriptionRights,
    marketClockStart: e.MARKET_CLOCK_START ? new Date(e.MARKET_CLOCK_START) : null,
    identity: identitySettings(e, publicUrl),
    secureCookies: !local,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    srpWorkers: e.SRP_WORKERS,
    srpWorkerNice: e.SRP_WORKER_NICE,
    identityConcurrency: e.IDENTITY_CONCURRENCY,
  };
}

function featureFlagsOf(e: z.infer<typeof envSchema>): FeatureFlagSet {
  const flags = { ...FEATURE_FLAGS };
  for (const [key, name] of Object.entries(FEATURE_FLAG_ENV) as [keyof FeatureFlagSet, keyof typeof e][]) {
    if (e[name] !== undefined) flags[key] = e[name] === 'true';
  }
  return flags;
}

function identitySettings(e: z.infer<typeof envSchema>, publicUrl: string): Config['identity'] {
  const region = regionOfPoolId(e.IDENTITY_POOL_ID) ?? USER_POOL_REGION;
  if (e.IDENTITY_PROVIDER === 'cognito') {
    return {
      provider: 'cognito',
      poolId: e.IDENTITY_POOL_ID,
      clientId: e.IDENTITY_CLIENT_ID,
      path: e.IDENTITY_PATH,
      issuer: `https://cognito-idp.${region}.amazonaws.com/${e.IDENTITY_POOL_ID}`,
      endpoint: undefined,
      region,
    };
  }
  const endpoint = new URL(e.IDENTITY_PATH, publicUrl).toString();
  return {
    provider: 'embedded',
    poolId: e.IDENTITY_POOL_ID,
    clientId: e.IDENTITY_CLIENT_ID,
    path: e.IDENTITY_PATH,
    issuer: `${endpoint.replace(/\/$/, '')}/${e.IDENTITY_POOL_ID}`,
    endpoint,
    region,
  };
}
