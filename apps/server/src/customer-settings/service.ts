import { berlinDate } from '@kontor/domain/banking-days';
import {
  DEFAULT_PREFERENCES,
  type AdAgree,
  type CustomerSettings,
  type DefaultOrderValidity,
  type LanguageCode,
  type LanguageSetting,
  type Theme,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@kontor/domain/customer-settings-contracts';
import type { LombardDocument, PortfolioReportDueDate, TerminationReason } from '@kontor/domain/service-requests';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { TaxStore } from '../tax/store.ts';
import type { CustomerSettingsRow, CustomerSettingsStore } from './store.ts';

export type CustomerSettingsDeps = {
  db: Db;
  /** The simulated time: an exemption order ends on a day of it. */
  clock: Clock;
  store: (db: Db) => CustomerSettingsStore;
  tax: (db: Db) => Pick<TaxStore, 'exemptionOrdersOf' | 'lossCertificateYears'>;
};

/** The depot statement is drawn up at the end of the year unless the customer chose another quarter. */
const DEFAULT_DUE_DATE: PortfolioReportDueDate = '12-31';

/** The customer's own choices, the defaults where none was made. */
function preferencesOf(row: CustomerSettingsRow | undefined): UserPreferences {
  return {
    theme: (row?.theme as Theme | null) ?? DEFAULT_PREFERENCES.theme,
    defaultOrderValidity: (row?.defaultOrderValidity as DefaultOrderValidity | null) ?? DEFAULT_PREFERENCES.defaultOrderValidity,
    language: (row?.language as LanguageCode | null) ?? DEFAULT_PREFERENCES.language,
    adAgree: row?.adAgree ?? false,
    adAgreeChangedAt: row?.adAgreeChangedAt?.toISOString() ?? null,
  };
}

/** What the settings page shows of the customer's data changed by service requests, and their own choices. */
export function customerSettingsService(d: CustomerSettingsDeps) {
  return {
    async settings(sub: string): Promise<CustomerSettings> {
      const today = berlinDate(d.clock.now());
      const [row, exemptionOrders, lossCertificateYears] = await Promise.all([
        d.store(d.db).settingsOf(sub),
        d.tax(d.db).exemptionOrdersOf(sub, today),
        d.tax(d.db).lossCertificateYears(sub),
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
        preferences: preferencesOf(row),
      };
    },

    /** Changes the given preferences; the preferences now in force. */
    async setPreferences(sub: string, patch: UserPreferencesUpdate): Promise<UserPreferences> {
      await d.store(d.db).setPreferences(sub, patch, d.clock.now());
      return preferencesOf(await d.store(d.db).settingsOf(sub));
    },

    async language(sub: string): Promise<LanguageSetting> {
      // Never chosen: German, the market's language.
      return { language: preferencesOf(await d.store(d.db).settingsOf(sub)).language ?? 'de' };
    },
    async setLanguage(sub: string, language: LanguageCode): Promise<LanguageSetting> {
      await d.store(d.db).setLanguage(sub, language, d.clock.now());
      return { language };
    },

    async toggleAdAgree(sub: string): Promise<AdAgree> {
      const { adAgree, changedAt } = await d.store(d.db).toggleAdvertisingConsent(sub, d.clock.now());
      return { adAgree, changedAt: changedAt.toISOString() };
    },
  };
}

export type CustomerSettingsService = ReturnType<typeof customerSettingsService>;
