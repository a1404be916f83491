// Learning from the engine like a player: hints that appear and deepen (read from the squares' accessible names),
// exact hints in the endgame, a review of a whole 60-move game with its marks in the move list, a blunder shown
// on the board with the better move, and the evaluation graph that jumps to a move. Screenshots at desktop and
// phone width; the longest main-thread task while hints and the review run is printed (and the review's time is
// written to tests/e2e/output/review-figures.json).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, importGame, moveCount, openSite, OUTPUT, screenshot } from './helpers.mjs';
import { longestTask, pageTime, recordLongTasks } from './guards.mjs';

// A legal game of random moves (also in play.test.mjs): 60 moves with a forced pass, full of mistakes.
const FULL_GAME =
  'd3 c3 e6 d2 d1 e1 b2 c1 a3 a1 b4 b3 d6 b5 f4 e3 f3 e2 a5 g5 b6 b7 f5 f6 c7 g3 h3 c2 e7 c5 h5 d7 g6 e8 f2 h7 ' +
  'g4 g2 f7 h6 g7 f8 a4 c4 h8 a7 g1 f1 a2 h4 c6 b1 c8 h1 b8 g8 d8 a6 h2 a8';
// Black to move with 4 empties: the hints are exact at once.
const ENDGAME = 'XXXXXXXXXXXXXXXXXXXOXXOXXXXOXX-XXOOXOOXXXOOOOXXXXOOXXOXX-O-XXXXXX';

const label = (page, square) => page.locator(`[data-square="${square}"]`).getAttribute('aria-label');

