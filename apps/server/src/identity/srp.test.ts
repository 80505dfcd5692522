import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as srp from './srp.ts';

// The official client's SRP helper and big-integer type, used unmodified as the reference.
const require = createRequire(import.meta.url);
const { AuthenticationHelper } = require('amazon-cognito-identity-js');
const BigInteger = require('amazon-cognito-identity-js/lib/BigInteger.js').default;

type Helper = {
  smallAValue: unknown;
  largeAValue: unknown;
  getPasswordAuthenticationKey(u: string, p: string, B: unknown, salt: unknown, cb: (e: Error | null, key: Buffer) => void): void;
};

/** The official client's key for a given client secret a (hex), so a test can steer into edge cases. */
function officialClientKey(p: { realm: string; userId: string; password: string; saltHex: string; BHex: string; aHex: string }): Promise<Buffer> {
  const helper = new AuthenticationHelper(p.realm) as Helper;
  helper.smallAValue = new BigInteger(p.aHex, 16);
  helper.largeAValue = new BigInteger(srp.modPow(srp.g, BigInt(`0x${p.aHex}`), srp.N).toString(16), 16);
  return new Promise((resolve, reject) =>
    helper.getPasswordAuthenticationKey(p.userId, p.password, new BigInteger(p.BHex, 16), new BigInteger(p.saltHex, 16), (err, key) =>
      err ? reject(err) : resolve(Buffer.from(key)),
    ),
  );
}

const hexLen = (n: bigint) => n.toString(16).length;
const FULL = hexLen(srp.N);

describe('SRP-6a handshake with the official client', () => {
  it('pads like Java BigInteger.toByteArray', () => {
    expect(srp.padHex(0x7fn)).toBe('7f');
    expect(srp.padHex(0x80n)).toBe('0080');
    expect(srp.padHex(0xabcn)).toBe('0abc');
    expect(srp.padHex(0x8abcn)).toBe('008abc');
  });

  it('agrees on the session key for random passwords, users and salts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 8, maxLength: 40 }), fc.uuid(), async (password, userId) => {
        const realm = 'K0ntorPool';
        const verifier = await srp.createVerifier(realm, userId, password);
        const { bHex, BHex } = await srp.serverEphemeral(verifier.verifierHex);
        const aHex = randomBytes(64).toString('hex');
        const AHex = srp.padHex(srp.modPow(srp.g, BigInt(`0x${aHex}`), srp.N));
        const server = await srp.serverSessionKey({ AHex, BHex, bHex, verifierHex: verifier.verifierHex });
        const client = await officialClientKey({ realm, userId, password, saltHex: verifier.saltHex, BHex, aHex });
        expect(server?.toString('hex')).toBe(client.toString('hex'));
      }),
      { numRuns: 10 },
    );
  });

  it('agrees when S is a byte shorter than N (the 1-in-256 case a fixed-width pad gets wrong)', async () => {
    const realm = 'K0ntorPool';
    const userId = '3f0e3b9e-2b7a-4c53-9a55-0c7f1d2e6a11';
    const password = 'Kontor!Demo1';
    // Fixed salt and secrets drawn from a counter: the search walks the same handshakes every run
    // (the first short S comes after some two hundred), so it takes the same short time each run.
    const h = (text: string) => createHash('sha256').update(text).digest('hex');
    const saltHex = srp.padHex(BigInt(`0x${h('kontor srp test salt').slice(0, 32)}`));
    const v = srp.powModN(srp.g, srp.computeX(saltHex, realm, userId, password));
    const verifier = { saltHex, verifierHex: srp.padHex(v) };
    let found: { aHex: string; AHex: string; bHex: string; BHex: string } | undefined;
    let tries = 0;
    while (!found && tries < 3000) {
      const aHex = h(`a ${tries}`) + h(`a' ${tries}`);
      const bHex = h(`b ${tries}`);
      tries++;
      const A = srp.powModN(srp.g, BigInt(`0x${aHex}`));
      const B = (srp.k * v + srp.powModN(srp.g, BigInt(`0x${bHex}`))) % srp.N;
      const u = BigInt(`0x${srp.hexHash(srp.padHex(A) + srp.padHex(B))}`);
      const S = srp.powModN((A * srp.powModN(v, u)) % srp.N, BigInt(`0x${bHex}`));
      if (hexLen(S) <= FULL - 2) found = { aHex, AHex: srp.padHex(A), bHex, BHex: srp.padHex(B) };
    }
    expect(found, `no short S in ${tries} handshakes`).toBeDefined();
    const server = await srp.serverSessionKey({ AHex: found!.AHex, BHex: found!.BHex, bHex: found!.bHex, verifierHex: verifier.verifierHex });
    const client = await officialClientKey({ realm, userId, password, saltHex: verifier.saltHex, BHex: found!.BHex, aHex: found!.aHex });
    expect(server?.toString('hex')).toBe(client.toString('hex'));
    // And the signature over it matches what the client would send.
    const ts = 'Mon Nov 23 9:00:00 UTC 2026';
    const block = randomBytes(32).toString('base64');
    expect(srp.passwordClaimSignature(server!, realm, userId, block, ts)).toBe(srp.passwordClaimSignature(client, realm, userId, block, ts));
  });

  it('refuses a wrong password: keys differ', async () => {
    const verifier = await srp.createVerifier('P', 'u', 'Richtig!123');
    const { bHex, BHex } = await srp.serverEphemeral(verifier.verifierHex);
    const aHex = randomBytes(64).toString('hex');
    const AHex = srp.padHex(srp.modPow(srp.g, BigInt(`0x${aHex}`), srp.N));
    const server = await srp.serverSessionKey({ AHex, BHex, bHex, verifierHex: verifier.verifierHex });
    const client = await officialClientKey({ realm: 'P', userId: 'u', password: 'Falsch!123', saltHex: verifier.saltHex, BHex, aHex });
    expect(server?.equals(client)).toBe(false);
  });

  it('refuses A ≡ 0 (mod N)', async () => {
    const verifier = await srp.createVerifier('P', 'u', 'Richtig!123');
    const { bHex, BHex } = await srp.serverEphemeral(verifier.verifierHex);
    expect(await srp.serverSessionKey({ AHex: srp.padHex(srp.N), BHex, bHex, verifierHex: verifier.verifierHex })).toBeNull();
  });
});

describe('powModN', () => {
  it('equals square-and-multiply for random bases and exponents, and for the edge bases', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: srp.N + 5n }), fc.bigInt({ min: 1n, max: 2n ** 300n }), (base, exp) => {
        expect(srp.powModN(base, exp)).toBe(srp.modPow(base, exp, srp.N));
      }),
      { numRuns: 200 },
    );
    for (const base of [0n, 1n, srp.N - 1n, srp.N]) expect(srp.powModN(base, 12345n)).toBe(srp.modPow(base, 12345n, srp.N));
  });
});
