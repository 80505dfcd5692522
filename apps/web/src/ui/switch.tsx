import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import styles from './switch.module.css';

export type SwitchProps = Omit<AriaSwitchProps, 'children' | 'className'> & {
  children: ReactNode;
  /** A second line under the label: what switching on means. */
  description?: ReactNode;
  className?: string;
};

/** An on/off setting that takes effect at once (a checkbox is for a choice in a form). */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={[styles.switch, className].filter(Boolean).join(' ')}>
      <span className={styles.text}>
        <span className={styles.label}>{children}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </AriaSwitch>
  );
}
