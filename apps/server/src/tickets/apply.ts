import type { PostalAddress, TaxResidence } from '@kontor/domain/customer-settings-contracts';
import { formatIban, maskIban } from '@kontor/domain/iban';
import { formatEuro } from '@kontor/domain/numbers';
import { germanDate } from '@kontor/domain/service-request-summary';
import {
  PORTFOLIO_REPORT_DUE_DATE_LABELS,
  type DirectDebitMandateAction,
  type ExemptionOrderAttributes,
  type ServiceRequestAttributes,
} from '@kontor/domain/service-requests';
import type { LossCertificateData } from '../documents/loss-certificate.ts';
import { customerSettingsStore as settings } from '../customer-settings/store.ts';
import type { PhoneNumberPool } from '../identity/store.ts';
import type { Db } from '../platform/db.ts';
import { maskPhoneNumber as maskPhone } from '../authorisations/service.ts';
import { grantMandate } from '../money/service.ts';
import { moneyStore as money } from '../money/store.ts';
import { NO_ORIGIN } from '../security-log/origin.ts';
import { securityLogStore } from '../security-log/store.ts';
import { taxStore as tax } from '../tax/store.ts';
import type { Applied, ApplyContext, ServiceRequestApplier, ServiceRequestAppliers } from './apply-types.ts';

export type ApplierDeps = {
  /** Where the mobile number lives: the embedded pool, or a provider's through its admin API. */
  phoneNumbers: PhoneNumberPool;
  /** FEATURE_FLAGS.directDebit: without it there is no mandate to grant. */
  directDebitEnabled: boolean;
  /** An SMS written in the job's transaction (the outbox the gateway sends from): only if the change holds. */
  smsInTransaction: (tx: Db, recipient: string, text: string) => Promise<void>;
};

export const OLD_NUMBER_TEXT =
  'Die Mobilnummer Ihres Kontor-Kontos wurde geändert. TANs gehen ab jetzt an die neue Nummer. Waren Sie das nicht? Dann rufen Sie uns bitte sofort an.';

const done = (message: string, more: Partial<Applied> = {}): Applied => ({ outcome: 'DONE', message, documents: [], ...more });
const rejected = (message: string): Applied => ({ outcome: 'REJECTED', message, documents: [] });

/** An applier for the attributes of one request type, as parseServiceRequest normalised them. */
const applier =
  <T extends keyof ServiceRequestAppliers>(_type: T, run: (ctx: ApplyContext, data: ServiceRequestAttributes<T>) => Promise<Applied>): ServiceRequestApplier =>
  (ctx, data) =>
    run(ctx, data as ServiceRequestAttributes<T>);

export const MANDATE_RENEWAL_NOTE = 'Bitte erteilen Sie das Lastschriftmandat für das neue Konto neu.';

/**
 * How the simulated back office carries out each service request, inside the transaction that
 * closes the ticket: the change goes to the area that owns the data (user pool, money, settings,
 * tax), so every page that shows it shows the new value.
 */
