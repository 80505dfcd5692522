import { describe, expect, it } from 'vitest';
import { trackingPayload, trackingPayloadSchema } from './tracking';

describe('trackingPayload — spec §2/§3 tracking', () => {
  it.each([
    ['no fzsrc: nothing to track', '?fzmedium=mail&fzcampaign=spring', null],
    ['empty query', '', null],
    ['empty fzsrc counts as absent', '?fzsrc=&fzmedium=mail', null],
    ['fzsrc alone', '?fzsrc=newsletter', { fzsrc: 'newsletter' }],
    ['without a leading "?"', 'fzsrc=newsletter', { fzsrc: 'newsletter' }],
    [
      'all single values',
      '?fzsrc=partner&fzmedium=banner&fzcampaign=sommer24&fzcontent=top&fzterm=etf',
      { fzsrc: 'partner', fzmedium: 'banner', fzcampaign: 'sommer24', fzcontent: 'top', fzterm: 'etf' },
    ],
    [
      'fzterms becomes a list split on commas',
      '?fzsrc=sea&fzterms=etf,sparplan,aktien',
      { fzsrc: 'sea', fzterms: ['etf', 'sparplan', 'aktien'] },
    ],
    [
      'encoded commas and spaces',
      '?fzsrc=sea&fzterms=etf%2C%20msci%20world,%20sparplan',
      { fzsrc: 'sea', fzterms: ['etf', 'msci world', 'sparplan'] },
    ],
    ['a single fzterms value is a list of one', '?fzsrc=sea&fzterms=etf', { fzsrc: 'sea', fzterms: ['etf'] }],
    ['fzterms wins over fzterm', '?fzsrc=sea&fzterm=one&fzterms=a,b', { fzsrc: 'sea', fzterms: ['a', 'b'] }],
    ['empty list entries are dropped', '?fzsrc=sea&fzterms=a,,b,', { fzsrc: 'sea', fzterms: ['a', 'b'] }],
    ['other parameters are ignored', '?q=sap&fzsrc=app&utm_source=x', { fzsrc: 'app' }],
    ['plus means space', '?fzsrc=zeitung+online', { fzsrc: 'zeitung online' }],
  ])('%s', (_case, query, expected) => {
    expect(trackingPayload(query)).toEqual(expected);
  });

  it('reads URLSearchParams', () => {
    const params = new URLSearchParams({ fzsrc: 'web', fzterm: 'dividende' });
    expect(trackingPayload(params)).toEqual({ fzsrc: 'web', fzterm: 'dividende' });
  });

  it('produces payloads the API schema accepts', () => {
    const payload = trackingPayload('?fzsrc=sea&fzmedium=cpc&fzterms=a,b');
    expect(trackingPayloadSchema.parse(payload)).toEqual(payload);
  });
});

describe('trackingPayloadSchema', () => {
  it.each([
    ['missing fzsrc', { fzmedium: 'x' }],
    ['empty fzsrc', { fzsrc: '' }],
    ['fzterm and fzterms together', { fzsrc: 's', fzterm: 'a', fzterms: ['b'] }],
    ['fzterms not a list', { fzsrc: 's', fzterms: 'a,b' }],
    ['overlong value', { fzsrc: 'x'.repeat(501) }],
  ])('rejects %s', (_case, body) => {
    expect(trackingPayloadSchema.safeParse(body).success).toBe(false);
  });
});
