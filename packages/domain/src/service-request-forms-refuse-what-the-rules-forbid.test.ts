import { describe, expect, it } from 'vitest';
import { parseServiceRequest, serviceRequestProblems, ticketAuthorisationData, type ServiceRequestType } from './service-requests';
import { serviceRequestLines } from './service-request-summary';
import { isValidGermanTaxId } from './tax-id';

/** The fields a request is refused at (none: accepted). */
function refusedAt(type: ServiceRequestType, data: Record<string, unknown>): string[] {
  const parsed = parseServiceRequest(type, data);
  return parsed.ok ? [] : parsed.problems.map((p) => p.path);
}
const accepted = (type: ServiceRequestType, data: Record<string, unknown>) => {
  const parsed = parseServiceRequest(type, data);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.data;
};

const ADDRESS = { newStreet: 'Lindenstraße', newHouseNumber: '12', postalCode: '10969', city: 'Berlin', country: 'DE' };
const FSA = { taxExemptionOrderAmount: '801', validFrom: '2027-01-01', preconditionYear: 2027 };
const SPOUSE = { givenName: 'Erika', familyName: 'Mustermann', birthDate: '1985-04-12', taxId: '86095742719' };

describe('Mobilnummer ändern', () => {
  it('takes a German mobile number in any spelling and keeps it as E.164', () => {
    expect(accepted('MOBILE_NUMBER', { newMobileNumber: '0170 1234567' }).newMobileNumber).toBe('+491701234567');
  });
  it('refuses a landline number (a TAN cannot go there)', () => {
    expect(refusedAt('MOBILE_NUMBER', { newMobileNumber: '030 12345678' })).toEqual(['newMobileNumber']);
  });
  it('sends the TAN to the new number: its authorisation names it', () => {
    expect(ticketAuthorisationData('MOBILE_NUMBER', { newMobileNumber: '+491701234567' })).toMatchObject({ mobileNumber: '+491701234567' });
  });
});

describe('Referenzkonto ändern', () => {
  it('keeps a grouped IBAN in electronic form', () => {
    expect(accepted('REFERENCE_ACCOUNT', { newReferenceAccountIban: 'de89 3704 0044 0532 0130 00' }).newReferenceAccountIban).toBe('DE89370400440532013000');
  });
  it('refuses an IBAN with a wrong check digit', () => {
    expect(refusedAt('REFERENCE_ACCOUNT', { newReferenceAccountIban: 'DE89370400440532013001' })).toEqual(['newReferenceAccountIban']);
  });
});

describe('Adresse', () => {
  it('checks the postal code by the chosen country: 5 digits in Germany, 4 in Austria, the UK format', () => {
    expect(refusedAt('ADDRESS', ADDRESS)).toEqual([]);
    expect(refusedAt('ADDRESS', { ...ADDRESS, postalCode: '1010' })).toEqual(['postalCode']);
    expect(refusedAt('ADDRESS', { ...ADDRESS, postalCode: '1010', city: 'Wien', country: 'AT' })).toEqual([]);
    expect(accepted('ADDRESS', { ...ADDRESS, postalCode: 'sw1a 1aa', city: 'London', country: 'gb' })).toMatchObject({ postalCode: 'SW1A 1AA', country: 'GB' });
  });
  it('says which fields are missing, each in its own words', () => {
    const parsed = parseServiceRequest('ADDRESS', { country: 'DE' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.find((p) => p.path === 'newStreet')?.message).toBe('Bitte geben Sie die Straße ein.');
  });
  it('refuses a country that is not on the list', () => {
    expect(refusedAt('ADDRESS', { ...ADDRESS, country: 'XX' })).toContain('country');
  });
});

describe('Steuerliche Ansässigkeit', () => {
  it('checks the German Steuer-ID by its check digit', () => {
    expect(isValidGermanTaxId('86095742719')).toBe(true);
    expect(isValidGermanTaxId('86095742718')).toBe(false);
    expect(refusedAt('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86 095 742 719' })).toEqual([]);
    expect(refusedAt('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86095742718' })).toEqual(['taxId1']);
    expect(refusedAt('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '8609574271' })).toEqual(['taxId1']);
  });
  it('takes up to three countries, each once, each with its number', () => {
    expect(accepted('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86095742719', taxCountry2: 'AT', taxId2: '12-345/6789' })).toEqual({
      taxCountry1: 'DE',
      taxId1: '86095742719',
      taxCountry2: 'AT',
      taxId2: '123456789',
    });
    expect(refusedAt('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86095742719', taxCountry2: 'DE', taxId2: '86095742719' })).toEqual(['taxCountry2']);
    expect(refusedAt('TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86095742719', taxId2: '123' })).toEqual(['taxCountry2']);
  });
});

