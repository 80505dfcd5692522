import { type Live, ratchetKey } from './book.ts';

/** Where an open order rests in its book: the heaps and sets its kind and state call for (see `Book`). */

/** Puts an order into its book's indexes. */
export function shelve(o: Live): void {
  const { s, book } = o;
  switch (s.kind) {
    case 'market':
    case 'fraction':
      book.markets.add(o);
      break;
    case 'limit':
      pushLimit(o);
      break;
    case 'stop':
      if (s.triggered) book.markets.add(o);
      else pushStop(o);
      break;
    case 'stoplimit':
      if (s.triggered) pushLimit(o);
      else pushStop(o);
      break;
    case 'oco':
      if (s.triggered) book.markets.add(o);
      else {
        if (s.ocoLeg !== 'stop') pushLimit(o);
        if (s.ocoLeg !== 'limit') pushStop(o);
      }
      break;
    case 'tsl':
      if (s.triggered) book.markets.add(o);
      else if (s.stop === null) book.unarmed.add(o);
      else {
        pushStop(o);
        pushRatchet(o);
      }
      break;
    case 'previously_quoted':
      break;
  }
}

/** Takes an order out of every index of its book. */
export function unshelve(o: Live): void {
  const book = o.book;
  if (o.limitEntry) (o.s.side === 'buy' ? book.buyLimits : book.sellLimits).remove(o.limitEntry);
  if (o.stopEntry) (o.s.side === 'buy' ? book.buyStops : book.sellStops).remove(o.stopEntry);
  if (o.ratchetEntry) book.ratchets.remove(o.ratchetEntry);
  o.limitEntry = o.stopEntry = o.ratchetEntry = null;
  book.markets.delete(o);
  book.pending.delete(o);
  book.pendingCancels.delete(o);
  book.unarmed.delete(o);
}

export function pushLimit(o: Live): void {
  const units = o.book.grid.floorUnits(o.s.limit!);
  o.limitEntry = o.s.side === 'buy' ? o.book.buyLimits.push(-units, o.s.seq, o) : o.book.sellLimits.push(units, o.s.seq, o);
}

export function pushStop(o: Live): void {
  const twice = 2n * o.book.grid.floorUnits(o.s.stop!);
  o.stopEntry = o.s.side === 'buy' ? o.book.buyStops.push(twice, o.s.seq, o) : o.book.sellStops.push(-twice, o.s.seq, o);
}

export function pushRatchet(o: Live): void {
  o.ratchetEntry = o.book.ratchets.push(ratchetKey(o), o.s.seq, o);
}
