import { describe, expect, it } from 'vitest';
import { isValidIdentityConfig, regionOfPoolId, USER_POOL_REGION } from './identity-config';

describe('isValidIdentityConfig — spec §5 identity configuration', () => {
  it.each([
    ['a real-shaped config', { userPoolId: 'eu-central-1_AbC123', clientId: '4f2kq8v1l0s9a7d3e5g6h8j0k' }, true],
    ['a pool id of exactly 55 characters', { userPoolId: `eu-central-1_${'a'.repeat(42)}`, clientId: 'c' }, true],
    ['a pool id of 56 characters', { userPoolId: `eu-central-1_${'a'.repeat(43)}`, clientId: 'c' }, false],
    ['no pool id', { clientId: 'c' }, false],
    ['an empty pool id', { userPoolId: '', clientId: 'c' }, false],
    ['no client id', { userPoolId: 'eu-central-1_AbC123' }, false],
    ['a blank client id', { userPoolId: 'eu-central-1_AbC123', clientId: ' ' }, false],
    ['null values', { userPoolId: null, clientId: null }, false],
    ['a pool id without underscore', { userPoolId: 'eu-central-1AbC123', clientId: 'c' }, false],
    ['a pool id with nothing after the underscore', { userPoolId: 'eu-central-1_', clientId: 'c' }, false],
    ['a pool id with nothing before the underscore', { userPoolId: '_AbC123', clientId: 'c' }, false],
    ['a suffix with a hyphen', { userPoolId: 'eu-central-1_AbC-123', clientId: 'c' }, false],
    ['spaces in the pool id', { userPoolId: 'eu central 1_AbC123', clientId: 'c' }, false],
  ])('%s → %s', (_case, config, valid) => {
    expect(isValidIdentityConfig(config)).toBe(valid);
  });
});

describe('regionOfPoolId', () => {
  it.each([
    ['eu-central-1_AbC123', 'eu-central-1'],
    ['us-east-1_x', 'us-east-1'],
    ['local_pool_Kontor1', 'local_pool'],
    ['nonsense', undefined],
    ['', undefined],
  ])('%j → %j', (poolId, region) => {
    expect(regionOfPoolId(poolId)).toBe(region);
  });

  it('the user pool region is eu-central-1', () => {
    expect(USER_POOL_REGION).toBe('eu-central-1');
  });
});
