import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onDemand, useOnDemand } from '../../lib/on-demand';
import { searchPath } from '../../lib/paths';
import { SearchIcon } from '../../ui/icons';
import type { InstrumentSearchFieldProps } from './instrument-search-field';

/** The search with its suggestions (react-aria's combobox and list box, the search's API). */
const searchField = onDemand(() => import('./instrument-search-field').then((m) => m.InstrumentSearchField));

/** Loads the search with its suggestions (tests load it first). */
export const loadInstrumentSearch = () => searchField.load();

/**
 * The instrument search in the top bar. Its suggestions are not part of a page's first load
 * (README "First load"): it loads when the customer turns to the field (pointer over it, focus),
 * and until the first letter is typed a plain field of the same look, name and role stands in;
 * then the search takes its place, with what was typed and the focus. Enter before it is there
 * opens the results page.
 */
export function TopBarSearch(props: InstrumentSearchFieldProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [Field, want] = useOnDemand(searchField);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const plain = useRef<HTMLInputElement>(null);
  // Fetched when the customer turns to the field, put in its place with the first letter typed.
  const prefetch = () => void searchField.load().catch(() => undefined);

  // Whether the plain field has the focus as the search takes its place: read from the document,
  // which knows it at this moment even when the focus event's state update has not been rendered.
  // eslint-disable-next-line react-hooks/refs -- read once, as the search arrives
  if (Field) return <Field {...props} initialInputValue={typed} autoFocus={focused || (plain.current !== null && plain.current === document.activeElement)} />;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !typed.trim()) return;
    event.preventDefault();
    void navigate(searchPath({ q: typed }));
    setTyped('');
  };
  return (
    <div className={props.className}>
      <label htmlFor={id} className="visually-hidden">
        {t('topbar.searchLabel')}
      </label>
      <SearchIcon className={props.iconClassName} />
      <input
        ref={plain}
        id={id}
        className={props.inputClassName}
        type="search"
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        autoComplete="off"
        autoCorrect="off"
        spellCheck="false"
        placeholder={t('topbar.searchPlaceholder')}
        value={typed}
        data-focused={focused || undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          want();
        }}
        onKeyDown={onKeyDown}
        onPointerEnter={prefetch}
        onFocus={() => {
          setFocused(true);
          prefetch();
        }}
        onBlur={() => setFocused(false)}
      />
    </div>
  );
}
