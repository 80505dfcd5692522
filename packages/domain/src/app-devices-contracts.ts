import { z } from 'zod';
import { authorisationResultSchema } from './auth-contracts';
import { NOTIFICATION_KINDS } from './notifications';
import { typedText } from './text';

/**
 * The Kontor app on the customer's phone (spec §7 /api/appenrollment, /api/appauth,
 * /api/mobileapp/pushadmin): enrolled devices that receive pushes and approve challenges.
 *
 * - POST   /api/appenrollment                   enrol (deviceName + authorisation of ENROLL_DEVICE) → 201 EnrolledDevice
 * - GET    /api/appenrollment                   → { devices }
 * - POST   /api/appenrollment/retire            retire (customerDeviceName, serial + authorisation of RETIRE_DEVICE) → 204
 * - GET    /api/mobileapp/pushadmin             → PushSettings
 * - PUT    /api/mobileapp/pushadmin             → PushSettings
 * - GET    /api/appauth                         → AppAuthSettings (default second factor, session approval)
 * - PUT    /api/appauth                         → AppAuthSettings
 * - GET    /api/dev/app/{serial}                development only: the companion page's pending approvals
 * - POST   /api/dev/app/{serial}/{ticket}       development only: approve or deny
 */

export const enrolDeviceRequestSchema = z.object({
  deviceName: typedText().trim().min(1, 'Bitte geben Sie einen Gerätenamen ein.').max(60, 'Höchstens 60 Zeichen'),
  authorisation: authorisationResultSchema,
});

export const enrolledDeviceSchema = z.object({
  serial: z.string(),
  customerDeviceName: z.string(),
  enrolledAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EnrolledDevice = z.infer<typeof enrolledDeviceSchema>;
export const enrolledDevicesSchema = z.object({ devices: z.array(enrolledDeviceSchema) });

export const retireDeviceRequestSchema = z.object({
  customerDeviceName: typedText().min(1).max(100),
  serial: typedText().min(1).max(64),
  authorisation: authorisationResultSchema,
});

/** Which notification kinds are pushed to the app. */
export const pushSettingsSchema = z.object({
  kinds: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const SECOND_FACTORS = ['SMS', 'APP'] as const;
export const appAuthSettingsSchema = z.object({
  /** The default way to confirm sensitive actions; APP only while an app is enrolled. */
  defaultFactor: z.enum(SECOND_FACTORS),
  /** A new browser sign-in must be approved in the app. */
  approveSignIns: z.boolean(),
});
export type AppAuthSettings = z.infer<typeof appAuthSettingsSchema>;

/** GET/POST /api/appauth/session: must this sign-in be approved in the app, and is it. */
export const sessionApprovalSchema = z.object({ required: z.boolean(), approved: z.boolean() });
export type SessionApproval = z.infer<typeof sessionApprovalSchema>;

/** One approval waiting on the companion page. */
export const pendingApprovalSchema = z.object({
  ticket: z.string(),
  type: z.string(),
  summary: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export const appApprovalDecisionSchema = z.object({ decision: z.enum(['APPROVE', 'DENY']) });
