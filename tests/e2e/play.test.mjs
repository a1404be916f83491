// Playing like a person: against the computer by clicking and by typing squares, undo/redo and resume, resign,
// draw offers (accepted, declined, and between two humans), a whole two-human game with a forced pass, imports,
// and how long the main thread is ever blocked while the computer thinks at each level.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, discs, importGame, moveCount, openSite, OUTPUT, pauseOnComputersTurn, screenshot, submitImport, waitForStatus } from './helpers.mjs';
import { longestTask, pageTime, recordLongTasks } from './guards.mjs';

// A legal game generated offline (random legal moves), replayed by clicking. After c1 (move 8) Black has no
// move and must pass; the game ends with the board full, Black 40, White 24.
const FULL_GAME = (
  'd3 c3 e6 d2 d1 e1 b2 c1 a3 a1 b4 b3 d6 b5 f4 e3 f3 e2 a5 g5 b6 b7 f5 f6 c7 g3 h3 c2 e7 c5 h5 d7 g6 e8 f2 h7 ' +
  'g4 g2 f7 h6 g7 f8 a4 c4 h8 a7 g1 f1 a2 h4 c6 b1 c8 h1 b8 g8 d8 a6 h2 a8'
).split(' ');
// Board strings (a1..h8, then the side to move), Black to move with a few empties left: exact solves decide.
const BLACK_FAR_AHEAD = 'XXXXXXXXXXXXXXXXXXXOXXOXXXXOXX-XXOOXOOXXXOOOOXXXXOOXXOXX-O-XXXXXX';
const WHITE_FAR_AHEAD = '-OOO---O-OOOOOOOOOOOXOOOOOXOOXOOOXOOOXOOOOXOXOOOO-XXXXOO--XO-O-OX';


/** The squares the side to move may play now, from the squares' accessible names. */
async function legalSquares(page) {
  return page.$$eval('[data-square]', (squares) =>
    squares.filter((s) => s.getAttribute('aria-label').endsWith('legal move')).map((s) => s.dataset.square),
  );
}

test('a game against the computer, by clicking and by typing squares', async (t) => {
  const { page, errors } = await openSite(t);
  assert.match(await page.locator('[data-square="f5"]').getAttribute('aria-label'), /^f5, empty, legal move$/);
  assert.equal(await page.locator('[data-square="d4"]').getAttribute('aria-label'), 'd4, white');
  await page.locator('[data-square="f5"]').click();
  assert.equal((await discs(page)).f5, 'black');
  await waitForStatus(page, /thinking/);
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2, 'f5 and the computer’s reply');
  assert.match(await page.getByTestId('announcer').textContent(), /^White [a-h][1-8]\. Black to move\.$/);

  // Typed: the column letter, then the row.
  const [square] = await legalSquares(page);
  await page.keyboard.type(square);
  assert.equal((await discs(page))[square], 'black', `typed ${square}`);
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 4);

  // Arrow keys and Enter: move the cursor off a legal square and back onto it, then play it. The cursor stops at
  // the board's edge, so on the h-file it steps left first.
  const [target] = await legalSquares(page);
  await page.locator(`[data-square="${target}"]`).focus();
  const [away, back] = target.startsWith('h') ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  await page.keyboard.press(away);
  await page.keyboard.press(back);
  await page.keyboard.press('Enter');
  assert.equal((await discs(page))[target], 'black', `played ${target} with Enter`);
  await waitForStatus(page, /^Black to move\.$/);

  // An illegal square changes nothing and flashes.
  const before = await discs(page);
  const occupied = Object.keys(before).find((s) => before[s]);
  await page.locator(`[data-square="${occupied}"]`).click();
  assert.equal(await page.locator(`[data-square="${occupied}"] .refused-flash`).count(), 1);
  assert.deepEqual(await discs(page), before);
  await screenshot(page, 'play-vs-computer-desktop');
  assert.deepEqual(errors, []);
});

test('undo onto the computer’s turn pauses play until Resume play; redo steps forward', async (t) => {
  const { page, errors } = await openSite(t);
  await pauseOnComputersTurn(page);
  assert.equal(await moveCount(page), 1);
  await page.waitForTimeout(1500);
  assert.equal(await moveCount(page), 1, 'the computer waits while paused');
  await button(page, 'Redo').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2);
  await page.keyboard.press('u'); // the Undo shortcut
  await waitForStatus(page, /^Paused/);
  await button(page, 'Resume play').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2, 'the computer replied after Resume play');
  await button(page, 'Undo all').click();
  assert.equal(await moveCount(page), 0);
  await waitForStatus(page, /^Black to move\.$/);
  assert.deepEqual(errors, []);
});

test('hovering a legal square previews the disc and the discs it would flip', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  await page.locator('[data-square="c4"]').click(); // Black takes d4; White to move
  await page.locator('[data-square="c5"]').hover(); // White at c5 flips d5
  assert.equal(await page.locator('[data-square="c5"] .ghost.white').count(), 1, 'a ghost disc on the square');
  const previewed = await page.$$eval('.preview-flip', (marks) => marks.map((m) => m.closest('[data-square]').dataset.square));
  assert.deepEqual(previewed, ['d5'], 'the disc c5 would flip');
  await page.locator('[data-square="a1"]').hover();
  assert.equal(await page.locator('.preview-flip, .ghost').count(), 0, 'no preview off a legal square');
  assert.deepEqual(errors, []);
});

