import { passwordProblems } from '@kontor/domain/password';
import { isTypedText } from '@kontor/domain/text';
import { IdentityError, idErr } from './errors.ts';

/** The JSON body of a request to the user pool. */
export type Body = Record<string, unknown>;
/** What an action knows of the HTTP request around it. */
export type Ctx = { ip: string };
/** One action of the wire protocol, named by the X-Amz-Target header. */
export type Action = (body: Body, ctx: Ctx) => Promise<unknown>;
/** The answer of a sign-in step: tokens, or the next challenge. */
export type AuthResult = Record<string, unknown>;

// Parameter checks answer with the provider's messages, which clients show or match on.
export function str(body: Body, key: string, opts: { optional?: boolean; max?: number } = {}): string {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (opts.optional) return '';
    throw idErr.invalidParameter(`Missing required parameter ${key}`);
  }
  if (typeof v !== 'string' || v.length > (opts.max ?? 2048) || !storable(v)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return v;
}

/** No control character (line breaks aside: an address has them) and no lone surrogate: PostgreSQL refuses NUL in text, and a lone surrogate would be stored as "�". */
const storable = (v: string) => isTypedText(v, { multiline: true });
export function record(body: Body, key: string): Record<string, string> {
  const v = body[key];
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  const entries = Object.entries(v).filter(([, x]) => typeof x === 'string') as [string, string][];
  if (entries.some(([k, x]) => !storable(k) || !storable(x))) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return Object.fromEntries(entries);
}
export function attributeList(body: Body, key: string): { Name: string; Value: string }[] {
  const v = body[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return v.map((a) => {
    if (!a || typeof a.Name !== 'string' || typeof a.Value !== 'string' || !storable(a.Name) || !storable(a.Value)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
    return { Name: a.Name, Value: a.Value };
  });
}

/** The attributes a client may write itself (besides `custom:*`). */
export const EDITABLE_ATTRIBUTES = new Set(['email', 'phone_number', 'given_name', 'family_name', 'locale', 'name', 'address']);

export function assertPassword(password: string) {
  const problems = passwordProblems(password);
  if (problems.length) throw new IdentityError('InvalidPasswordException', `Password does not conform to policy: ${problems.join('; ')}`);
}
