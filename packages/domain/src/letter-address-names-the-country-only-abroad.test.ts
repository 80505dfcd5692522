import { describe, expect, it } from 'vitest';
import { addressLines, letterAddressLines } from './postal-address';

const COLOGNE = { street: 'Heidestraße', street2: null, houseNumber: '17', houseNumber2: null, postalCode: '51147', city: 'Köln', country: 'DE' };

describe('the address field of a letter (DIN 5008)', () => {
  it('is name, street and house number, postcode and city for an address in Germany', () => {
    expect(letterAddressLines('Erika Mustermann', COLOGNE)).toEqual(['Erika Mustermann', 'Heidestraße 17', '51147 Köln']);
  });

  it('ends with the country in capitals abroad, and keeps an address addition and a house number addition', () => {
    const vienna = { street: 'Mariahilfer Straße', street2: 'Hinterhaus', houseNumber: '12', houseNumber2: 'a', postalCode: '1060', city: 'Wien', country: 'at' };
    expect(letterAddressLines('Erika Mustermann', vienna)).toEqual(['Erika Mustermann', 'Mariahilfer Straße 12 a', 'Hinterhaus', '1060 Wien', 'ÖSTERREICH']);
  });

  it('differs from the settings’ lines only in the name and the home country', () => {
    expect(addressLines(COLOGNE)).toEqual(['Heidestraße 17', '51147 Köln', 'Deutschland']);
  });
});
