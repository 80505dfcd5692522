import type { ReactNode } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { type CaAnnouncement } from '@kontor/domain/ca-contracts';
import { useLabels } from '../../lib/domain-labels';
import { isApiError } from '../../lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../lib/format';
import { corporateActionsPath, posteingangDocumentPath } from '../../lib/paths';
import { useServerNow } from '../../lib/server-today';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { CorporateActionIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { useCaEvent } from './ca-api';
import { CaStatusBadges, formatRatio, instructable, instructionText } from './ca-status';
import { formatCountdown } from './countdown';
import { InstructionForm } from './instruction-form';
import styles from './corporate-actions.module.css';
import { InstrumentLink } from '../../parts/instrument-link';
import { toWireAmount } from '@kontor/domain/numbers';
import lists from '../../ui/lists.module.css';

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.stack} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton width="min(70%, 24rem)" height="2rem" />
      <SkeletonText lines={7} />
      <SkeletonText lines={4} />
    </div>
  );
}

/**
 * /kapitalmassnahmen/:id — one corporate action: its terms, the terms document and statements in
 * the Posteingang, and for a voluntary one before its deadline the instruction with a preview of
 * what it books. A mandatory one only says what will be booked.
 */
export function CorporateActionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useCaEvent(id);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const notFound = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <Page title={t('pages.corporateActions.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<CorporateActionIcon />}
              title={t('corporateActions.detail.notFound')}
              action={
                <LinkButton variant="secondary" href={corporateActionsPath}>
                  {t('corporateActions.detail.toList')}
                </LinkButton>
              }
            >
              {t('corporateActions.detail.notFoundText')}
            </EmptyState>
          ) : (
            <LoadError message={t('corporateActions.detail.loadError')} onRetry={() => void detail.refetch()} />
          )}
        </Card>
      </Page>
    );
  }
  return <EventDetail event={detail.data} />;
}

