// Games out and where a1 is (issue 15, points 8 and 9; import-formats.test.mjs has what Import reads): Export gives
// the transcript, the board string, a GGF record and a text file, each of which imports back, and a link that opens
// the game in another browser; the Reversy coordinates (a1 bottom-left) change the board's labels, typed squares
// and the move list together, and are kept after a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { button, dialog, discs, importGame, openSite, reload, screenshot, waitForStatus } from './helpers.mjs';

// The two-human game of play.test.mjs up to Black's forced pass and White's next move.
const WITH_A_PASS = '1. D3 c3\n2. E6, d2\n3. d1 e1 4. b2 c1 5. -- a3';

test('Export gives the transcript, the board string, GGF and a file; each imports back', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  await importGame(page, WITH_A_PASS);
  const before = await discs(page);
  await button(page, 'Export').click();
  const exported = dialog(page, 'Export');
  await exported.waitFor();
  const field = (label) => exported.getByLabel(label, { exact: true }).inputValue();
  assert.equal(await field('Transcript'), 'd3c3e6d2d1e1b2c1a3');
  const board = await field('Board string');
  assert.match(board, /^[XO-]{64}[XO]$/);
  const ggf = await field('GGF (NBoard)');
  assert.match(ggf, /^\(;GM\[Othello\]PC\[Reversi\]TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[d3\]W\[c3\].*B\[PA\]W\[a3\];\)$/);
  // The link (the game in the URL) opens the same game in another browser.
  const link = await field('Link');
  assert.match(link, /^http:\/\/[^#]+#game=1[A-Za-z0-9_~-]+$/);
  await button(exported, 'Copy link').click();
  assert.equal(await button(exported, 'Copy link').textContent(), 'Copied', 'the Copy button says it copied');
  await screenshot(page, 'export-desktop');
  const friend = await openSite(t, { path: link.slice(link.indexOf('#')) });
  assert.deepEqual(await discs(friend.page), before, 'the link opened the exported game');
  assert.deepEqual(friend.errors, []);

  const [download] = await Promise.all([page.waitForEvent('download'), exported.getByText('Download as a text file').click()]);
  assert.equal(download.suggestedFilename(), 'reversi-game.txt');
  const file = await readFile(await download.path(), 'utf8');
  assert.equal(file, `Transcript:\nd3c3e6d2d1e1b2c1a3\n\nBoard:\n${board}\n\nGGF:\n${ggf}\n`);
  await page.keyboard.press('Escape');

  for (const text of [ggf, board, 'd3c3e6d2d1e1b2c1a3']) {
    await button(page, 'New game').click();
    if (await dialog(page, 'Start a new game?').count()) await page.keyboard.press('Enter');
    await importGame(page, text);
    assert.deepEqual(await discs(page), before, text);
  }
  assert.deepEqual(errors, []);
});

test('Reversy coordinates: a1 bottom-left on the board, in typing and in the move list, kept after a reload', async (t) => {
  const { page, errors } = await openSite(t);
  const rowLabels = () => page.$$eval('.coordinate.row', (labels) => labels.map((l) => l.textContent.trim()));
  assert.deepEqual(await rowLabels(), ['1', '2', '3', '4', '5', '6', '7', '8'], 'standard: 1 at the top');
  await button(page, 'Options').click();
  const options = dialog(page, 'Options');
  await options.getByLabel('Coordinates').selectOption({ label: 'a1 bottom-left (Reversy)' });
  await button(options, 'OK').click();
  assert.deepEqual(await rowLabels(), ['8', '7', '6', '5', '4', '3', '2', '1'], 'Reversy: 1 at the bottom');

  // Standard f5 (the fifth row from the top) is Reversy's f4.
  assert.equal(await page.locator('[data-square="f5"]').getAttribute('aria-label'), 'f4, empty, legal move');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.type('f4');
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal((await discs(page)).f5, 'black', 'typing f4 played the square labelled f4');
  assert.equal(await page.locator('.move-list .move').nth(1).textContent(), 'f4');
  await screenshot(page, 'reversy-desktop');

  await reload(page);
  assert.deepEqual(await rowLabels(), ['8', '7', '6', '5', '4', '3', '2', '1'], 'kept after a reload');
  assert.equal(await page.locator('.move-list .move').nth(1).textContent(), 'f4');
  await button(page, 'Export').click();
  assert.equal(
    (await dialog(page, 'Export').getByLabel('Transcript', { exact: true }).inputValue()).slice(0, 2),
    'f5',
    'transcripts stay in the standard notation other programs read',
  );
  assert.deepEqual(errors, []);
});
