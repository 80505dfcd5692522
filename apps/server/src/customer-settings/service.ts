import { berlinDate } from '@kontor/domain/banking-days';
import type { CustomerSettings } from '@kontor/domain/customer-settings-contracts';
import type { LombardDocument, PortfolioReportDueDate, TerminationReason } from '@kontor/domain/service-requests';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { TaxStore } from '../tax/store.ts';
import type { CustomerSettingsStore } from './store.ts';

export type CustomerSettingsDeps = {
  db: Db;
  /** The simulated time: an exemption order ends on a day of it. */
  clock: Clock;
  store: CustomerSettingsStore;
  tax: Pick<TaxStore, 'exemptionOrdersOf' | 'lossCertificateYears'>;
};

/** The depot statement is drawn up at the end of the year unless the customer chose another quarter. */
const DEFAULT_DUE_DATE: PortfolioReportDueDate = '12-31';

/** What the settings page shows of the customer's data changed by service requests. */
export function customerSettingsService(d: CustomerSettingsDeps) {
  return {
    async settings(sub: string): Promise<CustomerSettings> {
      const today = berlinDate(d.clock.now());
      const [row, exemptionOrders, lossCertificateYears] = await Promise.all([
        d.store.settingsOf(d.db, sub),
        d.tax.exemptionOrdersOf(d.db, sub, today),
        d.tax.lossCertificateYears(d.db, sub),
      ]);
      return {
        address: row?.address ?? null,
        taxResidences: row?.taxResidences ?? [],
        exemptionOrders,
        portfolioReportDueDate: (row?.portfolioReportDueDate as PortfolioReportDueDate | null) ?? DEFAULT_DUE_DATE,
        cryptoAddressConfirmedAt: row?.cryptoAddressConfirmedAt?.toISOString() ?? null,
        idDocumentValidUntil: row?.idDocumentValidUntil ?? null,
        lombardDocumentsConfirmedAt: row?.lombardDocumentsConfirmedAt?.toISOString() ?? null,
        lombardConfirmedDocuments: (row?.lombardConfirmedDocuments as LombardDocument[] | null) ?? [],
        termination:
          row?.terminationRequestedAt && row.terminationReason
            ? { requestedAt: row.terminationRequestedAt.toISOString(), reason: row.terminationReason as TerminationReason }
            : null,
        lossCertificateYears,
      };
    },
  };
}
export type CustomerSettingsService = ReturnType<typeof customerSettingsService>;