function EventDetail({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const now = useServerNow();
  return (
    <Page title={`${label('caType', event.type)}: ${event.name}`} description={<CaStatusBadges event={event} />}>
      <p className={styles.back}>
        <Link href={corporateActionsPath} className={styles.textLink}>
          {t('corporateActions.detail.toList')}
        </Link>
      </p>
      <div className={styles.columns}>
        <Terms event={event} />
        <div className={styles.stack}>
          {event.mandatory ? (
            <MandatoryInfo event={event} />
          ) : now === null ? (
            <Card title={t('corporateActions.instruction.title')}>
              <div role="status" aria-busy="true">
                <span className="visually-hidden">{t('common.loading')}</span>
                <SkeletonText lines={4} />
              </div>
            </Card>
          ) : instructable(event, now) ? (
            <InstructionForm event={event} countdown={formatCountdown(t, event.deadline, now)} />
          ) : (
            <ClosedInstruction event={event} />
          )}
          <Documents event={event} />
        </div>
      </div>
    </Page>
  );
}

function Fact({ label, children, name }: { label: string; children: ReactNode; name?: string }) {
  return (
    <div className={styles.fact} data-ca-fact={name}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Terms({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const other = event.targetIsin !== event.isin;
  const priceLabel = t(`corporateActions.terms.priceOf.${event.type}`, { defaultValue: t('corporateActions.terms.price') });
  return (
    <Card title={t('corporateActions.terms.title')}>
      <dl className={styles.facts}>
        <Fact label={t('corporateActions.terms.type')}>{label('caType', event.type)}</Fact>
        <Fact label={t('corporateActions.terms.instrument')}>
          <InstrumentLink isin={event.isin} className={styles.textLink}>
            {event.name}
          </InstrumentLink>{' '}
          <span className={styles.muted}>{event.isin}</span>
        </Fact>
        {other && (
          <Fact label={t('corporateActions.terms.target')}>
            {event.targetName} <span className={styles.muted}>{event.targetIsin}</span>
          </Fact>
        )}
        <Fact label={t('corporateActions.terms.ratio')} name="ratio">
          {formatRatio(event, formatQuantity)}
        </Fact>
        {event.price !== null && (
          <Fact label={priceLabel} name="price">
            {formatMoney(event.price)}
          </Fact>
        )}
        {event.dividend !== null && <Fact label={t('corporateActions.terms.dividend')}>{formatMoney(event.dividend)}</Fact>}
        {event.foreignDividend !== null && event.currency && (
          <Fact label={t('corporateActions.terms.foreignDividend')}>{formatMoney(event.foreignDividend, event.currency)}</Fact>
        )}
        {event.rightsIsin && (
          <Fact label={t('corporateActions.terms.rightsIsin')}>
            <span className={styles.mono}>{event.rightsIsin}</span>
          </Fact>
        )}
        <Fact label={t('corporateActions.terms.recordDate')}>{formatDate(event.recordDate)}</Fact>
        <Fact label={t('corporateActions.terms.exDate')}>{formatDate(event.exDate)}</Fact>
        {!event.mandatory && (
          <Fact label={t('corporateActions.terms.deadline')} name="deadline">
            {t('corporateActions.terms.at', { date: formatDateTime(event.deadline) })}
          </Fact>
        )}
        {event.rightsTradingEnd && (
          <Fact label={t('corporateActions.terms.rightsTradingEnd')}>{t('corporateActions.terms.at', { date: formatDateTime(event.rightsTradingEnd) })}</Fact>
        )}
        <Fact label={t('corporateActions.terms.payDate')}>{formatDate(event.payDate)}</Fact>
        <Fact label={t('corporateActions.terms.entitled')} name="entitled">
          {t('corporateActions.pieces', { quantity: formatQuantity(event.entitlement.quantity) })}
        </Fact>
        {event.rightsIsin && (
          <Fact label={t('corporateActions.terms.rights')} name="rights">
            {formatQuantity(event.entitlement.rights)}
          </Fact>
        )}
      </dl>
    </Card>
  );
}

/** After the deadline (or once booked): what was instructed, or that the default was taken; nothing to change. */
function ClosedInstruction({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const defaultLabel = event.defaultOption && label('caOption', event.defaultOption);
  return (
    <Card title={t('corporateActions.instruction.title')}>
      <div className={styles.stack} data-ca-closed="">
        <Notice tone="info" title={event.status === 'GEBUCHT' || event.status === 'ABGESCHLOSSEN' ? label('caStatus', event.status) : t('corporateActions.countdown.over')}>
          {event.instruction
            ? event.instruction.source === 'default'
              ? t('corporateActions.instruction.defaultTaken', { label: instructionText(t, event) })
              : t('corporateActions.instruction.given', { label: instructionText(t, event) })
            : defaultLabel
              ? t('corporateActions.instruction.defaultWillBeTaken', { label: defaultLabel })
              : t('corporateActions.instruction.none')}
        </Notice>
        <p className={styles.muted}>
          {t(event.status === 'GEBUCHT' ? 'corporateActions.bookedOn' : event.status === 'ABGESCHLOSSEN' ? 'corporateActions.closedOn' : 'corporateActions.bookingOn', { date: formatDate(event.payDate) })}
        </p>
      </div>
    </Card>
  );
}

/** A mandatory event: what will be booked, worked out from the terms and the shares entitled; no form. */
function MandatoryInfo({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  const held = new Decimal(event.entitlement.quantity);
  let text: string;
  if (event.type === 'BARABF' && event.price !== null) {
    text = t('corporateActions.mandatory.BARABF', {
      quantity: formatQuantity(held.toString()),
      price: formatMoney(event.price),
      amount: formatMoney(toWireAmount(held.mul(event.price))),
      date: formatDate(event.payDate),
    });
  } else {
    const fresh = held.mul(event.ratio.new).div(event.ratio.old);
    text = t('corporateActions.mandatory.KAP2', {
      quantity: formatQuantity(fresh.toDecimalPlaces(4, Decimal.ROUND_DOWN).toString()),
      whole: formatQuantity(fresh.floor().toString()),
      date: formatDate(event.payDate),
    });
  }
  return (
    <Card title={t('corporateActions.mandatory.title')}>
      <div className={styles.stack} data-ca-mandatory="">
        <Notice tone="info" title={t('corporateActions.forInformation')}>
          {t('corporateActions.mandatory.noInstruction')}
        </Notice>
        <p>{text}</p>
      </div>
    </Card>
  );
}

/** The terms of the offer and the statements of the bookings, in the Posteingang. */
function Documents({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  if (!event.termsDocumentId && event.statementDocumentIds.length === 0) return null;
  return (
    <Card title={t('corporateActions.documents.title')}>
      <ul className={lists.stacked}>
        {event.termsDocumentId && (
          <li>
            <Link href={posteingangDocumentPath(event.termsDocumentId)} className={styles.textLink}>
              {t('corporateActions.documents.terms')}
            </Link>
          </li>
        )}
        {event.statementDocumentIds.map((id, i) => (
          <li key={id}>
            <Link href={posteingangDocumentPath(id)} className={styles.textLink} data-ca-statement={id}>
              {event.statementDocumentIds.length > 1 ? t('corporateActions.documents.statementN', { n: i + 1 }) : t('corporateActions.documents.statement')}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
