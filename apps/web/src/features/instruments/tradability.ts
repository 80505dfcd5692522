import type { Instrument } from '@kontor/domain/instrument';
import { marketLocalTime } from '@kontor/domain/trading-window';

export type TradeBlock = 'index' | 'matured' | 'knockedOut' | 'disabled' | 'noQuote';

export type Tradability = {
  /** Why Kaufen is not offered; null when it is. */
  buy: TradeBlock | null;
  /** Why Verkaufen is not offered; null when it is. */
  sell: TradeBlock | null;
  /** Matured: the maturity date (endfällig) is today or past, German time. */
  matured: boolean;
};

/**
 * Whether the instrument page offers Kaufen and Verkaufen, by the same rules the order ticket
 * applies (orderTicketErrors in @kontor/domain/order-rules): a product is matured from its maturity
 * day on and can then be neither bought nor sold; a knocked-out product can still be sold (for its
 * residual value) but no longer bought. An index is a reference value, not a security: it cannot
 * be traded at all (the universe also disables every order kind for it).
 */
/** The same without a current quote: neither side can be priced, so neither is offered until one comes. */
export function withoutQuote(tradable: Tradability): Tradability {
  return { ...tradable, buy: tradable.buy ?? 'noQuote', sell: tradable.sell ?? 'noQuote' };
}

export function tradability(instrument: Pick<Instrument, 'instrumentType' | 'knockedOutFlag' | 'endfaellig' | 'disabledExecTypes'>, now: Date): Tradability {
  const matured = instrument.endfaellig !== null && marketLocalTime(now).date >= instrument.endfaellig;
  if (instrument.instrumentType === 'INDEX') return { buy: 'index', sell: 'index', matured };
  if (matured) return { buy: 'matured', sell: 'matured', matured };
  return {
    buy: instrument.knockedOutFlag ? 'knockedOut' : instrument.disabledExecTypes.includes('buy') ? 'disabled' : null,
    sell: instrument.disabledExecTypes.includes('sell') ? 'disabled' : null,
    matured,
  };
}
