// The board editor like a player: clicks that cycle a square, the palette for touch, Clear, the side to move and
// what the editor says of each position; export as a board string, OBF and a link; Analyse and a game from the
// set-up position whose transcript and link carry its start (the link re-opened, the game kept over a reload); Play
// from here against the computer and a review of that game. Screenshots at desktop and phone width.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, dialog, discs, moveCount, openSite, pauseOnComputersTurn, reload, screenshot, waitForStatus } from './helpers.mjs';

// White to move has none (Black's row and centre are out of its reach); Black may play a1.
const MUST_PASS = '-OXXXXXX-------------------XX------XX---------------------------O';

const label = (page, square) => page.locator(`[data-square="${square}"]`).getAttribute('aria-label');
const verdict = (page) => page.getByTestId('setup-verdict').textContent();

test('a position set up by clicks and the palette, exported, analysed and re-opened from its link', async (t) => {
  const { page, errors } = await openSite(t);
  await button(page, 'Set up position').click();
  assert.equal(await verdict(page), 'Black to move.', 'the editor opens on the position on the board');
  assert.equal(await label(page, 'd4'), 'd4, white');

  // Black is chosen at the start; pressed again, a click cycles empty → black → white → empty, and the square's
  // name says what it holds.
  assert.equal(await button(page, 'Black').getAttribute('aria-pressed'), 'true');
  await button(page, 'Black').click();
  await page.locator('[data-square="d4"]').click();
  assert.equal(await label(page, 'd4'), 'd4, empty');
  await page.locator('[data-square="d4"]').click();
  assert.equal(await label(page, 'd4'), 'd4, black');

  await button(page, 'Clear').click();
  assert.equal(await verdict(page), 'The board is empty: place some discs first.');
  assert.ok(await button(page, 'Play from here').isDisabled(), 'nothing to play from an empty board');

  // The palette paints: one tap, one disc of the chosen colour.
  await button(page, 'White').click();
  assert.equal(await button(page, 'White').getAttribute('aria-pressed'), 'true');
  await page.locator('[data-square="b1"]').click();
  await button(page, 'Black').click();
  assert.equal(await button(page, 'White').getAttribute('aria-pressed'), 'false');
  for (const square of ['c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'd4', 'e4', 'd5', 'e5']) {
    await page.locator(`[data-square="${square}"]`).click();
  }
  assert.equal(await label(page, 'b1'), 'b1, white');
  assert.equal(await label(page, 'e5'), 'e5, black');
  assert.equal(await verdict(page), 'Black to move.');
  await button(page, 'White to move').click();
  assert.equal(await verdict(page), "White to move has no legal move: the game starts with White's pass, then Black moves.");

  // Export: the board string, OBF and a link that carries the position.
  await page.getByText('Import or export the position').click();
  assert.equal(await page.locator('#export-board').inputValue(), MUST_PASS);
  assert.equal(await page.locator('#export-obf').inputValue(), `${MUST_PASS.slice(0, 64)} O;`);
  const setupLink = await page.locator('#export-link').inputValue();
  assert.match(setupLink, /#game=2F[A-Za-z0-9_-]{22}$/);
  await screenshot(page, 'setup-desktop');

  // A pasted junk link says why; the position's own link loads back.
  await page.locator('#setup-import-text').fill('2F!');
  await button(page, 'Load position').click();
  assert.match(await page.locator('.setup-import .form-error').textContent(), /^Cannot load: as a board string: /);
  await page.locator('#setup-import-text').fill('#game=3A');
  await button(page, 'Load position').click();
  assert.equal(
    await page.locator('.setup-import .form-error').textContent(),
    "Cannot load: as a game link: this game link is of another version ('3'), not 1 or 2",
  );
  await button(page, 'Clear').click();
  await page.locator('#setup-import-text').fill(setupLink);
  await button(page, 'Load position').click();
  assert.equal(await page.locator('#export-board').inputValue(), MUST_PASS);

  // Analyse: two humans, hints on; White's pass is already made.
  await button(page, 'Analyse').click();
  await page.waitForFunction(() => / hint /.test(document.querySelector('[data-square="a1"]').getAttribute('aria-label')));
  assert.equal(await page.locator('#player-white').inputValue(), 'human');
  await page.locator('[data-square="a1"]').click();
  assert.match(await page.getByTestId('status').textContent(), /^Game over: Black wins/);
  const finalDiscs = await discs(page);

  // The transcript and the link carry the start.
  await button(page, 'Export').click();
  assert.equal(await page.locator('#export-transcript').inputValue(), `${MUST_PASS}\na1`);
  const gameLink = await page.locator('#export-link').inputValue();
  assert.match(gameLink, /#game=2F[A-Za-z0-9_-]{22}A$/);
  await dialog(page, 'Export').getByRole('button', { name: 'Close' }).click();

  await page.goto('about:blank');
  await page.goto(gameLink);
  await page.locator('[data-square]').first().waitFor();
  await page.getByText(/^Game opened from a link/).waitFor();
  assert.deepEqual(await discs(page), finalDiscs);
  await reload(page);
  assert.deepEqual(await discs(page), finalDiscs, 'the saved game keeps its set-up start');
  await button(page, 'Undo').click();
  assert.equal(await label(page, 'b1'), 'b1, white', 'undo goes back to the set-up start');
  assert.deepEqual(errors, []);
});

test('play from a set-up position against the computer, then review the game', async (t) => {
  const { page, errors } = await openSite(t);
  await page.locator('body').press('Shift+S');
  await button(page, 'Start position').click();
  await button(page, 'White to move').click();
  assert.equal(await verdict(page), 'White to move.');
  // Black human, White the computer (the defaults): the computer opens.
  await button(page, 'Play from here').click();
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move:not(.undone)').length === 2, null, { timeout: 20_000 });
  const legal = page.locator('[data-square][aria-label$="legal move"]').first();
  await legal.click();
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move:not(.undone)').length === 4, null, { timeout: 20_000 });
  assert.equal(await moveCount(page), 3);
  await button(page, 'Review game').click();
  await page.waitForFunction(() => /^Reviewed 3 moves/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''), null, { timeout: 60_000 });
  await screenshot(page, 'setup-review-desktop');
  assert.deepEqual(errors, []);
});

test('the editor at phone width: palette taps', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  await button(page, 'Set up position').click();
  await button(page, 'Clear').click();
  // Black is chosen already: the first taps place black.
  for (const square of ['c3', 'd4', 'e5']) await page.locator(`[data-square="${square}"]`).tap();
  await button(page, 'White').tap();
  for (const square of ['d3', 'e4', 'f5']) await page.locator(`[data-square="${square}"]`).tap();
  assert.equal(await label(page, 'f5'), 'f5, white');
  assert.equal(await label(page, 'c3'), 'c3, black');
  assert.match(await verdict(page), /^Black to move\. The centre is not full/);
  await screenshot(page, 'setup-phone');
  await button(page, 'Cancel').click();
  assert.equal(await label(page, 'd4'), 'd4, white', 'Cancel leaves the game on the table as it was');
  assert.deepEqual(errors, []);
});

test('Cancel in the editor gives the game back as it was: a paused computer stays paused, a playing one plays on', async (t) => {
  const { page, errors } = await openSite(t);
  await pauseOnComputersTurn(page);
  await button(page, 'Set up position').click();
  await button(page, 'Cancel').click();
  await page.waitForTimeout(1000);
  assert.match(await page.getByTestId('status').textContent(), /^Paused: White \(computer\) to move\./);
  assert.equal(await moveCount(page), 1, 'the paused game waits for Resume play');

  // Computer against computer: the editor holds the game, and Cancel lets it go on.
  await button(page, 'Resume play').click();
  await page.selectOption('#player-black', 'computer');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move:not(.undone)').length > 4);
  const before = await moveCount(page);
  await button(page, 'Set up position').click();
  await page.waitForTimeout(1500);
  await button(page, 'Cancel').click();
  const held = await moveCount(page);
  // A move already on its way as the editor opened may land; none is played in the 1.5 s it stays open.
  assert.ok(held >= before && held <= before + 1, `${before} moves before the editor, ${held} after it`);
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .move:not(.undone)').length - 1 > n, held);
  assert.deepEqual(errors, []);
});
