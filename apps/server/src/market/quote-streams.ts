import type { Socket } from 'node:net';
import type { QuoteSource, QuoteUpdate } from './feed.ts';

/** A client gets at most one push per this interval; newer quotes replace older ones meanwhile. */
export const STREAM_FLUSH_MS = 250;
/** A stream that was sent nothing for this long gets a comment line, so that proxies keep it open. */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind (bytes waiting in this process) is dropped; it reconnects and starts afresh. */
export const MAX_BACKLOG_BYTES = 1 << 20;
/** One pass of writes gives the event loop back after this long, so API calls are not held up. */
const SLICE_MS = 10;
const PING = Buffer.from(': ping\n\n');

/** Streams that watch the same ISINs: one subscription, one throttle, one frame per push. */
type Group = {
  key: string;
  streams: Set<Socket>;
  unsubscribe: () => void;
  /** Newest quote JSON per ISIN since the last push. */
  pending: Map<string, string>;
  lastPush: number;
  lastWrite: number;
  timer: NodeJS.Timeout | undefined;
  queued: boolean;
  ping: boolean;
};

/**
 * Fans live quotes out to Server-Sent Event streams (sockets whose response head is already
 * written). The cost of a tick is one socket write per stream, and as little as possible besides:
 * streams watching the same ISIN set share a group, which subscribes to the quote source once,
 * keeps the newest quote per ISIN and builds each frame once, as bytes, for all its streams. Due
 * groups wait in one queue that is written in slices of SLICE_MS.
 *
 * Throttle, per group (so per stream): leading edge, at most one push per STREAM_FLUSH_MS; a group
 * idle for that long pushes right after the tick, and within the window only the newest quote per
 * ISIN is kept and sent at its end.
 */
export class QuoteStreams {
  readonly #quotes: Pick<QuoteSource, 'subscribe'>;
  readonly #groups = new Map<string, Group>();
  /** Groups with a frame or a ping to write, in order; #next is the one being written. */
  #queue: Group[] = [];
  #next = 0;
  /** Where the write pass stopped inside a large group, with that group's frame. */
  #cursor: { streams: Iterator<Socket>; frame: Buffer } | undefined;
  #scheduled: NodeJS.Immediate | undefined;
  readonly #heartbeat: NodeJS.Timeout;

  constructor(quotes: Pick<QuoteSource, 'subscribe'>) {
    this.#quotes = quotes;
    this.#heartbeat = setInterval(() => this.#pingIdle(), HEARTBEAT_MS / 3);
    this.#heartbeat.unref();
  }

  /** Number of open streams (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const g of this.#groups.values()) n += g.streams.size;
    return n;
  }

  /** Writes `opening` (head and snapshot) and adds the stream. */
  open(isins: string[], socket: Socket, opening: string): void {
    socket.write(opening);
    this.add(isins, socket);
  }

  /** Adds a stream for these ISINs; it leaves by itself when its socket closes. */
  add(isins: Iterable<string>, socket: Socket): void {
    const set = new Set(isins);
    const key = [...set].sort().join(',');
    let group = this.#groups.get(key);
    if (!group) {
      const g: Group = { key, streams: new Set(), unsubscribe: () => {}, pending: new Map(), lastPush: 0, lastWrite: Date.now(), timer: undefined, queued: false, ping: false };
      g.unsubscribe = this.#quotes.subscribe(set, (updates) => this.#onQuotes(g, updates));
      this.#groups.set(key, (group = g));
    }
    group.streams.add(socket);
    const g = group;
    const leave = () => {
      if (!g.streams.delete(socket) || g.streams.size > 0) return;
      g.unsubscribe();
      clearTimeout(g.timer);
      g.timer = undefined;
      g.pending.clear();
      if (this.#groups.get(g.key) === g) this.#groups.delete(g.key);
    };
    socket.once('close', leave);
    socket.once('error', leave);
  }

  /** Ends every stream (the app is closing; a client reconnects elsewhere). */
  async end(): Promise<void> {
    for (const g of [...this.#groups.values()]) for (const s of g.streams) s.destroy();
  }

  async close(): Promise<void> {
    await this.end();
    clearInterval(this.#heartbeat);
    if (this.#scheduled) clearImmediate(this.#scheduled);
  }

  #onQuotes(g: Group, updates: QuoteUpdate[]) {
    for (const u of updates) g.pending.set(u.quote.isin, u.json);
    if (g.queued || g.timer) return;
    const wait = g.lastPush + STREAM_FLUSH_MS - Date.now();
    if (wait <= 0) this.#enqueue(g);
    else
      g.timer = setTimeout(() => {
        g.timer = undefined;
        this.#enqueue(g);
      }, wait);
  }

  #pingIdle() {
    const idleSince = Date.now() - HEARTBEAT_MS;
    for (const g of this.#groups.values()) {
      if (g.lastWrite > idleSince || g.queued) continue;
      g.ping = true;
      this.#enqueue(g);
    }
  }

  #enqueue(g: Group) {
    if (g.queued) return;
    g.queued = true;
    this.#queue.push(g);
    this.#scheduled ??= setImmediate(this.#write);
  }

  /** Writes due frames until the queue is empty or the slice is used up. */
  readonly #write = () => {
    this.#scheduled = undefined;
    const until = performance.now() + SLICE_MS;
    let n = 0;
    for (;;) {
      if (!this.#cursor) {
        const g = this.#queue[this.#next++];
        if (!g) break;
        g.queued = false;
        const frame = this.#frameOf(g);
        if (!frame) continue;
        this.#cursor = { streams: g.streams.values(), frame };
      }
      const { streams, frame } = this.#cursor;
      for (let r = streams.next(); ; r = streams.next()) {
        if (r.done) {
          this.#cursor = undefined;
          break;
        }
        const s = r.value;
        if (s.writableLength > MAX_BACKLOG_BYTES) s.destroy();
        else if (!s.destroyed) s.write(frame);
        if ((++n & 63) === 0 && performance.now() > until) {
          this.#scheduled = setImmediate(this.#write);
          return;
        }
      }
    }
    this.#queue = [];
    this.#next = 0;
  };

  #frameOf(g: Group): Buffer | undefined {
    if (g.streams.size === 0) return undefined;
    const now = Date.now();
    if (g.pending.size > 0) {
      const frame = Buffer.from(`data: [${[...g.pending.values()].join(',')}]\n\n`);
      g.pending.clear();
      g.lastPush = g.lastWrite = now;
      g.ping = false;
      return frame;
    }
    if (!g.ping) return undefined;
    g.ping = false;
    g.lastWrite = now;
    return PING;
  }
}
