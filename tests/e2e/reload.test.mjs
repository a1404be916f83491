// Reloading at every kind of moment (the computer thinking, weighing a draw offer, a flip animation playing, a dialog
// open) and the game continuing correctly; imports that must not count or lose anything.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, button, discs, importGame, moveCount, openSite, reload, screenshot, submitImport, waitForStatus } from './helpers.mjs';
import { savesConverted } from './postcard.mjs';

// REVERSI_DIST points the tests at another build than dist/ (a private build while others rebuild dist/).
const root = process.env.REVERSI_DIST ?? DIST;

/** Sets White's computer level from the status card. */
const whiteLevel = (page, level) => page.selectOption('#level-white', level);

/** Waits until the computer (White) has answered Black's move: Black to move again, `moves` moves played. */
async function whiteAnswered(page, moves = 2) {
  await waitForStatus(page, /^Black to move\.$/, 40_000);
  assert.equal(await moveCount(page), moves);
}

/** Black's first seven moves of a random game, out of the opening book (where Master answers at once). */
const OFF_BOOK = 'd3 c3 e6 d2 d1 e1 b2';

/** Imports OFF_BOOK and lets White, Master, think about its reply. */
async function masterThinksOutOfBook(page) {
  await whiteLevel(page, 'Master'); // the level select shows while White is the computer
  await page.selectOption('#player-white', 'human');
  await submitImport(page, OFF_BOOK);
  await page.selectOption('#player-white', 'computer');
  await waitForStatus(page, /^White \(Master\) is thinking…$/);
}

test('reload while the computer thinks: it thinks again and moves', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await masterThinksOutOfBook(page);
  await reload(page);
  assert.equal((await discs(page)).b2, 'black', 'the move before the reload is kept');
  await waitForStatus(page, /^White \(Master\) is thinking…$/);
  await whiteAnswered(page, 8);
  assert.deepEqual(errors, []);
});

// Issue 11, defect 3: the status stayed "Black offers a draw." for ever and the computer never moved again.
test('reload while the computer weighs a draw offer: it answers after the reload and play goes on', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await masterThinksOutOfBook(page);
  await button(page, 'Offer draw').click();
  await waitForStatus(page, /^Black offers a draw\.$/);
  await reload(page);
  await waitForStatus(page, /^Black offers a draw\.$/);
  // Whether the computer is behind after the random opening or not, either answer is an answer.
  await waitForStatus(page, /^(White \(Master\) is thinking…|Black to move\.|Game over: Draw by agreement.*)$/, 40_000);
  const answered = await page.locator('.notice').textContent();
  assert.match(answered, /The computer (declines|accepts) the draw\./);
  if (/declines/.test(answered)) await whiteAnswered(page, 8);
  await screenshot(page, 'reload-while-weighing-a-draw');
  assert.deepEqual(errors, []);
});

test('reload during a flip animation: the board is whole and the computer replies', async (t) => {
  const { page, errors } = await openSite(t, { root });
  // The slowest animation: the flips of f5 take about a second.
  await page.evaluate(() => {
    const options = { version: 1, data: { animation_speed: 1 } };
    localStorage.setItem('reversi.options', JSON.stringify(options));
  });
  await reload(page);
  await savesConverted(page);
  await page.locator('[data-square="f5"]').click();
  await page.locator('[data-square="e5"] .disc.flip').waitFor();
  await reload(page);
  const board = await discs(page);
  assert.deepEqual([board.f5, board.e5, board.d5], ['black', 'black', 'black'], 'the flipped disc is black');
  assert.equal(await page.locator('.disc.flip').count(), 0, 'no animation replays after the reload');
  await whiteAnswered(page);
  assert.deepEqual(errors, []);
});

test('reload with a dialog open while the computer thinks: the dialog is gone and the game goes on', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await whiteLevel(page, 'Expert');
  await page.locator('[data-square="f5"]').click();
  await button(page, 'Import').click();
  await page.getByRole('dialog', { name: 'Import' }).waitFor();
  await reload(page);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await whiteAnswered(page);
  // And a dialog opened on the player's turn: after the reload, the player plays on.
  await button(page, 'Options').click();
  await page.getByRole('dialog', { name: 'Options' }).waitFor();
  await reload(page);
  assert.equal(await page.getByRole('dialog').count(), 0);
  // Whatever White replied, Black has legal moves and plays one.
  const legal = page.locator('[data-square][aria-label$="legal move"]').first();
  const square = await legal.getAttribute('data-square');
  await legal.click();
  await page.locator(`[data-square="${square}"][aria-label^="${square}, black"]`).waitFor();
  assert.deepEqual(errors, []);
});

/** The Black-vs-White row of the statistics dialog, as shown. */
async function blackWins(page) {
  await button(page, 'Statistics').click();
  const stats = page.getByRole('dialog', { name: 'Statistics' });
  const row = stats.getByTestId('black-vs-white').locator('tbody tr').first();
  const wins = (await row.locator('td').first().textContent()).trim();
  await button(stats, 'Close').click();
  return wins;
}

// Issue 11, defect 4: six imports of a finished position took the counts from 3 to 9.
test('importing a finished game or position counts nothing in the statistics', async (t) => {
  const { page, errors } = await openSite(t, { root });
  for (const finished of ['d3c3b3d2e1d6d7e3f4', 'X'.repeat(40) + 'O'.repeat(24) + 'X']) {
    for (let i = 0; i < 2; i++) {
      // A second identical import is the game already on the board; one that replaces moves is confirmed.
      await importGame(page, finished);
      await waitForStatus(page, /^Game over: Black wins/);
    }
  }
  assert.equal(await blackWins(page), '0 (0%)');
  await reload(page);
  assert.equal(await blackWins(page), '0 (0%)', 'nor after a reload');
  assert.deepEqual(errors, []);
});

// Issue 11, defect 5: an empty import said "Game imported." and threw the game in progress away.
test('an empty import does nothing, and one that would drop moves asks first', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await page.selectOption('#player-white', 'human');
  for (const square of ['f5', 'd6', 'c3']) await page.locator(`[data-square="${square}"]`).click();
  await submitImport(page, '   ');
  const dialog = page.getByRole('dialog', { name: 'Import' });
  assert.equal(await dialog.getByRole('alert').textContent(), 'Paste a transcript or a board string first.');
  await button(dialog, 'Cancel').click();
  assert.equal(await moveCount(page), 3, 'the game is untouched');
  assert.equal(await button(page, 'Undo').isDisabled(), false);

  await submitImport(page, 'f5d6');
  await dialog.getByText('Loading replaces the game on the board and its 3 moves. Replace it?').waitFor();
  await screenshot(page, 'import-asks-first');
  await button(dialog, 'Keep current game').click();
  await button(dialog, 'Cancel').click();
  assert.equal(await moveCount(page), 3, 'kept');
  await submitImport(page, 'f5d6');
  await button(dialog, 'Replace game').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await moveCount(page), 2);

  await submitImport(page, 'f5d6');
  await page.locator('.notice', { hasText: 'That game is already on the board.' }).waitFor();

  // A board string one square short is told as a board string, not as a bad transcript.
  await submitImport(page, '-'.repeat(26) + 'OX------XO' + '-'.repeat(26) + 'X');
  assert.match(await dialog.getByRole('alert').textContent(), /^Cannot import: this looks like a board string, but a board string has 36, 64 or 100 squares/);
  assert.deepEqual(errors, []);
});
