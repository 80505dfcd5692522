// Helpers shared by start, test and bench. Plain Node, no dependencies: they run before
// `npm install` on a fresh clone.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0 && !opts.allowFailure) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res.status ?? 1;
}

export function step(title) {
  console.log(`\n▶ ${title}`);
}

/** npm ci when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  step('Installing npm packages (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** The browser tests drive Debian's Chromium; install it when absent and we are root. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`✖ ${CHROMIUM} is missing. Install the Debian package "chromium" (apt-get install chromium).`);
    return false;
  }
  step('Installing Chromium (Debian package) for the browser tests');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env, allowFailure: true });
  run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { env });
  return fs.existsSync(CHROMIUM);
}

/** The shared rate-limit test starts Debian's redis-server; install it when absent and we are root. */
export function ensureRedis() {
  const found = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((f) => fs.existsSync(f));
  if (found()) return true;
  if (process.getuid?.() !== 0) {
    console.error('✖ redis-server is missing. Install the Debian package "redis-server" (apt-get install redis-server).');
    return false;
  }
  step('Installing Redis (Debian package) for the shared rate-limit test');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env, allowFailure: true });
  run('apt-get', ['install', '-y', '-qq', 'redis-server'], { env });
  return found();
}

export function build() {
  step('Building the web app and the server');
  run('npm', ['run', 'build', '--silent']);
}

export { spawn };
