import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuTrigger, type Selection } from 'react-aria-components';
import { WATCHLIST_MAX_LISTS } from '@kontor/domain/watchlists';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { PlusIcon, WatchlistIcon } from '../../ui/icons';
import { Menu, MenuItem, MenuPopover, MenuSection, MenuSeparator } from '../../ui/menu';
import { WatchlistNameDialog } from './watchlist-name-dialog';
import { useWatchlistMutations, useWatchlists } from './watchlists-api';
import styles from './watchlists.module.css';

const NEW_LIST = '__new__';

export type AddToWatchlistButtonProps = {
  isin: string;
  name: string;
  /** Only the star, for rows of a list (search results); the label goes to screen readers. */
  compact?: boolean;
};

/**
 * "Zur Watchlist": a menu of the customer's watchlists, checked where the instrument already is;
 * choosing one adds it there or takes it off, "Neue Watchlist …" creates a list holding it.
 */
export function AddToWatchlistButton({ isin, name, compact = false }: AddToWatchlistButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const lists = useWatchlists();
  const { create, addItem, removeItem } = useWatchlistMutations();
  const [creating, setCreating] = useState(false);

  const all = lists.data ?? [];
  const holding = all.filter((l) => l.items.some((i) => i.isin === isin));
  const selected = new Set(holding.map((l) => l.id));
  const busy = addItem.isPending || removeItem.isPending;

  const label =
    holding.length === 0 ? t('watchlists.add') : t('watchlists.onLists', { count: holding.length });
  const accessibleName = compact
    ? holding.length === 0
      ? t('watchlists.addNamed', { name })
      : t('watchlists.onListsNamed', { name, count: holding.length })
    : undefined;

  const toggle = (keys: Selection) => {
    if (keys === 'all' || busy) return;
    const added = [...keys].find((k) => !selected.has(String(k)));
    const removed = [...selected].find((id) => !keys.has(id));
    const list = all.find((l) => l.id === (added ?? removed));
    if (!list) return;
    if (added) {
      addItem.mutate({ id: list.id, isin }, { onSuccess: () => toast.success(t('watchlists.added', { name, list: list.name })) });
    } else {
      removeItem.mutate({ id: list.id, isin }, { onSuccess: () => toast.success(t('watchlists.removed', { name, list: list.name })) });
    }
  };

  return (
    <>
      <MenuTrigger>
        <Button variant={compact ? 'ghost' : 'secondary'} size={compact ? 'sm' : 'md'} iconOnly={compact} aria-label={accessibleName}>
          <WatchlistIcon className={holding.length > 0 ? styles.starOn : undefined} fill={holding.length > 0 ? 'currentColor' : 'none'} />
          {!compact && label}
        </Button>
        <MenuPopover>
          <Menu
            aria-label={t('watchlists.menuLabel', { name })}
            disabledKeys={lists.isPending ? ['loading'] : all.length >= WATCHLIST_MAX_LISTS ? [NEW_LIST] : []}
          >
            {lists.isPending ? (
              <MenuItem id="loading">{t('watchlists.loadingLists')}</MenuItem>
            ) : all.length > 0 ? (
              <MenuSection title={t('watchlists.yourLists')} selectionMode="multiple" selectedKeys={selected} onSelectionChange={toggle}>
                {all.map((list) => (
                  <MenuItem key={list.id} id={list.id} textValue={list.name}>
                    <span className={styles.menuName}>{list.name}</span>
                    <span className={styles.menuCount}>{t('watchlists.count', { count: list.items.length })}</span>
                  </MenuItem>
                ))}
              </MenuSection>
            ) : null}
            {all.length > 0 && <MenuSeparator />}
            <MenuItem id={NEW_LIST} icon={<PlusIcon />} onAction={() => setCreating(true)}>
              {t('watchlists.newWithInstrument')}
            </MenuItem>
          </Menu>
        </MenuPopover>
      </MenuTrigger>

      <WatchlistNameDialog
        isOpen={creating}
        onOpenChange={setCreating}
        title={t('watchlists.createTitle')}
        submitLabel={t('watchlists.createSubmit')}
        intro={t('watchlists.newWithText', { name })}
        onSubmit={async (listName) => {
          const list = await create.mutateAsync({ name: listName, isin });
          toast.success(t('watchlists.added', { name, list: list.name }));
        }}
      />
    </>
  );
}
