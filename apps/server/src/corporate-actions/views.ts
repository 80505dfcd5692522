import type Decimal from 'decimal.js';
import { CA_OPTION_LABELS, CA_OPTIONS_WITH_QUANTITY, CA_TYPE_LABELS, CA_TYPE_OPTIONS, MANDATORY_CA_TYPES } from '@kontor/domain/corporate-actions';
import { CA_STATUSES, type CaAnnouncement, type CaStatus } from '@kontor/domain/ca-contracts';
import { payInstant } from './schedule.ts';
import type { CaSchedule } from '../documents/ca-terms.ts';
import { caStatementKeyPrefix, caTermsKey, type CaEntitlementRow, type CaEventRow, type CaInstructionRow } from './store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

const plain = (v: string | null) => (v === null ? null : toWireDecimal(v));

/** The currency and dates of an event as the customer's view and the terms document both give them. */
export function eventSchedule(e: CaEventRow): CaSchedule {
  return {
    currency: e.currency,
    recordDate: e.recordDate,
    exDate: e.exDate,
    deadline: e.deadline.toISOString(),
    rightsTradingEnd: e.rightsTradingEnd?.toISOString() ?? null,
    payDate: e.payDate,
    announcedAt: e.announcedAt.toISOString(),
  };
}

/**
 * Where the event stands for the customer now (ca-contracts CA_STATUSES). Booked once its pay
 * phase is, or, once the pay date's job is due, when its rights were sold or lapsed (rights sold
 * all have no pay booking); with nothing booked but the rights coming in, it closed without a booking.
 */
export function statusOf(e: CaEventRow, ent: CaEntitlementRow, i: CaInstructionRow | null, now: Date): CaStatus {
  if (ent.booked.includes('pay')) return 'GEBUCHT';
  if (now >= payInstant(e.payDate)) return ent.booked.includes('rights') ? 'GEBUCHT' : 'ABGESCHLOSSEN';
  if (MANDATORY_CA_TYPES.includes(e.type)) return 'INFORMATION';
  if (now >= e.deadline) return 'FRIST_ABGELAUFEN';
  return i ? 'WEISUNG_ERTEILT' : 'OFFEN';
}

export type AnnouncementRow = { event: CaEventRow; entitlement: CaEntitlementRow; instruction: CaInstructionRow | null };

/**
 * One event as the customer sees it; `docs` maps dedupe keys of the customer's CA documents to ids
 * (in issue order); `holding` is `holdingFor`'s, the figure the preview works with.
 */
export function announcementView(
  r: AnnouncementRow,
  p: { now: Date; names: Map<string, string>; docs: readonly { key: string; id: string }[]; holding: { held: Decimal; rights: Decimal } },
): CaAnnouncement {
  const { event: e, entitlement: ent, instruction: i } = r;
  const { options, default: defaultOption } = CA_TYPE_OPTIONS[e.type];
  const statementPrefix = caStatementKeyPrefix(e.id, ent.sub);
  return {
    id: e.id,
    type: e.type,
    typeLabel: CA_TYPE_LABELS[e.type],
    mandatory: MANDATORY_CA_TYPES.includes(e.type),
    isin: e.isin,
    name: p.names.get(e.isin) ?? e.isin,
    targetIsin: e.targetIsin,
    targetName: p.names.get(e.targetIsin) ?? e.targetIsin,
    rightsIsin: e.rightsIsin,
    ratio: { old: toWireDecimal(e.ratioOld), new: toWireDecimal(e.ratioNew) },
    price: plain(e.price),
    dividend: plain(e.dividend),
    foreignDividend: plain(e.foreignDividend),
    ...eventSchedule(e),
    options: options.map((o) => ({ option: o, label: CA_OPTION_LABELS[o], withQuantity: CA_OPTIONS_WITH_QUANTITY.includes(o) })),
    defaultOption,
    status: statusOf(e, ent, i, p.now),
    entitlement: { quantity: toWireDecimal(p.holding.held), rights: toWireDecimal(p.holding.rights) },
    instruction: i && {
      option: i.option,
      quantity: plain(i.quantity),
      source: i.source,
      reserved: toWireAmount(i.reserved),
      instructedAt: i.instructedAt.toISOString(),
      binding: i.binding || p.now >= e.deadline,
    },
    termsDocumentId: p.docs.find((d) => d.key === caTermsKey(e.id))?.id ?? null,
    statementDocumentIds: p.docs.filter((d) => d.key.startsWith(statementPrefix)).map((d) => d.id),
  };
}

/** Open ones first (by status as CA_STATUSES lists them), then by deadline. */
export function byStatusThenDeadline(a: CaAnnouncement, b: CaAnnouncement): number {
  const s = CA_STATUSES.indexOf(a.status) - CA_STATUSES.indexOf(b.status);
  return s !== 0 ? s : a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.id.localeCompare(b.id);
}
