// TEMPORARY until branch web-auth commits lib/authorisation: same interface, no challenge.
import type { ReactNode } from 'react';
import type { AuthorisationPayload, AuthorisationResult } from '@kontor/domain/auth-contracts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

export function AuthoriseDialog(props: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  payload: AuthorisationPayload;
  title: string;
  details?: ReactNode;
  onAuthorised: (result: AuthorisationResult) => Promise<void>;
}) {
  return (
    <Dialog title={props.title} isOpen={props.isOpen} onOpenChange={props.onOpenChange}>
      {props.details}
      <Button onPress={() => void props.onAuthorised({ ticket: 't', tan: '000000', authorizationId: 'a' })}>OK</Button>
    </Dialog>
  );
}

export function IdleReauthGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
