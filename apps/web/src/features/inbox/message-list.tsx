import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { MessageKind } from '@kontor/domain/enums';
import type { PosteingangMessage } from '@kontor/domain/posteingang-contracts';
import { formatDateTime, formatMoney } from '../../lib/format';
import { orderPath, ticketPath } from '../../lib/paths';
import { Button } from '../../ui/button';
import { InboxIcon, MailIcon, MailOpenIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/page';
import { RequestStateView } from '../../ui/request-state';
import { LoadMore } from './load-more';
import { useMarkMessageRead, useMessages } from './inbox-api';
import styles from './inbox.module.css';
import { useDomainText } from '../../lib/domain-text';

/**
 * Where a message leads (spec §3 message kinds): an order and its TSL move to the order page, a
 * previously quoted price to the RFQ's order, a ticket to the ticket. `msg` and a kind the app does
 * not know stay plain text: shown, never dropped.
 */
export function messageTarget(message: PosteingangMessage): { href: string; label: string } | null {
  const kind: MessageKind = message.kind;
  switch (kind) {
    case 'order':
    case 'tslupdate':
      return message.orderId ? { href: orderPath(message.orderId), label: 'inbox.messages.toOrder' } : null;
    case 'previously_quoted':
      return message.orderId ? { href: orderPath(message.orderId), label: 'inbox.messages.toRfq' } : null;
    case 'ticket':
      return message.ticketId ? { href: ticketPath(message.ticketId), label: 'inbox.messages.toTicket' } : null;
    case 'msg':
    case 'unknown':
      return null;
  }
}

function MessageRow({ message }: { message: PosteingangMessage }) {
  const { t } = useTranslation();
  const mark = useMarkMessageRead();
  const target = messageTarget(message);
  // The server writes messages in German; in English they read from the domain-text catalogue.
  const text = useDomainText();
  const title = text(message.title);
  return (
    <li className={styles.item} data-unread={message.read ? undefined : ''} data-message-kind={message.kind}>
      <div className={styles.message}>
        <span className={styles.title}>
          {!message.read && <span className="visually-hidden">{t('inbox.unread')}: </span>}
          {title}
        </span>
        {message.body && <p className={styles.body}>{text(message.body)}</p>}
        {message.kind === 'tslupdate' && message.stop && <p className={styles.body}>{t('inbox.messages.newStop', { stop: formatMoney(message.stop) })}</p>}
        <span className={styles.meta}>
          {t(`inbox.messages.kind.${message.kind}`)} · {formatDateTime(message.date)}
        </span>
        {target && (
          <Link className={styles.textLink} href={target.href} onPress={() => !message.read && mark.mutate({ id: message.id, read: true })}>
            {t(target.label)}
          </Link>
        )}
      </div>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t(message.read ? 'inbox.markUnread' : 'inbox.markRead', { title })}
          isPending={mark.isPending}
          onPress={() => mark.mutate({ id: message.id, read: !message.read })}
        >
          {message.read ? <MailIcon /> : <MailOpenIcon />}
        </Button>
      </div>
    </li>
  );
}

/** The messages, newest first, a page at a time. */
export function MessageList() {
  const { t } = useTranslation();
  const messages = useMessages();
  return (
    <RequestStateView request={messages} errorMessage={t('inbox.messages.loadError')} notAvailableMessage={t('inbox.notAvailable')} inset>
      {(data) => {
        const list = data.pages.flatMap((page) => page.messages);
        if (list.length === 0)
          return (
            <EmptyState icon={<InboxIcon />} title={t('inbox.messages.emptyTitle')}>
              {t('inbox.messages.emptyText')}
            </EmptyState>
          );
        return (
          <>
            <ul className={styles.list} aria-label={t('inbox.messages.listLabel')}>
              {list.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
            <LoadMore query={messages} />
          </>
        );
      }}
    </RequestStateView>
  );
}
