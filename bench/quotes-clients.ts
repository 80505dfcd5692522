// Child process of quotes.bench.ts: holds N live quote subscribers and measures how long after
// its tick each quote arrives. Separate from the server so each side has its own file handles.
import http from 'node:http';

const [port, count, offsetMs, seconds, token, isinList] = process.argv.slice(2);
const isins = isinList!.split(',');
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const samples: number[] = [];
let messages = 0;
let quotes = 0;
let measuring = false;
let connected = 0;
const logs: [number, string][][] = [];

function subscribe(i: number) {
  return new Promise<void>((resolve, reject) => {
    const mine = Array.from({ length: 10 }, (_, k) => isins[(i * 7 + k * 97) % isins.length]).join(',');
    const req = http.get({ host: '127.0.0.1', port: Number(port), path: `/api/quotes/stream?isins=${mine}`, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      connected++;
      resolve();
      // Only note when each chunk arrived; parsing waits until the window closes, so the client's
      // own work does not delay the arrival times of the messages behind it.
      res.setEncoding('utf8');
      const log: [number, string][] = [];
      logs.push(log);
      res.on('data', (chunk: string) => {
        if (measuring) log.push([Date.now(), chunk]);
      });
    });
    req.on('error', reject);
  });
}

const n = Number(count);
for (let i = 0; i < n; i += 250) await Promise.all(Array.from({ length: Math.min(250, n - i) }, (_, k) => subscribe(i + k)));
await new Promise((r) => setTimeout(r, 1500));
measuring = true;
const started = Date.now();
await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
measuring = false;
const elapsed = (Date.now() - started) / 1000;
for (const log of logs) {
  let buf = '';
  for (const [at, chunk] of log) {
    buf += chunk;
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const event = buf.slice(0, i);
      buf = buf.slice(i + 2);
      if (!event.startsWith('data: ') || event.startsWith('data: []')) continue;
      const list = JSON.parse(event.slice(6)) as { ts: string }[];
      messages++;
      quotes += list.length;
      // One sample per message: its oldest quote, the worst case the customer sees.
      const oldest = Math.min(...list.map((q) => Date.parse(q.ts)));
      samples.push(at - (oldest - Number(offsetMs)));
    }
  }
}
samples.sort((a, b) => a - b);
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? NaN;
process.send!({ connected, messagesPerSecond: Math.round(messages / elapsed), quotesPerSecond: Math.round(quotes / elapsed), latencyMs: { p50: pct(50), p99: pct(99), max: samples.at(-1) } });
process.exit(0);
