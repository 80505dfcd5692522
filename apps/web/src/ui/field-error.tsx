import { FieldError } from 'react-aria-components';
import { useDomainText } from '../lib/domain-text';
import styles from './field.module.css';

/** A field's error message; a German message of the domain or the server shows in the current language. */
export function FieldErrorMessage({ message }: { message?: string | undefined }) {
  const text = useDomainText();
  return <FieldError className={styles.error}>{message ? text(message) : undefined}</FieldError>;
}
