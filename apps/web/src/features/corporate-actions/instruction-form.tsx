import { useMemo, useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { caAuthorisationAmount, caAuthorisationData, type CaAnnouncement, type CaPreview } from '@kontor/domain/ca-contracts';
import type { CaOption } from '@kontor/domain/corporate-actions';
import { isApiError } from '../../lib/api-client';
import { AuthoriseDialog } from '../../parts/authorisation/authorise-dialog';
import { domainLabel } from '../../lib/domain-labels';
import { formatDateTime, formatMoney, formatQuantity } from '../../lib/format';
import { formatDecimalInput, parseDecimalInput } from '../../lib/decimal-input';
import { useToast } from '../../lib/toasts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { RadioGroup } from '../../ui/radio-group';
import { SkeletonText } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { useCaPreview, useGiveInstruction, type InstructionChoice } from './ca-api';
import { instructionText } from './ca-status';
import { PreviewFigures } from './preview-figures';
import styles from './corporate-actions.module.css';

/** How long the choice must rest before the preview is asked (typing a quantity). */
const PREVIEW_DELAY_MS = 350;

const sameQuantity = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

/**
 * "Ihre Weisung" of a voluntary event before its deadline: the options (the default marked), a
 * quantity where the option takes one, the preview of what it books, and "Weisung erteilen" —
 * with a TAN or the app when it debits cash. Changeable until the deadline.
 */
export function InstructionForm({ event, countdown }: { event: CaAnnouncement; countdown: string }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const give = useGiveInstruction();
  const [option, setOption] = useState<CaOption>(event.instruction?.option ?? event.defaultOption ?? event.options[0]!.option);
  const [quantityText, setQuantityText] = useState(event.instruction?.quantity ? formatDecimalInput(event.instruction.quantity, 0) : '');
  const [quantityShown, setQuantityShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [authorising, setAuthorising] = useState<{ choice: InstructionChoice; preview: CaPreview } | null>(null);

  const withQuantity = event.options.find((o) => o.option === option)?.withQuantity ?? false;
  const parsed = parseDecimalInput(quantityText);
  const quantityError = withQuantity && (parsed === null || !new Decimal(parsed).gt(0)) ? t('corporateActions.instruction.quantityError') : null;
  const choiceKey = withQuantity && quantityError ? null : JSON.stringify({ eventId: event.id, option, quantity: withQuantity ? parsed : null });
  const debouncedKey = useDebouncedValue(choiceKey, PREVIEW_DELAY_MS);
  const asked = useMemo(() => (debouncedKey ? (JSON.parse(debouncedKey) as InstructionChoice) : null), [debouncedKey]);
  const preview = useCaPreview(asked);
  const choice = choiceKey ? (JSON.parse(choiceKey) as InstructionChoice) : null;
  // The figures shown belong to what is on the form now (not to the option before, still on screen while the new one loads).
  const current =
    choice && preview.data && !preview.isPlaceholderData && debouncedKey === choiceKey && preview.data.option === choice.option && sameQuantity(preview.data.quantity, choice.quantity)
      ? preview.data
      : null;
  const updating = choice !== null && current === null && !(preview.isError && debouncedKey === choiceKey);

  const send = async (c: InstructionChoice, authorisation?: Parameters<typeof give.mutateAsync>[0]['authorisation']) => {
    await give.mutateAsync({ ...c, ...(authorisation ? { authorisation } : {}) });
    toasts.success(t('corporateActions.instruction.done'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setQuantityShown(true);
    setError(null);
    if (!choice || !current) return;
    if (current.needsAuthorisation) {
      setAuthorising({ choice, preview: current });
      return;
    }
    try {
      await send(choice);
    } catch (err) {
      setError(isApiError(err) ? err.message : t('corporateActions.unexpected'));
    }
  };

  const optionLabel = (o: CaOption) => domainLabel(t, 'caOption', o);
  return (
    <Card title={t('corporateActions.instruction.title')}>
      <div className={styles.stack}>
        {event.instruction ? (
          <Notice tone="success" title={t('corporateActions.instruction.yours', { label: instructionText(t, event) })}>
            {t('corporateActions.instruction.changeableUntil', { date: formatDateTime(event.deadline), countdown })}
          </Notice>
        ) : (
          <p className={styles.deadline}>
            {t('corporateActions.instruction.until', { date: formatDateTime(event.deadline) })} <strong>{countdown}</strong>
          </p>
        )}
        <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate aria-label={t('corporateActions.instruction.title')}>
          <RadioGroup
            label={t('corporateActions.instruction.option')}
            value={option}
            onChange={(v) => {
              setOption(v as CaOption);
              setError(null);
            }}
            options={event.options.map((o) => ({
              value: o.option,
              label:
                o.option === event.defaultOption ? (
                  <>
                    {optionLabel(o.option)} <span className={styles.muted}>({t('corporateActions.instruction.default')})</span>
                  </>
                ) : (
                  optionLabel(o.option)
                ),
            }))}
          />
          {withQuantity && (
            <TextField
              label={t('corporateActions.instruction.quantity')}
              description={t(`corporateActions.instruction.quantityHint.${option}`, { defaultValue: '', held: formatQuantity(event.entitlement.quantity) }) || undefined}
              value={quantityText}
              onChange={setQuantityText}
              onBlur={() => setQuantityShown(true)}
              inputMode="decimal"
              autoComplete="off"
              errorMessage={quantityShown && quantityError ? quantityError : undefined}
            />
          )}
          <section aria-labelledby="ca-preview-title" aria-busy={updating} className={styles.preview}>
            <h3 id="ca-preview-title" className={styles.subTitle}>
              {t('corporateActions.preview.title')}
            </h3>
            {preview.isError && debouncedKey === choiceKey ? (
              <Notice tone="danger">{isApiError(preview.error) ? preview.error.message : t('corporateActions.unexpected')}</Notice>
            ) : current ? (
              <PreviewFigures preview={current} hasRights={event.rightsIsin !== null} />
            ) : choice === null ? (
              <p className={styles.muted}>{t('corporateActions.preview.needsQuantity')}</p>
            ) : (
              <div role="status">
                <span className="visually-hidden">{t('corporateActions.preview.loading')}</span>
                <SkeletonText lines={5} />
              </div>
            )}
          </section>
          {error && <Notice tone="danger">{error}</Notice>}
          <div className={styles.actions}>
            <Button type="submit" isPending={give.isPending} isDisabled={!current}>
              {event.instruction ? t('corporateActions.instruction.change') : t('corporateActions.instruction.submit')}
            </Button>
          </div>
        </form>
      </div>
      {authorising && (
        <AuthoriseDialog
          isOpen
          onOpenChange={(isOpen) => !isOpen && setAuthorising(null)}
          title={t('corporateActions.instruction.authTitle')}
          details={
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>{t('corporateActions.instruction.authEvent')}</dt>
                <dd>
                  {domainLabel(t, 'caType', event.type)}: {event.name}
                </dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('corporateActions.instruction.option')}</dt>
                <dd>
                  {optionLabel(authorising.choice.option)}
                  {authorising.choice.quantity !== null && ` (${t('corporateActions.pieces', { quantity: formatQuantity(authorising.choice.quantity) })})`}
                </dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('corporateActions.instruction.authAmount')}</dt>
                <dd>{formatMoney(caAuthorisationAmount(authorising.preview))}</dd>
              </div>
            </dl>
          }
          payload={{
            type: 'CA_INSTRUCTION',
            data: caAuthorisationData({
              eventId: event.id,
              option: authorising.choice.option,
              quantity: authorising.choice.quantity,
              amount: caAuthorisationAmount(authorising.preview),
            }),
          }}
          onAuthorised={(authorisation) => send(authorising.choice, authorisation)}
        />
      )}
    </Card>
  );
}
