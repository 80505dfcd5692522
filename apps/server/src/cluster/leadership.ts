import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db.ts';
import { leaderLock } from './leader-lock.ts';

type Stop = () => void | Promise<void>;
type Duty = () => Promise<Stop | void> | Stop | void;

/**
 * Which process leads: exactly one at a time runs the order engine, the market feed and the
 * scheduler (DESIGN, "Growing past one machine"). The others poll the lock and take over within a
 * poll when the leader dies, since PostgreSQL frees a dead process's lock with its connection.
 * On PGlite the one process leads from the start.
 */
export function leadership(deps: { db: Db; log: FastifyBaseLogger; /** This process's internal address, for the hand-over. */ url: string }) {
  const { log } = deps;
  const duties: Duty[] = [];
  const stops: Stop[] = [];
  let leader = false;
  let changing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let cached: { url: string | null; atMs: number } | undefined;

  const lock = leaderLock(deps.db, log, {
    name: deps.url,
    onLost: () => {
      log.error('leadership lost (the lock connection broke): engine, market feed and scheduler stop here');
      changing = changing.then(demote);
    },
  });

  async function runDuty(duty: Duty) {
    const stop = await duty();
    if (stop) stops.push(stop);
  }

  async function demote() {
    if (!leader) return;
    leader = false;
    cached = undefined;
    for (const stop of stops.splice(0).reverse()) await stop();
  }

  async function tryToLead(): Promise<boolean> {
    const step = changing.then(async () => {
      if (leader) return;
      if (!(await lock.acquire())) return;
      leader = true;
      cached = undefined;
      for (const duty of duties) await runDuty(duty);
    });
    changing = step.catch(() => undefined);
    await step;
    return leader;
  }

  return {
    get isLeader() {
      return leader;
    },
    tryToLead,
    /** Runs `duty` while this process leads (now, if it does); what it returns is called when it stops leading. */
    async whileLeading(duty: Duty): Promise<void> {
      duties.push(duty);
      if (leader) await runDuty(duty);
    },
    /** Polls the lock: a process that does not lead takes over once the leader is gone. */
    start(pollMs = 1000): void {
      if (timer) return;
      timer = setInterval(() => {
        if (!leader) void tryToLead().catch((err: unknown) => log.warn({ err }, 'leader lock poll failed'));
      }, pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await changing;
      await demote();
      await lock.release();
    },
    /** The leader's internal address (remembered for a second), or null while no process leads. */
    async leaderUrl(): Promise<string | null> {
      if (leader) return deps.url;
      const now = Date.now();
      if (cached && now - cached.atMs < 1000) return cached.url;
      const url = await lock.holder();
      cached = { url, atMs: now };
      return url;
    },
    /** Forgets the remembered address (a hand-over to it failed). */
    forgetLeader(): void {
      cached = undefined;
    },
  };
}
export type Leadership = ReturnType<typeof leadership>;