test('the outflanked discs turn over in order of distance from the placed disc', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  // The start position plus a row of three white discs after a black one on row 1: Black at e1 flips d1, c1, b1.
  const board = ('XOOO' + '-'.repeat(60)).split('');
  [board[27], board[28], board[35], board[36]] = ['O', 'X', 'X', 'O'];
  await importGame(page, board.join('') + 'X');
  await page.locator('[data-square="e1"]').click();
  const delays = await page.$$eval('.disc.flip', (discs) =>
    discs.map((d) => [d.closest('[data-square]').dataset.square, parseFloat(getComputedStyle(d).animationDelay)]),
  );
  delays.sort((a, b) => a[1] - b[1]);
  assert.deepEqual(delays.map(([square]) => square), ['d1', 'c1', 'b1'], JSON.stringify(delays));
  assert.ok(delays[0][1] < delays[1][1] && delays[1][1] < delays[2][1], 'one after another');
  assert.equal(await page.locator('[data-square="e1"] .last-move').count(), 1, 'the placed disc is circled');
  assert.deepEqual(errors, []);
});

test('Move now makes the computer play its best move so far at once', async (t) => {
  const { page, errors } = await openSite(t);
  // Out of the opening book (where Master answers at once), Master thinks up to 3.5 s on its own.
  await page.selectOption('#level-white', 'Master'); // shown while White is the computer
  await page.selectOption('#player-white', 'human');
  await importGame(page, 'd3 c3 e6 d2 d1 e1 b2');
  await page.selectOption('#player-white', 'computer');
  await waitForStatus(page, /^White \(Master\) is thinking…$/);
  await button(page, 'Move now').click();
  await waitForStatus(page, /^Black to move\.$/, 3_000);
  assert.equal(await moveCount(page), 8, 'the computer replied');
  assert.deepEqual(errors, []);
});

test('resigning ends the game with every square to the winner', async (t) => {
  const { page, errors } = await openSite(t);
  await button(page, 'Resign').click();
  await button(page.getByRole('dialog', { name: 'Resign this game?' }), 'Resign').click();
  await waitForStatus(page, /^Game over: White wins by resignation 64–0\.$/);
  assert.equal(await button(page, 'Resign').isDisabled(), true);
  await button(page, 'New game').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.deepEqual(errors, []);
});

test('the computer accepts a draw when behind and declines when ahead', async (t) => {
  const { page, errors } = await openSite(t);
  await importGame(page, WHITE_FAR_AHEAD);
  await waitForStatus(page, /^Black to move\.$/);
  await button(page, 'Offer draw').click();
  await page.locator('.notice', { hasText: 'The computer declines the draw.' }).waitFor();
  await waitForStatus(page, /^Black to move\.$/);

  await importGame(page, BLACK_FAR_AHEAD);
  await button(page, 'Offer draw').click();
  await waitForStatus(page, /^Game over: Draw by agreement/);
  assert.deepEqual(errors, []);
});

test('two humans: a draw offer is answered on the same device', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  await page.locator('[data-square="f5"]').click();
  await button(page, 'Offer draw').click(); // White, to move, offers
  await waitForStatus(page, /^White offers a draw\.$/);
  await button(page, 'Decline draw').click();
  await waitForStatus(page, /^White to move\.$/);
  await button(page, 'Offer draw').click();
  await button(page, 'Accept draw').click();
  await waitForStatus(page, /^Game over: Draw by agreement 4–1\.$/);
  assert.deepEqual(errors, []);
});

test('a whole two-human game with a forced pass, to the right result', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  for (const [i, square] of FULL_GAME.entries()) {
    await page.locator(`[data-square="${square}"]`).click();
    if (i === 7) {
      // After c1 Black has no move: the pass is announced and White moves again.
      await waitForStatus(page, /^White to move\.$/);
      assert.equal(await page.getByTestId('pass-notice').textContent(), 'Black has no move and must pass.OK');
      assert.match(await page.getByTestId('announcer').textContent(), /Black has no move and must pass\./);
      await screenshot(page, 'forced-pass-desktop');
    }
  }
  await waitForStatus(page, /^Game over: Black wins 40–24\.$/);
  assert.equal(await page.locator('.move-list .move.pass').count(), 1, 'the pass is in the move list');
  const board = await discs(page);
  assert.equal(Object.values(board).filter((c) => c === 'black').length, 40);
  assert.equal(Object.values(board).filter((c) => c === 'white').length, 24);

  // Going back through the move list, then forward again.
  await page.getByRole('button', { name: '1… White c3' }).click();
  assert.equal(await moveCount(page), 2);
  await button(page, 'Redo all').click();
  await waitForStatus(page, /^Game over: Black wins 40–24\.$/);
  await screenshot(page, 'game-over-desktop');
  assert.deepEqual(errors, []);
});

