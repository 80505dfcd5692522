import type { MouseEvent, ReactNode } from 'react';
import styles from './table.module.css';

/**
 * A table to read, with the look of ./table but none of its code: native table semantics (column
 * and row headers), and the links and buttons in its cells reached with Tab like anywhere else on
 * the page. For a table whose rows need no grid navigation, sorting or selection, on a page whose
 * first load counts (the depot: react-aria's table is 35 KB of it, README "First load").
 */
type Align = 'start' | 'end';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Around a table: a wide one scrolls sideways on a phone instead of breaking the page. */
export function TableContainer({ children }: { children: ReactNode }) {
  return <div className={styles.container}>{children}</div>;
}

export function SimpleTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <table aria-label={label} className={join(styles.table, className)}>
      {children}
    </table>
  );
}

export function SimpleColumn({ align = 'start', children }: { align?: Align; children: ReactNode }) {
  return (
    <th scope="col" className={join(styles.column, align === 'end' && styles.end)}>
      {children}
    </th>
  );
}

/** An element that takes a click itself: a click there is not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="link"], [role="dialog"]';

/**
 * A row; with `onOpen`, a click anywhere in it that is not on a link or button of its own opens
 * what the row stands for (the same as its first link, which keyboard and screen reader use).
 */
export function SimpleRow({ onOpen, children, ...data }: { onOpen?: (() => void) | undefined; children: ReactNode } & Record<`data-${string}`, string | undefined>) {
  const onClick = onOpen
    ? (event: MouseEvent<HTMLTableRowElement>) => {
        if (event.defaultPrevented || (event.target as Element).closest(INTERACTIVE)) return;
        onOpen();
      }
    : undefined;
  return (
    <tr {...data} className={join(styles.row, onOpen && styles.openable)} onClick={onClick}>
      {children}
    </tr>
  );
}

/** The cell that names the row (a row header for screen readers). */
export function SimpleRowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={join(styles.cell, styles.rowHeader)}>
      {children}
    </th>
  );
}

export function SimpleCell({ align = 'start', children }: { align?: Align; children?: ReactNode }) {
  return <td className={join(styles.cell, align === 'end' && styles.end)}>{children}</td>;
}
