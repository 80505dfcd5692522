import { describe, expect, it } from 'vitest';
import { noticePageOf } from './notice-pages';

const SAP = 'DE0007164600';

describe('the notice page of a route (which banners the shell shows)', () => {
  it('names the page of each area, the instrument of an instrument page, none for Notizen and ALL elsewhere', () => {
    expect(noticePageOf('/depot')).toEqual({ page: 'DEPOT', isin: null });
    expect(noticePageOf('/orders/neu')).toEqual({ page: 'ORDERS', isin: null });
    expect(noticePageOf('/einstellungen')).toEqual({ page: 'SETTINGS', isin: null });
    expect(noticePageOf('/kapitalmassnahmen')).toEqual({ page: 'CORPORATE_ACTIONS', isin: null });
    expect(noticePageOf(`/wertpapier/${SAP}`)).toEqual({ page: 'INSTRUMENT', isin: SAP });
    expect(noticePageOf('/notizen')).toEqual({ page: null, isin: null });
    expect(noticePageOf('/watchlisten')).toEqual({ page: 'ALL', isin: null });
    // A prefix is a whole path segment: /depotuebertrag is not the depot.
    expect(noticePageOf('/depotuebertrag')).toEqual({ page: 'ALL', isin: null });
  });
});
