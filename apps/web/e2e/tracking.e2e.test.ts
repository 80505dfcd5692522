import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext } from './browser';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Opens a URL and collects the tracking posts until the page has settled. */
async function trackingPostsOf(url: string, page?: Page): Promise<unknown[]> {
  const tab = page ?? (await context.newPage());
  const posts: Request[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/tracking') posts.push(request);
  };
  tab.on('request', onRequest);
  await tab.goto(url);
  await tab.getByRole('heading', { level: 1 }).waitFor();
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(500);
  tab.off('request', onRequest);
  return posts.map((request) => request.postDataJSON() as unknown);
}

describe('campaign tracking (spec §2, §7)', () => {
  it('a landing on the sign-in with fz* parameters posts the payload exactly once', async () => {
    const posts = await trackingPostsOf('/anmelden?fzsrc=newsletter&fzmedium=mail&fzterms=etf,sparplan');
    expect(posts).toEqual([{ fzsrc: 'newsletter', fzmedium: 'mail', fzterms: ['etf', 'sparplan'] }]);
  });

  it('a protected route redirects to the sign-in and still posts once', async () => {
    const posts = await trackingPostsOf('/sparplaene?fzsrc=partner&fzcampaign=herbst&fzterm=dividende');
    expect(posts).toEqual([{ fzsrc: 'partner', fzcampaign: 'herbst', fzterm: 'dividende' }]);
  });

  it('no post without fzsrc', async () => {
    expect(await trackingPostsOf('/anmelden?fzmedium=mail&fzterms=etf')).toEqual([]);
    expect(await trackingPostsOf('/registrieren')).toEqual([]);
  });
});
