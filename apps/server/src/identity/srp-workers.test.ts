import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import * as srp from './srp.ts';
import { srpWorkerPool } from './srp-workers.ts';

const pool = srpWorkerPool(2);
afterAll(() => pool.close());
const random = (bytes: number) => BigInt(`0x${randomBytes(bytes).toString('hex')}`);

describe('SRP worker pool', () => {
  it('gives the same powers as the main thread, many at once, and for the edge bases', async () => {
    const cases = Array.from({ length: 40 }, (_, i) => ({ base: i % 2 ? random(384) : random(400) * srp.N + random(16), exp: random(32) }));
    cases.push(...[0n, 1n, srp.N - 1n, srp.N, srp.g].map((base) => ({ base, exp: 12345n })));
    const fromWorkers = await Promise.all(cases.map((c) => pool.pow(c.base, c.exp)));
    expect(fromWorkers).toEqual(cases.map((c) => srp.modPow(c.base, c.exp, srp.N)));
  });

  it('runs a whole handshake: the key agrees with the client, and a wrong password gives another', async () => {
    const verifier = await srp.createVerifier('K0ntorPool', 'user-1', 'Richtig!123', pool.pow);
    expect(await srp.verifierMatches(verifier, 'K0ntorPool', 'user-1', 'Richtig!123', pool.pow)).toBe(true);
    expect(await srp.verifierMatches(verifier, 'K0ntorPool', 'user-1', 'Falsch!123', pool.pow)).toBe(false);
    const client = srp.clientSession();
    const { bHex, BHex } = await srp.serverEphemeral(verifier.verifierHex, pool.pow);
    const server = await srp.serverSessionKey({ AHex: client.AHex, BHex, bHex, verifierHex: verifier.verifierHex }, pool.pow);
    const key = (password: string) => client.key({ realm: 'K0ntorPool', userId: 'user-1', password, saltHex: verifier.saltHex, BHex });
    expect(server?.toString('hex')).toBe(key('Richtig!123').toString('hex'));
    expect(server?.equals(key('Falsch!123'))).toBe(false);
  });

  it('still answers after it is closed, on the main thread', async () => {
    const closed = srpWorkerPool(1);
    const before = await closed.pow(srp.g, 99n);
    await closed.close();
    expect(await closed.pow(srp.g, 99n)).toBe(before);
  });

  // Linux keeps a nice value per thread: the workers step back, the event loop keeps its place.
  it.runIf(process.platform === 'linux')('on Linux its threads step back behind the event loop, which keeps its priority', async () => {
    const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threadNices = () => fs.readdirSync('/proc/self/task').map((tid) => nice(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    const before = threadNices().filter((n) => n === 7).length;
    const stepping = srpWorkerPool(1, 7);
    await stepping.pow(srp.g, 99n);
    expect(threadNices().filter((n) => n === 7).length).toBeGreaterThan(before);
    expect(os.getPriority()).toBe(0);
    await stepping.close();
  });
});
