// Nothing is lost without a word (issue 30): two tabs of the app share one game and one count of finished games; a
// game link asks before it replaces a game under way; a broken link and a paste of move numbers alone say what is
// wrong; a very long paste into the board editor is refused at once.
// REVERSI_DIST=<dir> runs these against another build (the one before the fixes, to see them fail).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  button,
  dialog,
  discs,
  moveCount,
  openSite,
  OUTPUT,
  reload,
  screenshot,
  submitImport,
  waitForStatus,
} from './helpers.mjs';
import { savedWins } from './postcard.mjs';

const root = process.env.REVERSI_DIST;
// Black wipes White out in nine moves: the shortest game there is.
const SHORTEST = ['d3', 'c3', 'b3', 'd2', 'e1', 'd6', 'd7', 'e3', 'f4'];

async function play(page, squares) {
  for (const square of squares) {
    await page.locator(`[data-square="${square}"]`).click();
    await page.locator(`[data-square="${square}"] .disc`).waitFor();
  }
}

const storedWins = async (page) => savedWins(await page.evaluate(() => localStorage.getItem('reversi.statistics')));

test('two tabs count each finished game and never write a stale game over a newer one', async (t) => {
  const a = await openSite(t, { root });
  const tabB = await a.context.newPage();
  const errorsB = [];
  tabB.on('pageerror', (error) => errorsB.push(error.message));
  await tabB.goto(a.url);
  await tabB.locator('[data-square]').first().waitFor();
  for (const page of [a.page, tabB]) await page.selectOption('#player-white', 'human');

  // A finished game in each tab counts once each: two games, not one.
  await play(a.page, SHORTEST);
  await waitForStatus(a.page, /^Game over: Black wins/);
  await tabB.bringToFront();
  if (!(await tabB.getByRole('button', { name: 'New game', exact: true }).isDisabled())) {
    await button(tabB, 'New game').click();
    const confirm = button(tabB, 'Start new game');
    if (await confirm.isVisible()) await confirm.click();
  }
  await play(tabB, SHORTEST);
  await waitForStatus(tabB, /^Game over: Black wins/);
  assert.equal(await storedWins(tabB), 2, 'both finished games are counted');
  await reload(a.page);
  assert.equal(await storedWins(a.page), 2);

  // A new game in A; the other tab shows it (and says so), so its Undo takes back A's move, not an old game's.
  await a.page.bringToFront();
  await button(a.page, 'New game').click();
  await play(a.page, ['f5', 'd6']);
  await tabB.waitForFunction(() => document.querySelector('[data-square="d6"] .disc') !== null);
  assert.deepEqual(await discs(tabB), await discs(a.page), 'the other tab shows the newer game');
  await tabB.locator('.notice', { hasText: 'changed in another tab' }).waitFor();
  await screenshot(tabB, 'continuity-1-other-tab');
  await tabB.bringToFront();
  await button(tabB, 'Undo').click();
  await a.page.waitForFunction(() => document.querySelector('[data-square="d6"] .disc') === null);
  await reload(a.page);
  assert.equal(await moveCount(a.page), 1, 'A keeps its game, one move taken back in B');
  assert.equal((await discs(a.page)).f5, 'black');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(errorsB, []);
});

test('a game link asks before it replaces a game in progress, and keeps it if told to', async (t) => {
  const { page, url, errors } = await openSite(t, { root });
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move/); // the computer (White) replied
  const before = await discs(page);
  const players = await page.locator('#player-white').inputValue();
  // The link the issue opened: broken after its variant, so its valid part is an empty game.
  await page.goto('about:blank');
  await page.goto(`${url}#game=1E!`);
  await page.locator('[data-square]').first().waitFor();
  const ask = dialog(page, 'Open the linked game?');
  await ask.waitFor();
  await screenshot(page, 'continuity-2-link-asks');
  await button(ask, 'Keep my game').click();
  assert.deepEqual(await discs(page), before, 'the game in progress is kept');
  assert.equal(await page.locator('#player-white').inputValue(), players, 'and its players');
  await reload(page);
  assert.deepEqual(await discs(page), before, 'also after a reload');

  // A link pasted into the address bar of the open page (no new load) asks too; opened, it replaces the game. The
  // link holds f5 alone, so it differs from the game on the board whichever reply the computer chose (a link equal
  // to the game in progress opens without a question).
  await page.evaluate(() => {
    location.hash = '#game=1El';
  });
  await button(dialog(page, 'Open the linked game?'), 'Open linked game').click();
  await waitForStatus(page, /^White to move/);
  assert.equal(await moveCount(page), 1, 'f5 from the link');
  assert.equal(await page.locator('#player-white').inputValue(), 'human');
  assert.deepEqual(errors, []);
});

test('a link with broken escapes says it is malformed, and move numbers alone are not a game', async (t) => {
  const { page, errors } = await openSite(t, { root, path: '#game=%E0%A4%A' });
  const notice = page.locator('.notice.error');
  await notice.waitFor();
  assert.match(await notice.textContent(), /malformed/);
  assert.doesNotMatch(await notice.textContent(), /empty/);

  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move/);
  await submitImport(page, '1. 2. 3. 4. 5.');
  const importDialog = dialog(page, 'Import');
  await importDialog.locator('.form-error', { hasText: 'no moves' }).waitFor();
  assert.equal(await button(importDialog, 'Replace game').count(), 0, 'no offer to replace the game with nothing');
  await screenshot(page, 'continuity-3-move-numbers-only');
  assert.deepEqual(errors, []);
});

test('a 100 kB paste into the board editor is refused at once, as Import refuses it', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await button(page, 'Set up position').click();
  await page.getByText('Import or export the position').click();
  // Read as a game link, a long one took seconds to refuse: the page froze meanwhile.
  await page.locator('#setup-import-text').fill(`1E${'A'.repeat(99_998)}`);
  const started = Date.now();
  await button(page, 'Load position').click();
  const error = page.locator('.setup-import .form-error');
  await error.filter({ hasText: /\S/ }).waitFor();
  const elapsed = Date.now() - started;
  t.diagnostic(`a 100 kB paste refused in ${elapsed} ms`);
  assert.match(await error.textContent(), /100000 characters long/);
  assert.ok(elapsed < 1000, `refused in ${elapsed} ms`);
  // The panel alone: a full-page shot measures the 100 kB line and times out (the page itself stays responsive).
  await mkdir(OUTPUT, { recursive: true });
  await page.locator('.setup-panel').screenshot({ path: join(OUTPUT, 'continuity-4-long-paste.png') });
  assert.equal(await page.evaluate(() => 'responsive'), 'responsive');
  assert.deepEqual(errors, []);
});
