import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import type { IdentityClientConfig } from '@kontor/domain/runtime-config';
import type { IdentityClient } from './auth';
import type { TokenStorage } from './auth-storage';

/**
 * aws-amplify as the identity client, with Kontor's token storage (spec §9). Only what every page
 * needs (the current user, the token refresh, sign-out), named one by one: the sign-in flow (SRP)
 * stays in the sign-in screens' chunks. lib/auth.ts loads this module at boot.
 */
export function amplifyClient(identity: IdentityClientConfig, storage: TokenStorage): IdentityClient {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(identity.userPoolEndpoint ? { userPoolEndpoint: identity.userPoolEndpoint } : {}),
      },
    },
  });
  // After configure: configure() installs localStorage as the token storage on every call.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return {
    getCurrentUser: () => getCurrentUser(),
    fetchAuthSession: (options) => fetchAuthSession(options),
    signOut: () => signOut(),
    listen: (handler) => Hub.listen('auth', ({ payload }) => handler(payload.event, 'data' in payload ? payload.data : undefined)),
  };
}
