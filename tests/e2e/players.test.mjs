// Who plays, and the game in progress across reloads: two computers at different levels, paused play that stays
// paused after a reload (Stop, or undo onto the computer's turn), and options saved before each side had its own
// level.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, button, discs, moveCount, openSite, reload, waitForStatus } from './helpers.mjs';
import { savesConverted } from './postcard.mjs';

// REVERSI_DIST points the tests at another build than dist/ (a private build while others rebuild dist/).
const root = process.env.REVERSI_DIST ?? DIST;

const selectedLevel = (page, side) => page.locator(`#level-${side}`).inputValue();

/** The move list's entries, the redo tail included, as text. */
const moveList = (page) => page.locator('.move-list .move').allTextContents();

test('computer against computer at two levels, stopped, reloaded, still paused, then resumed', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await page.selectOption('#player-white', 'human');
  await page.selectOption('#player-black', 'computer');
  await page.selectOption('#level-black', 'Beginner');
  await page.selectOption('#player-white', 'computer');
  await page.selectOption('#level-white', 'Expert');
  assert.equal(await page.locator('.pace select').count(), 1, 'the pace control appears for two computers');
  // Each side thinks at its own level, and the status line says which.
  await waitForStatus(page, /^White \(Expert\) is thinking…$/);
  await waitForStatus(page, /^Black \(Beginner\) is thinking…$/);
  await button(page, 'Stop').click();
  await waitForStatus(page, /^Paused: (Black|White) \(computer\) to move\. Choose Resume play for the computer to move\.$/);
  const played = await moveCount(page);
  const board = await discs(page);
  assert.ok(played >= 2, `both computers moved: ${played}`);
  await page.locator('.pace select').selectOption({ label: 'Slow' });

  await reload(page);
  assert.equal(await selectedLevel(page, 'black'), 'Beginner');
  assert.equal(await selectedLevel(page, 'white'), 'Expert');
  assert.equal(await page.locator('.pace select').inputValue(), '1000', 'the pace is kept too');
  await waitForStatus(page, /^Paused: (Black|White) \(computer\) to move\. Choose Resume play for the computer to move\.$/);
  assert.deepEqual(await discs(page), board, 'the game in progress came back');
  await page.waitForTimeout(1500);
  assert.equal(await moveCount(page), played, 'still paused after the reload: no move');

  await button(page, 'Resume play').click();
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .move').length > n + 1, played, {
    timeout: 30_000,
  });
  assert.deepEqual(errors, []);
});

test('undo onto the computer’s turn stays paused across a reload, redo tail and all', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move\.$/);
  const moves = await moveList(page);
  await button(page, 'Undo').click();
  await waitForStatus(page, /^Paused: White \(computer\) to move\. Undo again to go back to your move, or Resume play\.$/);

  await reload(page);
  await waitForStatus(page, /^Paused: White \(computer\) to move\. Undo again to go back to your move, or Resume play\.$/);
  assert.deepEqual(await moveList(page), moves, 'the history, with the undone reply to redo');
  assert.equal(await moveCount(page), 1);
  await page.waitForTimeout(1500);
  assert.equal(await moveCount(page), 1, 'the computer still waits');
  await button(page, 'Redo').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.deepEqual(await moveList(page), moves, 'redo replays the reply that was undone before the reload');
  assert.deepEqual(errors, []);
});

test('options saved with one difficulty for both sides load with that level on each side', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await page.evaluate(() => {
    const old = { black: 'Human', white: 'Computer', difficulty: 'Advanced', sound: false };
    localStorage.setItem('reversi.options', JSON.stringify({ version: 1, data: old }));
  });
  await reload(page);
  await savesConverted(page);
  assert.equal(await selectedLevel(page, 'white'), 'Advanced');
  await page.selectOption('#player-black', 'computer');
  assert.equal(await selectedLevel(page, 'black'), 'Advanced');
  assert.equal(await page.getByRole('alert').count(), 0, 'an old save is no problem to report');
  assert.deepEqual(errors, []);
});
