import { useTranslation } from 'react-i18next';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { EXEMPTION_LIMIT_JOINT, EXEMPTION_LIMIT_SINGLE } from '@kontor/domain/service-requests';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/radio-group';
import { Check, TextInput } from './form-controls';
import type { FormValues } from './form-model';
import layout from '../../../ui/form-layout.module.css';
import styles from './forms.module.css';

/**
 * Freistellungsauftrag (amtliches Muster): the amount in German notation, single or joint with
 * the spouse, the calendar year it starts in, and its end (31 December of a year, or until
 * revoked). The preview shows the PDF that will be signed.
 */
export function ExemptionOrderFields({ today, onPreview, previewing }: { today: string; onPreview: () => void; previewing: boolean }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<FormValues>();
  const joint = useWatch<FormValues, 'joint'>({ name: 'joint' });
  const year = Number(today.slice(0, 4));
  const precondition = useController<FormValues, 'preconditionYear'>({ name: 'preconditionYear' });
  const untilRevoked = useController<FormValues, 'untilRevoked'>({ name: 'untilRevoked' });
  const limit = formatMoney(joint ? EXEMPTION_LIMIT_JOINT : EXEMPTION_LIMIT_SINGLE);

  return (
    <>
      <TextInput
        name="taxExemptionOrderAmount"
        label={t('tickets.forms.exemption.amount')}
        description={t('tickets.forms.exemption.amountHint', { limit })}
        inputMode="decimal"
        placeholder="801,00"
        autoComplete="off"
      />
      <Check name="joint" description={t('tickets.forms.exemption.jointHint')}>
        {t('tickets.forms.exemption.joint')}
      </Check>
      {joint && (
        <fieldset className={layout.group}>
          <legend className={styles.legend}>{t('tickets.forms.exemption.spouse')}</legend>
          <div className={layout.row}>
            <TextInput name="jointExemptionData.givenName" label={t('tickets.forms.exemption.givenName')} className={layout.grow} />
            <TextInput name="jointExemptionData.familyName" label={t('tickets.forms.exemption.familyName')} className={layout.grow} />
          </div>
          <div className={layout.row}>
            <TextInput name="jointExemptionData.birthDate" type="date" label={t('tickets.forms.exemption.birthDate')} className={layout.grow} />
            <TextInput name="jointExemptionData.taxId" label={t('tickets.forms.exemption.taxId')} inputMode="numeric" autoComplete="off" className={layout.grow} />
          </div>
        </fieldset>
      )}
      <RadioGroup
        label={t('tickets.forms.exemption.year')}
        orientation="horizontal"
        value={precondition.field.value}
        onChange={(y) => {
          precondition.field.onChange(y);
          // A new year starts the order on its 1 January, and ends it no earlier.
          setValue('validFrom', `${y}-01-01`);
          setValue('validToYear', y);
        }}
        options={[String(year), String(year + 1)].map((y) => ({ value: y, label: y }))}
        errorMessage={precondition.fieldState.error?.message}
      />
      <TextInput name="validFrom" type="date" label={t('tickets.forms.exemption.validFrom')} />
      <RadioGroup
        label={t('tickets.forms.exemption.validTo')}
        value={untilRevoked.field.value ? 'revoked' : 'year'}
        onChange={(v) => untilRevoked.field.onChange(v === 'revoked')}
        options={[
          { value: 'revoked', label: t('tickets.forms.exemption.untilRevoked') },
          { value: 'year', label: t('tickets.forms.exemption.untilYear') },
        ]}
      />
      {!untilRevoked.field.value && (
        <TextInput name="validToYear" label={t('tickets.forms.exemption.validToYear')} description={t('tickets.forms.exemption.validToYearHint')} inputMode="numeric" className={layout.short} />
      )}
      <div>
        <Button variant="secondary" onPress={onPreview} isPending={previewing}>
          {t('tickets.forms.exemption.preview')}
        </Button>
      </div>
    </>
  );
}
