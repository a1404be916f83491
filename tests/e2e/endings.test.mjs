// The moments a player must not miss (issue 15, points 4 and 5): the end of a game as a panel over the board (the
// winner's discs first, wipeout, resignation, agreed draw, Play again with the same players, a sound), and forced
// passes that stay said until the next human move (with two humans, until acknowledged), marked in the move list,
// with their own sound and in the live region.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, dialog, importGame, moveCount, openSite, recordTones, screenshot, takeTones, waitForStatus } from './helpers.mjs';

// Black wipes White out in nine moves (13–0 on the board, 64–0 with the empties).
const WIPEOUT = ['d3', 'c3', 'b3', 'd2', 'e1', 'd6', 'd7', 'e3', 'f4'];
// The start of the two-human game in play.test.mjs: after White's c1 (move 8) Black has no move and must pass.
const TO_THE_PASS = ['d3', 'c3', 'e6', 'd2', 'd1', 'e1', 'b2', 'c1'];
const GAME_OVER_TONES = [440, 660];
const PASS_TONES = [392, 294];

const result = (page) => page.getByTestId('result');

async function play(page, squares, tap = false) {
  for (const square of squares) {
    const target = page.locator(`[data-square="${square}"]`);
    await (tap ? target.tap() : target.click());
  }
}

for (const device of ['desktop', 'phone', 'phone-landscape']) {
  test(`a wipeout ends in a result panel with the winner's discs first (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device, init: recordTones });
    await page.selectOption('#player-white', 'human');
    await play(page, WIPEOUT, device !== 'desktop');
    await result(page).waitFor();
    assert.equal(await result(page).getByRole('heading').textContent(), 'Black wins 64–0');
    assert.match(await result(page).textContent(), /A wipeout: no white disc is left\./);
    await waitForStatus(page, /^Game over: Black wins 64–0, a wipeout\.$/);
    const cards = await page.locator('.card-count').allTextContents();
    assert.deepEqual(cards, ['64 discs', '0 discs'], 'the score cards agree with the result (" discs" is for screen readers)');
    assert.deepEqual((await takeTones(page)).slice(-2), GAME_OVER_TONES, 'the game-over sound played');
    const panel = await result(page).boundingBox();
    const viewport = page.viewportSize();
    assert.ok(panel.y >= 0 && panel.y + panel.height <= viewport.height, `the panel is on screen: ${JSON.stringify(panel)}`);
    await result(page).evaluate((panel) => Promise.all(panel.getAnimations().map((a) => a.finished)));
    await screenshot(page, `result-wipeout-${device}`);

    await button(page, 'Show board').click();
    await result(page).waitFor({ state: 'detached' });
    await button(page, 'Undo').click();
    await button(page, 'Redo').click();
    await result(page).waitFor(); // the same ending, reached again, is shown again
    await button(result(page), 'Play again').click();
    await result(page).waitFor({ state: 'detached' });
    assert.equal(await moveCount(page), 0);
    assert.equal(await dialog(page, 'Start a new game?').count(), 0, 'a finished game needs no confirmation');
    assert.equal(await page.locator('#player-white').inputValue(), 'human', 'the same players');
    assert.deepEqual(errors, []);
  });
}

test('Review on the result panel starts the review panel\'s Review game, as deep as chosen there', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  await page.getByRole('combobox', { name: 'Review depth' }).selectOption('Deep');
  await play(page, WIPEOUT);
  await result(page).waitFor();
  await screenshot(page, 'result-with-review-desktop');
  await button(result(page), 'Review').click();
  await result(page).waitFor({ state: 'detached' }); // the board and the marked move list come into view
  await page.waitForFunction(
    () => /^Reviewed 9 moves/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''),
    null,
    { timeout: 60_000 },
  );
  assert.match(await page.getByTestId('review-status').textContent(), /deep/i, 'the depth chosen in the panel');
  assert.deepEqual(errors, []);
});

test('resignation and an agreed draw are said as such', async (t) => {
  const { page, errors } = await openSite(t, { init: recordTones });
  await button(page, 'Resign').click();
  await button(dialog(page, 'Resign this game?'), 'Resign').click();
  await result(page).waitFor();
  assert.equal(await result(page).getByRole('heading').textContent(), 'White wins 64–0');
  assert.match(await result(page).textContent(), /Black resigned\./);
  assert.deepEqual((await takeTones(page)).slice(-2), GAME_OVER_TONES);
  await screenshot(page, 'result-resigned-desktop');

  await button(result(page), 'Play again').click();
  await page.selectOption('#player-white', 'human');
  await play(page, ['f5']);
  await button(page, 'Offer draw').click();
  await button(page, 'Accept draw').click();
  await result(page).waitFor();
  assert.equal(await result(page).getByRole('heading').textContent(), 'Draw 4–1');
  assert.match(await result(page).textContent(), /Drawn by agreement\./);
  await screenshot(page, 'result-agreed-draw-desktop');
  assert.deepEqual(errors, []);
});

test('two humans: a pass stays said until acknowledged, in the move list, the live region and a sound', async (t) => {
  const { page, errors } = await openSite(t, { init: recordTones });
  await page.selectOption('#player-white', 'human');
  await play(page, TO_THE_PASS);
  const notice = page.getByTestId('pass-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^Black has no move and must pass\./);
  assert.deepEqual((await takeTones(page)).slice(-2), PASS_TONES, 'the pass has its own sound');
  assert.match(await page.getByTestId('announcer').textContent(), /Black has no move and must pass\./);
  const pass = page.locator('.move-list .move.pass');
  assert.equal(await pass.textContent(), 'pass');
  assert.equal(await pass.getAttribute('aria-label'), '5. Black passes');
  await screenshot(page, 'pass-two-humans-desktop');

  await play(page, ['a3']); // White moves again: the notice waits for OK
  assert.equal(await notice.count(), 1, 'still shown after the next move');
  await button(notice, 'OK').click();
  await notice.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
});

for (const device of ['desktop', 'phone', 'phone-landscape']) {
  test(`against the computer a pass stays until the human's next move (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device, init: recordTones });
    // Black is the computer and White the human; the game reaches White's c1, after which Black must pass.
    await page.selectOption('#player-black', 'computer');
    await page.selectOption('#player-white', 'human');
    // The computer may have opened already: the import then asks to replace its move.
    await importGame(page, TO_THE_PASS.slice(0, 7).join(' '));
    await waitForStatus(page, /^White to move\.$/);
    await play(page, ['c1'], device !== 'desktop');
    const notice = page.getByTestId('pass-notice');
    await notice.waitFor();
    await page.waitForTimeout(1500); // the computer has nothing to do, and the notice stays
    assert.equal(await notice.count(), 1);
    await waitForStatus(page, /^White to move\.$/);
    await screenshot(page, `pass-against-computer-${device}`);
    await play(page, ['a3'], device !== 'desktop');
    await notice.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });
}
