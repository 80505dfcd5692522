// Child process of orders.bench.ts: the least any server can do for order entry on this machine.
// Plain node:http, no framework: it reads the JSON body, queues the order, and writes all orders
// that queued meanwhile to PostgreSQL in one statement (group commit, one round trip, durable on
// return), then answers 201 with the order as JSON. No sign-in check, no rules, no ledger, no
// engine: its throughput and latencies are the floor under the real server's on the same load.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
await client.query('create table if not exists floor_orders (id uuid primary key, sub text not null, ticket jsonb not null, created_at timestamptz not null default now())');

type Pending = { id: string; sub: string; ticket: unknown; done: (error?: unknown) => void };
let queue: Pending[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  while (queue.length > 0) {
    const batch = queue;
    queue = [];
    try {
      await client.query('insert into floor_orders (id, sub, ticket) select (r->>0)::uuid, r->>1, r->2 from jsonb_array_elements($1::jsonb) r', [
        JSON.stringify(batch.map((p) => [p.id, p.sub, p.ticket])),
      ]);
      for (const p of batch) p.done();
    } catch (error) {
      for (const p of batch) p.done(error);
    }
  }
  draining = false;
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const auth = req.headers.authorization;
    if (req.method !== 'POST' || req.url !== '/api/trading' || !auth?.startsWith('Bearer ')) {
      res.writeHead(404).end();
      return;
    }
    let ticket: Record<string, unknown>;
    try {
      ticket = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const id = randomUUID();
    queue.push({
      id,
      sub: auth.slice(-16),
      ticket,
      done: (error) => {
        if (error) res.writeHead(500).end();
        else res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id, status: 'Open', ...ticket }));
      },
    });
    if (!draining) void drain();
  });
});
server.keepAliveTimeout = 60_000;
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  process.send!({ port: (server.address() as { port: number }).port });
});
process.once('disconnect', () => {
  server.close();
  void client.end().finally(() => process.exit(0));
});
