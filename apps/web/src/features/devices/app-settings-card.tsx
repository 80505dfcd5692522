import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS } from '@kontor/domain/notifications';
import { useAppAuthSettings, useEnrolledDevices } from '../../parts/authorisation/authorisation-api';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { usePushSettings, useSaveAppAuthSettings, useSavePushSettings } from './app-devices-api';
import styles from './devices.module.css';

/**
 * Geräte → App-Einstellungen: which notifications the app receives, how sensitive actions are
 * confirmed by default, and whether a new sign-in needs the app. Each change is saved at once.
 */
export function AppSettingsCard() {
  const { t } = useTranslation();
  const devices = useEnrolledDevices();
  const auth = useAppAuthSettings();
  const push = usePushSettings();
  const saveAuth = useSaveAppAuthSettings();
  const savePush = useSavePushSettings();
  const hasApp = (devices.data?.length ?? 0) > 0;
  const error = saveAuth.error ?? savePush.error;

  return (
    <Card title={t('devices.app.settingsTitle')}>
      <div className={styles.stack}>
        {!hasApp && !devices.isPending && <p className={styles.meta}>{t('devices.app.settingsNeedApp')}</p>}
        {error && <Notice tone="danger">{error.message}</Notice>}
        {auth.isPending || push.isPending || devices.isPending ? (
          <div className={styles.loading} role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="6rem" />
          </div>
        ) : auth.isError || push.isError ? (
          <LoadError
            message={t('devices.app.settingsLoadError')}
            onRetry={() => {
              void auth.refetch();
              void push.refetch();
            }}
          />
        ) : (
          <>
            <RadioGroup
              label={t('devices.app.defaultFactor')}
              description={t('devices.app.defaultFactorHint')}
              value={auth.data.defaultFactor}
              isDisabled={saveAuth.isPending}
              onChange={(value) => saveAuth.mutate({ ...auth.data, defaultFactor: value === 'APP' ? 'APP' : 'SMS' })}
              options={[
                { value: 'SMS', label: t('devices.app.factorSms') },
                ...(hasApp || auth.data.defaultFactor === 'APP' ? [{ value: 'APP', label: t('devices.app.factorApp') }] : []),
              ]}
            />
            <Checkbox
              isSelected={auth.data.approveSignIns}
              isDisabled={!hasApp || saveAuth.isPending}
              onChange={(approveSignIns) => saveAuth.mutate({ ...auth.data, approveSignIns })}
              description={t('devices.app.approveSignInsHint')}
            >
              {t('devices.app.approveSignIns')}
            </Checkbox>
            <fieldset className={styles.fieldset} disabled={!hasApp}>
              <legend className={styles.legend}>{t('devices.app.pushTitle')}</legend>
              {NOTIFICATION_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  isSelected={push.data.kinds[kind] ?? false}
                  isDisabled={!hasApp || savePush.isPending}
                  onChange={(on) => savePush.mutate({ kinds: { ...push.data.kinds, [kind]: on } })}
                >
                  {t(`devices.app.push.${kind}`)}
                </Checkbox>
              ))}
            </fieldset>
          </>
        )}
      </div>
    </Card>
  );
}
