import { useTranslation } from 'react-i18next';
import type { TicketState } from '@kontor/domain/enums';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import { useLabels } from '../../lib/domain-labels';
import { formatDate } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import styles from './tickets.module.css';

const TONES: Record<TicketState, BadgeTone> = { PREPARED: 'neutral', OPEN: 'info', CUSTOMER_REPLY: 'warning', CLOSED: 'success' };

/** The ticket's state in the spec's German words; "bitte lesen" stands out. */
export function TicketStateBadge({ ticket }: { ticket: Pick<Ticket, 'state' | 'outcome'> }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const rejected = ticket.state === 'CLOSED' && ticket.outcome === 'REJECTED';
  return (
    <span className={styles.state} data-ticket-state={ticket.state}>
      <Badge tone={rejected ? 'danger' : TONES[ticket.state]}>{label('ticketState', ticket.state)}</Badge>
      {rejected && <span className={styles.muted}>{t('tickets.outcome.REJECTED')}</span>}
    </span>
  );
}

/** "Eingereicht am 26.11.2026 · Geschlossen am 27.11.2026", or "Entwurf vom …" for a draft. */
export function ticketDatesText(ticket: Ticket, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (ticket.submittedAt === null) return t('tickets.dates.draft', { date: formatDate(ticket.createdAt) });
  const parts = [t('tickets.dates.submitted', { date: formatDate(ticket.submittedAt) })];
  if (ticket.closedAt) parts.push(t('tickets.dates.closed', { date: formatDate(ticket.closedAt) }));
  return parts.join(' · ');
}

/** The unread marker: a dot and "Neue Antwort", which a screen reader reads with the ticket. */
export function UnreadMarker() {
  const { t } = useTranslation();
  return (
    <span className={styles.unread} data-unread-marker="">
      <span className={styles.dot} aria-hidden="true" />
      {t('tickets.unread')}
    </span>
  );
}
