import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../platform/db.ts';
import { listenTo } from '../platform/listen.ts';

/**
 * The one way events leave a process for the others: quotes and the market clock from the leader,
 * order messages from the engine, a revoked sign-in. Each process gets every other process's
 * messages once, never its own (it has acted on them already). The embedded default is PostgreSQL
 * LISTEN/NOTIFY; a NATS or Redis adapter would implement the same three calls.
 */
export interface Bus {
  /** True when other processes may listen (PostgreSQL); false inside one process (PGlite). */
  readonly shared: boolean;
  publish(topic: string, payloads: readonly unknown[]): void;
  /** `handler` gets the payloads of one notification at once (a publish may arrive in several). */
  subscribe(topic: string, handler: (payloads: unknown[]) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'kontor_bus';
/** NOTIFY takes at most 8000 bytes; a message's payloads are split into notifications below it. */
const MAX_NOTIFY_BYTES = 7600;

type Envelope = { o: string; t: string; p: unknown[] };

/** Splits payloads into envelopes that each fit one notification (a payload too large alone is refused). */
export function envelopes(origin: string, topic: string, payloads: readonly unknown[], seq = 0): string[] {
  const out: string[] = [];
  // The number keeps two equal messages apart: PostgreSQL sends identical payloads of one transaction once.
  const head = `{"o":${JSON.stringify(origin)},"n":${seq},"t":${JSON.stringify(topic)},"p":[`;
  let parts: string[] = [];
  let size = head.length + 2;
  const flush = () => {
    if (parts.length > 0) out.push(`${head}${parts.join(',')}]}`);
    parts = [];
    size = head.length + 2;
  };
  for (const p of payloads) {
    const json = JSON.stringify(p);
    if (Buffer.byteLength(json) + head.length + 2 > MAX_NOTIFY_BYTES) throw new RangeError(`a ${topic} message is too large for the bus`);
    if (size + Buffer.byteLength(json) + 1 > MAX_NOTIFY_BYTES) flush();
    parts.push(json);
    size += Buffer.byteLength(json) + 1;
  }
  flush();
  return out;
}

export async function busFor(db: Db, log: FastifyBaseLogger): Promise<Bus> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  const handlers = new Map<string, Set<(payloads: unknown[]) => void>>();
  const subscribe = (topic: string, handler: (payloads: unknown[]) => void) => {
    let set = handlers.get(topic);
    if (!set) handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  };
  if (!(pool instanceof pg.Pool)) {
    // One process: nobody else to tell.
    return { shared: false, publish: () => {}, subscribe, close: async () => {} };
  }
  const origin = randomUUID();
  let seq = 0;
  const stop = await listenTo(db, CHANNEL, (text) => {
    let e: Envelope;
    try {
      e = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (e.o === origin) return;
    for (const h of handlers.get(e.t) ?? []) h(e.p);
  });
  // Notifications of one statement arrive in the order sent: a tick's quotes stay in order.
  let sending: Promise<unknown> = Promise.resolve();
  return {
    shared: true,
    publish(topic, payloads) {
      if (payloads.length === 0) return;
      const texts = envelopes(origin, topic, payloads, ++seq);
      sending = sending
        .then(() => pool.query(`select pg_notify('${CHANNEL}', x) from unnest($1::text[]) with ordinality as u(x, n) order by n`, [texts]))
        .catch((err: unknown) => log.warn({ err, topic }, 'bus: publishing failed'));
    },
    subscribe,
    async close() {
      await sending;
      await stop();
    },
  };
}
