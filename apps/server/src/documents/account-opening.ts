import { countryName } from '@kontor/domain/countries';
import { formatIban } from '@kontor/domain/iban';
import {
  appropriateness,
  EXPERIENCE_YEARS_LABELS,
  type ExperienceProfile,
  IDENTIFICATION_METHOD_LABELS,
  type IdentificationMethod,
  PRODUCT_CLASS_LABELS,
  PRODUCT_CLASSES,
  SALUTATION_LABELS,
  type Salutation,
  TRADES_PER_YEAR_LABELS,
} from '@kontor/domain/onboarding';
import type { PostalAddress, TaxResidence } from '@kontor/domain/customer-settings-contracts';
import { formatPhoneNumber } from '@kontor/domain/phone';
import { addressLines } from '@kontor/domain/postal-address';
import { germanDate, germanDateTime } from '@kontor/domain/service-request-summary';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the account-opening document shows, as stored with it: the application as the customer completed it. */
export type AccountOpeningData = {
  applicationId: string;
  customerName: string;
  email: string;
  salutation: Salutation;
  givenName: string;
  familyName: string;
  birthDate: string;
  birthPlace: string;
  nationality: string;
  address: PostalAddress;
  taxResidences: TaxResidence[];
  iban: string;
  holder: string;
  mobileNumber: string;
  experience: ExperienceProfile;
  termsAccepted: boolean;
  priceListAccepted: boolean;
  preContractualInfoAccepted: boolean;
  advertisingConsent: boolean;
  identification: { method: IdentificationMethod; decidedAt: string | null };
  /** ISO instant. */
  openedAt: string;
};

const yes = (b: boolean) => (b ? 'Ja' : 'Nein');

/** Kontoeröffnungsunterlagen: the customer's data, the appropriateness answers and the acknowledgements. */
export function accountOpening(d: AccountOpeningData): Promise<Buffer> {
  const heading = 'Ihre Kontoeröffnung bei Kontor';
  const { doc, done, row } = startPdf({ heading, title: heading, subject: 'Kontoeröffnungsunterlagen', now: new Date(d.openedAt), dateLabel: 'Datum', recipient: d });
  const section = (title: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(title, doc.page.margins.left).moveDown(0.3);
  row('Kunde', d.customerName);
  row('Antragsnummer', d.applicationId);
  row('Eröffnet am', germanDateTime(d.openedAt));

  section('Persönliche Daten');
  row('Anrede', SALUTATION_LABELS[d.salutation]);
  row('Name', `${d.givenName} ${d.familyName}`);
  row('Geburtsdatum', germanDate(d.birthDate));
  row('Geburtsort', d.birthPlace);
  row('Staatsangehörigkeit', countryName(d.nationality) ?? d.nationality);
  row('Anschrift', addressLines(d.address).join(', '));
  row('E-Mail', d.email);
  row('Mobilnummer', formatPhoneNumber(d.mobileNumber));

  section('Steuerliche Angaben');
  for (const r of d.taxResidences) row(`Steuerlich ansässig in ${countryName(r.country) ?? r.country}`, r.taxId);
  row('US-Person', 'Nein (bestätigt)');

  section('Referenzkonto');
  row('IBAN', formatIban(d.iban));
  row('Kontoinhaber', d.holder);

  section('Kenntnisse und Erfahrungen (§ 63 Abs. 10 WpHG)');
  const verdict = appropriateness(d.experience);
  pdfTable(
    doc,
    [
      { label: 'Produktklasse', width: 100 },
      { label: 'Kenntnisse', width: 70 },
      { label: 'Erfahrung', width: 110 },
      { label: 'Geschäfte', width: 110 },
      { label: 'Angemessen', width: 93 },
    ],
    PRODUCT_CLASSES.map((c) => [
      PRODUCT_CLASS_LABELS[c],
      yes(d.experience[c].knowledge),
      EXPERIENCE_YEARS_LABELS[d.experience[c].years],
      TRADES_PER_YEAR_LABELS[d.experience[c].tradesPerYear],
      yes(verdict[c]),
    ]),
  );
  doc
    .font('Helvetica')
    .fontSize(10)
    .text('Vor Geschäften in einer Produktklasse, die nach Ihren Angaben nicht angemessen ist, weisen wir Sie vor der Order darauf hin.', doc.page.margins.left);

  section('Bestätigungen');
  row('Allgemeine Geschäftsbedingungen zur Kenntnis genommen', yes(d.termsAccepted));
  row('Preis- und Leistungsverzeichnis zur Kenntnis genommen', yes(d.priceListAccepted));
  row('Vorvertragliche Informationen erhalten', yes(d.preContractualInfoAccepted));
  row('Einwilligung in Werbung', yes(d.advertisingConsent));
  row('Identifizierung', `${IDENTIFICATION_METHOD_LABELS[d.identification.method]}${d.identification.decidedAt ? `, bestätigt am ${germanDateTime(d.identification.decidedAt)}` : ''}`);

  doc.moveDown();
  machineNote(doc, 'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
