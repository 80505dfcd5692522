import type { CustomerSettings } from '@kontor/domain/customer-settings-contracts';

/** The customer's settings as the server answers them (the client parses them). */
export const CUSTOMER_SETTINGS: CustomerSettings = {
  address: { street: 'Hauptstraße', street2: null, houseNumber: '1', houseNumber2: 'a', postalCode: '10115', city: 'Berlin', country: 'DE' },
  taxResidences: [{ country: 'DE', taxId: '86095742719' }],
  exemptionOrders: [
    { id: '00000001-1111-4222-8333-444444444444', amount: '801.00', validFrom: '2026-01-01', validTo: '2026-12-31', preconditionYear: 2026, joint: null, ticketId: null },
    { id: '00000002-1111-4222-8333-444444444444', amount: '2000.00', validFrom: '2027-01-01', validTo: null, preconditionYear: 2027, joint: { givenName: 'Erika', familyName: 'Mustermann' }, ticketId: null },
  ],
  portfolioReportDueDate: '12-31',
  cryptoAddressConfirmedAt: null,
  idDocumentValidUntil: '2031-05-31',
  lombardDocumentsConfirmedAt: null,
  lombardConfirmedDocuments: [],
  termination: null,
  lossCertificateYears: [2024, 2025],
  preferences: { theme: 'SYSTEM', defaultOrderValidity: 'day', language: 'de', adAgree: false, adAgreeChangedAt: null },
};
