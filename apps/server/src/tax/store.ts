import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { addCalendarDays, startOfBerlinDay } from '@kontor/domain/banking-days';
import type { ExemptionOrder } from '@kontor/domain/customer-settings-contracts';
import type { ExemptionOrderAttributes } from '@kontor/domain/service-requests';
import { rowsOf, type Db } from '../platform/db.ts';
import { exemptionOrders, lossCertificates } from './tables.ts';

type ExemptionOrderRow = typeof exemptionOrders.$inferSelect;
export type LossCertificateRow = typeof lossCertificates.$inferSelect;

/** The two loss pots (Verlustverrechnungstöpfe) of a year: the net loss of each, "0.00" when it gained. */
export type LossPots = { stocks: string; other: string };

/** Shares (§ 20 Abs. 6 Satz 4 EStG) have their own pot; every other instrument falls in the general one. */
const SHARE_TYPE = 'AKTIE';

const exemptionView = (r: ExemptionOrderRow): ExemptionOrder => ({
  id: r.id,
  amount: new Decimal(r.amount).toFixed(2),
  validFrom: r.validFrom,
  validTo: r.validTo,
  preconditionYear: r.preconditionYear,
  joint: r.joint ? { givenName: r.joint.givenName, familyName: r.joint.familyName } : null,
  ticketId: r.ticketId,
});

/** A net result as a pot shows it: the loss as a positive amount, or "0.00" after a net gain. */
const lossOf = (net: Decimal.Value | null | undefined) => Decimal.max(0, new Decimal(net ?? 0).neg()).toFixed(2);

/** Freistellungsaufträge in effect and loss pots with their certificates. */
export const taxStore = {
  /**
   * Puts a new Freistellungsauftrag in effect from its validFrom: an order still running then ends
   * the day before, an order that would only start on or after that day is replaced. Returns its id.
   */
  async putExemptionOrder(tx: Db, o: { sub: string; attributes: ExemptionOrderAttributes; ticketId: string | null; now: Date }): Promise<string> {
    const a = o.attributes;
    // One customer's orders change one at a time: the ends below must see each other's writes.
    await tx.execute(sql`select id from exemption_orders where sub = ${o.sub} for update`);
    await tx.delete(exemptionOrders).where(and(eq(exemptionOrders.sub, o.sub), gte(exemptionOrders.validFrom, a.validFrom)));
    await tx
      .update(exemptionOrders)
      .set({ validTo: addCalendarDays(a.validFrom, -1) })
      .where(and(eq(exemptionOrders.sub, o.sub), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, a.validFrom))));
    const id = randomUUID();
    await tx.insert(exemptionOrders).values({
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
  async exemptionOrdersOf(db: Db, sub: string, today: string): Promise<ExemptionOrder[]> {
    const rows = await db
      .select()
      .from(exemptionOrders)
      .where(and(eq(exemptionOrders.sub, sub), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, today))))
      .orderBy(asc(exemptionOrders.validFrom));
    return rows.map(exemptionView);
  },

  /** The order in effect on `day` (ISO date), if any; orders never overlap. */
  async exemptionInEffect(db: Db, sub: string, day: string): Promise<ExemptionOrder | null> {
    const [row] = await db
      .select()
      .from(exemptionOrders)
      .where(and(eq(exemptionOrders.sub, sub), lte(exemptionOrders.validFrom, day), or(isNull(exemptionOrders.validTo), gte(exemptionOrders.validTo, day))))
      .orderBy(asc(exemptionOrders.validFrom))
      .limit(1);
    return row ? exemptionView(row) : null;
  },

  async lossCertificate(db: Db, sub: string, year: number): Promise<LossCertificateRow | undefined> {
    const [row] = await db.select().from(lossCertificates).where(and(eq(lossCertificates.sub, sub), eq(lossCertificates.year, year)));
    return row;
  },

  async lossCertificateYears(db: Db, sub: string): Promise<number[]> {
    const rows = await db.select({ year: lossCertificates.year }).from(lossCertificates).where(eq(lossCertificates.sub, sub)).orderBy(asc(lossCertificates.year));
    return rows.map((r) => r.year);
  },

  /**
   * The loss pots of `year` (Berlin calendar year): the realised results of the year's sales, netted
   * per pot. A pot the year's certificate certified starts again after it was issued.
   */
  async lossPots(db: Db, sub: string, year: number): Promise<LossPots> {
    const from = startOfBerlinDay(`${year}-01-01`);
    const until = startOfBerlinDay(`${year + 1}-01-01`);
    const cert = await taxStore.lossCertificate(db, sub, year);
    // A certified pot counts only the sales after its certificate.
    const stocksCut = cert?.stocks != null ? cert.issuedAt.toISOString() : null;
    const otherCut = cert?.other != null ? cert.issuedAt.toISOString() : null;
    const result = await db.execute(sql`
      select shares, sum(realised_pnl)::text as net from (
        select coalesce(i.instrument_type = ${SHARE_TYPE}, false) as shares, e.realised_pnl, e.executed_at
        from executions e left join instruments i on i.isin = e.isin
        where e.sub = ${sub} and e.realised_pnl is not null and e.executed_at >= ${from.toISOString()} and e.executed_at < ${until.toISOString()}
      ) s
      where executed_at > coalesce(case when shares then ${stocksCut}::timestamptz else ${otherCut}::timestamptz end, '-infinity'::timestamptz)
      group by 1`);
    const rows = rowsOf<{ shares: boolean; net: string | null }>(result);
    return { stocks: lossOf(rows.find((r) => r.shares)?.net), other: lossOf(rows.find((r) => !r.shares)?.net) };
  },

  /** Records the year's certificate; false when the customer has one for that year already. */
  async issueLossCertificate(
    tx: Db,
    c: { sub: string; year: number; stocks: string | null; other: string | null; ticketId: string | null; issuedAt: Date },
  ): Promise<boolean> {
    const added = await tx
      .insert(lossCertificates)
      .values({ sub: c.sub, year: c.year, stocks: c.stocks, other: c.other, ticketId: c.ticketId, issuedAt: c.issuedAt })
      .onConflictDoNothing()
      .returning({ year: lossCertificates.year });
    return added.length > 0;
  },
};
export type TaxStore = typeof taxStore;
