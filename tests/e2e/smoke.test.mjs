// The built site loads in Chromium and shows the start position, at desktop and phone sizes, and follows the
// system's dark colour scheme.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discs, openSite, screenshot } from './helpers.mjs';

for (const device of ['desktop', 'phone']) {
  test(`the ${device} page shows the four starting discs`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    const board = await discs(page);
    assert.equal(Object.keys(board).length, 64, 'an 8×8 board of named squares');
    const placed = Object.fromEntries(Object.entries(board).filter(([, colour]) => colour));
    assert.deepEqual(placed, { d4: 'white', e4: 'black', d5: 'black', e5: 'white' });
    await screenshot(page, `start-${device}`);
    assert.deepEqual(errors, [], 'no uncaught errors or console errors');
  });
}

test('with the system set to dark, the page follows it (theme "Follow the system")', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction((light) => getComputedStyle(document.body).backgroundColor !== light, light);
  const [r, g, b] = (await background()).match(/\d+/g).map(Number);
  assert.ok(r + g + b < 3 * 96, `a dark background: rgb(${r}, ${g}, ${b})`);
  await page.locator('[data-square="f5"]').tap();
  await page.locator('[data-square="f5"] .disc.black').waitFor();
  await screenshot(page, 'dark-phone');
  assert.deepEqual(errors, []);
});