test('importing a transcript with a clear error for bad input, and copying it back', async (t) => {
  const { page, errors } = await openSite(t);
  await submitImport(page, 'f5 d6 z9');
  assert.match(await page.getByRole('alert').textContent(), /^Cannot import: move 3: .*z9/);
  await page.locator('#import-text').fill('f5d6c3d3c4');
  await button(page, 'Load game').click();
  assert.equal(await moveCount(page), 5);
  await waitForStatus(page, /^White to move\.$|thinking/);
  assert.equal((await discs(page)).c4, 'black');
  await button(page, 'Copy transcript').click();
  assert.match(await page.locator('.notice').textContent(), /^Transcript copied: f5d6c3d3c4/);
  assert.deepEqual(errors, []);
});

test('the shortcut overlay lists every command', async (t) => {
  const { page, errors } = await openSite(t);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  for (const name of ['New game', 'Undo', 'Redo all', 'Resume play', 'Offer draw', 'Options']) {
    assert.equal(await dialog.getByRole('rowheader', { name, exact: true }).count(), 1, name);
  }
  await page.keyboard.press('Escape');
  assert.equal(await dialog.count(), 0);
  assert.deepEqual(errors, []);
});

test('phone: a move by tap', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  await page.locator('[data-square="f5"]').tap();
  await waitForStatus(page, /^Black to move\.$/);
  await screenshot(page, 'play-vs-computer-phone');
  assert.deepEqual(errors, []);
});

test('a 10×10 board from a board string: named j10 corner, played against the computer', async (t) => {
  const { page, errors } = await openSite(t);
  await importGame(page, startBoard(10) + 'X');
  const board = await discs(page);
  assert.equal(Object.keys(board).length, 100);
  assert.equal(board.j10, null);
  assert.deepEqual([board.e5, board.f5, board.e6, board.f6], ['white', 'black', 'black', 'white']);
  await page.keyboard.type('g6');
  assert.equal((await discs(page)).g6, 'black');
  await waitForStatus(page, /^Black to move\.$/);
  await screenshot(page, 'ten-by-ten-desktop');
  assert.deepEqual(errors, []);
});

/** The standard four-disc start on a size×size board as a board string without the side to move. */
function startBoard(size) {
  const board = Array(size * size).fill('-');
  const [low, high] = [size / 2 - 1, size / 2];
  board[low * size + low] = board[high * size + high] = 'O';
  board[low * size + high] = board[high * size + low] = 'X';
  return board.join('');
}

/** Imports `text` with White to move, hands White to the computer at `level`, and times its reply. */
async function whiteThinks(page, text, level) {
  await page.selectOption('#player-white', 'human');
  await importGame(page, text);
  const from = await pageTime(page);
  await page.selectOption('#player-white', 'computer');
  await page.selectOption('#level-white', level);
  const started = Date.now();
  await waitForStatus(page, /^Black to move\.$/, 60_000);
  return { longestTaskMs: await longestTask(page, from), thinkMs: Date.now() - started };
}

// The longest main-thread task at load, at the first click and the computer's first reply, and while the computer
// thinks at every level from the same midgame position; written to tests/e2e/output/longtasks.json.
test('the main thread stays responsive while the computer thinks', async (t) => {
  const { page, errors } = await openSite(t, { init: recordLongTasks });
  const figures = {};
  await page.waitForTimeout(1000); // the start-up work, the engine's tables included, is done by then
  figures.load = { longestTaskMs: await longestTask(page, 0) };

  const beforeClick = await pageTime(page);
  await page.locator('[data-square="f5"]').click();
  const clicked = await pageTime(page);
  await waitForStatus(page, /^Black to move\.$/);
  figures.firstClick = { longestTaskMs: await longestTask(page, beforeClick, clicked) };
  figures.firstReply = { longestTaskMs: await longestTask(page, clicked) };

  for (const level of ['Beginner', 'Intermediate', 'Advanced', 'Expert', 'Master']) {
    figures[level] = await whiteThinks(page, 'e6f6g6d6c6g7g8b6c4h8f7e3f2e7f5c3d3', level);
    assert.equal(await moveCount(page), 18, `${level} replied`);
  }
  // The other sizes go through the generic searcher: Master (the longest thinker) opens for White on each.
  for (const size of [6, 10]) {
    figures[`Master ${size}×${size}`] = await whiteThinks(page, startBoard(size) + 'O', 'Master');
    assert.equal(await moveCount(page), 1, `Master replied on ${size}×${size}`);
  }
  console.log('longest main-thread task (ms):', JSON.stringify(figures));
  await mkdir(OUTPUT, { recursive: true });
  await writeFile(join(OUTPUT, 'longtasks.json'), JSON.stringify(figures, null, 2));

  // The figures mean something only if a long task would have been seen: block the page for 80 ms on purpose.
  const from = await pageTime(page);
  await page.evaluate(() => setTimeout(() => { const end = performance.now() + 80; while (performance.now() < end); }));
  await page.waitForFunction((from) => window.longTasks.some((t) => t.start >= from), from);
  assert.ok((await longestTask(page, from)) >= 80, 'the observer sees a deliberate 80 ms task');
  assert.deepEqual(errors, []);
});
