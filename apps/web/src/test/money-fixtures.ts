import type { MoneyOverview } from '@kontor/domain/money-contracts';

export const REFERENCE_IBAN = 'DE89370400440532013000';

/** A whole money overview as the server answers it (the client parses it), changed where a test says. */
export function moneyOverviewWith(overrides: Partial<MoneyOverview> = {}): MoneyOverview {
  return {
    cash: { availableToBuy: '1500.00', availableToPayout: '1200.00', reserved: '300.00', reservedParts: { openOrders: '200.00', corporateActions: '100.00', payouts: '0.00' }, notYetSettled: '0.00', balance: '1500.00' },
    referenceAccount: { iban: REFERENCE_IBAN, ibanMasked: 'DE89 •••• 3000', holder: 'Max Mustermann', bic: 'COBADEFFXXX' },
    depositAccount: { holder: 'Kontor Wertpapierhandelsbank AG', iban: 'DE02120300000000202051', bic: 'KONTDEB1XXX', reference: 'KONTOR 1234 5678' },
    directDebit: { enabled: true, mandate: null, instantLimit: '1000.00' },
    payouts: [],
    debits: [],
    ...overrides,
  };
}
