// Cost of one SRP sign-in on the server (InitiateAuth + PASSWORD_VERIFIER, 3072-bit group),
// in-process through inject, and the verifier computation at sign-up.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import * as srp from '../apps/server/src/identity/srp.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { summarize, writeResult } from './lib.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, db: database.db, logger: false });
const username = 'bench@kontor.example';
await app.identity!.createUser({ username, password: 'Kontor!Bench1', attributes: { email: username } });
const realm = config.identity.poolId.split('_')[1]!;

async function call(action: string, body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    payload: JSON.stringify(body),
  });
  return res.json();
}

const stamp = (d: Date) => d.toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) (\S+) GMT$/, (_m, wd, day, mon, y, time) => `${wd} ${mon} ${Number(day)} ${time} UTC ${y}`);

const server: number[] = [];
const ROUNDS = 60;
for (let i = 0; i < ROUNDS + 5; i++) {
  const client = srp.clientSession();
  let t0 = performance.now();
  const init = await call('InitiateAuth', { ClientId: config.identity.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username, SRP_A: client.AHex } });
  let spent = performance.now() - t0;
  const p = init.ChallengeParameters;
  const key = client.key({ realm, userId: p.USER_ID_FOR_SRP, password: 'Kontor!Bench1', saltHex: p.SALT, BHex: p.SRP_B });
  const ts = stamp(new Date());
  t0 = performance.now();
  const answer = await call('RespondToAuthChallenge', {
    ClientId: config.identity.clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: { USERNAME: p.USERNAME, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: ts, PASSWORD_CLAIM_SIGNATURE: srp.passwordClaimSignature(key, realm, p.USER_ID_FOR_SRP, p.SECRET_BLOCK, ts) },
  });
  spent += performance.now() - t0;
  if (answer.ChallengeName !== 'MFA_SETUP') throw new Error(`unexpected answer ${JSON.stringify(answer).slice(0, 200)}`);
  if (i >= 5) server.push(spent);
}

const verifier: number[] = [];
for (let i = 0; i < 40; i++) {
  const t0 = performance.now();
  await srp.createVerifier(realm, 'user', 'Kontor!Bench1');
  verifier.push(performance.now() - t0);
}

await app.close();
await database.close();
const out = writeResult('sign-in', {
  what: 'server time of one SRP password sign-in (two round trips, in-process) and of creating a verifier',
  srpSignInMs: summarize(server),
  signInsPerSecondPerCore: Math.round(1000 / summarize(server).p50),
  createVerifierMs: summarize(verifier),
});
console.table({ 'SRP sign-in (server)': out.srpSignInMs, 'create verifier': out.createVerifierMs });
console.log(`≈ ${out.signInsPerSecondPerCore} SRP sign-ins per second per core`);
