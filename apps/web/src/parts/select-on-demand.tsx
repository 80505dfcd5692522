import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDomainText } from '../lib/domain-text';
import { onDemand, useArrivedPopup, useOnDemand } from '../lib/on-demand';
import { ChevronDownIcon } from '../ui/icons';
import type { SelectOption, SelectProps } from '../ui/select';
import styles from '../ui/field.module.css';

// react-aria's select with its popover, list box and collection: about 45 KB that a page's first
// paint does not need (decision 041).
const select = onDemand(() => import('../ui/select').then((m) => m.Select));

/** Keys that open a select's list (react-aria's, on its button). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * ui/select for a page whose first load counts (the order ticket): a plain button of the same
 * look, name and value stands in while react-aria's select is fetched after the first paint; a
 * press or an opening key on it fetches it at once, and it takes the stand-in's place with the
 * focus, open. A stand-in that only has the focus hands it over, closed.
 */
export function SelectOnDemand<T extends SelectOption>(props: SelectProps<T>) {
  const [Select, want] = useOnDemand(select);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // A stand-in with the focus hands it to the select as that arrives, so the keyboard is not left on the page.
  const [focused, setFocused] = useState(false);
  useEffect(want, [want]);
  if (Select) return <Arrived Select={Select} props={props} openAtOnce={openAtOnce} takesFocus={openAtOnce || focused} />;
  const open = () => {
    setOpenAtOnce(true);
    want();
  };
  return <StandIn props={props} onOpen={open} onFocusChange={setFocused} />;
}

type ArrivedProps<T extends SelectOption> = { Select: (props: SelectProps<T>) => ReactNode; props: SelectProps<T>; openAtOnce: boolean; takesFocus: boolean };

function Arrived<T extends SelectOption>({ Select, props, openAtOnce, takesFocus }: ArrivedProps<T>) {
  const { ref, isOpen, onOpenChange } = useArrivedPopup({ takesFocus, opens: openAtOnce });
  return <Select {...props} triggerRef={ref} isOpen={isOpen} onOpenChange={onOpenChange} />;
}

function StandIn<T extends SelectOption>({ props, onOpen, onFocusChange }: { props: SelectProps<T>; onOpen: () => void; onFocusChange: (focused: boolean) => void }) {
  const text = useDomainText();
  const id = useId();
  const { label, options, description, errorMessage, className, selectedKey, placeholder, isDisabled } = props;
  const chosen = options.find((option) => option.id === selectedKey);
  const invalid = Boolean(props.isInvalid || errorMessage);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={invalid || undefined}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className={styles.trigger}
        aria-labelledby={`${id}-value ${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-haspopup="listbox"
        aria-expanded="false"
        disabled={isDisabled}
        data-disabled={isDisabled || undefined}
        onFocus={() => onFocusChange(true)}
        onBlur={() => onFocusChange(false)}
        // A mouse opens the list as it is pressed (react-aria's select does the same), so that the
        // select arriving between press and release does not swallow the click.
        onPointerDown={(event) => {
          if (event.pointerType === 'mouse' && event.button === 0) onOpen();
        }}
        onClick={(event) => {
          if (event.detail === 0 || (event.nativeEvent as PointerEvent).pointerType !== 'mouse') onOpen();
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          onOpen();
        }}
      >
        <span className={styles.value} id={`${id}-value`} data-placeholder={chosen ? undefined : true}>
          {chosen?.label ?? placeholder}
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {description && (
        <span className={styles.description} id={`${id}-description`}>
          {description}
        </span>
      )}
      {errorMessage && <span className={styles.error}>{text(errorMessage)}</span>}
    </div>
  );
}
