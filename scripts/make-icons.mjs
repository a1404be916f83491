// Rasterises public/icons/icon.svg to the PNG sizes the web app manifest lists, with the local Chromium.
// Run once after editing the SVG: node scripts/make-icons.mjs (the PNGs are committed; the build only copies them).

import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ICONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const SIZES = [192, 512];

const svg = await readFile(join(ICONS, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
    await page.screenshot({ path: join(ICONS, `icon-${size}.png`), omitBackground: true });
    await page.close();
    console.log(`icon-${size}.png`);
  }
} finally {
  await browser.close();
}