describe('Freistellungsauftrag', () => {
  it('takes 801 € single and writes it with cents', () => {
    expect(accepted('EXEMPTION_ORDER', FSA).taxExemptionOrderAmount).toBe('801.00');
  });
  it('allows at most 1.000,00 € single and 2.000,00 € joint', () => {
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, taxExemptionOrderAmount: '1000.00' })).toEqual([]);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, taxExemptionOrderAmount: '1000.01' })).toEqual(['taxExemptionOrderAmount']);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, taxExemptionOrderAmount: '2000.00', jointExemptionData: SPOUSE })).toEqual([]);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, taxExemptionOrderAmount: '2000.01', jointExemptionData: SPOUSE })).toEqual(['taxExemptionOrderAmount']);
  });
  it("checks the spouse's Steuer-ID too", () => {
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, jointExemptionData: { ...SPOUSE, taxId: '86095742718' } })).toEqual(['jointExemptionData.taxId']);
  });
  it('ends on 31 December of a year, not before it starts, and starts in its calendar year', () => {
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, validTo: '2027-12-31' })).toEqual([]);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, validTo: '2027-06-30' })).toEqual(['validTo']);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, validTo: '2026-12-31' })).toEqual(['validTo']);
    expect(refusedAt('EXEMPTION_ORDER', { ...FSA, preconditionYear: 2028 })).toEqual(['validFrom']);
  });
  it('cannot start in a past year', () => {
    expect(serviceRequestProblems('EXEMPTION_ORDER', { ...FSA, validFrom: '2025-01-01', preconditionYear: 2025 }, '2026-11-26').map((p) => p.path)).toEqual(['validFrom']);
    expect(serviceRequestProblems('EXEMPTION_ORDER', { ...FSA, validFrom: '2026-01-01', preconditionYear: 2026 }, '2026-11-26')).toEqual([]);
  });
  it('is summed up for the review as the customer reads it', () => {
    expect(serviceRequestLines('EXEMPTION_ORDER', accepted('EXEMPTION_ORDER', FSA))).toEqual([
      { label: 'Freistellungsbetrag', value: '801,00\u00a0€' },
      { label: 'Art', value: 'Einzelauftrag' },
      { label: 'Gültig ab', value: '01.01.2027' },
      { label: 'Gültig bis', value: 'auf Widerruf' },
      { label: 'Kalenderjahr', value: '2027' },
    ]);
  });
});

describe('Verlustbescheinigung', () => {
  it('needs at least one pot', () => {
    expect(refusedAt('LOSS_CERTIFICATE', {})).toEqual(['lossOffsetResetStocks']);
    expect(refusedAt('LOSS_CERTIFICATE', { lossOffsetResetOther: true })).toEqual([]);
  });
  it('can be requested until 15 December, not a day later', () => {
    expect(serviceRequestProblems('LOSS_CERTIFICATE', { lossOffsetResetStocks: true }, '2026-12-15')).toEqual([]);
    expect(serviceRequestProblems('LOSS_CERTIFICATE', { lossOffsetResetStocks: true }, '2026-12-16')).toHaveLength(1);
  });
});

