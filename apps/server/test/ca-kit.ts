import { randomUUID } from 'node:crypto';
import { caAuthorisationAmount, caAuthorisationData, type CaAnnouncement, type CaAnnouncementList, type CaPreview } from '@kontor/domain/ca-contracts';
import type { CaOption } from '@kontor/domain/corporate-actions';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { authorised } from './authorisation.ts';
import type { SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';

/** A market buy that fills at once (the pinned ask). */
export async function buy(t: TestApp, c: SignedInCustomer, isin: string, quantity: string): Promise<void> {
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin, side: 'buy', kind: 'market', quantity, validity: { type: 'day' } } });
  if (res.statusCode !== 201) throw new Error(`buy answered ${res.statusCode}: ${res.body}`);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  if (order.status !== 'Filled') throw new Error(`buy is ${order.status}`);
}

/** The custodian announces an event on a share `c` holds, through the dev route. */
export async function announce(t: TestApp, c: SignedInCustomer, isin: string, type: CaAnnouncement['type']): Promise<CaAnnouncement> {
  const res = await t.call({ method: 'POST', url: '/api/dev/ca/announce', headers: c.headers, payload: { isin, type } });
  if (res.statusCode !== 200) throw new Error(`announce answered ${res.statusCode}: ${res.body}`);
  return res.json() as CaAnnouncement;
}

export const caList = async (t: TestApp, c: SignedInCustomer) => ((await t.call({ method: 'GET', url: '/api/ca/ankuendigung', headers: c.headers })).json() as CaAnnouncementList).items;

/** The preview of an instruction through the API (200 expected). */
export async function previewOf(t: TestApp, c: SignedInCustomer, eventId: string, option: CaOption, quantity: string | null = null): Promise<CaPreview> {
  const res = await t.call({ method: 'POST', url: '/api/ca/weisungvorschauanfordern', headers: c.headers, payload: { eventId, option, quantity } });
  if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body}`);
  return res.json() as CaPreview;
}

/** Gives an instruction through the API, confirmed by TAN when it debits cash, as the web does. */
export async function instructByTan(t: TestApp, c: SignedInCustomer, eventId: string, option: CaOption, quantity: string | null = null): Promise<CaAnnouncement> {
  const preview = await previewOf(t, c, eventId, option, quantity);
  const data = caAuthorisationData({ eventId, option, quantity: preview.quantity, amount: caAuthorisationAmount(preview) });
  const authorisation = preview.needsAuthorisation ? await authorised(t, c, { type: 'CA_INSTRUCTION', data }) : undefined;
  const res = await t.call({ method: 'POST', url: '/api/ca/weisungerteilen', headers: c.headers, payload: { eventId, option, quantity, ...(authorisation ? { authorisation } : {}) } });
  if (res.statusCode !== 200) throw new Error(`instruction answered ${res.statusCode}: ${res.body}`);
  return res.json() as CaAnnouncement;
}

export const caDetail = async (t: TestApp, c: SignedInCustomer, id: string) => (await t.call({ method: 'GET', url: `/api/ca/ankuendigung/${id}`, headers: c.headers })).json() as CaAnnouncement;
