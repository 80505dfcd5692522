import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '@kontor/domain/notifications';
import { useToast } from '../../lib/toasts';
import { Checkbox } from '../../ui/checkbox';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { useNotificationPreferences, useSavePreference } from './notifications-api';
import styles from './notifications.module.css';

/**
 * Where each kind of notification goes: the bell, e-mail, the Kontor app. A table kind × channel;
 * each checkbox is saved as it is changed (Tab moves through them, Space toggles). The push column
 * is the same setting the Kontor app's card shows.
 */
export function NotificationPreferencesTable() {
  const { t } = useTranslation();
  const toast = useToast();
  const preferences = useNotificationPreferences();
  const save = useSavePreference();
  if (preferences.isPending) {
    return (
      <div role="status" aria-busy="true" className={styles.loading}>
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton height="2rem" />
        <Skeleton height="2rem" />
        <Skeleton height="2rem" />
      </div>
    );
  }
  if (preferences.isError && !preferences.data) return <LoadError message={t('notifications.preferences.loadError')} onRetry={() => void preferences.refetch()} />;
  const { kinds } = preferences.data;
  const change = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    save.mutate(
      { kind, channel, channels: { ...kinds[kind], [channel]: on } },
      { onError: () => toast.error(t('notifications.preferences.saveError')), onSuccess: () => toast.success(t('notifications.preferences.saved'), { deleteOnRouteChange: true }) },
    );
  return (
    <div className={styles.prefsWrap} data-preferences>
      <table className={styles.prefs}>
        <caption className={styles.prefsCaption}>{t('notifications.preferences.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('notifications.preferences.kind')}</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th scope="col" key={channel} className={styles.prefsChannel}>
                <abbr title={t(`notifications.preferences.channels.${channel}`)} className={styles.prefsAbbr}>
                  {t(`notifications.preferences.columns.${channel}`)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className={styles.prefsKind}>
                {t(`notifications.kinds.${kind}`)}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel} className={styles.prefsCell}>
                  <Checkbox isSelected={kinds[kind][channel]} onChange={(on) => change(kind, channel, on)} className={styles.prefsCheckbox}>
                    <span className="visually-hidden">
                      {t('notifications.preferences.checkbox', { kind: t(`notifications.kinds.${kind}`), channel: t(`notifications.preferences.channels.${channel}`) })}
                    </span>
                  </Checkbox>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
