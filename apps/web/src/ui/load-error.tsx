import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from './button';
import { Notice } from './notice';
import styles from './load-error.module.css';

export type LoadErrorProps = {
  /** What could not be loaded, in German ("Ihre Orders können gerade nicht geladen werden."). */
  message: string;
  onRetry: () => void;
  /** Padding of its own, for a card without inner padding (a flush card of a table). */
  inset?: boolean;
  size?: ButtonSize;
};

/**
 * What a page or card shows when its data did not arrive: the message, announced at once, and
 * "Erneut versuchen", which asks again.
 */
export function LoadError({ message, onRetry, inset, size }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className={[styles.loadError, inset && styles.inset].filter(Boolean).join(' ')} data-load-error="">
      <Notice tone="danger">{message}</Notice>
      <div>
        <Button variant="secondary" size={size} onPress={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}
