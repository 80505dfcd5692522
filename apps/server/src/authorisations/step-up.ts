import { stepUpPayload, type StepUpRequest } from '@kontor/domain/auth-contracts';
import type { Customer } from '../platform/auth.ts';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { SessionActivity } from '../platform/session-activity.ts';
import type { AuthorisationService } from './service.ts';

export const stepUpMessages = {
  noSession: 'Diese Anmeldung kann nicht bestätigt werden. Bitte melden Sie sich im Browser neu an.',
} as const;

/**
 * What keeps a session active for money and authorisation calls: the customer's input, which the
 * web app reports, and the step-up after inactivity (SESSION_AUTH approved in the app, or a TAN
 * for IDLE_STEP_UP), which is redeemed once and renews the session at once.
 */
export function stepUpService(deps: { db: Db; authorisations: AuthorisationService; activity: SessionActivity }) {
  const { db, authorisations, activity } = deps;
  return {
    /**
     * Input the web app reports keeps an active session active; it does not revive an idle one
     * (whoever moves the mouse of an unattended browser is not the customer): that is the step-up's job.
     */
    async reportActivity(customer: Customer): Promise<void> {
      await activity.requireActive(customer);
      await activity.record(customer);
    },
    async stepUp(customer: Customer, req: StepUpRequest): Promise<void> {
      const { session } = customer;
      if (!session) throw new AppError(400, stepUpMessages.noSession);
      await db.transaction((tx) => authorisations.redeem(tx, customer.sub, stepUpPayload(req.step), req.authorisation, { session }));
      await activity.record(customer, { renew: true });
    },
  };
}
export type StepUpService = ReturnType<typeof stepUpService>;
