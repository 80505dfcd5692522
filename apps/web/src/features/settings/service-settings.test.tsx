import { taxYearView } from '../../test/tax-fixtures';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerSettings } from '@kontor/domain/customer-settings-contracts';
import type { MoneyOverview } from '@kontor/domain/money-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse } from '../../test/fixtures';
import { CUSTOMER_SETTINGS as SETTINGS } from '../../test/customer-settings-fixtures';
import { moneyOverviewWith } from '../../test/money-fixtures';
import { renderAlone } from '../../test/render';
import { ContractCard, ReferenceAccountCard, TerminationNote } from './account-cards';
import { AddressCard, TaxCard } from './address-tax-cards';

vi.setConfig({ testTimeout: 30_000 });

function install(settings: CustomerSettings | null, overview?: Partial<MoneyOverview>) {
  configureApi(
    createApiClient({
      fetch: async (input) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/usersettings') return settings ? jsonResponse(settings) : jsonResponse({ message: 'Fehler' }, { status: 503 });
        if (path === '/api/moneytransaction') return jsonResponse(moneyOverviewWith(overview));
        if (path === '/api/tax') return jsonResponse(taxYearView({ churchTax: '9', churchTaxNext: { year: 2027, churchTax: 'none' } }));
        return jsonResponse({ message: 'not here' }, { status: 404 });
      },
    }),
  );
}

afterEach(() => {
  configureApi(createApiClient());
});

const changeLinks = () => screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);

describe('Einstellungen: what service requests change', () => {
  it('address and tax data as carried out, each with the request that changes it', async () => {
    install(SETTINGS);
    await renderAlone(
      <>
        <AddressCard />
        <TaxCard />
      </>,
    );
    const address = await screen.findByRole('region', { name: 'Adresse' }, { timeout: 10_000 });
    expect((await within(address).findByText('Hauptstraße 1 a')).closest('address')!.textContent).toBe('Hauptstraße 1 a10115 BerlinDeutschland');
    const tax = screen.getByRole('region', { name: 'Steuerliche Angaben' });
    expect(within(tax).getByText('Steuer-ID 86 095 742 719')).toBeTruthy();
    expect(tax.querySelector('[data-facts="exemption-orders"]')!.textContent).toBe(
      'Aktueller Auftrag801,00\u00a0€ · gültig vom 01.01.2026 bis 31.12.2026Folgeauftrag2.000,00\u00a0€ · gültig ab 01.01.2027 bis auf Widerruf · gemeinsam mit Erika Mustermann',
    );
    expect(within(tax).getByText('Ausgestellt für 2025, 2024')).toBeTruthy();
    expect(await within(tax).findByText('Kirchensteuer 9 %')).toBeTruthy();
    // A change made this year applies from the next.
    expect(within(tax).getByText('Ab 2027: Keine Kirchensteuer')).toBeTruthy();
    expect(within(tax).getByText(/Eine Änderung gilt ab dem 1. Januar des nächsten Jahres/)).toBeTruthy();
    expect(changeLinks()).toEqual([
      ['Ändern (Adresse)', '/service/neu/ADDRESS'],
      ['Ändern (Steuerliche Ansässigkeit)', '/service/neu/TAX_RESIDENCE'],
      ['Ändern (Freistellungsauftrag)', '/service/neu/EXEMPTION_ORDER'],
      ['Beantragen (Verlustbescheinigungen)', '/service/neu/LOSS_CERTIFICATE'],
      ['Ändern (Kirchensteuermerkmal)', '/steuern'],
    ]);
  });

  it('reference account with the mandate, depot and contract details, and the quiet termination link', async () => {
    install(SETTINGS, {
      referenceAccount: { iban: 'DE89370400440532013000', ibanMasked: 'DE89 •••• 3000', holder: 'Max Mustermann', bic: null },
      directDebit: { enabled: true, mandate: null, instantLimit: '1000.00' },
    });
    await renderAlone(
      <>
        <ReferenceAccountCard />
        <ContractCard />
        <TerminationNote />
      </>,
    );
    const account = await screen.findByRole('region', { name: 'Referenzkonto' }, { timeout: 10_000 });
    expect((await within(account).findByText('DE89 •••• 3000')).closest('dl')!.textContent).toBe('IBANDE89 •••• 3000KontoinhaberMax Mustermann');
    expect(account.querySelector('[data-mandate]')!.textContent).toBe('nicht erteilt');
    const contract = screen.getByRole('region', { name: 'Depot und Verträge' });
    expect(await within(contract).findByText('gültig bis 31.05.2031')).toBeTruthy();
    expect(within(contract).getByText('Jährlich zum 31. Dezember')).toBeTruthy();
    expect(changeLinks()).toEqual([
      ['Ändern (Referenzkonto)', '/service/neu/REFERENCE_ACCOUNT'],
      ['Mandat erteilen (SEPA-Lastschriftmandat)', '/service/neu/DIRECT_DEBIT_MANDATE'],
      ['Ändern (Stichtag des Depotauszugs)', '/service/neu/PORTFOLIO_REPORT_DUE_DATE'],
      ['Erneuern (Ausweisdokument)', '/service/neu/ID_DOCUMENT'],
      ['Bestätigen (Krypto-Adresse)', '/service/neu/CRYPTO_ADDRESS'],
      ['Bestätigen (Lombardkredit-Unterlagen)', '/service/neu/LOMBARD_DOCUMENTS'],
      ['Depot kündigen', '/service/neu/TERMINATION'],
    ]);
  });

  it('a requested termination replaces the link', async () => {
    install({ ...SETTINGS, termination: { requestedAt: '2026-11-20T10:00:00.000Z', reason: 'FEES' } });
    await renderAlone(<TerminationNote />);
    expect(await screen.findByText('Ihre Kündigung vom 20.11.2026 ist eingegangen (Grund: Gebühren und Kosten).', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a failed load offers "Erneut versuchen"', async () => {
    install(null);
    await renderAlone(<AddressCard />);
    expect(await screen.findByText('Ihre hinterlegten Daten können gerade nicht geladen werden.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
