import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { countries } from '@kontor/domain/countries';
import { countryHasPostalCodes } from '@kontor/domain/postal-code';
import { Button } from '../../../ui/button';
import { Choice, TextInput } from './form-controls';
import type { FormValues } from './form-model';
import styles from './forms.module.css';

/** The country list of spec §3 (Deutschland, Österreich, Schweiz first) as select options. */
function useCountryOptions() {
  return useMemo(() => countries().map((c) => ({ id: c.code, label: c.name })), []);
}

export function AddressFields() {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const country = useWatch<FormValues, 'country'>({ name: 'country' });
  return (
    <>
      <div className={styles.row}>
        <TextInput name="newStreet" label={t('tickets.forms.address.street')} autoComplete="address-line1" className={styles.grow} />
        <TextInput name="newHouseNumber" label={t('tickets.forms.address.houseNumber')} className={styles.short} />
      </div>
      <div className={styles.row}>
        <TextInput name="newStreet2" label={t('tickets.forms.address.street2')} autoComplete="address-line2" className={styles.grow} />
        <TextInput name="newHouseNumber2" label={t('tickets.forms.address.houseNumber2')} className={styles.short} />
      </div>
      <div className={styles.row}>
        <TextInput
          name="postalCode"
          label={t('tickets.forms.address.postalCode')}
          description={countryHasPostalCodes(country) ? undefined : t('tickets.forms.address.noPostalCode')}
          autoComplete="postal-code"
          className={styles.short}
        />
        <TextInput name="city" label={t('tickets.forms.address.city')} autoComplete="address-level2" className={styles.grow} />
      </div>
      <Choice name="country" label={t('tickets.forms.address.country')} options={options} />
    </>
  );
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
        <fieldset key={row.id} className={styles.group}>
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
