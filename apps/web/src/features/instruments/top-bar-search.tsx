import { useId, useState, type KeyboardEvent } from 'react';
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
 * (README "First load"): until the customer turns to the field (pointer over it, a touch, focus),
 * it is a plain field of the same look, name and role; then the search with its suggestions loads
 * and takes its place, with what was typed meanwhile and the focus. Enter before that opens the
 * results page.
 */
export function TopBarSearch(props: InstrumentSearchFieldProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [Field, want] = useOnDemand(searchField);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);

  if (Field) return <Field {...props} initialInputValue={typed} autoFocus={focused} />;

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
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onPointerEnter={want}
        onPointerDown={want}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        onBlur={() => setFocused(false)}
      />
    </div>
  );
}
