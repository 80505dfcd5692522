import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EnrolledDevice } from '@kontor/domain/app-devices-contracts';
import { api } from '../../lib/api-client';
import { AuthoriseDialog } from '../../parts/authorisation/authorise-dialog';
import { authorisationKeys, useEnrolledDevices } from '../../parts/authorisation/authorisation-api';
import { formatDate, formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-text-field';
import { DeviceIcon, ExternalLinkIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { EmptyState } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { enrolDevice, retireDevice, useCompanionAvailable } from './app-devices-api';
import styles from './devices.module.css';

const DEVICE_NAME_MAX = 60;

/**
 * Geräte → Kontor-App: the apps enrolled to approve challenges. Enrolling and removing an app are
 * themselves confirmed by TAN (ENROLL_DEVICE, RETIRE_DEVICE).
 */
export function KontorAppCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const devices = useEnrolledDevices();
  const [enrolName, setEnrolName] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolledDevice | null>(null);
  const [toRetire, setToRetire] = useState<EnrolledDevice | null>(null);
  const [retireAuthorising, setRetireAuthorising] = useState(false);
  const { control, handleSubmit, reset } = useForm<{ deviceName: string }>({ defaultValues: { deviceName: '' } });

  // The default factor falls back to SMS when the last app goes; both are read anew.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authorisationKeys.devices }),
      queryClient.invalidateQueries({ queryKey: authorisationKeys.appAuth }),
    ]);

  const list = devices.data ?? [];
  return (
    <Card title={t('devices.appTitle')}>
      <div className={styles.stack}>
        <p className={styles.meta}>{t('devices.app.intro')}</p>
        {enrolled && <EnrolledNotice device={enrolled} />}
        {devices.isPending ? (
          <div className={styles.loading} role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="3.5rem" />
          </div>
        ) : devices.isError ? (
          <LoadError message={t('devices.app.loadError')} onRetry={() => void devices.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={<DeviceIcon />} title={t('pages.devices.emptyTitle')}>
            {t('pages.devices.emptyText')}
          </EmptyState>
        ) : (
          <ul className={styles.list} aria-label={t('devices.app.listTitle')}>
            {list.map((device) => (
              <li key={device.serial} className={styles.item} data-serial={device.serial}>
                <DeviceIcon className={styles.icon} />
                <div className={styles.info}>
                  <p className={styles.name}>{device.customerDeviceName}</p>
                  <p className={styles.meta}>
                    {t('devices.app.serial', { serial: device.serial })} · {t('devices.app.enrolledAt', { date: formatDate(device.enrolledAt) })}
                  </p>
                  <p className={styles.meta}>
                    {device.lastUsedAt ? t('devices.lastUsed', { date: formatDateTime(device.lastUsedAt) }) : t('devices.neverUsed')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('devices.forgetNamed', { name: device.customerDeviceName })}
                  onPress={() => setToRetire(device)}
                >
                  {t('devices.forget')}
                </Button>
              </li>
            ))}
          </ul>
        )}

        <form
          className={styles.enrolForm}
          noValidate
          aria-label={t('devices.app.enrol')}
          onSubmit={(event) => void handleSubmit(({ deviceName }) => setEnrolName(deviceName.trim()))(event)}
        >
          <FormTextField
            control={control}
            name="deviceName"
            label={t('devices.app.deviceName')}
            description={t('devices.app.deviceNameHint')}
            maxLength={DEVICE_NAME_MAX}
            rules={{
              validate: (value) => (value.trim() === '' ? t('devices.app.deviceNameRequired') : true),
              maxLength: { value: DEVICE_NAME_MAX, message: t('devices.app.deviceNameTooLong', { max: DEVICE_NAME_MAX }) },
            }}
          />
          <Button type="submit">{t('devices.app.enrol')}</Button>
        </form>
      </div>

      <AuthoriseDialog
        isOpen={enrolName !== null}
        onOpenChange={(open) => !open && setEnrolName(null)}
        title={t('devices.app.enrolTitle')}
        payload={{ type: 'ENROLL_DEVICE', deviceName: enrolName ?? '' }}
        details={<p>{t('devices.app.enrolDetails', { name: enrolName ?? '' })}</p>}
        onAuthorised={async (authorisation) => {
          const device = await enrolDevice(enrolName ?? '', authorisation);
          setEnrolled(device);
          reset();
          await refresh();
        }}
      />

      <ConfirmDialog
        isOpen={toRetire !== null && !retireAuthorising}
        onOpenChange={(open) => !open && setToRetire(null)}
        title={t('devices.app.retireTitle')}
        confirmLabel={t('devices.forget')}
        tone="danger"
        onConfirm={() => setRetireAuthorising(true)}
      >
        <p>{toRetire ? t('devices.app.retireText', { name: toRetire.customerDeviceName }) : null}</p>
      </ConfirmDialog>
      <AuthoriseDialog
        isOpen={toRetire !== null && retireAuthorising}
        onOpenChange={(open) => {
          if (open) return;
          setRetireAuthorising(false);
          setToRetire(null);
        }}
        title={t('devices.app.retireAuthTitle')}
        payload={{ type: 'RETIRE_DEVICE', customerDeviceName: toRetire?.customerDeviceName ?? '', serial: toRetire?.serial ?? '' }}
        details={<p>{toRetire ? t('devices.app.retireDetails', { name: toRetire.customerDeviceName, serial: toRetire.serial }) : null}</p>}
        onAuthorised={async (authorisation) => {
          if (!toRetire) return;
          await retireDevice(toRetire, authorisation);
          if (enrolled?.serial === toRetire.serial) setEnrolled(null);
          toast.success(t('devices.app.retired', { name: toRetire.customerDeviceName }), { deleteOnRouteChange: true });
          await refresh();
        }}
      />
    </Card>
  );
}

/** After enrolment: the serial, and in the demo the page that plays the phone. */
function EnrolledNotice({ device }: { device: EnrolledDevice }) {
  const { t } = useTranslation();
  const companion = useCompanionAvailable(device.serial);
  return (
    <Notice tone="success" title={t('devices.app.enrolled', { name: device.customerDeviceName })}>
      <p>{t('devices.app.enrolledSerial', { serial: device.serial })}</p>
      {companion.data && (
        <div className={styles.companion}>
          <p>{t('devices.app.companionText')}</p>
          <LinkButton variant="secondary" size="sm" href={api.url(`/dev/app/${encodeURIComponent(device.serial)}`)} target="_blank" rel="noopener">
            {t('devices.app.companionOpen')}
            <ExternalLinkIcon aria-hidden="true" />
          </LinkButton>
        </div>
      )}
    </Notice>
  );
}
