// Draws the app icons of the web app manifest (public/icons/*.png) from public/favicon.svg in
// headless Chromium, so no native image library is needed. Run once when the mark changes and
// commit the PNGs: node apps/web/scripts/make-pwa-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.resolve(new URL('.', import.meta.url).pathname, '..');
const svg = fs.readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const background = svg.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
if (!background) throw new Error('favicon.svg: no background colour found');

// A maskable icon is cropped to a circle (or another shape) by the launcher: the mark sits inside the
// central 80 % safe zone on a full square of its own background colour.
const variants = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const { file, size, maskable } of variants) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const mark = maskable ? Math.round(size * 0.6) : size;
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? background : 'transparent'}">` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${mark}" height="${mark}"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(web, 'public/icons', file), omitBackground: !maskable });
    await page.close();
    console.log(`public/icons/${file} (${size} px${maskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
