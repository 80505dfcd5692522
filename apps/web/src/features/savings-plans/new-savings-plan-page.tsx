import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { addCalendarDays, berlinDate } from '@kontor/domain/calendar-dates';
import type { Instrument } from '@kontor/domain/instrument';
import type { SavingsPlanInput } from '@kontor/domain/savings-plan-contracts';
import { DYNAMIC_INCREASES, type DynamicIncrease, type SavingsPayment } from '@kontor/domain/savings-plans';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { InstrumentLink, useInstrumentPath } from '../../parts/instrument-link';
import { newSavingsPlanPath, savingsPlanPath, savingsPlansPath } from '../../lib/paths';
import { useInstrument } from '../../parts/queries/instrument';
import { useSubmissionKey } from '../../lib/submission-key';
import { useToast } from '../../lib/toasts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { Page } from '../../ui/page';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { CostFacts, SavingsCalendar } from './plan-costs';
import { PlanTermsFields, usePlanTerms } from './plan-terms-fields';
import { InstrumentPicker } from './instrument-picker';
import { serverFieldErrors, useCreateSavingsPlan, useSavingsPlanPreview, useSavingsPlans } from './savings-plans-api';
import styles from './savings-plans.module.css';

const PREVIEW_DELAY_MS = 300;

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton height="2rem" width="min(70%, 22rem)" />
      <SkeletonText lines={6} />
    </div>
  );
}

/**
 * /sparplaene/neu?isin=… — a new savings plan: first the instrument (only those a plan can buy),
 * then rate, interval, day, first date, yearly increase and payment, with the ex-ante costs and
 * the first executions shown before "Sparplan anlegen".
 */
export function NewSavingsPlanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isin = params.get('isin');
  const instrument = useInstrument(isin);

  let content;
  if (!isin) content = <InstrumentPicker />;
  else if (instrument.isPending) content = <Loading />;
  else if (instrument.isError) {
    content = (
      <Card>
        <LoadError message={t('savingsPlans.new.instrumentError')} onRetry={() => void instrument.refetch()} />
      </Card>
    );
  } else if (!instrument.data.sparplan) {
    content = (
      <Card>
        <div className={styles.stack}>
          <Notice tone="warning">{t('savingsPlans.new.notAvailable', { name: instrument.data.name })}</Notice>
          <div className={styles.actions}>
            <LinkButton variant="secondary" href={newSavingsPlanPath()}>
              {t('savingsPlans.new.otherInstrument')}
            </LinkButton>
          </div>
        </div>
      </Card>
    );
  } else content = <NewPlanForm key={instrument.data.isin} instrument={instrument.data} />;

  return (
    <Page title={t('savingsPlans.new.title')} description={instrument.data && isin ? instrument.data.name : t('savingsPlans.new.pickDescription')}>
      {content}
    </Page>
  );
}

