import { createDiffieHellman, createHash, createHmac, type DiffieHellman, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * SRP-6a as the user pool's official clients compute it: RFC 5054 3072-bit group, g = 2,
 * k = H(PAD(N) | PAD(g)), x = H(PAD(salt) | H(poolName | userId | ":" | password)),
 * u = H(PAD(A) | PAD(B)), key = HKDF(PAD(S), salt = PAD(u), info "Caldera Derived Key")[0..16).
 * PAD is the minimal big-endian two's complement (Java's BigInteger.toByteArray): a fixed-width
 * pad would disagree with the clients whenever a value's top bit is set, about 1 login in 256.
 * Only the salt and the verifier v = g^x are stored; the password never is.
 */
export const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** Minimal two's-complement hex of a non-negative integer, as the clients' padHex. */
export function padHex(n: bigint): string {
  if (n < 0n) throw new RangeError('padHex takes non-negative values only');
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (/^[89a-f]/i.test(hex)) hex = `00${hex}`;
  return hex;
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
/** H over the bytes a hex string stands for. */
export const hexHash = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));
const toBig = (hex: string): bigint => BigInt(`0x${hex || '0'}`);

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

let openssl: DiffieHellman | undefined;
const toBuf = (n: bigint) => Buffer.from(padHex(n).replace(/^00/, ''), 'hex');

/**
 * base^exp mod N through OpenSSL: DH computeSecret with exp as the private key is exactly that
 * power, about five times faster than BigInt and constant-time. One object is reused; the calls
 * are synchronous, so no two sign-ins interleave on it. Falls back to BigInt for bases OpenSSL
 * refuses as public keys (0, 1, N-1).
 */
export function powModN(base: bigint, exp: bigint): bigint {
  const b = ((base % N) + N) % N;
  if (b > 1n && b < N - 1n && exp > 0n) {
    openssl ??= createDiffieHellman(toBuf(N), 2);
    openssl.setPrivateKey(toBuf(exp));
    return BigInt(`0x${openssl.computeSecret(toBuf(b)).toString('hex')}`);
  }
  return modPow(b, exp, N);
}

export const k = toBig(hexHash(padHex(N) + padHex(g)));

/** x for a user (poolName = the part of the pool id after "_") or a device (group key, device key). */
export function computeX(saltHex: string, realm: string, userId: string, password: string): bigint {
  const inner = sha256Hex(`${realm}${userId}:${password}`);
  return toBig(hexHash(padHex(toBig(saltHex)) + inner));
}

/**
 * base^exp mod N as the server's functions below take it: on this thread by default, or in a
 * worker pool (srp-workers.ts) so that a storm of sign-ins does not hold up the event loop.
 */
export type PowModN = (base: bigint, exp: bigint) => Promise<bigint>;
export const powModNHere: PowModN = async (base, exp) => powModN(base, exp);

export type Verifier = { saltHex: string; verifierHex: string };

export async function createVerifier(realm: string, userId: string, password: string, pow: PowModN = powModNHere): Promise<Verifier> {
  const saltHex = padHex(toBig(randomBytes(16).toString('hex')));
  const v = await pow(g, computeX(saltHex, realm, userId, password));
  return { saltHex, verifierHex: padHex(v) };
}

export async function verifierMatches(stored: Verifier, realm: string, userId: string, password: string, pow: PowModN = powModNHere): Promise<boolean> {
  const v = padHex(await pow(g, computeX(stored.saltHex, realm, userId, password)));
  const a = Buffer.from(v, 'hex');
  const b = Buffer.from(stored.verifierHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The server's ephemeral pair: B = k·v + g^b (mod N). b has 256 bits, the size RFC 5054 asks
 * for; every extra bit costs server time on each sign-in (see bench/sign-in.bench.ts).
 */
export async function serverEphemeral(verifierHex: string, pow: PowModN = powModNHere): Promise<{ bHex: string; BHex: string }> {
  const v = toBig(verifierHex);
  for (;;) {
    const b = toBig(randomBytes(32).toString('hex'));
    const B = (k * v + (await pow(g, b))) % N;
    if (B !== 0n) return { bHex: b.toString(16), BHex: padHex(B) };
  }
}

/** HKDF-SHA256 with one output block, truncated to 16 bytes, as the clients derive the key. */
function hkdf16(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The shared key on the server side: S = (A · v^u)^b (mod N). Null for a forbidden A or u. */
export async function serverSessionKey(params: { AHex: string; BHex: string; bHex: string; verifierHex: string }, pow: PowModN = powModNHere): Promise<Buffer | null> {
  const A = toBig(params.AHex);
  if (A % N === 0n) return null;
  const B = toBig(params.BHex);
  const u = toBig(hexHash(padHex(A) + padHex(B)));
  if (u === 0n) return null;
  const v = toBig(params.verifierHex);
  const S = await pow(A * (await pow(v, u)), toBig(params.bHex));
  return hkdf16(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

/** The client's proof: HMAC(key, realm | userId | secretBlock bytes | timestamp), base64. */
export function passwordClaimSignature(key: Buffer, realm: string, userId: string, secretBlockB64: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(realm, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlockB64, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

export function signaturesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(given, 'base64');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Client side of the handshake, for tests and tools that speak to the pool without a library. */
export function clientSession() {
  const a = toBig(randomBytes(64).toString('hex'));
  const A = modPow(g, a, N);
  return {
    AHex: padHex(A),
    key(p: { realm: string; userId: string; password: string; saltHex: string; BHex: string }): Buffer {
      const B = toBig(p.BHex);
      const u = toBig(hexHash(padHex(A) + padHex(B)));
      const x = computeX(p.saltHex, p.realm, p.userId, p.password);
      let base = (B - k * modPow(g, x, N)) % N;
      if (base < 0n) base += N;
      const S = modPow(base, a + u * x, N);
      return hkdf16(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
    },
  };
}
