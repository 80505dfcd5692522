// The crash test's server: apps/server/dist/main.js in a child process, killed with SIGKILL and
// started again on the same database (a PostgreSQL database or a PGlite data directory).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

/** A Monday 10:00 in Frankfurt: the market is open when the run starts. */
export const CHAOS_CLOCK_START = '2026-11-23T10:00:00+01:00';

export class ChaosServer {
  #child: ChildProcess | undefined;
  #output = '';
  /** Resolves while the server answers; replaced by a pending promise while it is down. */
  #up: Promise<void> = Promise.resolve();
  #markUp: () => void = () => {};
  /** The simulated time last read, with the real time of the reading: a restart goes on from there. */
  #clock = { at: new Date(CHAOS_CLOCK_START).getTime(), readAt: Date.now() };
  starts = 0;
  /** A customer's access token for the development reads (/api/dev needs a signed-in caller). */
  token = '';

  constructor(
    readonly base: string,
    readonly env: Record<string, string>,
    /** Where the server's output of every start is appended (its errors explain a failed run). */
    readonly logFile?: string,
  ) {}

  /** What the clients await before they send (again) after a kill. */
  up(): Promise<void> {
    return this.#up;
  }

  /** The simulated time as the clock would show it now, from the last reading. */
  clockNow(): Date {
    return new Date(this.#clock.at + (Date.now() - this.#clock.readAt));
  }

  noteClock(iso: string): void {
    const at = new Date(iso).getTime();
    if (at > this.clockNow().getTime()) this.#clock = { at, readAt: Date.now() };
  }

  async start(): Promise<void> {
    if (!fs.existsSync(serverMain)) throw new Error(`${path.relative(repoRoot, serverMain)} is missing: run \`npm run build\` first`);
    this.#output = '';
    // The simulated clock lives in memory: a restart resumes it where it stood, as real time would.
    const env = { ...process.env, ...this.env, MARKET_CLOCK_START: this.clockNow().toISOString() };
    const child = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    if (this.logFile) fs.appendFileSync(this.logFile, `\n——— start ${this.starts + 1} at ${new Date().toISOString()} ———\n`);
    const keep = (d: Buffer) => {
      this.#output = (this.#output + d.toString()).slice(-20_000);
      if (this.logFile) fs.appendFileSync(this.logFile, d);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited at start:\n${this.#output}`);
      if (Date.now() > deadline) throw new Error(`server did not answer /api/health in 90 s:\n${this.#output}`);
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    this.starts += 1;
    this.#markUp();
  }

  /** SIGKILL: no shutdown hook runs, whatever was under way is cut off. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.#up = new Promise((resolve) => (this.#markUp = resolve));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM and wait: the ordinary stop at the end. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }

  /** Polls the simulated clock while the server runs (kills come at any moment). */
  async readClock(): Promise<void> {
    try {
      const res = await fetch(`${this.base}/api/dev/clock`, { headers: { authorization: `Bearer ${this.token}` }, signal: AbortSignal.timeout(2000) });
      if (res.ok) this.noteClock(((await res.json()) as { now: string }).now);
    } catch {
      // down
    }
  }

  get output(): string {
    return this.#output;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