function NewPlanForm({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToast();
  const instrumentPath = useInstrumentPath();
  const plans = useSavingsPlans();
  const create = useCreateSavingsPlan();
  const submissionKey = useSubmissionKey();
  const terms = usePlanTerms();
  const tomorrow = addCalendarDays(berlinDate(new Date()), 1);
  const [firstDate, setFirstDate] = useState(tomorrow);
  const [dynamicPercent, setDynamicPercent] = useState<DynamicIncrease>(0);
  const [payment, setPayment] = useState<SavingsPayment>('CASH');
  const [error, setError] = useState<string | null>(null);
  const directDebit = plans.data?.directDebitAvailable === true;

  const input: SavingsPlanInput | null =
    terms.terms && /^\d{4}-\d{2}-\d{2}$/.test(firstDate) ? { isin: instrument.isin, ...terms.terms, firstDate, dynamicPercent, payment } : null;
  // Debounced as text: a new object each render would never settle.
  const inputText = input ? JSON.stringify(input) : null;
  const previewText = useDebouncedValue(inputText, PREVIEW_DELAY_MS);
  const preview = useSavingsPlanPreview(previewText ? (JSON.parse(previewText) as SavingsPlanInput) : null);
  const previewErrors = preview.isError && isApiError(preview.error) ? serverFieldErrors(preview.error.backendError.errors) : {};
  const fieldError = (field: string) => terms.serverErrors[field] ?? previewErrors[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    terms.showErrors();
    setError(null);
    if (!input) return;
    try {
      const plan = await create.mutateAsync({ input, idempotencyKey: submissionKey.keyFor(JSON.stringify(input)) });
      submissionKey.done();
      toasts.success(t('savingsPlans.new.created', { name: plan.name }));
      void navigate(savingsPlanPath(plan.id));
    } catch (e) {
      if (isApiError(e) && (e.status === 400 || e.status === 422)) {
        const fields = serverFieldErrors(e.backendError.errors);
        terms.setServerErrors(fields);
        if (Object.keys(fields).length === 0 || fields.isin) setError(fields.isin ?? e.message);
      } else setError(isApiError(e) ? e.message : t('savingsPlans.unexpected'));
    }
  };

  const payments: { value: SavingsPayment; label: string }[] = [{ value: 'CASH', label: t('savingsPlans.payment.CASH') }];
  if (directDebit) payments.push({ value: 'DIRECT_DEBIT', label: t('savingsPlans.payment.DIRECT_DEBIT') });

  return (
    <form className={styles.columns} onSubmit={(e) => void submit(e)} noValidate aria-label={t('savingsPlans.new.formLabel')}>
      <Card title={t('savingsPlans.new.termsTitle')}>
        <div className={styles.form}>
          <p className={styles.muted}>
            <InstrumentLink isin={instrument.isin} className={styles.link}>
              {instrument.name}
            </InstrumentLink>{' '}
            · {instrument.isin}
          </p>
          <PlanTermsFields state={{ ...terms, errors: { ...terms.errors, day: terms.errors.day ?? previewErrors.day } }} />
          <TextField
            label={t('savingsPlans.form.firstDate')}
            description={t('savingsPlans.form.firstDateHint')}
            type="date"
            min={tomorrow}
            value={firstDate}
            onChange={(value) => {
              setFirstDate(value);
              terms.setServerErrors((e) => ({ ...e, firstDate: undefined }));
            }}
            errorMessage={fieldError('firstDate')}
          />
          <RadioGroup
            label={t('savingsPlans.form.dynamic')}
            description={t('savingsPlans.form.dynamicHint')}
            orientation="horizontal"
            options={DYNAMIC_INCREASES.map((p) => ({ value: String(p), label: p === 0 ? t('savingsPlans.form.noDynamic') : `${p} %` }))}
            value={String(dynamicPercent)}
            onChange={(v) => setDynamicPercent(Number(v) as DynamicIncrease)}
            errorMessage={fieldError('dynamicPercent')}
          />
          <RadioGroup
            label={t('savingsPlans.form.payment')}
            options={payments}
            value={payment}
            onChange={(v) => setPayment(v as SavingsPayment)}
            errorMessage={fieldError('payment')}
          />
        </div>
      </Card>
      <Card title={t('savingsPlans.costs.title')}>
        <div className={styles.form}>
          <PreviewBody
            preview={preview}
            waiting={inputText !== null && (inputText !== previewText || preview.isFetching)}
            hasInput={input !== null}
            fieldProblem={Object.keys(previewErrors).length > 0}
          />
          {error && <Notice tone="danger">{error}</Notice>}
          <div className={styles.actions}>
            <Button type="submit" isPending={create.isPending}>
              {t('savingsPlans.new.submit')}
            </Button>
            <LinkButton variant="secondary" href={instrumentPath(instrument.isin) ?? savingsPlansPath}>
              {t('common.cancel')}
            </LinkButton>
          </div>
        </div>
      </Card>
    </form>
  );
}

function PreviewBody({
  preview,
  waiting,
  hasInput,
  fieldProblem,
}: {
  preview: ReturnType<typeof useSavingsPlanPreview>;
  waiting: boolean;
  hasInput: boolean;
  /** The server refused a field (shown there): the costs follow once it is corrected. */
  fieldProblem: boolean;
}) {
  const { t } = useTranslation();
  if (!hasInput) return <p className={styles.muted}>{t('savingsPlans.new.previewHint')}</p>;
  if (fieldProblem) return <p className={styles.muted}>{t('savingsPlans.new.previewFieldProblem')}</p>;
  if (!preview.data) {
    if (preview.isError) return <Notice tone="warning">{t('savingsPlans.new.previewError')}</Notice>;
    return <Loading />;
  }
  const data = preview.data;
  return (
    <div className={styles.stack} aria-busy={waiting} data-preview="">
      <dl className={styles.facts}>
        <div>
          <dt>{t('savingsPlans.new.firstExecution')}</dt>
          <dd data-first-execution="">{formatDate(data.firstExecution)}</dd>
        </div>
      </dl>
      <CostFacts costs={data.costs} />
      <h3 className={styles.subTitle}>{t('savingsPlans.calendar.next')}</h3>
      <SavingsCalendar calendar={data.calendar.slice(0, 4)} label={t('savingsPlans.calendar.next')} />
    </div>
  );
}
