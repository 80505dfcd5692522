import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { FastifyInstance } from 'fastify';
import { Reader, type Response } from 'mmdb-lib';

/** Where a request came from, as the security log keeps it: never the full address, never the raw User-Agent. */
export type Origin = { address: string | null; network: 'LOCAL' | 'PUBLIC' | null; country: string | null; device: string | null };

/** No request: the back office or a scheduler job did it. */
export const NO_ORIGIN: Origin = { address: null, network: null, country: null, device: null };

/**
 * The request an event happens in. Areas record events deep inside their services, which know the
 * customer but not the HTTP request; carrying the address and User-Agent through every signature
 * would touch every area, so the request is kept for the length of its handling instead.
 */
const requests = new AsyncLocalStorage<{ ip: string; userAgent: string }>();

/** Keeps each request's address and User-Agent for the events recorded while it is handled. */
export function installRequestOrigin(app: FastifyInstance): void {
  // Callback style, so `run` wraps the rest of the handling; preHandler, after the body was read,
  // whose stream callbacks would otherwise run outside it.
  app.addHook('preHandler', (req, _reply, done) => {
    requests.run({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512) }, done);
  });
}

/** The origin of the request being handled, or all null outside one (a scheduler job, the back office). */
export function currentOrigin(): Origin {
  const r = requests.getStore();
  return r ? originOf(r.ip, r.userAgent) : NO_ORIGIN;
}

export function originOf(ip: string, userAgent: string): Origin {
  const address = plainAddress(ip);
  const local = isLocal(address);
  return {
    address: shortened(address),
    network: address ? (local ? 'LOCAL' : 'PUBLIC') : null,
    country: address && !local ? countryOf(address) : null,
    device: deviceOf(userAgent),
  };
}

/** "Chrome 131 · Windows" from the User-Agent; null when it names neither. */
export function deviceOf(userAgent: string): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name ?? null;
  return [browser, os].filter(Boolean).join(' · ') || null;
}

const plainAddress = (ip: string): string => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

const LOCAL_NETWORKS = new BlockList();
for (const [net, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) {
  LOCAL_NETWORKS.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) LOCAL_NETWORKS.addSubnet(net, bits, 'ipv6');

function isLocal(address: string): boolean {
  if (isIPv4(address)) return LOCAL_NETWORKS.check(address, 'ipv4');
  if (isIPv6(address)) return LOCAL_NETWORKS.check(address, 'ipv6');
  return true;
}

/**
 * The address without what names one connection: IPv4 without its last part (a /24), IPv6 to its
 * /48 (a site). That still tells the customer "this was my provider, my country" but no longer
 * points at one household, and the log is kept three years (data minimisation, GDPR Art. 5(1)(c)).
 */
export function shortened(address: string): string | null {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const full = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${full.slice(0, 3).map((p) => p.replace(/^0+(?=.)/, '')).join(':')}::/48`;
  }
  return null;
}

/**
 * The country of a public address from an offline database (ip-location-db, CC0: registry and
 * routing data, country only), read on first use so a server that never sees a public address
 * never loads its 8 MB.
 */
let countries: Reader<Response> | null | undefined;
function countryOf(address: string): string | null {
  if (countries === undefined) {
    try {
      const file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
      countries = new Reader(readFileSync(file));
    } catch {
      countries = null;
    }
  }
  // This database's records are `{ country_code }`, not MaxMind's own shape.
  const code = (countries?.get(address) as { country_code?: string } | null | undefined)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
