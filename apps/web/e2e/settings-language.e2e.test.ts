import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, expectAccessible, noHorizontalScroll, screenshot, signInWithTotpSetup, VIEWPORTS, browserForFile } from './browser';

const files = browserForFile();

/** Marks the document: a reload (or a new page) would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { kontorMark: string }).kontorMark = 'same page'));
/** A new theme fades the controls' colours in: axe judges the colours once the transitions have ended. */
const transitionsDone = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { kontorMark?: string }).kontorMark)).toBe('same page');

describe('language, look and consent (Einstellungen)', () => {
  it('switches the whole app to English and back without a reload, at 1280 and 360 px; the consent switch and the choice are stored', async () => {
    const page = await files.context.newPage();
    // The sign-in screen has its own switch (this device only).
    await page.goto('/anmelden');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.getByRole('radio', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('radio', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();

    await signInWithTotpSetup(page, await createCustomer('sprache'));
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().getByRole('link', { name: 'Einstellungen' }).click();
    const card = page.getByRole('region', { name: 'Darstellung & Voreinstellungen' });
    await card.getByRole('radio', { name: 'English' }).waitFor();
    await page.getByRole('region', { name: /^Statistik \d{4}$/ }).getByText('Ausgeführte Orders').waitFor();
    await markDocument(page);
    await expectAccessible(page, 'settings-preferences-de', ['desktop']);
    await screenshot(page, 'settings-preferences-de');

    // English: the navigation and the page change at once.
    await card.getByRole('radio', { name: 'English' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await nav.getByRole('link', { name: 'Portfolio' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const enCard = page.getByRole('region', { name: 'Appearance & defaults' });
    await enCard.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await stillSameDocument(page);
    expect((await api(page, 'GET', '/api/user/lc')).json).toEqual({ language: 'en' });

    // The advertising consent, switched in English.
    const consent = enCard.getByRole('switch', { name: 'Marketing consent' });
    expect(await consent.isChecked()).toBe(false);
    await enCard.getByText('Marketing consent', { exact: true }).click();
    await enCard.getByText(/^Given on /).waitFor();
    expect(await consent.isChecked()).toBe(true);
    expect((await api(page, 'GET', '/api/usersettings')).json).toMatchObject({ preferences: { adAgree: true, language: 'en' } });

    // A dark theme, applied at once.
    await enCard.getByRole('radio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await transitionsDone(page);
    await expectAccessible(page, 'settings-preferences-en-dark', ['desktop']);
    await screenshot(page, 'settings-preferences-en-dark');

    // A rule of the domain answers in English too, with the country's English name.
    await page.locator('[data-change-type="ADDRESS"]').first().click();
    const form = page.getByRole('form', { name: 'Change address' });
    const field = (name: string) => form.getByRole('textbox', { name, exact: true });
    await field('Street').fill('Unter den Linden');
    await field('House number').fill('5');
    await field('Postal code').fill('1011');
    await field('City').fill('Berlin');
    await form.getByRole('button', { name: 'Continue to confirmation' }).click();
    await form.getByText('This postcode does not match Germany.').waitFor();
    await screenshot(page, 'settings-language-en-domain-message');
    await page.goBack();
    await enCard.waitFor();

    // 360 px in the same page: the bottom bar speaks English too.
    await page.setViewportSize(VIEWPORTS.mobile);
    const bottom = page.getByRole('navigation', { name: 'Main navigation' }).last();
    await bottom.getByRole('link', { name: 'Portfolio' }).waitFor();
    await noHorizontalScroll(page);
    await expectAccessible(page, 'settings-preferences-en', ['mobile']);
    await screenshot(page, 'settings-preferences-en-360');

    // Back to German (and the system's theme), still the same page.
    await enCard.getByRole('radio', { name: 'System' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === undefined);
    await enCard.getByRole('radio', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).last().getByRole('link', { name: 'Depot' }).waitFor();
    await card.getByText(/^Erteilt am /).waitFor();
    await consent.waitFor({ state: 'detached' });
    const deConsent = card.getByRole('switch', { name: 'Werbung per E-Mail' });
    await card.getByText('Werbung per E-Mail', { exact: true }).click();
    await card.getByText(/^Widerrufen am /).waitFor();
    expect(await deConsent.isChecked()).toBe(false);
    await noHorizontalScroll(page);
    await transitionsDone(page);
    await expectAccessible(page, 'settings-preferences-de', ['mobile']);
    await screenshot(page, 'settings-preferences-de-360');
    await stillSameDocument(page);
    expect((await api(page, 'GET', '/api/user/lc')).json).toEqual({ language: 'de' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.close();
  });
});
