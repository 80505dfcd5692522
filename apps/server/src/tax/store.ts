import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { addCalendarDays, berlinDate } from '@kontor/domain/banking-days';
import type { ExemptionOrder } from '@kontor/domain/customer-settings-contracts';
import type { ExemptionOrderAttributes } from '@kontor/domain/service-requests';
import { rowsOf, type Db } from '../platform/db.ts';
import { certifyLosses, type ChurchTaxRate, EMPTY_TAX_YEAR, type TaxCalculation, type TaxPaid, type TaxYear, settleYear } from '@kontor/domain/tax';
import { exemptionOrders, lossCertificates, taxEvents, taxSettings, taxYears } from './tables.ts';
import { toWireAmount } from '@kontor/domain/numbers';

type ExemptionOrderRow = typeof exemptionOrders.$inferSelect;
export type LossCertificateRow = typeof lossCertificates.$inferSelect;

/** The two loss pots (Verlustverrechnungstöpfe) of a year: the net loss of each, "0.00" when it gained. */
export type LossPots = { stocks: string; other: string };

export type TaxEventRow = typeof taxEvents.$inferSelect;

/** A customer's tax year as an event meets it: what it took in, what was withheld, the allowance and church tax in effect. */
export type YearState = { year: TaxYear; paid: TaxPaid; allowance: string; church: ChurchTaxRate };

export type TaxEventToRecord = {
  id: string;
  sub: string;
  taxYear: number;
  kind: 'sale' | 'dividend' | 'vorabpauschale' | 'adjustment';
  at: Date;
  isin: string | null;
  name: string;
  executionId: string | null;
  foreignTax: string;
  year: TaxYear;
  paid: TaxPaid;
  calculation: TaxCalculation;
};

const YEAR_FIELDS = {
  shareGains: 'share_gains',
  shareLosses: 'share_losses',
  otherIncome: 'other_income',
  otherLosses: 'other_losses',
  foreignTax: 'foreign_tax',
  carriedShares: 'carried_shares',
  carriedOther: 'carried_other',
  certifiedShares: 'certified_shares',
  certifiedOther: 'certified_other',
  capitalGainsTax: 'capital_gains_tax',
  solidaritySurcharge: 'solidarity_surcharge',
  churchTax: 'church_tax',
  withholdingTaxCredited: 'withholding_tax_credited',
  allowanceUsed: 'allowance_used',
} as const satisfies Record<keyof (TaxYear & TaxPaid), string>;

/** The year's columns as the domain names them; a missing year reads as it would start (pots carried in from `p`). */
const yearColumns = (carried: boolean) =>
  sql.raw(
    Object.entries(YEAR_FIELDS)
      .map(([field, column]) => {
        const from = carried && column.startsWith('carried_') ? `coalesce(y.${column}, p.loss_pot_${column.slice('carried_'.length)}, 0)` : `coalesce(y.${column}, 0)`;
        return `${from}::numeric(20,2)::text as "${field}"`;
      })
      .join(', '),
  );

type YearRow = TaxYear & TaxPaid & { allowance: string | null; church: string | null };

/**
 * The customer's tax year with the allowance in effect on `day` (by default the year's last day)
 * and the church tax of the year, in one round trip. With `lock` (inside a transaction that books an event) the
 * row is created if missing, starting with the pots the latest earlier year left, and locked until
 * commit; without, a missing year is read as it would start.
 */
async function yearState(db: Db, sub: string, year: number, lock: boolean, day?: string): Promise<YearState> {
  const on = day ?? `${year}-12-31`;
  const previous = sql`left join lateral (select loss_pot_shares, loss_pot_other from tax_years where sub = ${sub}::uuid and year < ${year}::integer order by year desc limit 1) p on true`;
  const extras = sql`(select e.amount::text from exemption_orders e where e.sub = ${sub}::uuid and e.valid_from <= ${on}::date and (e.valid_to is null or e.valid_to >= ${on}::date) order by e.valid_from limit 1) as allowance,
      (select s.church_tax from tax_settings s where s.sub = ${sub}::uuid and s.valid_from <= ${year}::integer order by s.valid_from desc limit 1) as church`;
  const query = lock
    ? sql`with y as (
        insert into tax_years (sub, year, carried_shares, carried_other)
        select ${sub}::uuid, ${year}::integer, coalesce(p.loss_pot_shares, 0), coalesce(p.loss_pot_other, 0) from (select 1) one ${previous}
        on conflict (sub, year) do update set sub = excluded.sub returning *)
      select ${yearColumns(false)}, ${extras} from y`
    : sql`select ${yearColumns(true)}, ${extras}
      from (select 1) one left join tax_years y on y.sub = ${sub}::uuid and y.year = ${year}::integer ${previous}`;
  const [row] = rowsOf<YearRow>(await db.execute(query));
  if (!row) throw new Error('tax year not read');
  const { allowance, church, capitalGainsTax, solidaritySurcharge, churchTax, withholdingTaxCredited, allowanceUsed, ...taxYear } = row;
  return {
    year: { ...EMPTY_TAX_YEAR, ...taxYear },
    paid: { capitalGainsTax, solidaritySurcharge, churchTax, withholdingTaxCredited, allowanceUsed },
    allowance: allowance ?? '0.00',
    church: (church as ChurchTaxRate | null) ?? 'none',
  };
}

