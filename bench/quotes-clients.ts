// Child process of quotes.bench.ts: holds live quote subscribers and measures how long after its
// tick each quote arrives. A separate process from the server, on the same machine.
//
// The clients share the server's cores, so they are kept as cheap as a client can be, to measure
// the server rather than themselves: a plain TCP socket per subscriber (the request written by
// hand), read into one shared buffer (net's `onread`: no Buffer, stream or event per chunk), and
// the only work on arrival is to note the time and copy the bytes aside. Parsing waits until
// nothing has arrived for a while, so it never delays the arrival times of the messages behind it.
import http from 'node:http';
import net from 'node:net';

const [port, from, count, step, offsetMs, seconds, token, isinList] = process.argv.slice(2);
const isins = isinList!.split(',');
const samples: number[] = [];
/** The samples again, by the tick (quote time) they belong to. */
const byTick = new Map<number, number[]>();
let messages = 0;
let quotes = 0;
let windowStart = Infinity;
let windowEnd = Infinity;
let connected = 0;

type Stream = { text: string; head: boolean; ok: (() => void) | undefined };
// Arrivals since the last parse, in order: time, stream, and where the bytes lie in `arena`.
const arena = Buffer.allocUnsafe(256 << 20);
let used = 0;
let arrivedAt: number[] = [];
let arrivedOn: Stream[] = [];
let arrivedEnd: number[] = [];
let lastArrival = 0;
const readBuffer = Buffer.allocUnsafe(1 << 16);

function parse() {
  const [ats, ons, ends] = [arrivedAt, arrivedOn, arrivedEnd];
  [arrivedAt, arrivedOn, arrivedEnd] = [[], [], []];
  let start = 0;
  for (let c = 0; c < ats.length; c++) {
    const at = ats[c]!;
    const s = ons[c]!;
    // Event streams are UTF-8; quotes are ASCII, so no character is split across chunks.
    s.text += arena.toString('latin1', start, ends[c]);
    start = ends[c]!;
    if (s.head) {
      const end = s.text.indexOf('\r\n\r\n');
      if (end < 0) continue;
      s.text = s.text.slice(end + 4);
      s.head = false;
    }
    for (let i = s.text.indexOf('\n\n'); i >= 0; i = s.text.indexOf('\n\n')) {
      const event = s.text.slice(0, i);
      s.text = s.text.slice(i + 2);
      if (at < windowStart || at >= windowEnd) continue;
      const data = event.split('\n').find((l) => l.startsWith('data: '));
      if (!data || data === 'data: []') continue;
      const list = JSON.parse(data.slice(6)) as { ts: string }[];
      messages++;
      quotes += list.length;
      // One sample per message: its oldest quote, the worst case the customer sees.
      const oldest = Math.min(...list.map((q) => Date.parse(q.ts)));
      const latency = at - (oldest - Number(offsetMs));
      samples.push(latency);
      const t = byTick.get(oldest);
      if (t) t.push(latency);
      else byTick.set(oldest, [latency]);
    }
  }
  used = 0;
}
// Quiet for 150 ms: the tick's burst is over, and the next one is most of a second away.
const idle = setInterval(() => {
  if (arrivedAt.length > 0 && Date.now() - lastArrival >= 150) parse();
}, 25);

function subscribe(i: number) {
  return new Promise<void>((resolve, reject) => {
    const mine = Array.from({ length: 10 }, (_, k) => isins[(i * 7 + k * 97) % isins.length]).join(',');
    const s: Stream = { text: '', head: true, ok: resolve };
    const socket = net.connect({
      host: '127.0.0.1',
      port: Number(port),
      onread: {
        buffer: readBuffer,
        callback: (n: number, buf: Uint8Array) => {
          const at = Date.now();
          if (s.ok) {
            const status = Buffer.from(buf.buffer, buf.byteOffset, 12).toString('latin1');
            if (status !== 'HTTP/1.1 200') reject(new Error(`status ${status}`));
            else {
              connected++;
              s.ok();
            }
            s.ok = undefined;
          }
          if (used + n > arena.length) parse();
          arena.set(buf.subarray(0, n), used);
          used += n;
          arrivedAt.push(at);
          arrivedOn.push(s);
          arrivedEnd.push(used);
          lastArrival = at;
          return true;
        },
      },
    });
    socket.on('connect', () => {
      socket.setNoDelay(true);
      socket.write(`GET /api/quotes/stream?isins=${mine} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\nauthorization: Bearer ${token}\r\n\r\n`);
    });
    socket.on('error', reject);
  });
}

// While the streams run, the first client process also times a plain API call every 50 ms (a
// customer's page load, say): whatever writes the streams must not hold up the rest of the API.
const apiSamples: number[] = [];
function probeApi() {
  const started = performance.now();
  const req = http.get({ host: '127.0.0.1', port: Number(port), path: '/api/versions/check', agent: probeAgent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (Date.now() >= windowStart && Date.now() < windowEnd) apiSamples.push(performance.now() - started);
    });
  });
  req.on('error', () => {});
}
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const n = Number(count);
const mine = Array.from({ length: n }, (_, k) => Number(from) + k * Number(step));
for (let i = 0; i < n; i += 250) await Promise.all(mine.slice(i, i + 250).map(subscribe));
process.send!({ phase: 'connected' });
// The parent starts every client process's window at the same moment.
await new Promise<void>((resolve) => process.once('message', () => resolve()));
windowStart = Date.now();
const cpuBefore = process.cpuUsage();
const probe = from === '0' ? setInterval(probeApi, 50) : undefined;
await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
windowEnd = Date.now();
const cpu = process.cpuUsage(cpuBefore);
clearInterval(probe);
process.send!({ phase: 'stop' });
await new Promise((r) => setTimeout(r, 1000));
clearInterval(idle);
parse();
const elapsed = (windowEnd - windowStart) / 1000;
// The samples make a large message: leave only once it is sent.
const ticks = Object.fromEntries(byTick);
process.send!({ connected, messages, quotes, elapsed, samples, ticks, apiSamples, cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
