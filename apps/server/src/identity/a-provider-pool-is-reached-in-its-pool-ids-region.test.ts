import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the user pool named by IDENTITY_POOL_ID', () => {
  it('a provider pool is reached and its tokens verified in the region its id names', () => {
    const config = loadConfig({ NODE_ENV: 'test', IDENTITY_PROVIDER: 'cognito', IDENTITY_POOL_ID: 'us-east-2_Xy12Ab' });
    expect(config.identity.region).toBe('us-east-2');
    expect(config.identity.issuer).toBe('https://cognito-idp.us-east-2.amazonaws.com/us-east-2_Xy12Ab');
  });

  it('a pool id without its region, or longer than a provider allows, stops the start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', IDENTITY_POOL_ID: 'K0ntorPool' })).toThrow(/IDENTITY_POOL_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', IDENTITY_POOL_ID: `eu-central-1_${'a'.repeat(50)}` })).toThrow(/IDENTITY_POOL_ID/);
  });
});
