import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './chromium';

const root = path.resolve(new URL('.', import.meta.url).pathname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWSEndpoint: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The next Monday 10:00 in Frankfurt (ISO with offset): the e2e market starts there and runs on, so
 * it is open whenever the tests run (a market order fills at once).
 */
function nextMondayMorning(now = new Date()): string {
  const day = new Date(now);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 1);
  const date = day.toISOString().slice(0, 10);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T09:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${date}T10:00:00${zone?.replace('GMT', '') || '+00:00'}`;
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let browserServer: BrowserServer | undefined;

/** One headless Chromium for the run; each test file connects to it (browser.ts: launch). */
async function startChromium(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM);
}

/** Starts the built server (as `npm start` does) on a free port with a throwaway database. */
export async function setup(project: TestProject) {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it)');
  }
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DEV_TOOLS: 'true', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MARKET_CLOCK_START: nextMondayMorning() };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  // Chromium starts while the server migrates and seeds.
  const browserStarted = startChromium().then((started) => (browserServer = started));
  const baseUrl = `http://localhost:${port}`;
  // A cap, not a wait: the first start migrates and seeds the demo, which a busy machine takes minutes over.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('browserWSEndpoint', (await browserStarted).wsEndpoint());
}

export async function teardown() {
  await browserServer?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
