/**
 * Identity configuration rules (spec §5, §9): the user pool lives in eu-central-1; a pool id has the
 * shape <region>_<suffix> (e.g. "eu-central-1_AbC123") and at most 55 characters, the pattern and
 * limit the identity provider itself enforces for user-pool ids.
 */

export const USER_POOL_REGION = 'eu-central-1';

export const USER_POOL_ID_MAX_LENGTH = 55;

const USER_POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;

export function isValidUserPoolId(poolId: string): boolean {
  return poolId.length <= USER_POOL_ID_MAX_LENGTH && USER_POOL_ID_PATTERN.test(poolId);
}

/** Pool id and client id are both required; the pool id must have the prefix_suffix shape. */
export function isValidIdentityConfig(config: {
  userPoolId?: string | null | undefined;
  clientId?: string | null | undefined;
}): boolean {
  const { userPoolId, clientId } = config;
  if (!userPoolId || !clientId || clientId.trim() === '') return false;
  return isValidUserPoolId(userPoolId);
}

/** The region part of a pool id ("eu-central-1_AbC123" → "eu-central-1"); undefined if malformed. */
export function regionOfPoolId(poolId: string): string | undefined {
  if (!isValidUserPoolId(poolId)) return undefined;
  // The suffix has no underscore, so the region is everything before the last one.
  return poolId.slice(0, poolId.lastIndexOf('_'));
}
