import { eq, sql } from 'drizzle-orm';
import type { LombardDocument, PortfolioReportDueDate, TerminationReason } from '@kontor/domain/service-requests';
import type { DefaultOrderValidity, LanguageCode, PostalAddress, TaxResidence, Theme } from '@kontor/domain/customer-settings-contracts';
import type { Db } from '../platform/db.ts';
import { customerSettings } from './tables.ts';

export type CustomerSettingsRow = typeof customerSettings.$inferSelect;
type Patch = Omit<Partial<typeof customerSettings.$inferInsert>, 'sub' | 'updatedAt'>;

/** Sets some columns of the customer's row, making the row when there is none yet. */
async function upsert(tx: Db, sub: string, at: Date, patch: Patch): Promise<void> {
  const values = { ...patch, updatedAt: at };
  await tx
    .insert(customerSettings)
    .values({ sub, ...values })
    .onConflictDoUpdate({ target: customerSettings.sub, set: values });
}

/** The customer's own choices in the app, written by the customer (not by a ticket). */
export const preferenceWrites = {
  setPreferences: (tx: Db, sub: string, patch: { theme?: Theme; defaultOrderValidity?: DefaultOrderValidity }, at: Date) => upsert(tx, sub, at, patch),
  setLanguage: (tx: Db, sub: string, language: LanguageCode, at: Date) => upsert(tx, sub, at, { language }),
  /**
   * Records the advertising consent as given (or withdrawn) at `at`: the settings switch and the
   * account opening, where the customer first answers it, both write it here.
   */
  setAdvertisingConsent: (tx: Db, sub: string, value: boolean, at: Date) => upsert(tx, sub, at, { adAgree: value, adAgreeChangedAt: at }),
  /** Switches the consent in one statement (two clicks at once switch twice, never lose one); the new state. */
  async toggleAdvertisingConsent(tx: Db, sub: string, at: Date): Promise<{ adAgree: boolean; changedAt: Date }> {
    const [row] = await tx
      .insert(customerSettings)
      .values({ sub, adAgree: true, adAgreeChangedAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: customerSettings.sub,
        set: { adAgree: sql`not coalesce(${customerSettings.adAgree}, false)`, adAgreeChangedAt: at, updatedAt: at },
      })
      .returning({ adAgree: customerSettings.adAgree, changedAt: customerSettings.adAgreeChangedAt });
    return { adAgree: row!.adAgree!, changedAt: row!.changedAt! };
  },
};

/**
 * The customer's settings as the back office carried out the service requests. Every write is an
 * upsert of the columns one request changes, inside the caller's transaction (the ticket's close).
 */
export const customerSettingsStore = {
  ...preferenceWrites,
  async settingsOf(db: Db, sub: string): Promise<CustomerSettingsRow | undefined> {
    const [row] = await db.select().from(customerSettings).where(eq(customerSettings.sub, sub));
    return row;
  },
  setAddress: (tx: Db, sub: string, address: PostalAddress, at: Date) => upsert(tx, sub, at, { address }),
  setTaxResidences: (tx: Db, sub: string, taxResidences: TaxResidence[], at: Date) => upsert(tx, sub, at, { taxResidences }),
  setPortfolioReportDueDate: (tx: Db, sub: string, dueDate: PortfolioReportDueDate, at: Date) => upsert(tx, sub, at, { portfolioReportDueDate: dueDate }),
  /** `confirmedAt`: when the customer confirmed the address (the request's attribute). */
  confirmCryptoAddress: (tx: Db, sub: string, confirmedAt: Date, at: Date) => upsert(tx, sub, at, { cryptoAddressConfirmedAt: confirmedAt }),
  setIdDocumentValidUntil: (tx: Db, sub: string, validUntil: string, at: Date) => upsert(tx, sub, at, { idDocumentValidUntil: validUntil }),
  confirmLombardDocuments: (tx: Db, sub: string, documents: LombardDocument[], at: Date) =>
    upsert(tx, sub, at, { lombardConfirmedDocuments: documents, lombardDocumentsConfirmedAt: at }),
  /** The first request counts: a second one keeps the date the customer first gave notice. */
  async requestTermination(tx: Db, sub: string, reason: TerminationReason, at: Date): Promise<void> {
    await tx
      .insert(customerSettings)
      .values({ sub, terminationRequestedAt: at, terminationReason: reason, updatedAt: at })
      .onConflictDoUpdate({
        target: customerSettings.sub,
        set: {
          terminationRequestedAt: sql`coalesce(${customerSettings.terminationRequestedAt}, excluded.termination_requested_at)`,
          terminationReason: sql`coalesce(${customerSettings.terminationReason}, excluded.termination_reason)`,
          updatedAt: at,
        },
      });
  },
};
export type CustomerSettingsStore = typeof customerSettingsStore;

