import { useTranslation } from 'react-i18next';
import { IDLE_STEP_UP_PURPOSE } from '@kontor/domain/auth-contracts';
import { confirmStepUp, useEnrolledDevices, type AuthorisationPayload, type AuthorisationResult } from './authorisation-api';
import { AuthoriseDialog } from './authorise-dialog';
import { settleStepUp } from './session-step-up-host';

export { ACTIVITY_EVENTS } from './session-step-up-host';

const SESSION_AUTH: AuthorisationPayload = { type: 'SESSION_AUTH' };
/**
 * The server confirms SESSION_AUTH in the app only; a customer without the app confirms the
 * step-up with an SMS or voice TAN on this service request instead.
 */
export const IDLE_STEP_UP: AuthorisationPayload = { type: 'TICKET', data: { purpose: IDLE_STEP_UP_PURPOSE } };

/**
 * The step-up after inactivity with the server: the customer confirms in the app (SESSION_AUTH)
 * or by TAN (IDLE_STEP_UP), and the result is handed to the server, which accepts money and
 * authorisation calls again. Shared by IdleReauthGate and the dialog below.
 */
export function useIdleStepUp(): { payload: AuthorisationPayload; ready: boolean; confirm: (result: AuthorisationResult) => Promise<void> } {
  const devices = useEnrolledDevices();
  const hasApp = (devices.data?.length ?? 0) > 0;
  return {
    ready: !devices.isPending,
    payload: hasApp ? SESSION_AUTH : IDLE_STEP_UP,
    confirm: (result) => confirmStepUp(hasApp ? 'SESSION_AUTH' : IDLE_STEP_UP_PURPOSE, result),
  };
}

/** The step-up the server asked for (SessionStepUp shows it while one is pending). */
export function SessionStepUpDialog() {
  const { t } = useTranslation();
  const stepUp = useIdleStepUp();
  return (
    <AuthoriseDialog
      // Opens once it is known whether the app confirms (SESSION_AUTH) or a TAN does.
      isOpen={stepUp.ready}
      onOpenChange={(open) => {
        if (!open) settleStepUp(false);
      }}
      payload={stepUp.payload}
      title={t('authorisation.idle.dialogTitle')}
      details={<p>{t('authorisation.idle.serverText')}</p>}
      onAuthorised={async (result) => {
        await stepUp.confirm(result);
        settleStepUp(true);
      }}
    />
  );
}
