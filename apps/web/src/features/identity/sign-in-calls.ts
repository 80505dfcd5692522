// The identity client's sign-in flow (SRP, the challenges, the device) and the texts of its errors;
// loaded through sign-in-client.ts.
export { confirmSignIn, rememberDevice, signIn } from 'aws-amplify/auth';
export { describeAuthError } from '../../lib/auth-errors';
