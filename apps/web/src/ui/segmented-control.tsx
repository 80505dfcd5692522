import type { Key } from 'react-aria-components';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import styles from './segmented-control.module.css';

export type SegmentedItem<K extends string> = {
  id: K;
  label: string;
  /** A longer name, shown as a tooltip (e.g. "1 Jahr" for "1J"). */
  title?: string;
  /** The label's language, where it differs from the page's (a language by its own name). */
  lang?: string;
};

export type SegmentedControlProps<K extends string> = {
  /** The accessible name of the group ("Diagrammtyp"). */
  label: string;
  items: readonly SegmentedItem<K>[];
  selected: K;
  onChange: (id: K) => void;
  className?: string;
};

/**
 * One choice out of a few, shown side by side (chart type, chart range). A radio group for
 * assistive technology: Tab enters it at the chosen option, the arrow keys move between options.
 * Wraps onto the next line on a narrow screen instead of scrolling sideways.
 */
export function SegmentedControl<K extends string>({ label, items, selected, onChange, className }: SegmentedControlProps<K>) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selected]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = [...keys];
        if (next !== undefined && next !== selected) onChange(String(next) as K);
      }}
      className={[styles.group, className].filter(Boolean).join(' ')}
    >
      {items.map((item) => (
        <ToggleButton key={item.id} id={item.id} className={styles.item}>
          <span title={item.title} lang={item.lang}>
            {item.label}
          </span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
