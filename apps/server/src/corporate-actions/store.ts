import { and, asc, eq, gt, gte, like, or, sql } from 'drizzle-orm';
import type { CaOption, CaTerms } from '@kontor/domain/corporate-actions';
import type { Db } from '../platform/db.ts';
import { lots } from '../bookings/tables.ts';
import { customerDocuments } from '../documents/tables.ts';
import { caEntitlements, caEvents, caInstructions } from './tables.ts';

export type CaEventRow = typeof caEvents.$inferSelect;
export type CaEntitlementRow = typeof caEntitlements.$inferSelect;
export type CaInstructionRow = typeof caInstructions.$inferSelect;

/** The terms `caOutcome` needs, from an event row. */
export function termsOf(e: CaEventRow): CaTerms {
  return {
    type: e.type,
    isin: e.isin,
    targetIsin: e.targetIsin,
    rightsIsin: e.rightsIsin,
    ratioOld: e.ratioOld,
    ratioNew: e.ratioNew,
    price: e.price,
    dividend: e.dividend,
    foreignDividend: e.foreignDividend,
    currency: e.currency,
  };
}

/** Dedupe key of the terms of the offer in a customer's Posteingang (one per event). */
export const caTermsKey = (eventId: string) => `ca-terms:${eventId}`;
/** Dedupe keys of the statements of an event's bookings start with this (ca-back issues them). */
export const caStatementKeyPrefix = (eventId: string, sub: string) => `ca-statement:${eventId}:${sub}`;

/** The notice asking a customer for an instruction (until the deadline, or until given). */
export const caNoticeId = (eventId: string, sub: string) => `weisung:${eventId}:${sub}`;

/** Ledger ref (and hold) of a customer's instruction. */
export const caRef = (eventId: string, sub: string) => `ca:${eventId}:${sub}`;

