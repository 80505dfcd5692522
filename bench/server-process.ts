// The server as production starts it (apps/server/dist/main.js in its own process), for the
// benchmarks that load it over HTTP (orders.bench.ts, sign-in-storm.bench.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { floatToDecimal } from '@kontor/domain/numbers';

export const root = path.resolve(new URL('.', import.meta.url).pathname, '..');

/** Buy limits at half the ask of up to 8 liquid euro shares: each order is accepted and rests (order entry, not execution). */
export async function restingBuyTickets(app: FastifyInstance): Promise<object[]> {
  const tickets: object[] = [];
  for await (const { instrument: i } of app.instruments.priced()) {
    if (tickets.length >= 8) break;
    if (i.instrumentType !== 'AKTIE' || i.quoteCurrencyCode !== 'EUR' || i.isOTC || i.complex) continue;
    const ask = app.quotes.current(i.isin)?.ask;
    if (!ask) continue;
    tickets.push({ isin: i.isin, side: 'buy', kind: 'limit', quantity: '1', limit: floatToDecimal(Math.floor(Number(ask) * 50) / 100, 2), validity: { type: 'gtc' } });
  }
  if (tickets.length === 0) throw new Error('no priced euro share');
  return tickets;
}

/** The environment of a benchmark's server on loopback at `port`: production, quiet, without the demo's data. */
export const serverEnv = (port: number) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SEED_DEMO_DATA: 'false',
});

export function buildServer(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'ignore' });
}

/** Starts dist/main.js with `env` added and waits for its start line; BENCH_CPU_PROF=<dir> profiles it (node --cpu-prof). */
export async function startServer(env: Record<string, string>, label: string): Promise<ChildProcess> {
  const prof = process.env.BENCH_CPU_PROF;
  const args = prof ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(prof), '--cpu-prof-name', `${label}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...args, path.join(root, 'apps/server/dist/main.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Kontor läuft')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
