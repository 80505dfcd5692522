import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atBothWidths, browserForFile, DEMO, expectAccessible, expectAxeClean, noHorizontalScroll, screenshot, signIn, VIEWPORTS } from './browser';

/**
 * A third-party portfolio tool (the dev page /dev/oauth-client) asks for read access; the customer
 * allows it on Kontor's German consent screen, the tool reads the depot with its token alone, and
 * the customer revokes it under Einstellungen → Verbundene Anwendungen — at 1280 and 360 px.
 */

const files = browserForFile();

/** Each width: nothing to scroll sideways, no serious accessibility violation. */
async function fitsAndAccessible(page: Page) {
  await noHorizontalScroll(page);
  await expectAxeClean(page);
}

describe('connecting a portfolio tool by OAuth', () => {
  it('grants read access on the consent screen, the tool reads the depot, and the grant is revoked in the settings', async () => {
    const page = await files.context.newPage();
    await signIn(page, DEMO);

    await page.goto('/dev/oauth-client');
    await page.getByRole('heading', { level: 1, name: 'Depotanalyse (Demo)' }).waitFor();
    await page.getByRole('button', { name: 'Mit Kontor verbinden' }).click();

    await page.getByRole('heading', { level: 1, name: 'Zugriff erlauben' }).waitFor();
    const consent = page.getByRole('region', { name: 'Depotanalyse (Demo)' });
    await consent.getByText('Depot und Bestände lesen').waitFor();
    await consent.getByText('Orders lesen', { exact: true }).waitFor();
    await atBothWidths(page, 'oauth-consent', fitsAndAccessible);

    await consent.getByRole('button', { name: 'Zulassen' }).click();
    await page.waitForURL(/\/dev\/oauth-client\?code=/);
    const positions = page.getByRole('region', { name: /^Positionen \(\d+\)$/ });
    await positions.waitFor();
    await positions.getByText('depot:read orders:read').waitFor();
    // The demo customer holds shares: the tool sees them with its token, no Kontor cookie.
    expect(await positions.getByRole('row').count()).toBeGreaterThan(1);
    await atBothWidths(page, 'oauth-dev-client-reads-depot', fitsAndAccessible);

    await page.goto('/einstellungen');
    const card = page.getByRole('region', { name: 'Verbundene Anwendungen' });
    await card.getByText('Depotanalyse (Demo)').waitFor();
    await card.getByText('Depot und Bestände lesen, Orders lesen').waitFor();
    await atBothWidths(page, 'oauth-connected-apps', fitsAndAccessible);

    await page.setViewportSize(VIEWPORTS.mobile);
    await card.getByRole('button', { name: 'Zugriff von Depotanalyse (Demo) widerrufen' }).click();
    await card.getByText('Sie haben keiner Anwendung Zugriff gegeben.').waitFor();
    await page.getByText('Der Zugriff von Depotanalyse (Demo) wurde widerrufen.').first().waitFor();
    await noHorizontalScroll(page);
    await expectAccessible(page, 'oauth-revoked');
    await screenshot(page, 'oauth-revoked-360');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'oauth-revoked-1280');
    await page.close();
  });
});
