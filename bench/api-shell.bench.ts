// HTTP throughput of the API shell (routing, XSRF cookie, helmet, error body) over loopback.
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { writeResult } from './lib.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await database.migrate();
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), db: database.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

const run = (url: string) =>
  autocannon({ url: `http://127.0.0.1:${port}${url}`, connections: 50, duration: 8, pipelining: 1 }).then((r) => ({
    url,
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
  }));

const results = [];
for (const url of ['/config.json', '/api/versions/check?version=1.2-6', '/api/health']) results.push(await run(url));
await app.close();
await database.close();
const out = writeResult('api-shell', { connections: 50, durationSeconds: 8, results });
console.table(out.results.map((r) => ({ url: r.url, 'req/s': r.requestsPerSecond, 'p50 ms': r.latencyMs.p50, 'p99 ms': r.latencyMs.p99 })));