const exemptionView = (r: ExemptionOrderRow): ExemptionOrder => ({
  id: r.id,
  amount: toWireAmount(r.amount),
  validFrom: r.validFrom,
  validTo: r.validTo,
  preconditionYear: r.preconditionYear,
  joint: r.joint ? { givenName: r.joint.givenName, familyName: r.joint.familyName } : null,
  ticketId: r.ticketId,
});

/** The tax year (Berlin) of an event at `at` (a sale, a dividend, a Vorabpauschale), locked for booking it, with the allowance in effect that day. */
export async function lockedTaxYear(tx: Db, sub: string, at: Date): Promise<YearState & { taxYear: number }> {
  const day = berlinDate(at);
  const taxYear = Number(day.slice(0, 4));
  return { ...(await yearState(tx, sub, taxYear, true, day)), taxYear };
}

/** The tax year as it stands `now`, for an estimate (nothing locked or written). */
export async function currentTaxYear(db: Db, sub: string, now: Date): Promise<YearState & { taxYear: number }> {
  const day = berlinDate(now);
  const taxYear = Number(day.slice(0, 4));
  return { ...(await yearState(db, sub, taxYear, false, day)), taxYear };
}

/** Freistellungsaufträge in effect and loss pots with their certificates. */
export function taxStore(db: Db) {
  return {
    /**
     * Puts a new Freistellungsauftrag in effect from its validFrom: an order still running then ends
     * the day before, an order that would only start on or after that day is replaced. Returns its id.
     */
    async putExemptionOrder(o: { sub: string; attributes: ExemptionOrderAttributes; ticketId: string | null; now: Date }): Promise<string> {
      const a = o.attributes;
      // One customer's orders change one at a time: the ends below must see each other's writes.
      await db.execute(sql`select id from exemption_orders where sub = ${o.sub} for update`);
      await db.delete(exemptionOrders).where(and(eq(exemptionOrders.sub, o.sub), gte(exemptionOrders.validFrom, a.validFrom)));
      await db
        .update(exemptionOrders)
        .set({ validTo: addCalendarDays(a.validFrom, -1) })
        .where(and(eq(exemptionOrders.sub, o.sub), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, a.validFrom))));
      const id = randomUUID();
      await db.insert(exemptionOrders).values({
        id,
        sub: o.sub,
        amount: a.taxExemptionOrderAmount,
        validFrom: a.validFrom,
        validTo: a.validTo ?? null,
        preconditionYear: a.preconditionYear,
        joint: a.jointExemptionData ?? null,
        ticketId: o.ticketId,
        createdAt: o.now,
      });
      return id;
    },

    /** Orders whose period has not ended by `today`, the one in effect first. */
    async exemptionOrdersOf(sub: string, today: string): Promise<ExemptionOrder[]> {
      const rows = await db
        .select()
        .from(exemptionOrders)
        .where(and(eq(exemptionOrders.sub, sub), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, today))))
        .orderBy(asc(exemptionOrders.validFrom));
      return rows.map(exemptionView);
    },

    /** The order in effect on `day` (ISO date), if any; orders never overlap. */
    async exemptionInEffect(sub: string, day: string): Promise<ExemptionOrder | null> {
      const [row] = await db
        .select()
        .from(exemptionOrders)
        .where(and(eq(exemptionOrders.sub, sub), lte(exemptionOrders.validFrom, day), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, day))))
        .orderBy(asc(exemptionOrders.validFrom))
        .limit(1);
      return row ? exemptionView(row) : null;
    },

    async lossCertificate(sub: string, year: number): Promise<LossCertificateRow | undefined> {
      const [row] = await db.select().from(lossCertificates).where(and(eq(lossCertificates.sub, sub), eq(lossCertificates.year, year)));
      return row;
    },

    async lossCertificateYears(sub: string): Promise<number[]> {
      const rows = await db.select({ year: lossCertificates.year }).from(lossCertificates).where(eq(lossCertificates.sub, sub)).orderBy(asc(lossCertificates.year));
      return rows.map((r) => r.year);
    },

    /** The loss pots of `year` as its last tax event left them (a certificate empties what it certified). */
    async lossPots(sub: string, year: number): Promise<LossPots> {
      const state = await yearState(db, sub, year, false);
      const s = settleYear(state.year, state.allowance, state.church);
      return { stocks: s.lossPotShares, other: s.lossPotOther };
    },

    /** Records the year's certificate; false when the customer has one for that year already. */
    async issueLossCertificate(
      c: { sub: string; year: number; stocks: string | null; other: string | null; ticketId: string | null; issuedAt: Date },
    ): Promise<boolean> {
      const added = await db
        .insert(lossCertificates)
        .values({ sub: c.sub, year: c.year, stocks: c.stocks, other: c.other, ticketId: c.ticketId, issuedAt: c.issuedAt })
        .onConflictDoNothing()
        .returning({ year: lossCertificates.year });
      if (added.length === 0) return false;
      // The certified pots leave the year: later income meets empty pots.
      const state = await yearState(db, c.sub, c.year, true);
      const s = settleYear(state.year, state.allowance, state.church);
      const year = certifyLosses(state.year, s, { shares: c.stocks !== null, other: c.other !== null });
      const after = settleYear(year, state.allowance, state.church);
      await db
        .update(taxYears)
        .set({ ...year, lossPotShares: after.lossPotShares, lossPotOther: after.lossPotOther })
        .where(and(eq(taxYears.sub, c.sub), eq(taxYears.year, c.year)));
      return true;
    },

    yearState: (sub: string, year: number, lock: boolean, day?: string) => yearState(db, sub, year, lock, day),

    /** Keeps an event's outcome: the year's new totals and the event with its calculation. */
    async recordEvent(e: TaxEventToRecord): Promise<void> {
      await db
        .update(taxYears)
        .set({ ...e.year, ...e.paid, lossPotShares: e.calculation.lossPotSharesAfter, lossPotOther: e.calculation.lossPotOtherAfter })
        .where(and(eq(taxYears.sub, e.sub), eq(taxYears.year, e.taxYear)));
      await db.insert(taxEvents).values({
        id: e.id,
        sub: e.sub,
        year: e.taxYear,
        kind: e.kind,
        at: e.at,
        isin: e.isin,
        name: e.name,
        executionId: e.executionId,
        foreignTax: e.foreignTax,
        calculation: e.calculation,
      });
    },

    async eventsOf(sub: string, year: number): Promise<TaxEventRow[]> {
      return db.select().from(taxEvents).where(and(eq(taxEvents.sub, sub), eq(taxEvents.year, year))).orderBy(desc(taxEvents.at), desc(taxEvents.id));
    },

    async eventsOfExecutions(executionIds: readonly string[]): Promise<TaxEventRow[]> {
      if (executionIds.length === 0) return [];
      return db.select().from(taxEvents).where(inArray(taxEvents.executionId, [...executionIds]));
    },

    /** Years with a tax year row, newest first. */
    async years(sub: string): Promise<number[]> {
      const rows = await db.select({ year: taxYears.year }).from(taxYears).where(eq(taxYears.sub, sub)).orderBy(desc(taxYears.year));
      return rows.map((r) => r.year);
    },

    /** The Kirchensteuermerkmal of `year`: the latest status from that year or before; none without one. */
    async churchTax(sub: string, year: number): Promise<ChurchTaxRate> {
      const [row] = await db
        .select({ churchTax: taxSettings.churchTax })
        .from(taxSettings)
        .where(and(eq(taxSettings.sub, sub), lte(taxSettings.validFrom, year)))
        .orderBy(desc(taxSettings.validFrom))
        .limit(1);
      return (row?.churchTax as ChurchTaxRate | undefined) ?? 'none';
    },

    /** Sets the status from `fromYear` on; a later change for the same year replaces it. */
    async setChurchTax(sub: string, churchTax: ChurchTaxRate, fromYear: number, now: Date): Promise<void> {
      await db
        .insert(taxSettings)
        .values({ sub, validFrom: fromYear, churchTax, updatedAt: now })
        .onConflictDoUpdate({ target: [taxSettings.sub, taxSettings.validFrom], set: { churchTax, updatedAt: now } });
    },
  };
}

export type TaxStore = ReturnType<typeof taxStore>;
