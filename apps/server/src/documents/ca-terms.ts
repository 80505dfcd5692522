import { formatEuro, formatMoney, formatQuantity } from '@kontor/domain/numbers';
import type { CaOption } from '@kontor/domain/corporate-actions';
import type { CaType } from '@kontor/domain/enums';
import { germanDate } from '@kontor/domain/service-request-summary';
import { startPdf } from '../platform/pdf.ts';
import { formatDeadline } from '@kontor/domain/dates';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the terms of a corporate action (Bedingungen des Angebots) show, as stored with the document. */
/** The currency and dates of an event (deadline, rightsTradingEnd and announcedAt as ISO instants), as the customer's view gives them. */
export type CaSchedule = {
  currency: string | null;
  recordDate: string;
  exDate: string;
  deadline: string;
  rightsTradingEnd: string | null;
  payDate: string;
  announcedAt: string;
};

export type CaTermsData = {
  /** What this letter is (the statements of the bookings are documents of their own kind). */
  notice: 'terms';
  eventId: string;
  type: CaType;
  typeLabel: string;
  mandatory: boolean;
  isin: string;
  name: string;
  targetIsin: string;
  targetName: string;
  rightsIsin: string | null;
  ratioOld: string;
  ratioNew: string;
  /** Euros; decimal strings. */
  price: string | null;
  dividend: string | null;
  foreignDividend: string | null;
  /** Shares the customer held when it was announced. */
  quantity: string;
  options: { option: CaOption; label: string }[];
  /** The label of the default option; null for a mandatory event. */
  defaultOption: string | null;
  customerName: string;
} & CaSchedule;


/** The letter announcing a corporate action to a holder: the terms, the dates, the choices and the default. */
export function caTerms(d: CaTermsData): Promise<Buffer> {
  const heading = `${d.typeLabel}`;
  const { doc, done, row } = startPdf({ heading, title: `${d.typeLabel} ${d.name}`, subject: 'Bedingungen des Angebots', now: new Date(d.announcedAt), dateLabel: 'Datum', recipient: d });
  row('Kunde', d.customerName);
  row('Wertpapier', `${d.name} (ISIN ${d.isin})`);
  row('Ihr Bestand', `${formatQuantity(d.quantity)} Stück`);
  doc.moveDown();
  const text = (s: string, font = 'Helvetica') => doc.font(font).fontSize(11).text(s, doc.page.margins.left).moveDown(0.5);
  text(`Guten Tag ${d.customerName},`);
  text(`die Gesellschaft ${d.name} hat eine Kapitalmaßnahme angekündigt: ${d.typeLabel}. Hier die Bedingungen des Angebots.`);

  const terms: [string, string][] = [
    ['Art', `${d.typeLabel} (${d.type})`],
    ['ISIN', d.isin],
  ];
  if (d.targetIsin !== d.isin) terms.push(['Neue Wertpapiere', `${d.targetName} (ISIN ${d.targetIsin})`]);
  if (d.rightsIsin) terms.push(['Bezugsrechte', `ISIN ${d.rightsIsin}, ein Bezugsrecht je Aktie`]);
  if (d.ratioOld !== '1' || d.ratioNew !== '1') terms.push(['Verhältnis', `${formatQuantity(d.ratioOld)} : ${formatQuantity(d.ratioNew)}`]);
  if (d.price) terms.push([d.type === 'BARABF' || d.type === 'UMTO' ? 'Angebotspreis je Aktie' : 'Preis je neue Aktie', formatEuro(d.price)]);
  if (d.dividend) terms.push(['Dividende je Aktie', formatEuro(d.dividend)]);
  if (d.foreignDividend && d.currency) terms.push([`Dividende in ${d.currency}`, formatMoney(d.foreignDividend, d.currency)]);
  terms.push(['Stichtag (Record Date)', germanDate(d.recordDate)], ['Ex-Tag', germanDate(d.exDate)]);
  if (!d.mandatory) terms.push(['Weisungsfrist', `${formatDeadline(d.deadline)} Uhr`]);
  if (d.rightsTradingEnd) terms.push(['Letzter Handelstag der Bezugsrechte', `${formatDeadline(d.rightsTradingEnd)} Uhr`]);
  terms.push(['Valuta / Zahltag', germanDate(d.payDate)]);
  pdfTable(
    doc,
    [
      { label: 'Bedingungen', width: 200 },
      { label: '', width: 283 },
    ],
    terms,
  );

  if (d.mandatory) {
    text('Diese Maßnahme ist verpflichtend. Sie müssen nichts tun: Wir buchen sie zum Zahltag automatisch in Ihr Depot.', 'Helvetica-Bold');
  } else {
    text('Ihre Wahlmöglichkeiten', 'Helvetica-Bold');
    for (const o of d.options) doc.font('Helvetica').fontSize(10).text(`• ${o.label}`, doc.page.margins.left + 8).moveDown(0.2);
    doc.moveDown(0.5);
    text(`Erteilen Sie Ihre Weisung bis ${formatDeadline(d.deadline)} Uhr unter „Kapitalmaßnahmen“. Ohne Weisung gilt: ${d.defaultOption ?? '—'}.`);
  }
  text('Mit freundlichen Grüßen\nIhr Kontor-Team');
  machineNote(doc, 'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
