import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
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

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One choice out of a few, shown side by side (chart type, chart range, the footer's language). A
 * radio group for assistive technology: Tab enters it at the chosen option, the arrow keys (and
 * Home, End) move between options, Space or Enter chooses. Wraps onto the next line on a narrow
 * screen instead of scrolling sideways. Plain buttons rather than react-aria's ToggleButtonGroup:
 * the footer's language switch is on every first load, and the group's toolbar and focus scope
 * weighed 5 KB of it (decision 041).
 */
export function SegmentedControl<K extends string>({ label, items, selected, onChange, className }: SegmentedControlProps<K>) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  // The option Tab lands on: the one last focused while focus is inside, else the chosen one.
  const [focused, setFocused] = useState<K | null>(null);
  const tabStop = focused !== null && items.some((item) => item.id === focused) ? focused : selected;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = items.findIndex((item) => item.id === (focused ?? selected));
    const step = STEPS[event.key];
    const to = step !== undefined ? (from + step + items.length) % items.length : event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : -1;
    const target = items[to];
    if (!target) return;
    event.preventDefault();
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={[styles.group, className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) buttons.current.set(item.id, element);
              else buttons.current.delete(item.id);
            }}
            type="button"
            role="radio"
            aria-checked={isSelected}
            data-selected={isSelected || undefined}
            tabIndex={item.id === tabStop ? 0 : -1}
            className={styles.item}
            onFocus={() => setFocused(item.id)}
            onClick={() => {
              if (!isSelected) onChange(item.id);
            }}
          >
            <span title={item.title} lang={item.lang}>
              {item.label}
            </span>
          </button>
        );
      })}
    </div>
  );
}
