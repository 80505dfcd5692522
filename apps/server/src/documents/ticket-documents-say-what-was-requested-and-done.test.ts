import { describe, expect, it } from 'vitest';
import { addressLines } from '@kontor/domain/postal-address';
import { serviceRequestLines } from '@kontor/domain/service-request-summary';
import { parseServiceRequest, type ExemptionOrderAttributes } from '@kontor/domain/service-requests';
import { pdfText } from '../../test/pdf-text.ts';
import { renderExemptionOrderForm, type ExemptionOrderFormData } from './exemption-order-form.ts';
import { lossCertificate } from './loss-certificate.ts';
import { renderDocument } from './render.ts';
import { ticketConfirmation, type TicketConfirmationData } from './ticket-confirmation.ts';

/** What a reader sees: the lines joined (wrapped sentences whole again), any run of spaces (no-break too) as one. */
const flat = (pdf: Buffer): string => pdfText(pdf).replace(/\s+/g, ' ');
const read = async (pdf: Promise<Buffer>): Promise<string> => flat(await pdf);

const TICKET = '3f2a9c41-7b1e-4d2a-9c3b-5e6f7a8b9c0d';
const ERIKA = { name: 'Erika Mustermann', address: addressLines({ street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln', country: 'DE' }), taxId: '86095742719' };

const exemption = (data: Record<string, unknown>): ExemptionOrderAttributes => {
  const parsed = parseServiceRequest('EXEMPTION_ORDER', data);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.data as ExemptionOrderAttributes;
};
const single801 = exemption({ taxExemptionOrderAmount: '801', validFrom: '2027-01-01', preconditionYear: 2027 });

const addressChange = (over: Partial<TicketConfirmationData> = {}): TicketConfirmationData => {
  const address = { newStreet: 'Lindenstraße', newHouseNumber: '12', postalCode: '10969', city: 'Berlin', country: 'DE' };
  return {
    ticketId: TICKET,
    requestType: 'ADDRESS',
    title: 'Adresse ändern',
    customerName: 'Erika Mustermann',
    submittedAt: '2026-11-26T09:15:00.000Z',
    closedAt: '2026-11-26T10:20:00.000Z',
    outcome: 'DONE',
    lines: serviceRequestLines('ADDRESS', address),
    message: 'Ihre neue Anschrift ist ab sofort hinterlegt.',
    notes: ['Ihre Dokumente erhalten Sie weiterhin im Posteingang.'],
    ...over,
  };
};

describe('the confirmation of a service ticket says what was requested, when, and what was done', () => {
  it('a carried-out address change: the title, the short number, Berlin times, the new address, the agent’s message', async () => {
    const text = await read(ticketConfirmation(addressChange()));
    expect(text).toContain('Bestätigung Ihres Serviceauftrags: Adresse ändern');
    expect(text).toContain('Auftragsnummer 3F2A9C41');
    // 09:15 UTC is 10:15 in Berlin in November.
    expect(text).toContain('Eingegangen am 26.11.2026, 10:15 Uhr');
    expect(text).toContain('Erledigt am 26.11.2026, 11:20 Uhr');
    expect(text).toContain('wir haben Ihren Auftrag „Adresse ändern“ ausgeführt.');
    expect(text).toContain('Neue Adresse Lindenstraße 12, 10969 Berlin, Deutschland');
    expect(text).toContain('Ihre neue Anschrift ist ab sofort hinterlegt.');
    expect(text).toContain('• Ihre Dokumente erhalten Sie weiterhin im Posteingang.');
    expect(text).not.toContain('nicht ausgeführt');
  });

  it('a refused request says it could not be carried out, with the reason, and shows no Freistellungsauftrag as given', async () => {
    const text = await read(
      ticketConfirmation(
        addressChange({
          requestType: 'EXEMPTION_ORDER',
          title: 'Freistellungsauftrag',
          outcome: 'REJECTED',
          lines: serviceRequestLines('EXEMPTION_ORDER', single801),
          message: 'Für 2027 liegen bereits Freistellungsaufträge über 1.000 € bei anderen Banken vor.',
          notes: undefined,
          exemptionOrder: { customer: ERIKA, attributes: single801, signedAt: '2026-11-26T09:15:00.000Z' },
        }),
      ),
    );
    expect(text).toContain('Ihr Auftrag konnte nicht ausgeführt werden.');
    expect(text).toContain('Grund: Für 2027 liegen bereits Freistellungsaufträge über 1.000 € bei anderen Banken vor.');
    expect(text).toContain('Abgeschlossen am 26.11.2026, 11:20 Uhr');
    expect(text).not.toContain('Erledigt am');
    expect(text).not.toContain('Freistellungsauftrag für Kapitalerträge');
  });

  it('a Freistellungsauftrag of 801 € put into effect carries the form as given: amount, from 01.01.2027 until revoked, Steuer-ID grouped, no preview mark', async () => {
    const text = await read(
      ticketConfirmation(
        addressChange({
          requestType: 'EXEMPTION_ORDER',
          title: 'Freistellungsauftrag',
          lines: serviceRequestLines('EXEMPTION_ORDER', single801),
          message: 'Ihr Freistellungsauftrag gilt ab dem 01.01.2027.',
          exemptionOrder: { customer: ERIKA, attributes: single801, signedAt: '2026-11-26T09:15:00.000Z' },
        }),
      ),
    );
    expect(text).toContain('Freistellungsbetrag 801,00 €');
    // (Wrapped after "ehegatten-/".)
    expect(text).toMatch(/Freistellungsauftrag für Kapitalerträge und Antrag auf ehegatten-\/ ?lebenspartnerübergreifende Verlustverrechnung/);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('Heidestraße 17, 51147 Köln, Deutschland');
    expect(text).toContain('86 095 742 719');
    expect(text).toContain('Kontor Wertpapierhandelsbank AG');
    expect(text).toContain('bis zu einem Betrag von 801,00 €');
    expect(text).not.toContain('Sparer-Pauschbetrages von insgesamt');
    expect(text).toContain('Dieser Auftrag gilt ab dem 01.01.2027');
    expect(text).toContain('bis auf Widerruf');
    expect(text).toContain('Kalenderjahr 2027');
    expect(text).toContain('insgesamt 1.000 € nicht übersteigt');
    expect(text).toContain('§ 44a');
    expect(text).toContain('Bundeszentralamt für Steuern mitgeteilt (§ 45d EStG)');
    expect(text).toContain('erteilt am 26.11.2026, 10:15 Uhr');
    expect(text).not.toContain('VORSCHAU');
  });

  it('renderDocument renders both new kinds from their stored data', async () => {
    const at = new Date('2026-11-26T10:20:00Z');
    const confirmation = await renderDocument('ticket_confirmation', addressChange(), at);
    const certificate = await renderDocument('tax_certificate', { year: 2026, customerName: 'Erika Mustermann', issuedAt: at.toISOString(), stocks: '12.50', other: null }, at);
    expect(pdfText(confirmation!)).toContain('Adresse ändern');
    expect(pdfText(certificate!)).toContain('Verlustbescheinigung 2026');
  });
});

describe('the Freistellungsauftrag before signing (fsapreview) is the amtliches Muster, marked as a preview', () => {
  it('a joint order for the full 2.000 €: the Sparer-Pauschbetrag wording, the spouse with birth date and grouped Steuer-ID, until 31.12.2027, VORSCHAU', async () => {
    const attributes = exemption({
      taxExemptionOrderAmount: '2000.00',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      preconditionYear: 2027,
      jointExemptionData: { givenName: 'Max', familyName: 'Mustermann', birthDate: '1985-03-14', taxId: '47 036 892 816' },
    });
    const data: ExemptionOrderFormData = { customer: ERIKA, attributes };
    const pdf = await renderExemptionOrderForm(data, { preview: true, now: new Date('2026-11-26T09:10:00Z') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdf);
    expect(text).toContain('VORSCHAU – nicht unterschrieben');
    expect(text).toContain('bis zur Höhe des für mich/uns geltenden Sparer-Pauschbetrages von insgesamt 2.000,00 €');
    expect(text).not.toContain('bis zu einem Betrag von');
    expect(text).toContain('Mustermann, Max');
    expect(text).toContain('14.03.1985');
    expect(text).toContain('47 036 892 816');
    expect(text).toContain('86 095 742 719');
    expect(text).toContain('ab dem 01.01.2027');
    expect(text).toContain('bis zum 31.12.2027');
    expect(text).toContain('insgesamt 2.000 € nicht übersteigt');
    expect(text).toContain('Verlustverrechnung (§ 43a Abs. 3 EStG)');
    expect(text).not.toContain('erteilt am');
  });

  it('a customer without a Steuer-ID on file and without an address still gets a readable form that says so', async () => {
    const text = await read(renderExemptionOrderForm({ customer: { name: 'Jonas Beispiel', address: [], taxId: null }, attributes: single801 }, { preview: true }));
    expect(text).toContain('Jonas Beispiel');
    expect(text).toContain('nicht hinterlegt');
    expect(text).toContain('bis zu einem Betrag von 801,00 €');
    expect(text).toContain('Ohne Steuer-Identifikationsnummer kann ein Freistellungsauftrag nicht erteilt werden');
  });
});

describe('the Verlustbescheinigung certifies the losses of the pots requested, as positive amounts', () => {
  it('both pots: the legal title, the year, both losses, and that they were reset to 0 for the tax return', async () => {
    const text = await read(lossCertificate({ year: 2026, customerName: 'Erika Mustermann', issuedAt: '2026-12-31T23:00:00.000Z', stocks: '1234.56', other: '310.00' }));
    expect(text).toContain('Bescheinigung über Verluste aus Kapitalerträgen (Verlustbescheinigung) 2026 nach § 43a Abs. 3 Satz 4 EStG');
    expect(text).toContain('Erika Mustermann');
    // Issued at midnight in Berlin on 1 January.
    expect(text).toContain('Ausgestellt am: 1. Januar 2027');
    expect(text).toMatch(/Verluste aus Aktienveräußerungen .*1\.234,56 €/);
    expect(text).toMatch(/Sonstige Verluste \(ohne Verluste aus Aktienveräußerungen\) 310,00 €/);
    expect(text).not.toContain('-1.234,56');
    expect(text).toContain('wurden die Verlustverrechnungstöpfe für Aktienverluste und sonstige Verluste zum Ende des Jahres 2026 auf 0 € gesetzt');
    expect(text).toContain('Anlage KAP');
  });

  it('only the share pot requested: no line for other losses, which are carried forward', async () => {
    const text = await read(lossCertificate({ year: 2026, customerName: 'Erika Mustermann', issuedAt: '2026-12-31T23:00:00.000Z', stocks: '980.00', other: null }));
    expect(text).toContain('980,00 €');
    expect(text).not.toContain('Sonstige Verluste (ohne');
    expect(text).toContain('wurde der Verlustverrechnungstopf für Aktienverluste zum Ende des Jahres 2026 auf 0 € gesetzt');
    expect(text).toContain('Für sonstige Verluste wurde keine Bescheinigung beantragt');
  });
});
