import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import styles from './checkbox.module.css';

export type CheckboxProps = Omit<AriaCheckboxProps, 'children' | 'className'> & {
  children: ReactNode;
  /** A second line under the label, e.g. what the choice means. */
  description?: ReactNode;
  className?: string;
};

/** A labelled yes/no choice. The whole row is the hit area. */
export function Checkbox({ children, description, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <span className={styles.box} aria-hidden="true">
        <svg viewBox="0 0 18 18" className={styles.check} focusable="false">
          <polyline points="3.5 9.5 7.5 13 14.5 5" />
        </svg>
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{children}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
    </AriaCheckbox>
  );
}
