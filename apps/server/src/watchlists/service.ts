import { WATCHLIST_MAX_ITEMS, WATCHLIST_MAX_LISTS, type Watchlist } from '@kontor/domain/watchlists';
import type { Clock } from '../platform/clock.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { WatchlistStore } from './store.ts';

const NOT_FOUND = 'Diese Watchlist gibt es nicht.';

/** Watchlists of one customer; another customer's list is "not found", never "forbidden". */
export function watchlistService(deps: { store: WatchlistStore; clock: Clock; instrumentExists: (isin: string) => Promise<boolean> }) {
  const { store, clock } = deps;
  const one = async (sub: string, id: string): Promise<Watchlist> => {
    const list = (await store.listsOf(sub)).find((l) => l.id === id);
    if (!list) throw notFound(NOT_FOUND);
    return list;
  };
  return {
    list: (sub: string) => store.listsOf(sub),
    async create(sub: string, name: string) {
      if ((await store.countOf(sub)) >= WATCHLIST_MAX_LISTS) {
        throw new AppError(409, `Sie können höchstens ${WATCHLIST_MAX_LISTS} Watchlisten anlegen.`);
      }
      return one(sub, await store.create(sub, name, clock.now()));
    },
    async rename(sub: string, id: string, name: string) {
      if (!(await store.rename(sub, id, name))) throw notFound(NOT_FOUND);
      return one(sub, id);
    },
    async remove(sub: string, id: string) {
      if (!(await store.remove(sub, id))) throw notFound(NOT_FOUND);
    },
    async addItem(sub: string, id: string, isin: string) {
      if (!(await store.owns(sub, id))) throw notFound(NOT_FOUND);
      if (!(await deps.instrumentExists(isin))) throw notFound('Dieses Wertpapier ist nicht bekannt.');
      const list = await one(sub, id);
      if (list.items.some((i) => i.isin === isin)) return list;
      if (list.items.length >= WATCHLIST_MAX_ITEMS) {
        throw new AppError(409, `Eine Watchlist kann höchstens ${WATCHLIST_MAX_ITEMS} Wertpapiere enthalten.`);
      }
      await store.addItem(id, isin, clock.now());
      return one(sub, id);
    },
    async removeItem(sub: string, id: string, isin: string) {
      if (!(await store.owns(sub, id))) throw notFound(NOT_FOUND);
      if (!(await store.removeItem(id, isin))) throw notFound('Dieses Wertpapier steht nicht auf der Watchlist.');
      return one(sub, id);
    },
  };
}
export type WatchlistService = ReturnType<typeof watchlistService>;
