import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryHasPostalCodes } from '@kontor/domain/postal-code';
import { CountrySelect, TextInput } from './form-controls';
import layout from './form-layout.module.css';

type AddressPart = 'street' | 'houseNumber' | 'street2' | 'houseNumber2' | 'postalCode' | 'city' | 'country';

/**
 * An address of spec §3 in the surrounding react-hook-form form: street and house number side by
 * side (stacked at 360 px), the postal code by the country's pattern (none where it has none).
 * `names`: the form's field of each part; `labels`: the translation group with the parts' labels
 * and `noPostalCode`.
 */
export function AddressFields({ names, labels }: { names: Record<AddressPart, string>; labels: string }) {
  const { t } = useTranslation();
  const country = useWatch({ name: names.country }) as string;
  return (
    <>
      <div className={layout.row}>
        <TextInput name={names.street} label={t(`${labels}.street`)} autoComplete="address-line1" className={layout.grow} />
        <TextInput name={names.houseNumber} label={t(`${labels}.houseNumber`)} className={layout.short} />
      </div>
      <div className={layout.row}>
        <TextInput name={names.street2} label={t(`${labels}.street2`)} autoComplete="address-line2" className={layout.grow} />
        <TextInput name={names.houseNumber2} label={t(`${labels}.houseNumber2`)} className={layout.short} />
      </div>
      <div className={layout.row}>
        <TextInput
          name={names.postalCode}
          label={t(`${labels}.postalCode`)}
          description={countryHasPostalCodes(country) ? undefined : t(`${labels}.noPostalCode`)}
          autoComplete="postal-code"
          className={layout.short}
        />
        <TextInput name={names.city} label={t(`${labels}.city`)} autoComplete="address-level2" className={layout.grow} />
      </div>
      <CountrySelect name={names.country} label={t(`${labels}.country`)} />
    </>
  );
}
