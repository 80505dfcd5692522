// npm start: install what is missing, build, and serve Kontor with everything embedded.
import { build, ensureDependencies, root, spawn } from './lib/ensure.mjs';

ensureDependencies();
build();

const env = { NODE_ENV: 'production', ...process.env };
// The local demo: the developer tools (SMS outbox, clock, market moves, companion app, deposits) on;
// the server says so in its log and the app in a banner (a deployment leaves DEV_TOOLS unset: off).
env.DEV_TOOLS ??= 'true';
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
