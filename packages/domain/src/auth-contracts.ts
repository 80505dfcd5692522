import { z } from 'zod';
import { typedText } from './text';

/**
 * Contracts of authorising a sensitive action (spec §3, §4, §7): the payload that says what is
 * being authorised, the result of the authorisation, the ticket verification with a TAN, and the
 * request to approve in the companion app. Wire names are spec's where it gives them (EMAIL); the
 * other type names are Kontor's.
 */

export const AUTHORISATION_PAYLOAD_TYPES = [
  'CA_INSTRUCTION',
  'EMAIL',
  'ENROLL_DEVICE',
  'MONEY_TRANSACTION',
  'RETIRE_DEVICE',
  'SESSION_AUTH',
  'TICKET',
] as const;
export type AuthorisationPayloadType = (typeof AUTHORISATION_PAYLOAD_TYPES)[number];

/** A corporate-action instruction that debits cash; `data` is `caAuthorisationData(...)` (ca-contracts). */
export const caInstructionAuthorisationSchema = z.object({
  type: z.literal('CA_INSTRUCTION'),
  data: z.object({ eventId: z.string().min(1).max(64), option: z.string().min(1).max(64), quantity: z.string().max(40).nullable(), amount: z.string().max(40) }),
});

/** Change of the e-mail address; requestId names the pending change request. */
export const emailAuthorisationSchema = z.object({
  type: z.literal('EMAIL'),
  requestId: z.string().min(1),
});

/** Enrolment of the companion app on a device. */
export const enrollDeviceAuthorisationSchema = z.object({
  type: z.literal('ENROLL_DEVICE'),
  deviceName: typedText().trim().min(1).max(100),
});

/** A payout or transfer; `data` is the transaction as the money area defines it. */
export const moneyTransactionAuthorisationSchema = z.object({
  type: z.literal('MONEY_TRANSACTION'),
  data: z.record(z.string(), z.unknown()),
});

/** Removal of an enrolled device, by its name and serial. */
export const retireDeviceAuthorisationSchema = z.object({
  type: z.literal('RETIRE_DEVICE'),
  customerDeviceName: typedText().min(1).max(100),
  serial: typedText().min(1).max(64),
});

/** Step-up authentication of the session itself. */
export const sessionAuthAuthorisationSchema = z.object({
  type: z.literal('SESSION_AUTH'),
});

/** A service request (ticket); `data` holds its attributes (see SERVICE_REQUEST_KEYS). */
export const ticketAuthorisationSchema = z.object({
  type: z.literal('TICKET'),
  data: z.record(z.string(), z.unknown()),
});

export const authorisationPayloadSchema = z.discriminatedUnion('type', [
  caInstructionAuthorisationSchema,
  emailAuthorisationSchema,
  enrollDeviceAuthorisationSchema,
  moneyTransactionAuthorisationSchema,
  retireDeviceAuthorisationSchema,
  sessionAuthAuthorisationSchema,
  ticketAuthorisationSchema,
]);
export type AuthorisationPayload = z.infer<typeof authorisationPayloadSchema>;

/** The outcome of an authorisation: the ticket, its TAN and the id of the authorisation. */
export const authorisationResultSchema = z.object({
  ticket: typedText().min(1).max(64),
  tan: typedText().max(64),
  authorizationId: typedText().min(1).max(64),
});
export type AuthorisationResult = z.infer<typeof authorisationResultSchema>;

/**
 * POST /api/ticket/verify: a ticket, the TAN the customer received, and — the optional third
 * value — the `authorizationId` of an authorisation approved in the companion app. The TAN may be
 * empty only when an authorizationId is given.
 */
export const ticketVerificationSchema = z
  .object({
    ticket: z.string().min(1),
    tan: z.string().trim(),
    authorizationId: z.string().min(1).optional(),
  })
  .refine((v) => v.tan !== '' || v.authorizationId !== undefined, {
    message: 'Bitte geben Sie die TAN ein.',
    path: ['tan'],
  });
export type TicketVerification = z.infer<typeof ticketVerificationSchema>;

/** POST /api/ticket/verifychangedmobilenr: the verification without the third value; TAN required. */
export const changedMobileNumberVerificationSchema = z.object({
  ticket: z.string().min(1),
  tan: z.string().trim().min(1, { message: 'Bitte geben Sie die TAN ein.' }),
});
export type ChangedMobileNumberVerification = z.infer<typeof changedMobileNumberVerificationSchema>;

/** POST /api/ticket/requestauth: ask the companion app with this serial to approve the ticket. */
export const appAuthRequestSchema = z.object({
  ticket: typedText().min(1).max(64),
  serialForAppAuth: typedText().min(1).max(64),
});
export type AppAuthRequest = z.infer<typeof appAuthRequestSchema>;

