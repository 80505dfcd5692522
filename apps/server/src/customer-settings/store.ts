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
export function preferenceWrites(db: Db) {
  return {
    setPreferences: (sub: string, patch: { theme?: Theme; defaultOrderValidity?: DefaultOrderValidity }, at: Date) => upsert(db, sub, at, patch),
    setLanguage: (sub: string, language: LanguageCode, at: Date) => upsert(db, sub, at, { language }),
    /**
     * Records the advertising consent as given (or withdrawn) at `at`: the settings switch and the
     * account opening, where the customer first answers it, both write it here.
     */
    setAdvertisingConsent: (sub: string, value: boolean, at: Date) => upsert(db, sub, at, { adAgree: value, adAgreeChangedAt: at }),
    /** Switches the consent in one statement (two clicks at once switch twice, never lose one); the new state. */
    async toggleAdvertisingConsent(sub: string, at: Date): Promise<{ adAgree: boolean; changedAt: Date }> {
      const [row] = await db
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
}

/**
 * The customer's settings as the back office carried out the service requests. Every write is an
 * upsert of the columns one request changes, inside the caller's transaction (the ticket's close).
 */
export function customerSettingsStore(db: Db) {
  return {
    ...preferenceWrites(db),
    async settingsOf(sub: string): Promise<CustomerSettingsRow | undefined> {
      const [row] = await db.select().from(customerSettings).where(eq(customerSettings.sub, sub));
      return row;
    },
    setAddress: (sub: string, address: PostalAddress, at: Date) => upsert(db, sub, at, { address }),
    setTaxResidences: (sub: string, taxResidences: TaxResidence[], at: Date) => upsert(db, sub, at, { taxResidences }),
    setPortfolioReportDueDate: (sub: string, dueDate: PortfolioReportDueDate, at: Date) => upsert(db, sub, at, { portfolioReportDueDate: dueDate }),
    /** `confirmedAt`: when the customer confirmed the address (the request's attribute). */
    confirmCryptoAddress: (sub: string, confirmedAt: Date, at: Date) => upsert(db, sub, at, { cryptoAddressConfirmedAt: confirmedAt }),
    setIdDocumentValidUntil: (sub: string, validUntil: string, at: Date) => upsert(db, sub, at, { idDocumentValidUntil: validUntil }),
    confirmLombardDocuments: (sub: string, documents: LombardDocument[], at: Date) =>
      upsert(db, sub, at, { lombardConfirmedDocuments: documents, lombardDocumentsConfirmedAt: at }),
    /** The first request counts: a second one keeps the date the customer first gave notice. */
    async requestTermination(sub: string, reason: TerminationReason, at: Date): Promise<void> {
      await db
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
}

export type CustomerSettingsStore = ReturnType<typeof customerSettingsStore>;

