import { INSTRUMENT_TYPE_LABELS } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { formatMoney } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';

export const DOCUMENT_TITLES = {
  'kid.pdf': 'Basisinformationsblatt',
  'prospekt.pdf': 'Verkaufsprospekt',
  'halbjahresbericht.pdf': 'Halbjahresbericht',
  'jahresbericht.pdf': 'Jahresbericht',
} as const;
export type DocumentFile = keyof typeof DOCUMENT_TITLES;

/** Summary risk indicator (1 = lowest, 7 = highest) as a KID shows it, by instrument type. */
const RISK_CLASS: Record<Instrument['instrumentType'], number> = {
  WAEHRUNG: 3,
  INDEX: 4,
  FONDS: 3,
  ETF: 4,
  AKTIE: 5,
  ROHSTOFF: 5,
  KRYPTO: 7,
  DERIVAT: 7,
};

/**
 * The documents an instrument page links to, generated as real PDFs on request. They stand in for
 * the issuer's documents and say so on every page.
 */
export function instrumentDocument(instrument: Instrument, file: DocumentFile, now: Date): Promise<Buffer> {
  const title = DOCUMENT_TITLES[file];
  const { doc, done, row } = startPdf({ heading: title, title: `${title} ${instrument.isin}`, subject: instrument.name, now });
  row('Produkt', instrument.name);
  row('ISIN', instrument.isin);
  if (instrument.wkn) row('WKN', instrument.wkn);
  row('Art', INSTRUMENT_TYPE_LABELS[instrument.instrumentType]);
  if (instrument.emittentShortCode) row('Emittent', instrument.emittentShortCode);
  if (instrument.underlyingName) row('Basiswert', instrument.underlyingName);
  row('Handelswährung', instrument.quoteCurrencyCode);
  doc.moveDown();

  const section = (heading: string, body: string) => {
    doc.font('Helvetica-Bold').fontSize(13).text(heading);
    doc.moveDown(0.2).font('Helvetica').fontSize(11).text(body, { align: 'justify' });
    doc.moveDown();
  };
  if (file === 'kid.pdf') {
    section('Zweck', 'Dieses Informationsblatt stellt Ihnen wesentliche Informationen über dieses Anlageprodukt zur Verfügung. Es handelt sich nicht um Werbematerial. Die Informationen sollen Ihnen helfen, die Art, das Risiko, die Kosten sowie die möglichen Gewinne und Verluste dieses Produkts zu verstehen.');
    const risk = RISK_CLASS[instrument.instrumentType];
    section(
      'Welche Risiken bestehen und was könnte ich im Gegenzug dafür bekommen?',
      `Risikoindikator: ${risk} von 7. ${risk >= 6 ? 'Das Produkt ist in eine hohe Risikoklasse eingestuft; ein Totalverlust des eingesetzten Kapitals ist möglich.' : 'Der Wert kann schwanken; Sie erhalten möglicherweise weniger zurück, als Sie angelegt haben.'}${instrument.complex ? ' Es handelt sich um ein komplexes Produkt, das schwer zu verstehen sein kann.' : ''}`,
    );
    section('Welche Kosten entstehen?', `Für Käufe und Verkäufe über Kontor gilt das Preis- und Leistungsverzeichnis${instrument.tradingFees ? ` (Ordergebühr: ${formatMoney(instrument.tradingFees, 'EUR')})` : ''}. Zusätzlich fallen marktübliche Spreads an.`);
  } else {
    section('Inhalt', `${title} zu ${instrument.name}. Dieses Dokument fasst die für Anlegerinnen und Anleger wesentlichen Angaben zusammen.`);
  }
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text('Von Kontor erstellte Zusammenfassung; maßgeblich sind die Unterlagen des Emittenten.');
  doc.end();
  return done;
}
