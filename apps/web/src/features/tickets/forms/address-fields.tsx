import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { AddressFields as SharedAddressFields } from '../../../ui/address-fields';
import { Button } from '../../../ui/button';
import { useCountryOptions } from '../../../lib/countries';
import layout from '../../../ui/form-layout.module.css';
import { Choice, TextInput } from './form-controls';
import type { FieldName, FormValues } from './form-model';
import styles from './forms.module.css';

/** The form's fields of the new address's parts (ADDRESS request). */
const ADDRESS_FIELDS = {
  street: 'newStreet',
  houseNumber: 'newHouseNumber',
  street2: 'newStreet2',
  houseNumber2: 'newHouseNumber2',
  postalCode: 'postalCode',
  city: 'city',
  country: 'country',
} satisfies Record<string, FieldName>;

export function AddressFields() {
  return <SharedAddressFields names={ADDRESS_FIELDS} labels="tickets.forms.address" />;
}

export const MAX_TAX_COUNTRIES = 3;

/** 1–3 tax countries, each with its tax number (the German Steuer-ID has 11 digits and a check digit). */
export function TaxResidenceFields() {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const { control } = useFormContext<FormValues>();
  const rows = useFieldArray({ control, name: 'taxRows' });
  const values = useWatch<FormValues, 'taxRows'>({ name: 'taxRows' });
  return (
    <>
      <p className={styles.muted}>{t('tickets.forms.tax.intro')}</p>
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className={layout.group}>
          <legend className={styles.legend}>{t('tickets.forms.tax.row', { n: i + 1 })}</legend>
          <Choice name={`taxRows.${i}.country`} label={t('tickets.forms.tax.country')} options={options} />
          <TextInput
            name={`taxRows.${i}.taxId`}
            label={values?.[i]?.country === 'DE' ? t('tickets.forms.tax.germanId') : t('tickets.forms.tax.taxId')}
            description={values?.[i]?.country === 'DE' ? t('tickets.forms.tax.germanIdHint') : undefined}
            inputMode={values?.[i]?.country === 'DE' ? 'numeric' : undefined}
            autoComplete="off"
          />
          {rows.fields.length > 1 && (
            <div>
              <Button variant="ghost" size="sm" onPress={() => rows.remove(i)} aria-label={t('tickets.forms.tax.removeRow', { n: i + 1 })}>
                {t('tickets.forms.tax.remove')}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      {rows.fields.length < MAX_TAX_COUNTRIES && (
        <div>
          <Button variant="secondary" size="sm" onPress={() => rows.append({ country: '', taxId: '' })}>
            {t('tickets.forms.tax.add')}
          </Button>
        </div>
      )}
    </>
  );
}
