// npm start: install what is missing, build, and serve Kontor with everything embedded.
import { build, ensureDependencies, root, spawn } from './lib/ensure.mjs';

ensureDependencies();
build();

const env = { NODE_ENV: 'production', ...process.env };
// Outside a real deployment the dev pages (SMS outbox, simulated devices) stay on.
env.DEV_TOOLS ??= 'true';
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