describe('Ausweisdokument, Kündigung, Lombardkredit, Krypto, Depotauszug, Lastschrift', () => {
  it('an ID document must be confirmed valid, come with a scan, and still be valid', () => {
    const id = { idDocumentNewValidUntil: '2034-05-31', idDocumentConfirmValid: true, attachmentFileReferences: ['3f2a9c41-7b1e-4d2a-9c3b-5e6f7a8b9c0d'] };
    expect(refusedAt('ID_DOCUMENT', id)).toEqual([]);
    expect(refusedAt('ID_DOCUMENT', { ...id, idDocumentConfirmValid: false })).toEqual(['idDocumentConfirmValid']);
    expect(refusedAt('ID_DOCUMENT', { ...id, attachmentFileReferences: [] })).toEqual(['attachmentFileReferences']);
    expect(serviceRequestProblems('ID_DOCUMENT', { ...id, idDocumentNewValidUntil: '2026-11-26' }, '2026-11-26')).toHaveLength(1);
    expect(serviceRequestProblems('ID_DOCUMENT', { ...id, idDocumentNewValidUntil: '2037-01-01' }, '2026-11-26')).toHaveLength(1);
  });
  it('a Kündigung needs a reason from the list', () => {
    expect(refusedAt('TERMINATION', { terminationReason: 'FEES' })).toEqual([]);
    expect(refusedAt('TERMINATION', { terminationReason: 'WEIL' })).toEqual(['terminationReason']);
  });
  it('the lombard documents are confirmed all together', () => {
    expect(refusedAt('LOMBARD_DOCUMENTS', { lombardConfirmedDocuments: ['CREDIT_AGREEMENT'] })).toEqual(['lombardConfirmedDocuments']);
    expect(refusedAt('LOMBARD_DOCUMENTS', { lombardConfirmedDocuments: ['RISK_INFORMATION', 'CREDIT_AGREEMENT', 'PRE_CONTRACTUAL_INFORMATION'] })).toEqual([]);
  });
  it('the crypto address confirmation carries its time; the report date is a quarter end; the mandate is granted or revoked', () => {
    expect(refusedAt('CRYPTO_ADDRESS', { cryptoAddressConfirmedDateTime: '2026-11-26T10:15:00Z' })).toEqual([]);
    expect(refusedAt('CRYPTO_ADDRESS', {})).toEqual(['cryptoAddressConfirmedDateTime']);
    expect(refusedAt('PORTFOLIO_REPORT_DUE_DATE', { portfolioReportDueDate: '06-30' })).toEqual([]);
    expect(refusedAt('PORTFOLIO_REPORT_DUE_DATE', { portfolioReportDueDate: '06-15' })).toEqual(['portfolioReportDueDate']);
    expect(refusedAt('DIRECT_DEBIT_MANDATE', { directDebitMandate: 'REVOKE' })).toEqual([]);
    expect(refusedAt('DIRECT_DEBIT_MANDATE', { directDebitMandate: 'MAYBE' })).toEqual(['directDebitMandate']);
  });
});

describe('a draft saved half filled in', () => {
  it('is summed up with what it holds, without the lines still empty', () => {
    expect(serviceRequestLines('ID_DOCUMENT', { idDocumentConfirmValid: true, attachmentFileReferences: [] })).toEqual([
      { label: 'Dokument gültig', value: 'bestätigt' },
      { label: 'Scan', value: '0 Dateien' },
    ]);
    expect(serviceRequestLines('EXEMPTION_ORDER', { validFrom: '2027-01-01' })).toEqual([
      { label: 'Art', value: 'Einzelauftrag' },
      { label: 'Gültig ab', value: '01.01.2027' },
      { label: 'Gültig bis', value: 'auf Widerruf' },
    ]);
    expect(serviceRequestLines('ADDRESS', { city: 'Köln' })).toEqual([{ label: 'Neue Adresse', value: 'Köln' }]);
    expect(serviceRequestLines('CRYPTO_ADDRESS', {})).toEqual([]);
  });
});
