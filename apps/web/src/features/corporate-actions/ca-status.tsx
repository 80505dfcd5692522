import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CA_STATUSES, type CaAnnouncement, type CaStatus } from '@kontor/domain/ca-contracts';
import { domainLabel, useLabels } from '../../lib/domain-labels';
import { formatQuantity } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import styles from './corporate-actions.module.css';

const TONES: Readonly<Record<CaStatus, BadgeTone>> = {
  OFFEN: 'warning',
  WEISUNG_ERTEILT: 'success',
  INFORMATION: 'info',
  FRIST_ABGELAUFEN: 'neutral',
  GEBUCHT: 'neutral',
  ABGESCHLOSSEN: 'neutral',
};

/** The event's status, and for a mandatory event (booked without an instruction) "Zur Information" as well. */
export function CaStatusBadges({ event }: { event: CaAnnouncement }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <span className={styles.badges}>
      <Badge tone={TONES[event.status]}>{label('caStatus', event.status)}</Badge>
      {event.mandatory && event.status !== 'INFORMATION' && <Badge tone="info">{t('corporateActions.forInformation')}</Badge>}
    </span>
  );
}

/** Open ones first (an instruction to give, then given, then information), then the nearest deadline. */
export function byUrgency(a: CaAnnouncement, b: CaAnnouncement): number {
  return CA_STATUSES.indexOf(a.status) - CA_STATUSES.indexOf(b.status) || Date.parse(a.deadline) - Date.parse(b.deadline);
}

/** An instruction can be given or changed: a voluntary event before its deadline. */
export function instructable(event: CaAnnouncement, now: number): boolean {
  return !event.mandatory && (event.status === 'OFFEN' || event.status === 'WEISUNG_ERTEILT') && Date.parse(event.deadline) > now;
}

/** "10 : 1": so many old shares (or rights) to so many new ones. */
export const formatRatio = (event: Pick<CaAnnouncement, 'ratio'>, format: (v: string) => string) => `${format(event.ratio.old)} : ${format(event.ratio.new)}`;

/** "Angegebene Anzahl Aktien beziehen (20 Stück)": the instruction given (the event must have one). */
export function instructionText(t: TFunction, event: CaAnnouncement): string {
  const i = event.instruction!;
  const label = domainLabel(t, 'caOption', i.option);
  return i.quantity !== null ? t('corporateActions.instruction.withQuantity', { label, quantity: formatQuantity(i.quantity) }) : label;
}
