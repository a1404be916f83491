// Storage stays bounded and a full storage stops nothing: with the origin's localStorage filled to the browser's
// quota by someone else (on GitHub Pages every project site of a user shares one origin, so another app's data
// counts against the same quota), the game goes on; the app makes room by dropping its own oldest backups, and when
// that is not enough the player is told once that the game is not being saved, and saving resumes when there is room.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discs, importGame, moveCount, openSite, reload, screenshot, waitForStatus } from './helpers.mjs';
import { legalSquares } from './guards.mjs';
import { savedWins } from './postcard.mjs';

const root = process.env.REVERSI_DIST;

/**
 * Fills localStorage under keys of another app until the browser refuses even one character more (the last key's
 * value grows a character at a time: a new key costs its name too), so that the app's next save, however small its
 * growth, finds no room.
 */
async function fillStorage(page) {
  return page.evaluate(() => {
    let keys = 0;
    for (let size = 1 << 20; size >= 16; size >>= 1) {
      const chunk = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem(`another-app.${keys++}`, chunk);
      } catch (full) {
        keys--;
      }
    }
    const last = `another-app.${keys - 1}`;
    try {
      for (;;) localStorage.setItem(last, localStorage.getItem(last) + 'x');
    } catch (full) {
      // Not one character more.
    }
    return keys;
  });
}

async function playAndReply(page) {
  await waitForStatus(page, /^Black to move/);
  const [square] = await legalSquares(page);
  await page.locator(`[data-square="${square}"]`).click();
  await waitForStatus(page, /^Black to move|^Game over/);
}

test('with storage full the game goes on, says once that it is not saved, and saves again when there is room', async (t) => {
  const { page, errors } = await openSite(t, { root });
  await playAndReply(page);
  const filled = await fillStorage(page);
  assert.ok(filled > 0, 'the storage took some data before it was full');

  const warning = page.getByRole('alert').filter({ hasText: 'did not let the game be saved' });
  await waitForStatus(page, /^Black to move/);
  const [square] = await legalSquares(page);
  await page.locator(`[data-square="${square}"]`).click();
  await warning.waitFor();
  assert.match(await warning.textContent(), /quota/i, 'the player is told why, in the browser’s words');
  await screenshot(page, 'storage-full');
  await waitForStatus(page, /^Black to move/);
  for (let move = 0; move < 3; move++) {
    await playAndReply(page);
    assert.ok((await warning.count()) <= 1, 'told once, not at every move');
  }
  assert.equal(await moveCount(page), 10, 'every move was played all the same');
  assert.equal(await page.getByRole('alert').filter({ hasText: 'could not' }).count(), 0, 'nothing else went wrong');

  // Room again: the next move saves the whole game, and a reload brings it back.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('another-app.')) localStorage.removeItem(key);
  });
  await playAndReply(page);
  const before = { board: await discs(page), moves: await moveCount(page) };
  await reload(page);
  assert.deepEqual({ board: await discs(page), moves: await moveCount(page) }, before, 'the game came back whole');
  const footprint = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('reversi.'))
      .reduce((sum, key) => sum + key.length + localStorage.getItem(key).length, 0),
  );
  t.diagnostic(`the app's own storage after 12 moves: ${footprint} characters`);
  assert.deepEqual(errors, []);
});

/** The app's backups of unreadable saves, key → length. */
const backups = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => /^reversi\.\w+\.backup/.test(key))
        .map((key) => [key, localStorage.getItem(key).length]),
    ),
  );

test('storage full of old backups and another app: they make room, play goes on, the game and statistics are kept', async (t) => {
  const { page, errors } = await openSite(t, { root });
  // A backup kept whole by an earlier version, far over today's 16 KB cap: the next start keeps its beginning.
  await page.evaluate(() => localStorage.setItem('reversi.game.backup', 'old '.repeat(100_000)));
  await reload(page);
  assert.deepEqual(await backups(page), { 'reversi.game.backup': 16 * 1024 }, 'the over-long backup is trimmed');

  // Two players start the shortest game; then newer backups and another app's data fill the storage to the brim.
  await page.selectOption('#player-white', 'human');
  await importGame(page, 'd3 c3 b3 d2');
  await page.evaluate(() => {
    for (let n = 1; n <= 3; n++) localStorage.setItem(`reversi.options.backup.${n}`, `${n}`.repeat(16 * 1024));
  });
  const filled = await fillStorage(page);
  const full = await backups(page);

  // Black wipes White out in five more moves: the game and the statistics are saved all along.
  for (const square of ['e1', 'd6', 'd7', 'e3', 'f4']) await page.locator(`[data-square="${square}"]`).click();
  await waitForStatus(page, /^Game over: Black wins/);
  assert.equal(await page.getByRole('alert').count(), 0, 'no warning: there was room to make');
  const left = await backups(page);
  assert.ok(Object.keys(left).length < Object.keys(full).length, `backups dropped: ${JSON.stringify(left)}`);
  assert.equal(left['reversi.game.backup'], undefined, 'the oldest went first');
  assert.equal(left['reversi.options.backup.3'], 16 * 1024, 'the newest stays');
  const theirs = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('another-app.')));
  assert.equal(theirs.length, filled, 'another app’s data is never touched');

  const before = await discs(page);
  await reload(page);
  assert.deepEqual(await discs(page), before, 'the game came back whole');
  assert.equal(await moveCount(page), 9);
  await waitForStatus(page, /^Game over: Black wins/);
  const statistics = await page.evaluate(() => localStorage.getItem('reversi.statistics'));
  assert.equal(savedWins(statistics), 1, 'the finished game was counted and kept');
  await screenshot(page, 'storage-full-of-backups');
  assert.deepEqual(errors, []);
});
