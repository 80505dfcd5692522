import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TAN_CUSTOMER_LOCKED_CODE, TAN_VALIDITY_MS } from '@kontor/domain/auth-contracts';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { Dialog } from '../../ui/dialog';
import { Notice } from '../../ui/notice';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { isApiError } from '../../lib/api-client';
import {
  askApp,
  fetchChallengeStatus,
  requestTan,
  useAppAuthSettings,
  useEnrolledDevices,
  verifyChangedMobileNumber,
  verifyTicket,
  type AuthorisationPayload,
  type AuthorisationResult,
  type ChallengeStatus,
  type EnrolledDevice,
  type TanChallenge,
} from './authorisation-api';
import { formatCountdown, useChallengePoll, useCountdown } from './challenge-hooks';
import styles from './authorisation.module.css';

export type AuthoriseDialogProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is authorised. */
  payload: AuthorisationPayload;
  /** e.g. "Auszahlung bestätigen". */
  title: string;
  /** e.g. amount and masked IBAN, shown above the TAN field (PSD2: the customer sees what they authorise). */
  details?: ReactNode;
  /**
   * Performs the action with the verified result; a thrown error's German message is shown in the
   * dialog. When it resolves, the dialog closes (onOpenChange(false)).
   */
  onAuthorised: (result: AuthorisationResult) => Promise<void>;
  /**
   * The TAN goes to a new mobile number (the payload is `newMobileNumberProofData`), which proves
   * it is the customer's: SMS or call only, answered with verifychangedmobilenr. The request itself
   * is confirmed before, in a dialog without this flag (current number or app).
   */
  toNewMobileNumber?: boolean;
};

/**
 * Strong customer authentication of one action (PSD2 RTS Art. 4/5): the customer picks SMS-TAN,
 * Sprach-TAN or the Kontor app, confirms, and `onAuthorised` runs the action with the result.
 */
export function AuthoriseDialog({ isOpen, onOpenChange, title, ...flow }: AuthoriseDialogProps) {
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* Mounted only while open: every opening starts afresh, and closing stops the polling. */}
      <AuthoriseFlow {...flow} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** SMS, VOICE, or APP:<serial>. */
type Way = string;
/** BLOCKED: TAN authorisation is locked for the customer for a while (too many wrong TANs in a row). */
type DeadReason = 'LOCKED' | 'EXPIRED' | 'DENIED' | 'FAILED' | 'BLOCKED';
type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'tan'; challenge: TanChallenge; deadline: number; resent: boolean }
  | { kind: 'app'; challenge: TanChallenge; deadline: number; device: EnrolledDevice }
  | { kind: 'finishing' }
  | { kind: 'ended'; reason: DeadReason; message?: string };

const appWay = (serial: string): Way => `APP:${serial}`;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}

/** The server locked TAN authorisation for the customer (its 423 says so by code): a new TAN would not help. */
function customerLocked(error: unknown): boolean {
  return isApiError(error) && error.backendError.code === TAN_CUSTOMER_LOCKED_CODE;
}

type FlowProps = Omit<AuthoriseDialogProps, 'isOpen' | 'onOpenChange' | 'title'> & { onClose: () => void };

