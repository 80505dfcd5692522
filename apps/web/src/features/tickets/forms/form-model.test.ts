import { describe, expect, it } from 'vitest';
import { checkRequest, dataFromValues, defaultValues, fieldOf, valuesFromData } from './form-model';

const TODAY = '2026-11-26';
const NOW = new Date('2026-11-26T09:00:00.000Z');

describe('the request forms’ values and data', () => {
  it('a Freistellungsauftrag typed in German comes back as typed from its draft, and normalises to the wire format', () => {
    const values = {
      ...defaultValues(TODAY),
      taxExemptionOrderAmount: '801,00',
      untilRevoked: false,
      validToYear: '2027',
    };
    const data = dataFromValues('EXEMPTION_ORDER', values, NOW);
    expect(data).toEqual({ taxExemptionOrderAmount: '801.00', validFrom: '2026-01-01', validTo: '2027-12-31', preconditionYear: 2026 });
    expect(valuesFromData('EXEMPTION_ORDER', data, TODAY)).toMatchObject({ taxExemptionOrderAmount: '801,00', untilRevoked: false, validToYear: '2027' });
    expect(checkRequest('EXEMPTION_ORDER', data, TODAY)).toEqual({ ok: true, data });
  });

  it('tax residences are rows in the form and numbered keys on the wire; a problem of taxId2 shows at the second row', () => {
    const values = { ...defaultValues(TODAY), taxRows: [{ country: 'DE', taxId: '86095742719' }, { country: 'AT', taxId: '' }] };
    const data = dataFromValues('TAX_RESIDENCE', values, NOW);
    expect(data).toEqual({ taxCountry1: 'DE', taxId1: '86095742719', taxCountry2: 'AT', taxId2: '' });
    const checked = checkRequest('TAX_RESIDENCE', data, TODAY);
    expect(checked.ok ? [] : checked.problems.map((p) => p.field)).toEqual(['taxRows.1.taxId']);
    expect(valuesFromData('TAX_RESIDENCE', data, TODAY).taxRows).toEqual(values.taxRows);
  });

  it('"aktuell" stamps the crypto address confirmation with the moment of confirming', () => {
    expect(dataFromValues('CRYPTO_ADDRESS', { ...defaultValues(TODAY), cryptoCurrent: true }, NOW)).toEqual({ cryptoAddressConfirmedDateTime: NOW.toISOString() });
    expect(fieldOf('CRYPTO_ADDRESS', 'cryptoAddressConfirmedDateTime')).toBe('cryptoCurrent');
  });
});