export function serviceRequestAppliers(deps: ApplierDeps): ServiceRequestAppliers {
  return {
    MOBILE_NUMBER: applier('MOBILE_NUMBER', async (ctx, a) => {
      const old = await deps.phoneNumbers.setVerifiedPhoneNumber(ctx.tx, ctx.sub, a.newMobileNumber);
      await securityLogStore(ctx.tx).record({ sub: ctx.sub, kind: 'MOBILE_NUMBER_CHANGED', at: ctx.now, detail: maskPhone(a.newMobileNumber), origin: NO_ORIGIN });
      // The old number hears of it: a change the customer did not make is noticed there first.
      if (old && old !== a.newMobileNumber) await deps.smsInTransaction(ctx.tx, old, OLD_NUMBER_TEXT);
      return done(`Ihre neue Mobilnummer ${a.newMobileNumber} ist hinterlegt. SMS-TANs senden wir ab sofort an diese Nummer.`);
    }),

    REFERENCE_ACCOUNT: applier('REFERENCE_ACCOUNT', async (ctx, a) => {
      const iban = a.newReferenceAccountIban;
      const before = await money(ctx.tx).referenceAccount(ctx.sub);
      if (before?.iban === iban) return done(`Das Konto ${formatIban(iban)} ist bereits Ihr Referenzkonto; es bleibt unverändert.`);
      await money(ctx.tx).putReferenceAccount({ sub: ctx.sub, iban, holder: ctx.customerName, bic: null, createdAt: ctx.now });
      // NO_ORIGIN: the back office's job may run inside a "Zeit vorspulen" request, which is not the customer's.
      await securityLogStore(ctx.tx).record({ sub: ctx.sub, kind: 'REFERENCE_ACCOUNT_CHANGED', at: ctx.now, detail: maskIban(iban), origin: NO_ORIGIN });
      // A mandate is for one account: it does not move with the customer to the new one.
      const mandate = await money(ctx.tx).mandate(ctx.sub);
      const mandateEnded = !!mandate && mandate.iban !== iban && (await money(ctx.tx).removeMandate(ctx.sub));
      const message = `Ihr neues Referenzkonto ${formatIban(iban)} ist hinterlegt. Auszahlungen gehen ab sofort auf dieses Konto; bereits beauftragte Auszahlungen gehen an das bisherige Konto${before ? ` (${maskIban(before.iban)})` : ''}.`;
      return mandateEnded
        ? done(`${message} Ihr Lastschriftmandat galt für das bisherige Konto und ist damit erloschen. ${MANDATE_RENEWAL_NOTE}`, { notes: [MANDATE_RENEWAL_NOTE] })
        : done(message);
    }),

    DIRECT_DEBIT_MANDATE: applier('DIRECT_DEBIT_MANDATE', async (ctx, a) => applyMandate(ctx, a.directDebitMandate, deps.directDebitEnabled)),

    PORTFOLIO_REPORT_DUE_DATE: applier('PORTFOLIO_REPORT_DUE_DATE', async (ctx, a) => {
      const due = a.portfolioReportDueDate;
      await settings(ctx.tx).setPortfolioReportDueDate(ctx.sub, due, ctx.now);
      return done(`Ihr Depotauszug wird ab sofort zum ${PORTFOLIO_REPORT_DUE_DATE_LABELS[due]} erstellt.`);
    }),

    ADDRESS: applier('ADDRESS', async (ctx, a) => {
      const address: PostalAddress = {
        street: a.newStreet,
        street2: a.newStreet2 ?? null,
        houseNumber: a.newHouseNumber,
        houseNumber2: a.newHouseNumber2 ?? null,
        postalCode: a.postalCode,
        city: a.city,
        country: a.country,
      };
      await settings(ctx.tx).setAddress(ctx.sub, address, ctx.now);
      return done('Ihre neue Adresse ist ab sofort hinterlegt. Post von uns geht ab jetzt dorthin.');
    }),

    TAX_RESIDENCE: applier('TAX_RESIDENCE', async (ctx, a) => {
      const residences: TaxResidence[] = [];
      for (const n of [1, 2, 3] as const) {
        const country = a[`taxCountry${n}`];
        if (country) residences.push({ country, taxId: a[`taxId${n}`] ?? '' });
      }
      await settings(ctx.tx).setTaxResidences(ctx.sub, residences, ctx.now);
      return done('Ihre steuerliche Ansässigkeit ist aktualisiert.');
    }),

    EXEMPTION_ORDER: applier('EXEMPTION_ORDER', async (ctx, a: ExemptionOrderAttributes) => {
      await tax(ctx.tx).putExemptionOrder({ sub: ctx.sub, attributes: a, ticketId: ctx.ticketId, now: ctx.now });
      const until = a.validTo ? ` bis zum ${germanDate(a.validTo)}` : ' bis auf Widerruf';
      return done(`Ihr Freistellungsauftrag über ${formatEuro(a.taxExemptionOrderAmount)} gilt ab dem ${germanDate(a.validFrom)}${until}. Ein bisheriger Auftrag endet am Vortag.`);
    }),

    LOSS_CERTIFICATE: applier('LOSS_CERTIFICATE', async (ctx, a) => applyLossCertificate(ctx, a)),

    CRYPTO_ADDRESS: applier('CRYPTO_ADDRESS', async (ctx, a) => {
      await settings(ctx.tx).confirmCryptoAddress(ctx.sub, new Date(a.cryptoAddressConfirmedDateTime), ctx.now);
      return done('Vielen Dank, Ihre Adresse ist für den Kryptohandel bestätigt.');
    }),

    ID_DOCUMENT: applier('ID_DOCUMENT', async (ctx, a) => {
      await settings(ctx.tx).setIdDocumentValidUntil(ctx.sub, a.idDocumentNewValidUntil, ctx.now);
      return done(`Vielen Dank, Ihr neues Ausweisdokument (gültig bis ${germanDate(a.idDocumentNewValidUntil)}) ist hinterlegt.`);
    }),

    TERMINATION: applier('TERMINATION', async (ctx, a) => {
      await settings(ctx.tx).requestTermination(ctx.sub, a.terminationReason, ctx.now);
      return done('Ihre Kündigung ist eingegangen. Wir melden uns mit den nächsten Schritten zur Auflösung Ihres Depots.');
    }),

    LOMBARD_DOCUMENTS: applier('LOMBARD_DOCUMENTS', async (ctx, a) => {
      await settings(ctx.tx).confirmLombardDocuments(ctx.sub, a.lombardConfirmedDocuments, ctx.now);
      return done('Vielen Dank, Ihre Bestätigung der Unterlagen zum Wertpapierkredit ist hinterlegt.');
    }),
  };
}

