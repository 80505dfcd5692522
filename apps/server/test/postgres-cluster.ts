// A throwaway PostgreSQL cluster (as .ci/run starts it, but with fsync on) and a free port: for the
// tests that start the built server as separate processes, and the benchmarks on PostgreSQL.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export type Cluster = { url: string; /** The postmaster's process id (its backends are its children). */ pid: number; stop(): void };

/** `settings`: more `-c name=value` server settings (a benchmark that writes millions of rows wants a larger WAL). */
export function startCluster(port: number, settings: readonly string[] = []): Cluster {
  const initdb = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .map((v) => `/usr/lib/postgresql/${v}/bin/initdb`)
        .filter((f) => fs.existsSync(f))
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
        .pop()
    : undefined;
  if (!initdb) throw new Error('PostgreSQL not installed (apt-get install -y postgresql), or set BENCH_DATABASE_URL');
  const bin = path.dirname(initdb);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    }
    execFileSync('chown', ['postgres', dir]);
  }
  const pgRun = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { cwd: '/', stdio: 'ignore' });
  pgRun(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  pgRun(path.join(bin, 'pg_ctl'), ['-D', dir, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${settings.map((x) => ` -c ${x}`).join('')}`, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: () => {
      try {
        pgRun(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export type OwnDatabase = { url: string; drop(): Promise<void> };

/** A new database on the server at `serverUrl` (named `<prefix>_<random>`), and what drops it again. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<OwnDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