test('hints show every legal move’s value, deepen, and turn exact in the endgame', async (t) => {
  const { page, errors } = await openSite(t, { init: recordLongTasks });
  await page.waitForTimeout(800);
  const from = await pageTime(page);
  // Every depth the panel shows, as it changes.
  await page.evaluate(() => {
    window.hintDepths = [];
    new MutationObserver(() => {
      const depth = Number(/depth (\d+)/.exec(document.querySelector('[data-testid=hint-depth]')?.textContent ?? '')?.[1]);
      if (depth && depth !== window.hintDepths.at(-1)) window.hintDepths.push(depth);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await button(page, 'Hints').click();
  // The start is in the opening book: every first move's value at once, all four alike (they are mirror images).
  await page.waitForFunction(() => /, hint /.test(document.querySelector('[data-square="f5"]').getAttribute('aria-label')), null, { timeout: 5_000 });
  const firstValues = [];
  for (const square of ['d3', 'c4', 'f5', 'e6']) {
    const name = await label(page, square);
    assert.match(name, new RegExp(`^${square}, empty, legal move, hint [+-]?\\d+$`));
    firstValues.push(name.split('hint ')[1]);
  }
  assert.ok(firstValues.every((v) => v === firstValues[0]), `symmetric first moves: ${firstValues}`);
  assert.equal(await label(page, 'a1'), 'a1, empty', 'no hint on an illegal square');
  assert.equal(await page.getByTestId('hint-depth').textContent(), 'opening book', 'book values say so, not a depth');
  await screenshot(page, 'hints-book');

  // Out of the book (a random opening), the values deepen slice by slice.
  await page.selectOption('#player-white', 'human');
  await page.evaluate(() => { window.hintDepths = []; });
  await importGame(page, FULL_GAME.split(' ').slice(0, 8).join(' '));
  await page.waitForFunction(() => /depth (\d+)/.exec(document.querySelector('[data-testid=hint-depth]').textContent)?.[1] >= 8, null, { timeout: 60_000 });
  // The depths since the analysis of the new position began (the book shows none).
  const depths = await page.evaluate(() => window.hintDepths);
  assert.ok(depths.length >= 2 && depths.every((d, i) => i === 0 || d >= depths[i - 1]), `the hints deepen: ${depths}`);
  assert.ok(depths.at(-1) >= 8, `deep after a while: ${depths}`);
  assert.match(await page.getByTestId('hint-line').textContent(), /^Line [a-h][1-8] \([+−0-9]+\): ([a-h][1-8] ?){2,}/);
  assert.equal(await page.locator('.hint.best').count() >= 1, true, 'the best move is highlighted');
  await screenshot(page, 'hints-desktop');
  const longest = await longestTask(page, from);
  console.log(`longest main-thread task while hints deepen: ${longest} ms`);

  // Shift+H hides them.
  await page.locator('body').press('Shift+H');
  await page.waitForFunction(() => ![...document.querySelectorAll('[data-square]')].some((s) => / hint /.test(s.getAttribute('aria-label'))));

  // In the endgame they are exact.
  await importGame(page, ENDGAME);
  await page.locator('body').press('Shift+H');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-square]')].some((s) => /, legal move, hint [+-]?\d+ exact$/.test(s.getAttribute('aria-label'))));
  assert.match(await page.getByTestId('hint-depth').textContent(), /solved exactly/);
  assert.ok((await page.locator('.hint.exact').count()) >= 1);
  assert.deepEqual(errors, []);
});

test('a 60-move game is reviewed: marks in the move list, a blunder shown with the better move, the graph jumps', async (t) => {
  const { page, errors } = await openSite(t, { init: recordLongTasks });
  await page.selectOption('#player-white', 'human');
  await importGame(page, FULL_GAME);
  assert.equal(await moveCount(page), 61, '60 moves and a pass');
  await page.waitForTimeout(800);
  const from = await pageTime(page);
  const started = Date.now();
  await button(page, 'Review game').click();
  await page.getByRole('progressbar', { name: 'Review progress' }).waitFor();
  await page.waitForFunction(() => /^Reviewed 60 moves/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''), null, { timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  console.log(`review of a 60-move game (Quick) in Chromium: ${seconds.toFixed(1)} s`);
  const longest = await longestTask(page, from);
  console.log(`longest main-thread task while reviewing: ${longest} ms`);
  await mkdir(OUTPUT, { recursive: true });
  await writeFile(join(OUTPUT, 'review-figures.json'), JSON.stringify({ reviewSeconds: seconds, longestTaskMs: longest }, null, 2));

  // Marks in the move list read in the accessible names.
  const marked = await page.$$eval('.move-list .move', (moves) =>
    moves.map((m) => m.getAttribute('aria-label') ?? '').filter((l) => /, (inaccuracy|mistake|blunder)$/.test(l)),
  );
  assert.ok(marked.some((l) => l.endsWith(', blunder')), `a random game has blunders: ${marked.join('; ')}`);
  assert.match(await page.locator('.review-summary').first().textContent(), /^Black: average loss \d+\.\d discs over 30 moves/);

  // Choosing a blunder shows its position with the played and the better move on the board.
  const blunder = page.locator('.review-item.blunder').first();
  const text = await blunder.textContent();
  // Numbered as the move list numbers it: "15." for the row's first move, "15…" for its second.
  const [, number, mark, played, better] = text.match(/^(\d+)(\.|…) (?:Black|White) ([a-h][1-8])\?\? loses \d+, better ([a-h][1-8])/);
  const ply = 2 * Number(number) - (mark === '.' ? 1 : 0);
  await blunder.click();
  assert.match(await page.getByTestId('better-line').textContent(), new RegExp(`^${number}${mark} .* better ${better}`));
  assert.equal(await moveCount(page), ply - 1, 'the position before the blunder');
  assert.equal(await page.locator('.review-played').count(), 1);
  assert.equal(await page.locator('.review-better').count(), 1);
  assert.match(await label(page, played), /legal move/, 'the played move was legal there');
  await screenshot(page, 'review-desktop');

  // The graph: a point per move; a click jumps there.
  const points = page.locator('.eval-graph .graph-point');
  assert.ok((await points.count()) >= 60);
  await page.locator('.eval-graph [aria-label^="After 10…:"]').click();
  assert.equal(await page.locator('.move-list .move.current').getAttribute('aria-label').then((l) => l.startsWith('10… White')), true);
  assert.deepEqual(errors, []);
});

test('hints and the review at phone width', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  await page.selectOption('#player-white', 'human');
  await importGame(page, FULL_GAME.split(' ').slice(0, 24).join(' '));
  await button(page, 'Hints').click();
  await page.waitForFunction(() => document.querySelectorAll('.hint').length > 0);
  await button(page, 'Review game').click();
  await page.waitForFunction(() => /^Reviewed 24 moves/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''), null, { timeout: 60_000 });
  await screenshot(page, 'analysis-phone');
  assert.deepEqual(errors, []);
});

test("Help explains the hints and states the review's thresholds", async (t) => {
  const { page, errors } = await openSite(t);
  await button(page, 'Help').click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await help.getByRole('tab', { name: 'Playing' }).click();
  await help.getByRole('heading', { name: 'Hints, review and openings' }).scrollIntoViewIfNeeded();
  const text = await help.getByRole('tabpanel').textContent();
  assert.match(text, /Hints \(Shift\+H\)/);
  assert.match(text, /\?! an inaccuracy \(2 to 5 discs\), \? a mistake \(6 to 11\), \?\? a blunder \(12 or more\)/);
  await screenshot(page, 'help-hints');
  assert.deepEqual(errors, []);
});
