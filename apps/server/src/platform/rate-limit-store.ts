import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from './db.ts';

/** What @fastify/rate-limit hands a store: the merged options, with the route on a route's child. */
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; routeInfo?: { method?: string | string[]; url?: string } };

/** Where the counts of the rate limits live; `close` ends a connection of its own. */
export type RateLimitStorage = {
  kind: 'memory' | 'postgres' | 'redis';
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  close(): Promise<void>;
};

/**
 * Several processes on one PostgreSQL (decision 028) must share one count per client and route, or N
 * processes allow N times the limit: the counts go to Redis when REDIS_URL is set, else to
 * PostgreSQL when the app runs on it, and stay in memory on PGlite (one process). Only the routes
 * with a limit of their own count (sign-in, the user pool, TANs, account opening): the plugin is
 * registered with `global: false`, so order entry never waits for the store (decision 029).
 */
export async function rateLimitStorage(opts: { db: Db; redisUrl: string | null; log: FastifyBaseLogger }): Promise<RateLimitStorage> {
  if (opts.redisUrl) {
    // The plugin's README: short timeouts, no endless retries; a failed count is a 500 (not skipped).
    const redis = new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    return { kind: 'redis', options: { redis, nameSpace: 'kontor-rate-limit-' }, close: async () => void (await redis.quit()) };
  }
  const main = (opts.db as unknown as { $client?: unknown }).$client;
  if (main instanceof pg.Pool) {
    // Connections of their own: 200 customers signing in at once are 200 counts in the same
    // instant, and in the app's pool order entry waited behind them (README "Sign-in storm").
    const pool = new pg.Pool({ ...main.options, max: COUNT_CONNECTIONS });
    pool.on('error', () => {});
    return { kind: 'postgres', options: { store: postgresRateLimitStore(pool, opts.log) }, close: () => pool.end() };
  }
  return { kind: 'memory', options: {}, close: async () => {} };
}

/**
 * One row per client and route: the hits of the current window and when it ends, on the
 * database's clock (the same for every process). One statement per counted request.
 */
const INCREMENT = `insert into rate_limit_counts as c (key, hits, resets_at)
values ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
on conflict (key) do update set
  hits = case when c.resets_at <= clock_timestamp() then 1 else c.hits + 1 end,
  resets_at = case when c.resets_at <= clock_timestamp() or ($3::boolean and c.hits >= $4::integer) then excluded.resets_at else c.resets_at end
returning hits, greatest(0, ceil(extract(epoch from c.resets_at - clock_timestamp()) * 1000))::integer as ttl`;
const READ = `select hits, greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::integer as ttl
from rate_limit_counts where key = $1 and resets_at > clock_timestamp()`;
/** Windows that ended: swept now and then, by whichever process counts. */
const SWEEP = 'delete from rate_limit_counts where resets_at < clock_timestamp()';
const SWEEP_EVERY_MS = 60_000;
/** The count's connections per process: a count is one short statement. */
const COUNT_CONNECTIONS = 2;

export function postgresRateLimitStore(pool: pg.Pool, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const query = async <T>(text: string, values: unknown[], name?: string) => (await pool.query(name ? { name, text, values } : { text, values })).rows as T[];
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    query(SWEEP, []).catch((err: unknown) => log.warn({ err }, 'rate-limit sweep failed'));
  };
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly continueExceeding: boolean;
    constructor(
      options: StoreOptions,
      private readonly prefix = '',
    ) {
      if (options.exponentialBackoff) throw new Error('The PostgreSQL rate-limit store does not implement exponentialBackoff');
      this.continueExceeding = !!options.continueExceeding;
    }
    incr(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      sweep();
      query<{ hits: number; ttl: number }>(INCREMENT, [this.prefix + key, timeWindow, this.continueExceeding, max], 'rate_limit_increment').then(
        ([row]) => cb(null, { current: row!.hits, ttl: row!.ttl }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      query<{ hits: number; ttl: number }>(READ, [this.prefix + key], 'rate_limit_read').then(
        ([row]) => cb(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      // Per route, as the plugin's own stores keep them.
      return new PostgresRateLimitStore(options, `${String(options.routeInfo?.method)}${options.routeInfo?.url ?? ''}-`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
