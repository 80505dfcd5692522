import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { Ticket, TicketView } from '@kontor/domain/ticket-contracts';
import { useDomainText } from '../../lib/domain-text';
import { formatCount } from '../../lib/format';
import { newTicketPath, ticketPath, ticketsPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ServiceIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { TicketStateBadge, UnreadMarker, ticketDatesText } from './ticket-format';
import { useTickets } from './tickets-api';
import styles from './tickets.module.css';

/** The view as it stands in the address: /service (open) or /service?ansicht=geschlossen. */
const PARAM = 'ansicht';
const CLOSED_PARAM = 'geschlossen';

function NewTicketButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  return (
    <LinkButton variant={variant} href={newTicketPath()}>
      {t('tickets.create')}
    </LinkButton>
  );
}

function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className={styles.tabCount}>
      {formatCount(count)}
      <span className="visually-hidden"> {t('tickets.tabUnread')}</span>
    </span>
  );
}

function TicketItem({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const text = useDomainText();
  return (
    <li className={styles.item} data-ticket-id={ticket.id} data-unread={ticket.unread || undefined}>
      <Link href={ticketPath(ticket.id)} className={styles.itemLink}>
        <span className={styles.itemHead}>
          <span className={styles.itemTitle}>{text(ticket.title)}</span>
          <TicketStateBadge ticket={ticket} />
          {ticket.unread && <UnreadMarker />}
        </span>
        <span className={styles.muted}>{ticketDatesText(ticket, t)}</span>
        {ticket.lastEntry && <span className={styles.lastEntry}>{ticket.lastEntry}</span>}
      </Link>
    </li>
  );
}

function TicketListPanel({ view }: { view: TicketView }) {
  const { t } = useTranslation();
  const list = useTickets(view);
  if (list.isPending) {
    return (
      <Card flush>
        <div className={styles.loading} role="status" aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      </Card>
    );
  }
  if (list.isError) {
    return (
      <Card>
        <LoadError message={t('tickets.loadError')} onRetry={() => void list.refetch()} />
      </Card>
    );
  }
  if (list.data.tickets.length === 0) {
    return (
      <Card>
        {view === 'open' ? (
          <EmptyState icon={<ServiceIcon />} title={t('tickets.empty.open.title')} action={<NewTicketButton variant="secondary" />}>
            {t('tickets.empty.open.text')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<ServiceIcon />}
            title={t('tickets.empty.closed.title')}
            action={
              <LinkButton variant="secondary" href={ticketsPath()}>
                {t('tickets.empty.closed.action')}
              </LinkButton>
            }
          >
            {t('tickets.empty.closed.text')}
          </EmptyState>
        )}
      </Card>
    );
  }
  const label = view === 'open' ? t('tickets.openTab') : t('tickets.closedTab');
  return (
    <Card flush>
      <ul className={styles.list} aria-label={label}>
        {list.data.tickets.map((ticket) => (
          <TicketItem key={ticket.id} ticket={ticket} />
        ))}
      </ul>
    </Card>
  );
}

/**
 * /service — the customer's service requests: open ones (drafts, in progress, "bitte lesen") and
 * closed ones, each with its state, dates, latest entry and a marker when an agent answered.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: TicketView = params.get(PARAM) === CLOSED_PARAM ? 'closed' : 'open';
  // Both lists are asked for at once: each tab counts its own unread answers (a closing note is one too).
  const open = useTickets('open');
  const closed = useTickets('closed');
  const unreadIn = (list: typeof open) => list.data?.tickets.filter((ticket) => ticket.unread).length ?? 0;
  const unread = open.data?.unread ?? 0;

  return (
    <Page
      title={t('pages.tickets.title')}
      description={unread > 0 ? t('tickets.unreadCount', { count: unread }) : t('tickets.description')}
      actions={<NewTicketButton />}
    >
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'closed') next.set(PARAM, CLOSED_PARAM);
          else next.delete(PARAM);
          setParams(next, { replace: true });
        }}
      >
        <TabList aria-label={t('tickets.views')}>
          <Tab id="open">
            {t('tickets.openTab')}
            <UnreadCount count={unreadIn(open)} />
          </Tab>
          <Tab id="closed">
            {t('tickets.closedTab')}
            <UnreadCount count={unreadIn(closed)} />
          </Tab>
        </TabList>
        <TabPanel id="open" className={styles.panel}>
          <h2 className="visually-hidden">{t('tickets.openTab')}</h2>
          <TicketListPanel view="open" />
        </TabPanel>
        <TabPanel id="closed" className={styles.panel}>
          <h2 className="visually-hidden">{t('tickets.closedTab')}</h2>
          <TicketListPanel view="closed" />
        </TabPanel>
      </Tabs>
    </Page>
  );
}
