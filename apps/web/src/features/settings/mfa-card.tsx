import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { useCustomer } from '../../lib/auth';
import { authErrorMessage, describeAuthError } from '../../lib/auth-errors';
import { useToast } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { TotpSetupDetails } from '../../ui/totp-setup-details';
import styles from './settings.module.css';

const MFA_QUERY_KEY = ['identity', 'mfa-preference'] as const;
const TOTP_ISSUER = 'Kontor';

/** "+4915112345678" → "+49 ••• 5678": enough to recognise one's own number. */
export function maskPhoneNumber(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)} ••• ${phone.slice(-4)}` : phone;
}

type Method = 'SMS' | 'TOTP';

/**
 * Einstellungen → Zwei-Faktor-Authentifizierung: which second factor confirms a sign-in. Setting
 * up the authenticator app is setUpTOTP + verifyTOTPSetup + updateMFAPreference.
 */
export function MfaCard() {
  const { t } = useTranslation();
  const customer = useCustomer();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [setupOpen, setSetupOpen] = useState(false);
  const preference = useQuery({ queryKey: MFA_QUERY_KEY, queryFn: () => fetchMFAPreference(), retry: 1 });
  const choose = useMutation({
    mutationFn: (method: Method) => updateMFAPreference(method === 'SMS' ? { sms: 'PREFERRED' } : { totp: 'PREFERRED' }),
    onSuccess: async (_result, method) => {
      toast.success(method === 'SMS' ? t('settings.mfa.nowSms') : t('settings.mfa.nowTotp'), { deleteOnRouteChange: true });
      await queryClient.invalidateQueries({ queryKey: MFA_QUERY_KEY });
    },
  });

  const enabled = preference.data?.enabled ?? [];
  const preferred = preference.data?.preferred ?? (enabled.length === 1 ? enabled[0] : undefined);
  const status = (method: Method) =>
    preferred === method ? (
      <Badge tone="success">{t('settings.mfa.active')}</Badge>
    ) : enabled.includes(method) ? (
      <Badge>{t('settings.mfa.available')}</Badge>
    ) : (
      <Badge>{t('settings.mfa.notSetUp')}</Badge>
    );

  return (
    <Card title={t('settings.mfa.title')}>
      <div className={styles.stack}>
        <p className={styles.muted}>{t('settings.mfa.intro')}</p>
        {choose.isError && <Notice tone="danger">{authErrorMessage(choose.error, 'settings')}</Notice>}
        {preference.isPending ? (
          <div role="status" aria-busy="true" className={styles.stack}>
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="3rem" />
            <Skeleton height="3rem" />
          </div>
        ) : preference.isError ? (
          <Notice tone="danger">{authErrorMessage(preference.error, 'settings')}</Notice>
        ) : (
          <ul className={styles.methods} aria-label={t('settings.mfa.title')}>
            <li className={styles.method}>
              <div className={styles.methodText}>
                <p className={styles.methodName}>
                  {t('settings.mfa.sms')} {status('SMS')}
                </p>
                <p className={styles.muted}>
                  {customer.phoneNumber ? t('settings.mfa.smsTo', { phone: maskPhoneNumber(customer.phoneNumber) }) : t('settings.mfa.noPhone')}
                </p>
              </div>
              {preferred !== 'SMS' && customer.phoneNumber && (
                <Button variant="secondary" size="sm" isPending={choose.isPending && choose.variables === 'SMS'} onPress={() => choose.mutate('SMS')}>
                  {t('settings.mfa.useSms')}
                </Button>
              )}
            </li>
            <li className={styles.method}>
              <div className={styles.methodText}>
                <p className={styles.methodName}>
                  {t('settings.mfa.totp')} {status('TOTP')}
                </p>
                <p className={styles.muted}>{t('settings.mfa.totpText')}</p>
              </div>
              <div className={styles.methodActions}>
                {preferred !== 'TOTP' && enabled.includes('TOTP') && (
                  <Button variant="secondary" size="sm" isPending={choose.isPending && choose.variables === 'TOTP'} onPress={() => choose.mutate('TOTP')}>
                    {t('settings.mfa.useTotp')}
                  </Button>
                )}
                <Button variant={enabled.includes('TOTP') ? 'ghost' : 'secondary'} size="sm" onPress={() => setSetupOpen(true)}>
                  {enabled.includes('TOTP') ? t('settings.mfa.setupAgain') : t('settings.mfa.setupTotp')}
                </Button>
              </div>
            </li>
          </ul>
        )}
      </div>
      {setupOpen && (
        <TotpSetupDialog
          accountName={customer.email ?? customer.sub}
          onClose={() => setSetupOpen(false)}
          onDone={async () => {
            setSetupOpen(false);
            toast.success(t('settings.mfa.nowTotp'), { deleteOnRouteChange: true });
            await queryClient.invalidateQueries({ queryKey: MFA_QUERY_KEY });
          }}
        />
      )}
    </Card>
  );
}

function TotpSetupDialog({ accountName, onClose, onDone }: { accountName: string; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const setup = useQuery({
    queryKey: ['identity', 'totp-setup'],
    queryFn: async () => {
      const details = await setUpTOTP();
      return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const { control, handleSubmit, formState, resetField } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verifyTOTPSetup({ code: code.replace(/\s+/g, '') });
      await updateMFAPreference({ totp: 'PREFERRED' });
      await onDone();
    } catch (caught) {
      resetField('code');
      setError(describeAuthError(caught, 'mfaSetup').message);
    }
  });
  return (
    <Dialog title={t('settings.mfa.setupTitle')} isOpen onOpenChange={(open) => !open && onClose()}>
      <div className={styles.stack}>
        <ol className={styles.steps}>
          <li>{t('auth.setupMfa.step1')}</li>
          <li>{t('auth.setupMfa.step2')}</li>
          <li>{t('auth.setupMfa.step3')}</li>
        </ol>
        {setup.isPending ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton width="11rem" height="11rem" />
          </div>
        ) : setup.isError ? (
          <Notice tone="danger">{authErrorMessage(setup.error, 'settings')}</Notice>
        ) : (
          <TotpSetupDetails uri={setup.data.uri} secret={setup.data.secret} />
        )}
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings.mfa.setupTitle')}>
          {error && <Notice tone="danger">{error}</Notice>}
          <CodeField control={control} name="code" label={t('auth.code.totpLabel')} />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" isPending={formState.isSubmitting} isDisabled={!setup.data}>
              {t('settings.mfa.activate')}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
