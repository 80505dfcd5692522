// Lighthouse's mobile profile set through the DevTools protocol, and what the page reports about
// its own load (LCP, CLS, interactions) through PerformanceObservers installed before any script.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Lighthouse's mobile target ("slow 4G"): 150 ms round trip, 1.6 Mbit/s down, 750 Kbit/s up, a
 * 4× slower CPU, a 360×640 phone. Lighthouse simulates these by default; here DevTools applies
 * them to the real load (its "devtools" mode would add 3.75× to the latency: harsher).
 */
export const MOBILE = {
  latencyMs: 150,
  downloadBytesPerSecond: Math.round((1.6 * 1024 * 1024) / 8),
  uploadBytesPerSecond: Math.round((750 * 1024) / 8),
  cpuSlowdown: 4,
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
} as const;

export type Profile = { name: string; network: boolean; cpuSlowdown: number };

/** A phone-sized context; nothing cached yet, since each context starts empty. */
export function phoneContextOptions(baseURL: string) {
  return { baseURL, viewport: MOBILE.viewport, deviceScaleFactor: MOBILE.deviceScaleFactor, isMobile: true, hasTouch: true, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
}

export type Wire = {
  /** Bytes of script responses on the wire (headers and encoded body), by URL path. */
  scripts: Map<string, { bytes: number; encoding: string }>;
  /** Requests under way that end (event streams and sockets do not count). */
  inFlight: Set<string>;
  lastActivity: number;
};

/** Applies the profile to the page and starts counting what crosses the wire. */
export async function applyProfile(context: BrowserContext, page: Page, profile: Profile): Promise<{ cdp: CDPSession; wire: Wire }> {
  const cdp = await context.newCDPSession(page);
  const wire: Wire = { scripts: new Map(), inFlight: new Set(), lastActivity: Date.now() };
  const scriptIds = new Map<string, string>();
  const encodings = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    wire.lastActivity = Date.now();
    if (e.type === 'EventSource' || e.type === 'WebSocket') return;
    wire.inFlight.add(e.requestId);
    if (e.type === 'Script') scriptIds.set(e.requestId, new URL(e.request.url).pathname);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') {
      scriptIds.set(e.requestId, new URL(e.response.url).pathname);
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      encodings.set(e.requestId, headers['content-encoding'] ?? 'identity');
    }
  });
  const done = (requestId: string) => {
    wire.inFlight.delete(requestId);
    wire.lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => {
    done(e.requestId);
    const url = scriptIds.get(e.requestId);
    if (url) wire.scripts.set(url, { bytes: e.encodedDataLength, encoding: encodings.get(e.requestId) ?? '?' });
  });
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { cdp, wire };
}

/** Waits until nothing that ends has been under way for `quietMs` (at most `maxMs`). */
export async function networkQuiet(wire: Wire, quietMs = 1_500, maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (wire.inFlight.size === 0 && Date.now() - wire.lastActivity >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Installed before the page's own scripts: keeps LCP, layout shifts and slow interactions. Plain
 * text, not a function: tsx would add its own helpers to a function's source, which the page lacks.
 */
export const PROBES = `(() => {
  const probe = { lcp: [], shifts: [], events: [] };
  window.__webBench = probe;
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.textContent ? ' "' + el.textContent.trim().slice(0, 40) + '"' : '') : '';
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.lcp.push({ time: e.startTime, element: describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) probe.shifts.push({ time: e.startTime, value: e.value, moved: (e.sources || []).map((x) => describe(x.node)).filter(Boolean).slice(0, 3) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) probe.events.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
})();`;

type Shift = { time: number; value: number; moved: string[] };

export type PageFigures = {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  cls: number;
  /** The largest shifts counted, with what moved (to find their cause). */
  largestShifts: Shift[];
  /** Script bytes on the wire as DevTools counts them (headers and encoded body). */
  jsWireBytes: number;
  /** The same from Resource Timing: encoded bodies, and their size unpacked. */
  jsEncodedBodyBytes: number;
  jsDecodedBytes: number;
  scripts: { path: string; bytes: number; encoding: string }[];
  /** The slowest interaction (all its events together), 0 when none took 16 ms or more. */
  inpMs: number;
  interactions: number;
};

/** What the probes and the wire say about the page so far. */
export async function pageFigures(page: Page, wire: Wire): Promise<PageFigures> {
  const seen = await page.evaluate(() => {
    const probe = (window as unknown as { __webBench: { lcp: { time: number; element: string }[]; shifts: Shift[]; events: { id: number; name: string; duration: number }[] } }).__webBench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    // Scripts the page loaded as scripts: not the service worker's warm-up after the load event,
    // which asks for the same files again with fetch() (from the HTTP cache on a real phone).
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (r) => r.initiatorType !== 'fetch' && /\.m?js(\?|$)/.test(new URL(r.name).pathname),
    );
    return {
      probe,
      fcp,
      encoded: scripts.reduce((s, r) => s + r.encodedBodySize, 0),
      decoded: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
    };
  });
  const last = seen.probe.lcp[seen.probe.lcp.length - 1];
  const scripts = [...wire.scripts].map(([path, s]) => ({ path, ...s })).sort((a, b) => b.bytes - a.bytes);
  const byInteraction = new Map<number, number>();
  for (const e of seen.probe.events) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  return {
    lcpMs: Math.round(last?.time ?? NaN),
    lcpElement: last?.element ?? '',
    fcpMs: Math.round(seen.fcp),
    cls: Math.round(sessionWindowShift(seen.probe.shifts) * 10_000) / 10_000,
    largestShifts: [...seen.probe.shifts].sort((a, b) => b.value - a.value).slice(0, 3).map((x) => ({ ...x, time: Math.round(x.time), value: Math.round(x.value * 10_000) / 10_000 })),
    jsWireBytes: scripts.reduce((s, x) => s + x.bytes, 0),
    jsEncodedBodyBytes: seen.encoded,
    jsDecodedBytes: seen.decoded,
    scripts,
    inpMs: Math.max(0, ...byInteraction.values()),
    interactions: byInteraction.size,
  };
}

/** CLS: the largest session window of shifts (gaps under 1 s, windows of at most 5 s). */
export function sessionWindowShift(shifts: { time: number; value: number }[]): number {
  let best = 0;
  let sum = 0;
  let start = -Infinity;
  let previous = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.time - b.time)) {
    if (s.time - previous > 1_000 || s.time - start > 5_000) {
      sum = 0;
      start = s.time;
    }
    sum += s.value;
    previous = s.time;
    best = Math.max(best, sum);
  }
  return best;
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
