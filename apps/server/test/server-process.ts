// The built server (`apps/server/dist/main.js`) as a process of its own, as production runs it:
// for the tests of several processes on one database and of a server killed mid-work.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
export const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');

export type ServerProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves once its output matches `text` (counting from its start). */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGKILL: gone at once, nothing cleaned up; resolves when it has exited. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
};

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = async (text: string | RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    const found = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
    while (!found()) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before "${text}": ${output.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`server did not say "${text}" within ${timeoutMs} ms: ${output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    waitFor,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  await waitFor('Kontor läuft');
  return server;
}