function AuthoriseFlow({ payload, details, onAuthorised, onClose, toNewMobileNumber = false }: FlowProps) {
  const { t } = useTranslation();
  const devices = useEnrolledDevices();
  const settings = useAppAuthSettings();
  const [chosen, setChosen] = useState<Way | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [requesting, setRequesting] = useState(false);

  // A new number is proven only by a code sent to it: no app.
  const apps = toNewMobileNumber ? [] : (devices.data ?? []);
  // With the app, a session (SESSION_AUTH) is confirmed there only; without it, by TAN like the rest.
  const appOnly = payload.type === 'SESSION_AUTH' && apps.length > 0;
  const preferred: Way = (appOnly || settings.data?.defaultFactor === 'APP') && apps[0] ? appWay(apps[0].serial) : 'SMS';
  const way = chosen ?? preferred;
  const loading = devices.isPending || settings.isPending;

  const request = async (how: Way, resent = false) => {
    setRequesting(true);
    try {
      const device = apps.find((d) => appWay(d.serial) === how);
      const deadline = Date.now() + TAN_VALIDITY_MS;
      if (device) setStep({ kind: 'app', challenge: await askApp(payload, device.serial), deadline, device });
      else setStep({ kind: 'tan', challenge: await requestTan(payload, how === 'VOICE'), deadline, resent });
    } catch (error) {
      const message = messageOf(error, t('authorisation.requestFailed'));
      setStep(customerLocked(error) ? { kind: 'ended', reason: 'BLOCKED', message } : { kind: 'choose', error: message });
    } finally {
      setRequesting(false);
    }
  };

  /** Runs the action; the dialog closes when it succeeded and says why when it did not. */
  const perform = async (result: AuthorisationResult) => {
    try {
      await onAuthorised(result);
      onClose();
    } catch (error) {
      setStep({ kind: 'ended', reason: 'FAILED', message: messageOf(error, t('authorisation.actionFailed')) });
    }
  };

  const onAppStatus = (status: ChallengeStatus) => {
    if (status.state === 'APPROVED' && status.authorizationId) {
      setStep({ kind: 'finishing' });
      verifyTicket({ ticket: status.ticket, tan: '', authorizationId: status.authorizationId }).then(perform, (error: unknown) =>
        setStep({ kind: 'ended', reason: 'FAILED', message: messageOf(error, t('authorisation.actionFailed')) }),
      );
    } else if (status.state === 'DENIED' || status.state === 'EXPIRED' || status.state === 'LOCKED') {
      setStep({ kind: 'ended', reason: status.state });
    }
  };
  useChallengePoll(step.kind === 'app' ? step.challenge.ticket : null, onAppStatus);

  const countdown = (step.kind === 'tan' || step.kind === 'app') && (
    <Countdown key={step.deadline} deadline={step.deadline} onExpired={() => setStep({ kind: 'ended', reason: 'EXPIRED' })} />
  );

  return (
    <div className={styles.stack}>
      {details && <div className={styles.details}>{details}</div>}

      {step.kind === 'choose' &&
        (loading ? (
          <div role="status" aria-busy="true" className={styles.stack}>
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="6rem" />
          </div>
        ) : (
          <>
            {step.error && <Notice tone="danger">{step.error}</Notice>}
            <RadioGroup
              label={t('authorisation.chooseWay')}
              value={way}
              onChange={setChosen}
              options={[
                ...(appOnly
                  ? []
                  : [
                      { value: 'SMS', label: t('authorisation.sms') },
                      { value: 'VOICE', label: t('authorisation.voice') },
                    ]),
                ...apps.map((d) => ({ value: appWay(d.serial), label: t('authorisation.app', { name: d.customerDeviceName }) })),
              ]}
            />
            <div className={styles.actions}>
              <Button variant="secondary" onPress={onClose}>
                {t('common.cancel')}
              </Button>
              <Button isPending={requesting} onPress={() => void request(way)}>
                {way.startsWith('APP:') ? t('authorisation.askApp') : t('authorisation.requestTan')}
              </Button>
            </div>
          </>
        ))}

      {step.kind === 'tan' && (
        <TanStep
          key={step.challenge.ticket}
          challenge={step.challenge}
          toNewMobileNumber={toNewMobileNumber}
          resent={step.resent}
          countdown={countdown}
          requesting={requesting}
          onResend={() => void request(step.challenge.channel === 'VOICE' ? 'VOICE' : 'SMS', true)}
          onOtherWay={() => setStep({ kind: 'choose' })}
          onDead={(reason, message) => setStep({ kind: 'ended', reason, message })}
          onVerified={perform}
          onCancel={onClose}
        />
      )}

      {step.kind === 'app' && (
        <>
          <Summary text={step.challenge.summary} />
          <div role="status" className={styles.waiting}>
            <span className={styles.spinner} aria-hidden="true" />
            <p>{t('authorisation.appWaiting', { name: step.device.customerDeviceName })}</p>
          </div>
          <p className={styles.muted}>{t('authorisation.appHint')}</p>
          {countdown}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose}>
              {t('common.cancel')}
            </Button>
            <Button variant="ghost" onPress={() => setStep({ kind: 'choose' })}>
              {t('authorisation.otherWay')}
            </Button>
          </div>
        </>
      )}

      {step.kind === 'finishing' && (
        <div role="status" aria-busy="true" className={styles.waiting}>
          <span className={styles.spinner} aria-hidden="true" />
          <p>{t('authorisation.finishing')}</p>
        </div>
      )}

      {step.kind === 'ended' && (
        <>
          <Notice tone="danger" title={t(`authorisation.ended.${step.reason}`)}>
            {step.message ?? t('authorisation.endedHint')}
          </Notice>
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose}>
              {t('common.close')}
            </Button>
            {step.reason !== 'BLOCKED' && (
              <Button autoFocus onPress={() => setStep({ kind: 'choose' })}>
                {t('authorisation.newTan')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function TanStep({
  challenge,
  toNewMobileNumber,
  resent,
  countdown,
  requesting,
  onResend,
  onOtherWay,
  onDead,
  onVerified,
  onCancel,
}: {
  challenge: TanChallenge;
  toNewMobileNumber: boolean;
  resent: boolean;
  countdown: ReactNode;
  requesting: boolean;
  onResend: () => void;
  onOtherWay: () => void;
  onDead: (reason: DeadReason, message?: string) => void;
  onVerified: (result: AuthorisationResult) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError, setValue, setFocus } = useForm<{ tan: string }>({ defaultValues: { tan: '' } });
  const submit = handleSubmit(async ({ tan }) => {
    let result: AuthorisationResult;
    try {
      const verification = { ticket: challenge.ticket, tan: tan.replace(/\s+/g, '') };
      result = await (toNewMobileNumber ? verifyChangedMobileNumber(verification) : verifyTicket(verification));
    } catch (error) {
      const message = messageOf(error, t('authorisation.verifyFailed'));
      if (customerLocked(error)) return onDead('BLOCKED', message);
      // A refused TAN may have been the last one (or too late): then the challenge is dead.
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        const status = await fetchChallengeStatus(challenge.ticket).catch(() => null);
        if (status?.state === 'LOCKED' || status?.state === 'EXPIRED') return onDead(status.state, message);
      }
      setValue('tan', '');
      setError('tan', { type: 'server', message });
      setFocus('tan');
      return;
    }
    await onVerified(result);
  });

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('authorisation.tanForm')}>
      <Summary text={challenge.summary} />
      <Notice tone="info">
        {t(challenge.channel === 'VOICE' ? 'authorisation.sentVoice' : 'authorisation.sentSms', { to: challenge.sentTo })}
        {resent && ` ${t('authorisation.resent')}`}
      </Notice>
      <CodeField control={control} name="tan" label={t('authorisation.tanLabel')} autoFocus />
      {countdown}
      <div className={styles.links}>
        <Button variant="ghost" size="sm" isPending={requesting} onPress={onResend}>
          {t('authorisation.resend')}
        </Button>
        <Button variant="ghost" size="sm" onPress={onOtherWay}>
          {t('authorisation.otherWay')}
        </Button>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('authorisation.confirm')}
        </Button>
      </div>
    </form>
  );
}

function Countdown({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const { t } = useTranslation();
  const remaining = useCountdown(deadline, onExpired);
  return (
    <p className={styles.muted}>
      {t('authorisation.validFor')}{' '}
      <span role="timer" className={styles.timer}>
        {formatCountdown(remaining)}
      </span>
    </p>
  );
}

/** What the challenge authorises, in the words of the SMS and the app (bound to the challenge on the server). */
function Summary({ text }: { text: string }) {
  const { t } = useTranslation();
  return text ? <p className={styles.summary}>{t('authorisation.summary', { summary: text })}</p> : null;
}