/** The corporate-action tables, read and written on the caller's transaction (or the database). */
export function caStore(db: Db) {
  return {
    /** Writes an announced event once (its id is the custodian's key); false when it existed. */
    async insertEvent(e: typeof caEvents.$inferInsert): Promise<boolean> {
      const rows = await db.insert(caEvents).values(e).onConflictDoNothing().returning({ id: caEvents.id });
      return rows.length > 0;
    },
    /** Makes the event concern these customers with what they hold now (once each). */
    async entitle(eventId: string, holders: readonly { sub: string; quantity: string }[], at: Date): Promise<string[]> {
      if (holders.length === 0) return [];
      const rows = await db
        .insert(caEntitlements)
        .values(holders.map((h) => ({ eventId, sub: h.sub, quantity: h.quantity, createdAt: at })))
        .onConflictDoNothing()
        .returning({ sub: caEntitlements.sub });
      return rows.map((r) => r.sub);
    },
    /** The events on `isin` whose ex date is `date` or later (the caller checks the instants). */
    async openOn(isin: string, date: string): Promise<CaEventRow[]> {
      return db.select().from(caEvents).where(and(eq(caEvents.isin, isin), gte(caEvents.exDate, date))).orderBy(asc(caEvents.id));
    },
    async event(id: string): Promise<CaEventRow | undefined> {
      const [row] = await db.select().from(caEvents).where(eq(caEvents.id, id));
      return row;
    },
    /** The event with the customer's entitlement and instruction; undefined unless the customer is entitled. */
    async eventOf(sub: string, id: string): Promise<{ event: CaEventRow; entitlement: CaEntitlementRow; instruction: CaInstructionRow | null } | undefined> {
      const [row] = await db
        .select({ event: caEvents, entitlement: caEntitlements, instruction: caInstructions })
        .from(caEntitlements)
        .innerJoin(caEvents, eq(caEvents.id, caEntitlements.eventId))
        .leftJoin(caInstructions, and(eq(caInstructions.eventId, caEntitlements.eventId), eq(caInstructions.sub, caEntitlements.sub)))
        .where(and(eq(caEntitlements.sub, sub), eq(caEntitlements.eventId, id)));
      return row;
    },
    /** Every event the customer is entitled to, with entitlement and instruction, by deadline. */
    async eventsOf(sub: string) {
      return db
        .select({ event: caEvents, entitlement: caEntitlements, instruction: caInstructions })
        .from(caEntitlements)
        .innerJoin(caEvents, eq(caEvents.id, caEntitlements.eventId))
        .leftJoin(caInstructions, and(eq(caInstructions.eventId, caEntitlements.eventId), eq(caInstructions.sub, caEntitlements.sub)))
        .where(eq(caEntitlements.sub, sub))
        .orderBy(asc(caEvents.deadline), asc(caEvents.id));
    },
    /** Entitlements of an event, locked (the jobs walk them). */
    async entitlements(eventId: string): Promise<CaEntitlementRow[]> {
      return db.select().from(caEntitlements).where(eq(caEntitlements.eventId, eventId)).orderBy(asc(caEntitlements.sub)).for('update');
    },
    async instruction(eventId: string, sub: string): Promise<CaInstructionRow | undefined> {
      const [row] = await db.select().from(caInstructions).where(and(eq(caInstructions.eventId, eventId), eq(caInstructions.sub, sub))).for('update');
      return row;
    },
    /** Gives or replaces the instruction. */
    async putInstruction(i: { eventId: string; sub: string; option: CaOption; quantity: string | null; source: 'customer' | 'default'; reserved: string; at: Date }): Promise<void> {
      await db
        .insert(caInstructions)
        .values({ eventId: i.eventId, sub: i.sub, option: i.option, quantity: i.quantity, source: i.source, reserved: i.reserved, instructedAt: i.at })
        .onConflictDoUpdate({
          target: [caInstructions.eventId, caInstructions.sub],
          set: { option: i.option, quantity: i.quantity, source: i.source, reserved: i.reserved, instructedAt: i.at },
        });
    },
    /** Who holds `isin` now: pieces left in lots, per customer. */
    async holders(isin: string): Promise<{ sub: string; quantity: string }[]> {
      const rows = await db
        .select({ sub: lots.sub, quantity: sql<string>`sum(${lots.remaining})::text` })
        .from(lots)
        .where(and(eq(lots.isin, isin), gt(lots.remaining, '0')))
        .groupBy(lots.sub)
        .orderBy(asc(lots.sub));
      return rows;
    },
    /** ISINs anybody holds pieces of now (the custodian's daily look for announcements). */
    async heldIsins(): Promise<string[]> {
      // Instruments only (not subscription rights): the daily job looks each drawn one up, and an ISIN the
      // instrument store does not know is read outside the job's transaction (a hang on PGlite).
      const rows = await db
        .selectDistinct({ isin: lots.isin })
        .from(lots)
        .where(and(gt(lots.remaining, '0'), sql`exists (select 1 from instruments i where i.isin = ${lots.isin})`))
        .orderBy(asc(lots.isin));
      return rows.map((r) => r.isin);
    },
    /** The terms document and the statements of the customer's events: dedupe key → document id. */
    async documentsOf(sub: string): Promise<{ key: string; id: string }[]> {
      return db
        .select({ key: customerDocuments.dedupeKey, id: customerDocuments.id })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.sub, sub), or(like(customerDocuments.dedupeKey, 'ca-terms:%'), like(customerDocuments.dedupeKey, 'ca-statement:%'))))
        .orderBy(asc(customerDocuments.issuedAt), asc(customerDocuments.id));
    },
    async markBinding(eventId: string): Promise<void> {
      await db.update(caInstructions).set({ binding: true }).where(eq(caInstructions.eventId, eventId));
    },
    /** Records that a phase of the event was booked for the customer. */
    async markBooked(eventId: string, sub: string, phase: string): Promise<void> {
      await db
        .update(caEntitlements)
        .set({ booked: sql`${caEntitlements.booked} || ${JSON.stringify([phase])}::jsonb` })
        .where(and(eq(caEntitlements.eventId, eventId), eq(caEntitlements.sub, sub)));
    },
    /** Fixes the entitlement to the holding at the record date (ex date), with the rights booked. */
    async fix(eventId: string, sub: string, quantity: string, rights: string): Promise<void> {
      await db.update(caEntitlements).set({ quantity, rights, fixed: true }).where(and(eq(caEntitlements.eventId, eventId), eq(caEntitlements.sub, sub)));
    },
  };
}

export type CaStore = ReturnType<typeof caStore>;
