// Import reads what other programs write (issue 15, point 8): numbered lists, any case, commas, line breaks,
// passes written "pass", "PA" or "--", and GGF records from NBoard; a bad one says where and loses nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, discs, importGame, moveCount, openSite, screenshot, submitImport } from './helpers.mjs';

// The two-human game of play.test.mjs up to Black's forced pass and White's next move, written as others write it.
const WITH_A_PASS = '1. D3 c3\n2. E6, d2\n3. d1 e1 4. b2 c1 5. -- a3';
const GGF =
  '(;GM[Othello]PC[NBoard]PB[me]PW[Edax]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]' +
  'B[F5]W[f6/-1.50/0.2]B[E6//1.0]W[F4];)';

test('Import reads numbered lists, any case, commas, line breaks, every way of writing a pass, and GGF', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  for (const pass of ['--', 'pass', 'PA']) {
    await importGame(page, WITH_A_PASS.replace('--', pass));
    assert.equal(await moveCount(page), 10, `${pass}: nine moves and the pass`);
    assert.equal(await page.locator('.move-list .move.pass').count(), 1);
    assert.equal((await discs(page)).a3, 'white');
  }
  await screenshot(page, 'import-numbered-with-pass-desktop');
  await importGame(page, GGF);
  assert.equal(await moveCount(page), 4, 'the four moves of the GGF record');
  assert.equal((await discs(page)).f4, 'white');

  await submitImport(page, '1. f5 d6 2. c3 zz');
  assert.match(await page.getByRole('alert').textContent(), /^Cannot import: move 4: 'z' is not a square$/);
  await page.locator('#import-text').fill('(;GM[Othello]BO[8 --- *];)');
  await button(page, 'Load game').click();
  assert.equal(
    await page.getByRole('alert').textContent(),
    'Cannot import: malformed GGF: a 8×8 board has 64 squares, found 3',
  );
  await page.keyboard.press('Escape');
  assert.equal(await moveCount(page), 4, 'a bad import loses nothing');
  assert.deepEqual(errors, []);
});
