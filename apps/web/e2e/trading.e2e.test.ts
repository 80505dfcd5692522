import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, euros, expectAccessible, launch, movePrice, newContext, noHorizontalScroll, screenshot, signIn } from './browser';

const SAP = 'DE0007164600';

let browser: Browser;
let page: Page;
const contexts: BrowserContext[] = [];

async function freshPage(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launch();
  page = await freshPage('desktop');
  await signIn(page, DEMO);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openTicket(p: Page, side: 'BUY' | 'SELL'): Promise<void> {
  await p.goto(`/orders/neu?isin=${SAP}&side=${side}`);
  await p.getByRole('heading', { level: 1, name: 'Order: SAP SE' }).waitFor();
  await p.locator('[data-quote="bid"] dd').getByText(/€/).waitFor();
}

async function chooseKind(p: Page, label: string): Promise<void> {
  await p.getByRole('button', { name: /Orderart/ }).click();
  await p.getByRole('option', { name: label, exact: true }).click();
}

/** The current bid of the ticket's quote card. */
async function bid(p: Page): Promise<number> {
  return euros(await p.locator('[data-quote="bid"] dd').textContent());
}

/** Sends from "Order prüfen"; a small order asks for the one confirmation of its notes unless given earlier. */
async function send(p: Page, button: string): Promise<void> {
  await p.getByRole('heading', { level: 2, name: 'Order prüfen' }).waitFor();
  await p.getByText('Orderentgelt', { exact: true }).waitFor();
  const confirmation = p.getByText('Ich habe die Hinweise gelesen und möchte die Order erteilen.');
  if (await confirmation.isVisible()) await confirmation.click();
  await p.getByRole('button', { name: button }).click();
}

const germanPrice = (value: number) => value.toFixed(2).replace('.', ',');

describe('trading', () => {
  it('depot: live valuation of the seeded positions, cash and buying power; "Einzahlung simulieren" adds money', async () => {
    await page.goto('/depot');
    await page.getByRole('heading', { level: 1, name: 'Depot' }).waitFor();
    const positions = page.locator('[data-positions]');
    await positions.locator(`[data-isin="${SAP}"]`).getByText('SAP SE').waitFor();
    // The depot value appears once every position has its live price.
    await page.locator('[data-depot-value]').getByText(/\d,\d{2}\s€/).waitFor();
    expect(await page.locator('[data-depot-pnl]').textContent()).toMatch(/^[+−][\d.]+,\d{2}\s€\s[+−][\d.]+,\d{2}\s%$/);

    const before = euros(await page.locator('[data-buying-power]').textContent());
    await page.getByRole('button', { name: 'Einzahlung simulieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einzahlung simulieren' });
    await dialog.getByLabel('Betrag in €').fill('5.000,00');
    await dialog.getByRole('button', { name: 'Einzahlen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => euros(await page.locator('[data-buying-power]').textContent())).toBeCloseTo(before + 5000, 2);

    await screenshot(page, 'depot-desktop');
    await expectAccessible(page, 'depot', ['desktop']);
  });

  it('market buy from the instrument page: Prüfen with costs and the one-time confirmation, "ausgeführt", the position and the contract note', async () => {
    await page.goto('/depot');
    const sapRow = page.locator(`[data-positions] [data-isin="${SAP}"]`);
    await sapRow.waitFor();
    const held = Number((await sapRow.locator('td').first().textContent())?.match(/^[\d.,]+/)?.[0].replace(/\./g, '').replace(',', '.'));

    await page.goto(`/wertpapier/${SAP}`);
    await page.getByRole('link', { name: 'Kaufen', exact: true }).click();
    await page.waitForURL(`**/orders/neu?isin=${SAP}&side=BUY`);
    await page.getByRole('heading', { level: 1, name: 'Order: SAP SE' }).waitFor();

    // Bad input is answered at once, in German, and stays in the field.
    const quantity = page.getByLabel('Stückzahl');
    await quantity.fill('abc');
    await quantity.blur();
    await page.getByText('Die Stückzahl ist keine gültige Zahl.').waitFor();
    expect(await quantity.inputValue()).toBe('abc');
    await quantity.fill('1');
    await page.getByText('Die Stückzahl ist keine gültige Zahl.').waitFor({ state: 'detached' });
    await screenshot(page, 'trading-ticket-desktop');
    await expectAccessible(page, 'trading-ticket', ['desktop']);

    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Order prüfen' }).waitFor();
    await page.getByText('Orderentgelt', { exact: true }).waitFor();
    // One share is a small order: its note (the small-order surcharge) is confirmed, once.
    const confirmation = page.getByText('Ich habe die Hinweise gelesen und möchte die Order erteilen.');
    await confirmation.waitFor();
    await page.getByRole('button', { name: 'Kauforder senden' }).click();
    await page.getByText('Bitte bestätigen Sie diesen Hinweis, um fortzufahren.').waitFor();
    await confirmation.click();
    await screenshot(page, 'trading-review-desktop');
    await expectAccessible(page, 'trading-review');
    await page.getByRole('button', { name: 'Kauforder senden' }).click();

    await page.getByText('Order ausgeführt', { exact: true }).waitFor();
    await page.locator('[data-order-status="Filled"]').getByText('ausgeführt').first().waitFor();
    await screenshot(page, 'trading-result-desktop');

    // The contract note arrives in the Posteingang, unread; it opens as a real PDF, and then counts as read.
    await page.goto('/posteingang');
    const first = page.getByRole('list', { name: 'Dokumente' }).getByRole('listitem').first();
    await first.getByText('Wertpapierabrechnung Kauf SAP SE').waitFor();
    expect(await first.getAttribute('data-unread')).toBe('');
    await screenshot(page, 'trading-inbox-desktop');
    await expectAccessible(page, 'trading-inbox');
    const inboxPdf = await page.request.get((await first.getByRole('link').first().getAttribute('href'))!);
    expect(inboxPdf.status()).toBe(200);
    expect(inboxPdf.headers()['content-type']).toBe('application/pdf');
    expect((await inboxPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.reload();
    await first.getByText('Wertpapierabrechnung Kauf SAP SE').waitFor();
    expect(await first.getAttribute('data-unread')).toBeNull();

    // The order with its execution and the same contract note.
    await page.goto('/orders');
    await page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const note = page.getByRole('link', { name: /Abrechnung \(PDF\)/ });
    await note.waitFor();
    const pdf = await page.request.get((await note.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await screenshot(page, 'orders-detail-desktop');
    await expectAccessible(page, 'orders-detail', ['desktop']);

    // The position grew by the piece bought.
    await page.goto('/depot');
    await expect.poll(async () => sapRow.locator('td').first().textContent()).toMatch(new RegExp(`^${String(held + 1)}(?!\\d)`));
  }, 240_000);

  it('a limit order far below the market rests "offen"; cancelled it is "gestrichen"', async () => {
    await openTicket(page, 'BUY');
    await chooseKind(page, 'Limit');
    await page.getByLabel('Stückzahl').fill('5');
    await page.getByLabel('Limit in EUR').fill(germanPrice(Math.floor((await bid(page)) * 70) / 100));
    await page.getByRole('button', { name: /Gültigkeit/ }).click();
    await page.getByRole('option', { name: 'Bis auf Widerruf' }).click();
    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await send(page, 'Kauforder senden');
    await page.getByText('Order angenommen').waitFor();
    await page.locator('[data-order-status="Open"]').getByText('offen').waitFor();

    await page.getByRole('link', { name: 'Order ansehen' }).click();
    await page.getByRole('button', { name: 'Order streichen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Order streichen?' });
    await dialog.getByRole('button', { name: 'Order streichen' }).click();
    await page.locator('[data-order-status]').getByText('gestrichen', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Order streichen' }).count()).toBe(0);

    await page.goto('/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('grid', { name: 'Orders' }).getByText('gestrichen', { exact: true }).first().waitFor();
    await screenshot(page, 'orders-list-desktop');
    await expectAccessible(page, 'orders-list', ['desktop']);
    await page.getByRole('radio', { name: 'Offen' }).click();
    await page.waitForURL('**/orders?status=offen');
  });

  it('a stop buy the market jumps far beyond is "zurückgewiesen" with the reason, and its money is free again', async () => {
    await page.goto('/depot');
    const buyingPower = page.locator('[data-buying-power]');
    await buyingPower.getByText(/\d,\d{2}\s€/).waitFor();
    const power = euros(await buyingPower.textContent());

    await openTicket(page, 'BUY');
    await chooseKind(page, 'Stop');
    const ask = euros(await page.locator('[data-quote="ask"] dd').textContent());
    const stop = Math.ceil(ask * 102) / 100;
    // As many pieces as the buying power holds with the 10 % a stop keeps for a worse price.
    const pieces = Math.floor((power - 2) / (stop * 1.1));
    await page.getByLabel('Stückzahl').fill(String(pieces));
    await page.getByLabel('Stop-Kurs in EUR').fill(germanPrice(stop));
    await page.getByRole('button', { name: /Gültigkeit/ }).click();
    await page.getByRole('option', { name: 'Bis auf Widerruf' }).click();
    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await send(page, 'Kauforder senden');
    await page.getByText('Order angenommen').waitFor();
    await page.getByRole('link', { name: 'Order ansehen' }).click();
    await page.locator('[data-order-status]').getByText('offen', { exact: true }).first().waitFor();

    // The price jumps 30 %: the pieces now cost more than the customer has.
    await movePrice(page, SAP, '30');
    await page.locator('[data-order-status]').getByText('zurückgewiesen', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('Nicht ausgeführt: Ihr Guthaben deckt den Kauf zum aktuellen Kurs nicht.').waitFor();
    await screenshot(page, 'orders-rejected-desktop');
    await expectAccessible(page, 'orders-rejected');

    // Back to about the old price for the tests that follow; the money is free again.
    await movePrice(page, SAP, '-23.08');
    await page.goto('/depot');
    await expect.poll(async () => euros(await buyingPower.textContent()), { timeout: 30_000 }).toBeCloseTo(power, 2);
  });

  it('a trailing stop loss (sell, 5 %) moves its stop up when the market rises', async () => {
    await openTicket(page, 'SELL');
    await chooseKind(page, 'TSL (Trailing Stop Loss)');
    await page.getByLabel('Stückzahl').fill('1');
    await page.getByLabel('Abstand', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await send(page, 'Verkaufsorder senden');
    await page.getByText('Order angenommen').waitFor();
    await page.getByRole('link', { name: 'Order ansehen' }).click();
    const condition = page.locator('[data-order-condition]');
    await condition.getByText(/Stop [\d.]+,\d{2}\s€/).waitFor();
    const stop = euros(await condition.textContent());

    await movePrice(page, SAP, '4');
    // The order stream brings the new stop (the page's own fallback refetch would wait 30 s).
    await expect.poll(async () => euros(await condition.textContent()), { timeout: 30_000 }).toBeGreaterThan(stop);
    await screenshot(page, 'orders-tsl-desktop');

    // Clean up: the piece is free again for the tests that follow.
    await page.getByRole('button', { name: 'Order streichen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Order streichen' }).click();
    await page.locator('[data-order-status]').getByText('gestrichen', { exact: true }).first().waitFor({ timeout: 30_000 });
  });

  it('RFQ: a binding price with a visible countdown, accepted in time it is "ausgeführt"', async () => {
    await openTicket(page, 'BUY');
    await chooseKind(page, 'RFQ (Festpreisanfrage)');
    await page.getByLabel('Stückzahl').fill('3');
    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await page.getByRole('button', { name: 'Festpreis anfragen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Ihr verbindliches Angebot' }).waitFor();
    await page.getByRole('timer').getByText(/Noch \d Sekunden? gültig/).waitFor();
    expect(await page.locator('[data-quoted-price]').textContent()).toMatch(/^[\d.]+,\d{2}\s€$/);
    await page.getByRole('button', { name: 'Annehmen' }).click();
    await page.getByText('Order ausgeführt', { exact: true }).waitFor();

    // A quote left alone runs out: "abgelaufen", and a new one can be asked for.
    await page.getByRole('button', { name: 'Weitere Order' }).click();
    await page.getByLabel('Stückzahl').fill('3');
    await page.getByRole('button', { name: 'Order prüfen' }).click();
    await page.getByRole('button', { name: 'Festpreis anfragen' }).click();
    await page.getByRole('timer').waitFor();
    await screenshot(page, 'trading-rfq-desktop');
    await page.locator('[data-rfq-state="expired"]').getByText('abgelaufen', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Neues Angebot anfragen' }).waitFor();
  });

  it('phone (360 px): depot, ticket, orders and an order fit the screen and pass axe', async () => {
    const phone = await freshPage('mobile');
    await signIn(phone, DEMO);

    await phone.goto('/depot');
    await phone.locator(`[data-positions] [data-isin="${SAP}"]`).waitFor();
    await phone.locator('[data-depot-value]').getByText(/\d,\d{2}\s€/).waitFor();
    await noHorizontalScroll(phone);
    await screenshot(phone, 'depot-mobile');
    await expectAccessible(phone, 'depot', ['mobile']);

    // "Verkaufen" on a depot row opens the ticket for a sale.
    await phone.locator(`[data-positions] [data-isin="${SAP}"]`).getByRole('link', { name: /verkaufen/i }).click();
    await phone.waitForURL(`**/orders/neu?isin=${SAP}&side=SELL`);
    await phone.getByRole('heading', { level: 1, name: 'Order: SAP SE' }).waitFor();
    await phone.locator('[data-quote="bid"] dd').getByText(/€/).waitFor();
    // The form starts in view: Kauf / Verkauf and the kind above the bottom navigation, without
    // scrolling (measured again when the kind's list takes its stand-in's place meanwhile).
    const kind = phone.getByRole('button', { name: /Orderart/ });
    const kindBottom = async () => {
      const box = await kind.boundingBox();
      return box ? box.y + box.height : Number.POSITIVE_INFINITY;
    };
    await expect.poll(kindBottom, { timeout: 30_000 }).toBeLessThanOrEqual(740 - 60);
    await chooseKind(phone, 'Limit');
    await phone.getByLabel('Stückzahl').fill('1');
    await phone.getByLabel('Limit in EUR').fill('1,001');
    await phone.getByLabel('Limit in EUR').blur();
    await phone.getByText('Das Limit darf höchstens 2 Nachkommastellen haben.').waitFor();
    await noHorizontalScroll(phone);
    await screenshot(phone, 'trading-ticket-mobile');
    await expectAccessible(phone, 'trading-ticket', ['mobile']);

    await phone.goto('/orders');
    await phone.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().waitFor();
    await noHorizontalScroll(phone);
    await screenshot(phone, 'orders-list-mobile');
    await expectAccessible(phone, 'orders-list', ['mobile']);

    await phone.getByRole('list', { name: 'Orders' }).getByRole('link').first().click();
    await phone.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await phone.getByRole('heading', { level: 2, name: 'Ausführungen' }).waitFor();
    await noHorizontalScroll(phone);
    await screenshot(phone, 'orders-detail-mobile');
    await expectAccessible(phone, 'orders-detail', ['mobile']);
  });
});
