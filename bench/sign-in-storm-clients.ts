// Child process of sign-in-storm.bench.ts: the customers of the storm, each on its own
// connection and from its own address (X-Forwarded-For through one trusted proxy hop, as behind
// a load balancer). On "go" all of them sign in at once the way the web app does: SRP
// (InitiateAuth USER_SRP_AUTH, PASSWORD_VERIFIER), then the SMS code (SMS_MFA), up to the tokens.
// The code is read from the outbox table, where the embedded SMS gateway delivers it: that is
// the customer's phone. Apart from this process's own event loop, so its big-number work does not
// delay the probes' clocks in the parent.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as srp from '../apps/server/src/identity/srp.ts';

export type StormCustomer = { username: string; phone: string; address: string };
export type StormRequest = { base: string; databaseUrl: string; clientId: string; realm: string; password: string; customers: StormCustomer[] };
export type SignInResult = { startedAt: number; doneAt: number; ok: boolean; error?: string; callsMs: number[]; smsWaitMs: number };

/** The fields of the identity answers this client reads. */
type Answer = {
  __type?: string;
  message?: string;
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters: Record<string, string>;
  AuthenticationResult?: { AccessToken?: string };
};

const now = () => performance.timeOrigin + performance.now();
const big = (hex: string) => BigInt(`0x${hex || '0'}`);
/** The TIMESTAMP of a password claim, as the identity clients write it. */
export const stamp = (d: Date) => d.toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) (\S+) GMT$/, (_m, wd, day, mon, y, time) => `${wd} ${mon} ${Number(day)} ${time} UTC ${y}`);

/** The client's half of SRP with OpenSSL's modular power, so the load generator stays light; a is made before the storm, as a device would. */
export function fastClient() {
  const a = big(randomBytes(32).toString('hex'));
  const AHex = srp.padHex(srp.powModN(srp.g, a));
  return {
    AHex,
    key(p: { realm: string; userId: string; password: string; saltHex: string; BHex: string }): Buffer {
      const B = big(p.BHex);
      const u = big(srp.hexHash(AHex + srp.padHex(B)));
      const x = srp.computeX(p.saltHex, p.realm, p.userId, p.password);
      let base = (B - srp.k * srp.powModN(srp.g, x)) % srp.N;
      if (base < 0n) base += srp.N;
      const S = srp.powModN(base, a + u * x);
      return Buffer.from(hkdfSync('sha256', Buffer.from(srp.padHex(S), 'hex'), Buffer.from(srp.padHex(u), 'hex'), 'Caldera Derived Key', 16));
    },
  };
}

async function storm(req: StormRequest, go: Promise<void>): Promise<SignInResult[]> {
  const db = new pg.Pool({ connectionString: req.databaseUrl, max: 4 });
  const clients = req.customers.map(() => fastClient());
  async function call(c: StormCustomer, callsMs: number[], action: string, body: unknown) {
    const t0 = now();
    const res = await fetch(`${req.base}/identity/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}`, 'x-forwarded-for': c.address },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Answer;
    callsMs.push(now() - t0);
    if (res.status !== 200) throw new Error(`${action}: ${res.status} ${json.__type} ${json.message}`);
    return json;
  }
  async function smsCode(phone: string, since: Date): Promise<string> {
    for (;;) {
      const { rows } = await db.query<{ code: string }>(
        'select code from outbox_messages where recipient = $1 and created_at >= $2 and code is not null order by created_at desc limit 1',
        [phone, since],
      );
      if (rows[0]) return rows[0].code;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  async function signIn(c: StormCustomer, client: ReturnType<typeof fastClient>): Promise<SignInResult> {
    const callsMs: number[] = [];
    const startedAt = now();
    let smsWaitMs = 0;
    try {
      const since = new Date(Date.now() - 1000);
      const init = await call(c, callsMs, 'InitiateAuth', { ClientId: req.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: c.username, SRP_A: client.AHex } });
      const p = init.ChallengeParameters;
      const key = client.key({ realm: req.realm, userId: p.USER_ID_FOR_SRP!, password: req.password, saltHex: p.SALT!, BHex: p.SRP_B! });
      const ts = stamp(new Date());
      const claim = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from(req.realm), Buffer.from(p.USER_ID_FOR_SRP!), Buffer.from(p.SECRET_BLOCK!, 'base64'), Buffer.from(ts)]))
        .digest('base64');
      const mfa = await call(c, callsMs, 'RespondToAuthChallenge', {
        ClientId: req.clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: { USERNAME: p.USERNAME, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: ts, PASSWORD_CLAIM_SIGNATURE: claim },
      });
      if (mfa.ChallengeName !== 'SMS_MFA') throw new Error(`expected SMS_MFA, got ${mfa.ChallengeName}`);
      const t0 = now();
      const code = await smsCode(c.phone, since);
      smsWaitMs = now() - t0;
      const done = await call(c, callsMs, 'RespondToAuthChallenge', {
        ClientId: req.clientId,
        ChallengeName: 'SMS_MFA',
        Session: mfa.Session,
        ChallengeResponses: { USERNAME: mfa.ChallengeParameters.USER_ID_FOR_SRP, SMS_MFA_CODE: code },
      });
      if (!done.AuthenticationResult?.AccessToken) throw new Error('no access token');
      return { startedAt, doneAt: now(), ok: true, callsMs, smsWaitMs };
    } catch (error) {
      return { startedAt, doneAt: now(), ok: false, error: String(error).slice(0, 200), callsMs, smsWaitMs };
    }
  }
  await go;
  cpuAtGo = process.cpuUsage();
  const results = await Promise.all(req.customers.map((c, i) => signIn(c, clients[i]!)));
  await db.end();
  return results;
}

// Protocol with the parent: { request } → "ready"; { go: true } → { results, cpuMs } (CPU time since go).
// Only when forked as this file: opening-clients.ts imports fastClient from here.
let request: StormRequest | undefined;
let cpuAtGo = process.cpuUsage();
let release: () => void = () => {};
const go = new Promise<void>((r) => (release = r));
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('message', (m: { request?: StormRequest; go?: boolean }) => {
    if (m.request) {
      request = m.request;
      void storm(request, go).then((results) => {
        const cpu = process.cpuUsage(cpuAtGo);
        process.send!({ results, cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
      });
      process.send!({ ready: true });
    }
    if (m.go) release();
  });
}
