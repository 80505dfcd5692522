import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { serviceRequestLines } from '@kontor/domain/service-request-summary';
import { useDomainText } from '../../lib/domain-text';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { editTicketPath, ticketsPath } from '../../lib/paths';
import { useToast } from '../../lib/toasts';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { ServiceIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ReplyForm } from './reply-form';
import { TicketStateBadge } from './ticket-format';
import { TicketThread } from './ticket-thread';
import { useDiscardTicket, useTicketDialog } from './tickets-api';
import styles from './tickets.module.css';

/** "Bearbeiten" and "Verwerfen" of a draft; discarding asks first and leads back to the list. */
function DraftActions({ ticket }: { ticket: Ticket }) {
  const text = useDomainText();
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const discard = useDiscardTicket();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await discard.mutateAsync(ticket.id);
      setConfirming(false);
      toast.success(t('tickets.draft.discarded'));
      void navigate(ticketsPath());
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('tickets.draft.discardFailed'));
    }
  };
  return (
    <div className={styles.stack}>
      <Notice tone="info">{t('tickets.draft.notice')}</Notice>
      <div className={styles.actions}>
        <LinkButton variant="primary" href={editTicketPath(ticket.id)}>
          {t('tickets.draft.edit')}
        </LinkButton>
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t('tickets.draft.discard')}
        </Button>
      </div>
      <ConfirmDialog
        title={t('tickets.draft.confirmTitle')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        confirmLabel={t('tickets.draft.discard')}
        tone="danger"
        isPending={discard.isPending}
        onConfirm={confirm}
      >
        <p>{t('tickets.draft.confirmText', { title: text(ticket.title) })}</p>
        {error && <Notice tone="danger">{error}</Notice>}
      </ConfirmDialog>
    </div>
  );
}

/** What was asked for (the same lines as the review before the TAN) and when it moved. */
function TicketSummary({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const text = useDomainText();
  const lines = serviceRequestLines(ticket.type, ticket.data).map((l) => ({ label: text(l.label), value: text(l.value) }));
  const dates = [
    { label: t('tickets.detail.createdAt'), value: formatDateTime(ticket.createdAt) },
    ...(ticket.submittedAt ? [{ label: t('tickets.detail.submittedAt'), value: formatDateTime(ticket.submittedAt) }] : []),
    ...(ticket.closedAt ? [{ label: t('tickets.detail.closedAt'), value: formatDateTime(ticket.closedAt) }] : []),
    ...(ticket.outcome ? [{ label: t('tickets.detail.outcome'), value: t(`tickets.outcome.${ticket.outcome}`) }] : []),
  ];
  return (
    <Card title={t('tickets.detail.request')}>
      <div className={styles.stack}>
        <dl className={styles.facts} data-ticket-lines="">
          {[...lines, ...dates].map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value || '–'}</dd>
            </div>
          ))}
        </dl>
        {ticket.state === 'PREPARED' && <DraftActions ticket={ticket} />}
      </div>
    </Card>
  );
}

function LoadingTicket() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton height="10rem" />
      <Skeleton height="14rem" />
    </div>
  );
}

/**
 * /service/:id — one service request: what it asks for, its state and dates, the dialog with the
 * agents (oldest first) and, while it is open, the customer's reply with files. Opening it marks
 * an agent's answer read.
 */
export function TicketPage() {
  const text = useDomainText();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const dialog = useTicketDialog(id);

  if (dialog.isPending) {
    return (
      <Page title={t('tickets.detail.loadingTitle')}>
        <LoadingTicket />
      </Page>
    );
  }
  if (dialog.isError) {
    const missing = isApiError(dialog.error) && (dialog.error.status === 404 || dialog.error.status === 400);
    return (
      <Page title={t('tickets.detail.loadingTitle')}>
        <Card>
          {missing ? (
            <EmptyState
              icon={<ServiceIcon />}
              title={t('tickets.detail.notFoundTitle')}
              action={
                <LinkButton variant="secondary" href={ticketsPath()}>
                  {t('tickets.detail.toList')}
                </LinkButton>
              }
            >
              {t('tickets.detail.notFoundText')}
            </EmptyState>
          ) : (
            <LoadError message={t('tickets.detail.loadError')} onRetry={() => void dialog.refetch()} />
          )}
        </Card>
      </Page>
    );
  }

  const { ticket, entries } = dialog.data;
  const canReply = ticket.state === 'OPEN' || ticket.state === 'CUSTOMER_REPLY';
  return (
    <Page title={text(ticket.title)} description={<TicketStateBadge ticket={ticket} />} actions={
      <LinkButton variant="ghost" href={ticketsPath(ticket.state === 'CLOSED' ? 'geschlossen' : undefined)}>
        {t('tickets.detail.toList')}
      </LinkButton>
    }>
      <div className={styles.columns}>
        <TicketSummary ticket={ticket} />
        <Card title={t('tickets.thread.title')}>
          <div className={styles.stack}>
            {ticket.state === 'CUSTOMER_REPLY' && <Notice tone="warning">{t('tickets.thread.replyNeeded')}</Notice>}
            <TicketThread ticketId={ticket.id} entries={entries} />
            {canReply ? <ReplyForm ticketId={ticket.id} /> : ticket.state === 'CLOSED' ? <p className={styles.muted}>{t('tickets.thread.closed')}</p> : null}
          </div>
        </Card>
      </div>
    </Page>
  );
}
