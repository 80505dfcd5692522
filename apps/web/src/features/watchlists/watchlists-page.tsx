import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuTrigger } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { WATCHLIST_MAX_LISTS, type Watchlist } from '@kontor/domain/watchlists';
import { isApiError } from '../../lib/api-client';
import { useLiveStatus } from '../../lib/live-quotes';
import { searchPath } from '../../lib/paths';
import { useToast } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { MoreIcon, PencilIcon, PlusIcon, SearchIcon, TrashIcon, WatchlistIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Menu, MenuItem, MenuPopover } from '../../ui/menu';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { WatchlistItems } from './watchlist-items';
import { WatchlistNameDialog } from './watchlist-name-dialog';
import { useWatchlistMutations, useWatchlists } from './watchlists-api';
import styles from './watchlists.module.css';

/** After the shown element went away (a deleted list), focus the page heading, not the void. */
function focusPageTitle() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-page-title]')?.focus());
}

function LiveHint() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'live') return <Badge tone="success">{t('watchlists.live')}</Badge>;
  if (status === 'connecting') return <Badge>{t('watchlists.connecting')}</Badge>;
  if (status === 'interrupted') return <Badge tone="warning">{t('watchlists.interrupted')}</Badge>;
  return null;
}

function LoadingLists() {
  const { t } = useTranslation();
  return (
    <Card>
      <div className={styles.loading} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <div className={styles.loadingTabs}>
          <Skeleton width="7rem" height="1.75rem" />
          <Skeleton width="5rem" height="1.75rem" />
        </div>
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    </Card>
  );
}

function ListCard({ list, onRename, onDelete }: { list: Watchlist; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { removeItem } = useWatchlistMutations();
  const [removing, setRemoving] = useState<string>();
  const remove = (isin: string, name: string) => {
    setRemoving(isin);
    removeItem.mutate(
      { id: list.id, isin },
      {
        onSuccess: () => toast.success(t('watchlists.removed', { name, list: list.name }), { deleteOnRouteChange: true }),
        onSettled: () => setRemoving(undefined),
      },
    );
  };
  return (
    <Card
      title={list.name}
      flush
      actions={
        <div className={styles.cardActions}>
          {list.items.length > 0 && <LiveHint />}
          <MenuTrigger>
            <Button variant="ghost" size="sm" iconOnly aria-label={t('watchlists.actionsNamed', { name: list.name })}>
              <MoreIcon />
            </Button>
            <MenuPopover>
              <Menu aria-label={t('watchlists.actionsNamed', { name: list.name })}>
                <MenuItem icon={<PencilIcon />} onAction={onRename}>
                  {t('watchlists.rename')}
                </MenuItem>
                <MenuItem icon={<TrashIcon />} onAction={onDelete}>
                  {t('watchlists.delete')}
                </MenuItem>
              </Menu>
            </MenuPopover>
          </MenuTrigger>
        </div>
      }
    >
      {list.items.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('watchlists.emptyListTitle')}
          action={
            <LinkButton href={searchPath()} variant="secondary">
              {t('watchlists.toSearch')}
            </LinkButton>
          }
        >
          {t('watchlists.emptyListText')}
        </EmptyState>
      ) : (
        <WatchlistItems list={list} onRemove={remove} removing={removing} />
      )}
    </Card>
  );
}

/**
 * /watchlisten: the customer's lists as tabs (the chosen one in the URL, ?liste=…), each with its
 * instruments, live prices and day's change; create, rename and delete (after a confirmation).
 */
export function WatchlistsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const lists = useWatchlists();
  const { create, rename, remove } = useWatchlistMutations();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);
  const [toDelete, setToDelete] = useState<Watchlist | null>(null);

  const all = lists.data ?? [];
  const current = all.find((l) => l.id === params.get('liste')) ?? all[0];
  const select = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('liste', id);
    else next.delete('liste');
    setParams(next, { replace: true });
  };
  const atLimit = all.length >= WATCHLIST_MAX_LISTS;

  const createButton = (
    <Button onPress={() => setDialog('create')} isDisabled={atLimit}>
      <PlusIcon />
      {t('watchlists.create')}
    </Button>
  );

  return (
    <Page title={t('pages.watchlists.title')} description={t('watchlists.intro')} actions={all.length > 0 ? createButton : undefined}>
      {/* Names the section for heading navigation while it still loads or shows an error. */}
      <h2 className="visually-hidden">{t('watchlists.listsLabel')}</h2>
      {lists.isPending ? (
        <LoadingLists />
      ) : lists.isError ? (
        <Card>
          <LoadError message={t('watchlists.loadError')} onRetry={() => void lists.refetch()} />
        </Card>
      ) : !current ? (
        <Card>
          <EmptyState icon={<WatchlistIcon />} title={t('watchlists.emptyTitle')} action={createButton}>
            {t('watchlists.emptyText')}
          </EmptyState>
        </Card>
      ) : (
        <>
          {atLimit && <Notice tone="info">{t('watchlists.limitLists', { max: WATCHLIST_MAX_LISTS })}</Notice>}
          <Tabs selectedKey={current.id} onSelectionChange={(key) => select(String(key))}>
            <TabList aria-label={t('watchlists.listsLabel')}>
              {all.map((list) => (
                <Tab key={list.id} id={list.id}>
                  {list.name}
                  <span className={styles.tabCount}>
                    <span className="visually-hidden">, </span>
                    {t('watchlists.count', { count: list.items.length })}
                  </span>
                </Tab>
              ))}
            </TabList>
            {all.map((list) => (
              <TabPanel key={list.id} id={list.id}>
                <ListCard list={list} onRename={() => setDialog('rename')} onDelete={() => setToDelete(list)} />
              </TabPanel>
            ))}
          </Tabs>
        </>
      )}

      <WatchlistNameDialog
        isOpen={dialog === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('watchlists.createTitle')}
        submitLabel={t('watchlists.createSubmit')}
        onSubmit={async (name) => {
          const list = await create.mutateAsync({ name });
          select(list.id);
          toast.success(t('watchlists.created', { name: list.name }), { deleteOnRouteChange: true });
        }}
      />
      <WatchlistNameDialog
        isOpen={dialog === 'rename' && current !== undefined}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('watchlists.renameTitle')}
        submitLabel={t('watchlists.renameSubmit')}
        initialName={current?.name}
        onSubmit={async (name) => {
          if (!current) return;
          const list = await rename.mutateAsync({ id: current.id, name });
          toast.success(t('watchlists.renamed', { name: list.name }), { deleteOnRouteChange: true });
        }}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title={t('watchlists.deleteTitle')}
        confirmLabel={t('watchlists.deleteConfirm')}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const { id, name } = toDelete;
          remove.mutate(id, {
            onSuccess: () => {
              setToDelete(null);
              if (params.get('liste') === id) select(undefined);
              toast.success(t('watchlists.deleted', { name }), { deleteOnRouteChange: true });
              focusPageTitle();
            },
          });
        }}
      >
        <div className={styles.stack}>
          {remove.isError && <Notice tone="danger">{isApiError(remove.error) ? remove.error.message : t('errors.unknown')}</Notice>}
          <p>{toDelete ? t('watchlists.deleteText', { name: toDelete.name, count: toDelete.items.length }) : null}</p>
        </div>
      </ConfirmDialog>
    </Page>
  );
}
