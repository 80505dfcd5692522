import type { ReactNode } from 'react';
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  composeRenderProps,
  type CellProps as AriaCellProps,
  type ColumnProps as AriaColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import styles from './table.module.css';

/**
 * Data tables (positions, orders, transactions). Numbers are right-aligned with `align="end"` on
 * both column and cell, and always use tabular numerals. Wrap in TableContainer so a wide table
 * scrolls sideways on a phone instead of breaking the page.
 */
type Align = 'start' | 'end';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function TableContainer({ children }: { children: ReactNode }) {
  return <div className={styles.container}>{children}</div>;
}

export function Table({ className, ...props }: TableProps) {
  return <AriaTable {...props} className={composeRenderProps(className, (extra) => join(styles.table, extra))} />;
}

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} />;
}

export function Column({ align = 'start', className, children, ...props }: AriaColumnProps & { align?: Align }) {
  return (
    <AriaColumn
      {...props}
      className={composeRenderProps(className, (extra) => join(styles.column, align === 'end' && styles.end, extra))}
    >
      {composeRenderProps(children, (content, { allowsSorting, sortDirection }) => (
        <>
          {content}
          {allowsSorting && sortDirection && (
            <span className={styles.sortIndicator} aria-hidden="true">
              {sortDirection === 'ascending' ? '▲' : '▼'}
            </span>
          )}
        </>
      ))}
    </AriaColumn>
  );
}

export function TableBody<T extends object>({ renderEmptyState, ...props }: TableBodyProps<T>) {
  return (
    <AriaTableBody
      {...props}
      renderEmptyState={renderEmptyState && ((state) => <div className={styles.empty}>{renderEmptyState(state)}</div>)}
    />
  );
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={composeRenderProps(className, (extra) => join(styles.row, extra))} />;
}

export function Cell({ align = 'start', className, ...props }: AriaCellProps & { align?: Align }) {
  return (
    <AriaCell
      {...props}
      className={composeRenderProps(className, (extra) => join(styles.cell, align === 'end' && styles.end, extra))}
    />
  );
}
