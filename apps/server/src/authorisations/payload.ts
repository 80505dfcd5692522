import { createHash } from 'node:crypto';
import { IDLE_STEP_UP_PURPOSE, type AuthorisationPayload } from '@kontor/domain/auth-contracts';
import { electronicIban, maskIban } from '@kontor/domain/iban';
import { formatEuro, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { moneyTransactionDataSchema } from '@kontor/domain/money-contracts';
import { checkMobileNumber } from '@kontor/domain/mobile-number';
import { formatPhoneNumber } from '@kontor/domain/phone';
import {
  CONFIRM_NEW_NUMBER,
  newMobileNumberProofData,
  parseServiceRequest,
  SERVICE_REQUEST_TYPES,
  serviceRequestLabel,
  ticketAuthorisationData,
  type FieldProblem,
  type ServiceRequestType,
} from '@kontor/domain/service-requests';

/** JSON with object keys sorted at every level, so equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Exactly what a payload authorises, in a normal form: for money the kind, the amount with two
 * decimals and the IBAN in its electronic format (PSD2 dynamic linking: change either and the
 * code no longer fits); a session approval is bound to its session. Null when money data is not
 * a transaction Kontor knows.
 */
export function authorisedData(payload: AuthorisationPayload, session?: string): Record<string, unknown> | null {
  switch (payload.type) {
    case 'MONEY_TRANSACTION': {
      const parsed = moneyTransactionDataSchema.safeParse(payload.data);
      if (!parsed.success) return null;
      const d = parsed.data;
      return d.kind === 'PAYOUT'
        ? { type: payload.type, kind: d.kind, amount: toWireAmount(d.amount), iban: electronicIban(d.iban) }
        : { type: payload.type, kind: d.kind, iban: electronicIban(d.iban) };
    }
    case 'SESSION_AUTH':
      return { type: payload.type, session: session ?? null };
    case 'CA_INSTRUCTION': {
      // Bound to the event, the option, the quantity and the amount in their normal forms.
      const d = payload.data;
      if (!/^-?\d+(\.\d+)?$/.test(d.amount) || (d.quantity !== null && !/^\d+(\.\d+)?$/.test(d.quantity))) return null;
      return { type: payload.type, eventId: d.eventId, option: d.option, quantity: d.quantity === null ? null : toWireDecimal(d.quantity), amount: toWireAmount(d.amount) };
    }
    case 'TICKET': {
      // A service request is bound to its attributes in their normal form ("801" and "801.00" are one amount).
      const requestType = payload.data.requestType;
      // Only a MOBILE_NUMBER request's proof of the new number carries the flag, and only as `true`.
      const proof = CONFIRM_NEW_NUMBER in payload.data;
      if (proof && (requestType !== 'MOBILE_NUMBER' || payload.data[CONFIRM_NEW_NUMBER] !== true)) return null;
      if (requestType === undefined) return payload;
      if (!(SERVICE_REQUEST_TYPES as readonly unknown[]).includes(requestType)) return null;
      const parsed = parseServiceRequest(requestType as ServiceRequestType, payload.data);
      if (!parsed.ok) return null;
      return { type: payload.type, data: proof ? newMobileNumberProofData(parsed.data) : ticketAuthorisationData(requestType as ServiceRequestType, parsed.data) };
    }
    default:
      return payload;
  }
}

/** Why a service request's attributes cannot be authorised, field by field (none for any other payload). */
export function ticketFieldProblems(payload: AuthorisationPayload): FieldProblem[] {
  if (payload.type !== 'TICKET') return [];
  const requestType = payload.data.requestType;
  if (!(SERVICE_REQUEST_TYPES as readonly unknown[]).includes(requestType)) return [];
  const parsed = parseServiceRequest(requestType as ServiceRequestType, payload.data);
  return parsed.ok ? [] : parsed.problems;
}

/**
 * The number a challenge's TAN goes to instead of the customer's own: the new number (E.164) of a
 * MOBILE_NUMBER request's proof (`newMobileNumberProofData`), else null. Every other TICKET payload,
 * one naming a new number included, goes to the customer's current number or app.
 */
export function newNumberToConfirm(payload: AuthorisationPayload): string | null {
  if (payload.type !== 'TICKET' || payload.data[CONFIRM_NEW_NUMBER] !== true) return null;
  const data = authorisedData(payload)?.data as Record<string, unknown> | undefined;
  return typeof data?.newMobileNumber === 'string' ? data.newMobileNumber : null;
}

/** sha256 (hex) of the canonical form of what a payload authorises; null when it is not valid. */
export function payloadDigest(payload: AuthorisationPayload, session?: string): string | null {
  const data = authorisedData(payload, session);
  return data ? createHash('sha256').update(canonicalJson(data)).digest('hex') : null;
}

/** The one-line German summary of what is authorised, as the SMS and the app show it. */
export function describePayload(payload: AuthorisationPayload): string {
  switch (payload.type) {
    case 'MONEY_TRANSACTION': {
      const parsed = moneyTransactionDataSchema.safeParse(payload.data);
      if (!parsed.success) return 'Geldtransfer';
      const d = parsed.data;
      return d.kind === 'PAYOUT' ? `Auszahlung ${formatEuro(toWireAmount(d.amount))} an ${maskIban(d.iban)}` : `Lastschriftmandat für ${maskIban(d.iban)}`;
    }
    case 'ENROLL_DEVICE':
      return `Kontor-App auf „${payload.deviceName}“ einrichten`;
    case 'RETIRE_DEVICE':
      return `Kontor-App „${payload.customerDeviceName}“ entfernen`;
    case 'SESSION_AUTH':
      return 'Anmeldung im Browser bestätigen';
    case 'TICKET':
      if (payload.data.purpose === IDLE_STEP_UP_PURPOSE) return 'Zugriff auf Ihr Verrechnungskonto bestätigen';
      if (payload.data[CONFIRM_NEW_NUMBER] === true) return 'Neue Mobilnummer bestätigen';
      if (payload.data.requestType === 'MOBILE_NUMBER') {
        // The TAN to the current number names the new one: a customer who asked for nothing sees what is at stake.
        const number = checkMobileNumber(String(payload.data.newMobileNumber ?? ''));
        return `Serviceauftrag „${serviceRequestLabel('MOBILE_NUMBER')}“${number.valid ? ` auf ${formatPhoneNumber(number.e164)}` : ''}`;
      }
      if (typeof payload.data.requestType === 'string') return `Serviceauftrag „${serviceRequestLabel(payload.data.requestType)}“`;
      return 'Serviceauftrag';
    case 'EMAIL':
      return 'E-Mail-Adresse ändern';
    case 'CA_INSTRUCTION':
      return `Weisung zur Kapitalmaßnahme: ${formatEuro(/^-?\d+(\.\d+)?$/.test(payload.data.amount) ? toWireAmount(payload.data.amount) : '0.00')} belasten`;
  }
}