/**
 * How identity and ticket calls report their outcome (spec §4): SUCCESS with data, or ERROR with a
 * message for the customer and the error itself.
 */
export type ApiResult<T, E = unknown> =
  | { status: 'SUCCESS'; data: T }
  | { status: 'ERROR'; errorMessage: string; error: E };

export function apiSuccess<T>(data: T): { status: 'SUCCESS'; data: T } {
  return { status: 'SUCCESS', data };
}

export function apiError<E = unknown>(
  errorMessage: string,
  error: E,
): { status: 'ERROR'; errorMessage: string; error: E } {
  return { status: 'ERROR', errorMessage, error };
}

/** The schema of an ApiResult whose data has the given schema. */
export function apiResultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('status', [
    z.object({ status: z.literal('SUCCESS'), data }),
    z.object({ status: z.literal('ERROR'), errorMessage: z.string(), error: z.unknown() }),
  ]);
}

/** How a challenge reaches the customer: an SMS TAN, a voice call that speaks it, or the Kontor app. */
export const TAN_CHANNELS = ['SMS', 'VOICE', 'APP'] as const;
export type TanChannel = (typeof TAN_CHANNELS)[number];

/** A TAN, and an approval in the app, is valid for 5 minutes (spec §9 300000 ms; PSD2 RTS Art. 4(3)(d)). */
export const TAN_VALIDITY_MS = 300_000;

/** Money pages ask again for strong authentication after this long without activity (PSD2 RTS Art. 4(3)(d)). */
export const MONEY_IDLE_LIMIT_MS = 300_000;

/** POST /api/ticket/requesttan?useSpeech=true|false: query. */
export const requestTanQuerySchema = z.object({ useSpeech: z.enum(['true', 'false']).default('false') });

/**
 * The answer of requesttan: a new challenge. `summary` says what is being authorised in the words
 * the SMS uses ("Auszahlung 100,00 € an DE89 •••• 3000"); `sentTo` is the masked
 * mobile number, or the app's device name once requestauth pushed it there.
 */
export const tanChallengeSchema = z.object({
  ticket: z.string(),
  channel: z.enum(TAN_CHANNELS),
  sentTo: z.string(),
  summary: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  attemptsLeft: z.number().int().min(0),
});
export type TanChallenge = z.infer<typeof tanChallengeSchema>;

/** Where a challenge stands. APPROVED and DENIED are the app's answers; VERIFIED means the result is ready to use once; USED after the action took it. */
export const CHALLENGE_STATES = ['PENDING', 'APPROVED', 'DENIED', 'VERIFIED', 'USED', 'EXPIRED', 'LOCKED'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

/** GET /api/ticket/{ticket}: the browser polls this while the app is asked. authorizationId once APPROVED. */
export const challengeStatusSchema = tanChallengeSchema.extend({
  state: z.enum(CHALLENGE_STATES),
  authorizationId: z.string().optional(),
});
export type ChallengeStatus = z.infer<typeof challengeStatusSchema>;

/** An action that needs strong authentication carries the result of /api/ticket/verify. */
export const authorisationFieldSchema = z.object({ authorisation: authorisationResultSchema });

/**
 * The step-up a money page asks for after MONEY_IDLE_LIMIT_MS without activity, for a customer
 * without the Kontor app (with the app it is a SESSION_AUTH approval): a TAN for this purpose.
 */
export const IDLE_STEP_UP_PURPOSE = 'IDLE_STEP_UP';

/**
 * The machine-readable `code` of the 403 a money or authorisation call gets after
 * MONEY_IDLE_LIMIT_MS without activity in its session: the web app answers it with the step-up.
 */
export const SESSION_IDLE_CODE = 'SESSION_IDLE';

/** The `code` of the 423 after too many wrong TANs in a row: TAN authorisation is locked for the customer, a new TAN would not help. */
export const TAN_CUSTOMER_LOCKED_CODE = 'TAN_CUSTOMER_LOCKED';

/** The payload kinds whose TAN or app approval needs an active session (the step-up ones never do). */
export const IDLE_GATED_PAYLOAD_TYPES: readonly AuthorisationPayload['type'][] = ['MONEY_TRANSACTION'];

/**
 * POST /api/session/stepup: the result of the step-up challenge, which renews the session's
 * activity. `step` names which one it was: SESSION_AUTH (in the app) or IDLE_STEP_UP (a TAN).
 */
export const stepUpRequestSchema = z.object({
  step: z.enum(['SESSION_AUTH', IDLE_STEP_UP_PURPOSE]),
  authorisation: authorisationResultSchema,
});
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

/** The step-up payload of each `step`. */
export function stepUpPayload(step: StepUpRequest['step']): AuthorisationPayload {
  return step === 'SESSION_AUTH' ? { type: 'SESSION_AUTH' } : { type: 'TICKET', data: { purpose: IDLE_STEP_UP_PURPOSE } };
}
