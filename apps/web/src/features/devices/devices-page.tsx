import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchDevices, forgetDevice, type FetchDevicesOutput } from 'aws-amplify/auth';
import { useAuth } from '../../lib/auth';
import { authErrorMessage } from '../../lib/auth-errors';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { ComputerIcon, DeviceIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { AppSettingsCard } from './app-settings-card';
import { describeDevice, deviceKind } from './device-name';
import { KontorAppCard } from './kontor-app-card';
import styles from './devices.module.css';

type Device = FetchDevicesOutput[number];

export const DEVICES_QUERY_KEY = ['identity', 'devices'] as const;

function lastUsed(device: Device): Date | undefined {
  return device.lastAuthenticatedDate ?? device.lastModifiedDate ?? device.createDate;
}

function isRemembered(device: Device): boolean {
  return device.attributes?.['dev:device_remembered_status'] === 'remembered';
}

/** This browser first, then by last use. */
function sortDevices(devices: Device[], current: string | null): Device[] {
  return [...devices].sort((a, b) => {
    if (a.id === current) return -1;
    if (b.id === current) return 1;
    return (lastUsed(b)?.getTime() ?? 0) - (lastUsed(a)?.getTime() ?? 0);
  });
}

function useDeviceLabel() {
  const { t } = useTranslation();
  return (device: Device) => {
    const { browser, system } = describeDevice(device.name);
    if (browser && system) return t('devices.nameBrowserOnSystem', { browser, system });
    return browser ?? system ?? t('devices.unknownName');
  };
}

/** /geraete: the browsers and devices the customer signed in with (the pool's device list). */
export function DevicesPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const label = useDeviceLabel();
  const [toForget, setToForget] = useState<Device | null>(null);
  const current = auth.currentDeviceKey();
  const devices = useQuery({ queryKey: DEVICES_QUERY_KEY, queryFn: () => fetchDevices(), retry: 1 });
  const forget = useMutation({
    mutationFn: (device: Device) => forgetDevice({ device: { id: device.id } }),
    onSuccess: async () => {
      setToForget(null);
      toast.success(t('devices.forgotten'), { deleteOnRouteChange: true });
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
  });

  const list = devices.data ? sortDevices(devices.data, current) : [];
  return (
    <Page title={t('pages.devices.title')} description={t('devices.intro')}>
      <Card title={t('devices.listTitle')}>
        {devices.isPending ? (
          <div className={styles.loading} role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="3.5rem" />
            <Skeleton height="3.5rem" />
          </div>
        ) : devices.isError ? (
          <LoadError message={t('devices.loadError')} onRetry={() => void devices.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={<DeviceIcon />} title={t('devices.emptyTitle')}>
            {t('devices.emptyText')}
          </EmptyState>
        ) : (
          <ul className={styles.list} aria-label={t('devices.listTitle')}>
            {list.map((device) => {
              const used = lastUsed(device);
              const kind = deviceKind(describeDevice(device.name).system);
              return (
                <li key={device.id} className={styles.item} data-device-key={device.id} data-device-kind={kind}>
                  {kind === 'phone' ? <DeviceIcon className={styles.icon} /> : <ComputerIcon className={styles.icon} />}
                  <div className={styles.info}>
                    <p className={styles.name}>
                      <span>{label(device)}</span>
                      {device.id === current && <Badge tone="info">{t('devices.thisDevice')}</Badge>}
                      {isRemembered(device) && <Badge tone="success">{t('devices.remembered')}</Badge>}
                    </p>
                    <p className={styles.meta}>
                      <span>{used ? t('devices.lastUsed', { date: formatDateTime(used) }) : t('devices.neverUsed')}</span>
                      {/* Two browsers of the same kind differ in when they first signed in. */}
                      {device.createDate && <span> · {t('devices.firstSignIn', { date: formatDateTime(device.createDate) })}</span>}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('devices.forgetNamed', { name: label(device) })}
                    onPress={() => {
                      forget.reset();
                      setToForget(device);
                    }}
                  >
                    {t('devices.forget')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </Card>

      <KontorAppCard />
      <AppSettingsCard />

      <ConfirmDialog
        isOpen={toForget !== null}
        onOpenChange={(open) => !open && setToForget(null)}
        title={t('devices.forgetTitle')}
        confirmLabel={t('devices.forget')}
        tone="danger"
        isPending={forget.isPending}
        onConfirm={() => {
          if (toForget) forget.mutate(toForget);
        }}
      >
        <div className={styles.stack}>
          {forget.isError && <Notice tone="danger">{authErrorMessage(forget.error, 'devices')}</Notice>}
          <p>{toForget ? t('devices.forgetText', { name: label(toForget) }) : null}</p>
          {toForget?.id === current && <p>{t('devices.forgetThisText')}</p>}
        </div>
      </ConfirmDialog>
    </Page>
  );
}
