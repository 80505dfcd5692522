// The identity client's sign-in flow (SRP, the challenges, the device); loaded through sign-in-client.ts.
export { confirmSignIn, rememberDevice, signIn } from 'aws-amplify/auth';