/** GRANT: a mandate for the reference account, as signing one by TAN makes it; REVOKE: it ends. */
async function applyMandate(ctx: ApplyContext, action: DirectDebitMandateAction, enabled: boolean): Promise<Applied> {
  if (action === 'REVOKE') {
    return (await money(ctx.tx).removeMandate(ctx.sub))
      ? done('Ihr SEPA-Lastschriftmandat ist widerrufen. Wir ziehen keine Lastschriften mehr von Ihrem Referenzkonto ein.')
      : rejected('Sie haben kein SEPA-Lastschriftmandat erteilt, das widerrufen werden könnte.');
  }
  if (!enabled) return rejected('Lastschriften sind derzeit nicht verfügbar.');
  const ref = await money(ctx.tx).referenceAccount(ctx.sub);
  if (!ref) return rejected('Bitte hinterlegen Sie zuerst ein Referenzkonto; ein Lastschriftmandat gilt für dieses Konto.');
  const mandate = await grantMandate(ctx.tx, ctx.sub, ref.iban, ctx.now);
  if (!mandate) return rejected('Sie haben bereits ein Lastschriftmandat erteilt.');
  return done(`Ihr SEPA-Lastschriftmandat für ${maskIban(ref.iban)} ist erteilt (Mandatsreferenz ${mandate.mandateReference}).`);
}

/** The year's certificate of the pots asked for; the certified pots start again at 0,00 €. */
async function applyLossCertificate(ctx: ApplyContext, a: ServiceRequestAttributes<'LOSS_CERTIFICATE'>): Promise<Applied> {
  const year = Number(ctx.today.slice(0, 4));
  if (await tax(ctx.tx).lossCertificate(ctx.sub, year)) return rejected(`Eine Verlustbescheinigung für ${year} ist bereits ausgestellt.`);
  const pots = await tax(ctx.tx).lossPots(ctx.sub, year);
  const stocks = a.lossOffsetResetStocks ? pots.stocks : null;
  const other = a.lossOffsetResetOther ? pots.other : null;
  if (!(await tax(ctx.tx).issueLossCertificate({ sub: ctx.sub, year, stocks, other, ticketId: ctx.ticketId, issuedAt: ctx.now }))) {
    return rejected(`Eine Verlustbescheinigung für ${year} ist bereits ausgestellt.`);
  }
  const data: LossCertificateData = { year, customerName: ctx.customerName, issuedAt: ctx.now.toISOString(), stocks, other };
  const certified = [stocks !== null ? `Aktien ${formatEuro(stocks)}` : null, other !== null ? `Sonstige ${formatEuro(other)}` : null].filter(Boolean).join(', ');
  return done(`Ihre Verlustbescheinigung ${year} (${certified}) liegt in Ihrem Posteingang. Die bescheinigten Verlusttöpfe beginnen wieder bei 0,00 €.`, {
    documents: [
      {
        kind: 'tax_certificate',
        dedupeKey: `loss_certificate:${year}`,
        title: `Verlustbescheinigung ${year}`,
        pdfTitle: null,
        pdfIsin: null,
        data,
        notify: true,
      },
    ],
  });
}
