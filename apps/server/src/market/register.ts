import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { InstrumentService } from '../instruments/service.ts';
import type { Clock } from '../platform/clock.ts';
import { marketDevRoutes } from './dev-routes.ts';
import { type QuoteSource, SimulatedMarket } from './feed.ts';
import { withReferenceQuotes } from './reference-quotes.ts';
import { marketRoutes } from './routes.ts';
import { simulatedMarketFor } from './simulated-universe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The quote source as given (the simulated market unless one was passed). */
    quotes: QuoteSource;
  }
}

export type MarketSources = {
  /** The quote source as given: the market maker stand-in unless a market-data adapter is configured. */
  source: QuoteSource;
  /** The source with the reference ISINs quoted through their quote ISINs (decision 024). */
  market: QuoteSource;
};

/** The market maker stand-in quotes the whole universe unless a quote source is given. */
export async function marketSources(app: FastifyInstance, ctx: { quotes?: QuoteSource; instruments: InstrumentService; marketClock: Clock }): Promise<MarketSources> {
  const source = ctx.quotes ?? (await simulatedMarketFor(ctx.instruments, ctx.marketClock));
  app.decorate('quotes', source);
  return { source, market: withReferenceQuotes(source) };
}

/** Quotes and their live streams; `quotes` as the customer sees them (with subscription rights). */
export async function registerMarket(app: FastifyInstance, ctx: { config: Config; source: QuoteSource; quotes: QuoteSource }): Promise<void> {
  await app.register(marketRoutes, { quotes: ctx.quotes });
  if (ctx.config.devTools && ctx.source instanceof SimulatedMarket) await app.register(marketDevRoutes, { market: ctx.source });
}
