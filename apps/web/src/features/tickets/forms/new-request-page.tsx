import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_REQUEST_TYPES } from '@kontor/domain/service-requests';
import { useLabels } from '../../../lib/domain-labels';
import { newTicketPath } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import styles from './forms.module.css';

/** `/service/neu`: what the customer wants to change, one link per request type with a line on what it does. */
export function NewRequestPage() {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <Page title={t('tickets.forms.chooserTitle')} description={t('tickets.forms.chooserIntro')}>
      <ul className={styles.chooser} aria-label={t('tickets.forms.chooserList')}>
        {SERVICE_REQUEST_TYPES.map((type) => (
          <li key={type}>
            <Link to={newTicketPath(type)} className={styles.choice} aria-labelledby={`request-${type}-title`} aria-describedby={`request-${type}`}>
              <span id={`request-${type}-title`} className={styles.choiceTitle}>{label('serviceRequest', type)}</span>
              <span id={`request-${type}`} className={styles.muted}>
                {t(`tickets.forms.types.${type}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
