// axe-core (the pinned @axe-core/playwright, driving the same playwright-core and Debian's Chromium) finds no
// violation on the start page, mid-game, with hints and a review on, in the editor and in every dialog (the online
// one with its connection settings open too), at phone
// (390×844) and desktop (1280×800) sizes. The rules that only ask for a review (incomplete) are printed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { button, dialog, importGame, openSite, waitForStatus } from './helpers.mjs';

const GAME = 'd3 c3 e6 d2 d1 e1 b2 c1 a3 a1 b4 b3 d6 b5 f4 e3 f3 e2 a5 g5';

/** The violations axe finds on the page as it is now, as "rule: target" lines. */
async function violations(page, where) {
  const results = await new AxeBuilder({ page }).analyze();
  const review = results.incomplete.map((rule) => `${rule.id} (${rule.nodes.length})`);
  if (review.length) console.log(`${where}: to review: ${review.join(', ')}`);
  return results.violations.flatMap((rule) => rule.nodes.map((node) => `${where}: ${rule.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim()}`));
}

const DIALOGS = [
  ['Options', 'Options'],
  ['Statistics', 'Statistics'],
  ['Help', 'Help'],
  ['About', 'About Reversi'],
  ['?', 'Keyboard shortcuts'], // a key: phones have no button for it
  ['Import', 'Import'],
  ['Export', 'Export'],
  ['Play a friend online', 'Play a friend online'],
];

for (const device of ['phone-390', 'desktop']) {
  test(`axe finds no violation: start, mid-game, hints and review, the editor, every dialog (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    const found = [];
    found.push(...(await violations(page, 'start page')));

    await page.locator('[data-square="f5"]').click();
    await waitForStatus(page, /^Black to move\.$/);
    found.push(...(await violations(page, 'mid-game')));

    for (const [buttonName, title] of DIALOGS) {
      if (buttonName === '?') await page.keyboard.press('?');
      else await button(page, buttonName).click();
      await dialog(page, title).waitFor();
      found.push(...(await violations(page, `dialog ${title}`)));
      const settings = dialog(page, title).getByRole('button', { name: 'Connection settings' });
      if (await settings.count()) {
        await settings.click();
        found.push(...(await violations(page, `dialog ${title}, its connection settings open`)));
      }
      await page.keyboard.press('Escape');
      await dialog(page, title).waitFor({ state: 'detached' });
    }
    for (const [command, title] of [['New game', 'Start a new game?'], ['Resign', 'Resign this game?']]) {
      await button(page, command).click();
      await dialog(page, title).waitFor();
      found.push(...(await violations(page, `dialog ${title}`)));
      await page.keyboard.press('Escape');
    }

    await page.selectOption('#player-white', 'human');
    await importGame(page, GAME);
    await button(page, 'Hints').click();
    await page.getByTestId('hint-legend').waitFor();
    await button(page, 'Review game').click();
    await page.waitForFunction(() => /^Reviewed/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''), null, { timeout: 60_000 });
    await page.locator('.review-item').first().click();
    await page.waitForFunction(() => /, hint /.test([...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('aria-label')).join()));
    found.push(...(await violations(page, 'hints and review')));

    await button(page, 'Set up position').click();
    await page.getByTestId('setup-verdict').waitFor();
    await page.getByText('Import or export the position').click();
    found.push(...(await violations(page, 'editor')));

    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
  });
}
