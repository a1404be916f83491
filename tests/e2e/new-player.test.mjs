// What a new player trips over, on a phone (390×844) and a desktop (1280×800): analysis that belongs to its game,
// the review beside a board in view, one move numbering, a pause after Undo that explains itself, no stale
// messages, the browser's own Ctrl keys left alone in a tab, and the answers to actions where the eye is.
// Screenshots: tests/e2e/output/new-player-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, dialog, importGame, moveCount, openSite, pauseOnComputersTurn, screenshot, waitForStatus } from './helpers.mjs';

// A legal game of random moves (also in analysis.test.mjs): 60 moves with a forced pass after White's c1, full of mistakes.
const FULL_GAME =
  'd3 c3 e6 d2 d1 e1 b2 c1 a3 a1 b4 b3 d6 b5 f4 e3 f3 e2 a5 g5 b6 b7 f5 f6 c7 g3 h3 c2 e7 c5 h5 d7 g6 e8 f2 h7 ' +
  'g4 g2 f7 h6 g7 f8 a4 c4 h8 a7 g1 f1 a2 h4 c6 b1 c8 h1 b8 g8 d8 a6 h2 a8';
// White far ahead: the computer (White) declines a draw.
const WHITE_FAR_AHEAD = '-OOO---O-OOOOOOOOOOOXOOOOOXOOXOOOXOOOXOOOOXOXOOOO-XXXXOO--XO-O-OX';
const DEVICES = ['phone-390', 'desktop'];

/** The element's box lies wholly inside the viewport. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height + 1 && box.x + box.width <= width + 1;
}

async function reviewWholeGame(page) {
  await button(page, 'Review game').click();
  await page.waitForFunction(() => /^Reviewed 60 moves/.test(document.querySelector('[data-testid=review-status]')?.textContent ?? ''), null, { timeout: 120_000 });
}

for (const device of DEVICES) {
  test(`1. a review, its graph and its mistakes leave with their game: New game, Import (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    await page.selectOption('#player-white', 'human');
    await importGame(page, FULL_GAME);
    await reviewWholeGame(page);
    assert.equal(await page.locator('.eval-graph').count(), 1);
    assert.ok((await page.locator('.review-item').count()) > 0);
    await button(page, 'Hints').click();
    // New game on a finished game asks nothing (point 5) and leaves no trace of the old review.
    await button(page, 'New game').click();
    await waitForStatus(page, /^Black to move\.$/);
    assert.equal(await page.getByTestId('review-status').count(), 0, 'no "Reviewed 60 moves" on the new game');
    assert.equal(await page.locator('.eval-graph').count(), 0, 'no graph of the old game');
    assert.equal(await page.locator('.review-item').count(), 0, 'no list of its mistakes');
    // Hints are for the new position: the opening book's four first moves.
    await page.waitForFunction(() => document.querySelector('[data-testid=hint-depth]')?.textContent === 'opening book');
    assert.match(await page.locator('[data-square="f5"]').getAttribute('aria-label'), /^f5, empty, legal move, hint/);
    await screenshot(page, `new-player-1-after-new-game-${device}`);

    assert.deepEqual(errors, []);

    // Import: the same, and a review still running is stopped (a fresh page: a second review of the same game
    // would finish at once from the analysis' table).
    const fresh = await openSite(t, { device });
    await fresh.page.selectOption('#player-white', 'human');
    await importGame(fresh.page, FULL_GAME);
    await button(fresh.page, 'Review game').click();
    await fresh.page.getByRole('progressbar', { name: 'Review progress' }).waitFor();
    await importGame(fresh.page, FULL_GAME.split(' ').slice(0, 20).join(' '));
    assert.equal(await fresh.page.getByTestId('review-status').count(), 0, 'the running review went with its game');
    await fresh.page.waitForTimeout(500);
    assert.equal(await fresh.page.getByTestId('review-status').count(), 0, 'and does not come back');
    assert.equal(await button(fresh.page, 'Review game').isEnabled(), true, 'the new game can be reviewed');
    assert.deepEqual(fresh.errors, []);
  });

  test(`2 and 3. a chosen mistake shows on a board in view, numbered as the move list numbers it (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    await page.selectOption('#player-white', 'human');
    await importGame(page, FULL_GAME);
    await reviewWholeGame(page);
    const items = page.locator('.review-item');
    const item = items.nth(Math.min(3, (await items.count()) - 1));
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `new-player-2-review-list-${device}`);
    const text = await item.textContent();
    const [, number, mark, mover, square] = text.match(/^(\d+)(\.|…) (Black|White) ([a-h][1-8])/);
    await item.click();
    const board = page.locator('svg.board');
    await page.waitForFunction(() => {
      const box = document.querySelector('svg.board').getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight + 1;
    }, null, { timeout: 5_000 });
    assert.ok(await inView(page, board), 'the board is in view when the position changes');
    assert.equal(await page.locator('.review-played').count(), 1, 'the played move is marked');
    if (device === 'desktop') assert.ok(await inView(page, item), 'on a desktop the list stays beside the board');
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.screenshot({ path: `tests/e2e/output/new-player-2-mistake-chosen-${device}.png`, animations: 'disabled' });

    // The move list has the move in the row of that number, in the first (.) or second (…) place.
    const label = `${number}${mark} ${mover} ${square}`;
    const entry = page.locator('.move-list .move').filter({ has: page.locator(':scope') }).and(page.locator(`[aria-label^="${label}"]`));
    assert.equal(await entry.count(), 1, `the move list names it "${label}"`);
    const row = entry.locator('xpath=..');
    assert.equal((await row.locator('.move-number').textContent()).trim(), `${number}.`);
    const place = await row.locator('.move').evaluateAll((moves, l) => moves.findIndex((m) => m.getAttribute('aria-label').startsWith(l)), label);
    assert.equal(place, mark === '.' ? 0 : 1, 'first in its row for ".", second for "…"');
    assert.match(await page.getByTestId('better-line').textContent(), new RegExp(`^${number}${mark} ${mover} played ${square}`));
    const graphPoint = page.locator(`.eval-graph [aria-label^="After ${number}${mark}:"]`);
    assert.equal(await graphPoint.count(), 1, 'the graph says the same number');
    assert.deepEqual(errors, []);
  });
}

test('4. paused on the computer’s turn after Undo: no moves offered for it, and what to do; whole-turn Undo as an option', async (t) => {
  for (const device of DEVICES) {
    const { page, errors } = await openSite(t, { device });
    await pauseOnComputersTurn(page);
    assert.equal(await page.locator('.marker').count(), 0, 'no legal-move markers for the computer’s side');
    const legal = await page.$$eval('[data-square]', (squares) => squares.filter((s) => /legal move/.test(s.getAttribute('aria-label'))).length);
    assert.equal(legal, 0, 'no square is named a legal move');
    await page.locator('[data-square="f4"]').click(); // legal for White here, but White is the computer's
    assert.equal(await moveCount(page), 1, 'the player cannot move for the computer');
    await screenshot(page, `new-player-4-paused-${device}`);
    await button(page, 'Undo').click();
    await waitForStatus(page, /^Black to move\.$/);
    assert.ok((await page.locator('.marker').count()) > 0, 'back on the player’s move, its moves show');
    assert.deepEqual(errors, []);
  }
  const { page, errors } = await openSite(t);
  await button(page, 'Options').click();
  await dialog(page, 'Options').getByRole('checkbox', { name: 'Undo takes back a whole turn' }).check();
  await button(dialog(page, 'Options'), 'OK').click();
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2);
  await button(page, 'Undo').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 0, 'one Undo took back the reply and the move');
  await button(page, 'Redo').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2, 'one Redo brought both back');
  assert.deepEqual(errors, []);
});

test('5. a pass notice ends with the game; New game asks only about a game in progress', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone-390' });
  await page.selectOption('#player-white', 'human');
  for (const [i, square] of FULL_GAME.split(' ').entries()) {
    await page.locator(`[data-square="${square}"]`).click();
    if (i === 8) assert.equal(await page.getByTestId('pass-notice').count(), 1, 'Black had to pass after c1');
  }
  await waitForStatus(page, /^Game over/);
  assert.equal(await page.getByTestId('pass-notice').count(), 0, 'no "must pass" under a finished game');
  await screenshot(page, 'new-player-5-game-over-phone-390');
  // Browsing the finished game, then New game: nothing in progress, so no warning.
  await button(page, 'Undo').click();
  await button(page, 'Undo').click();
  await button(page, 'New game').click();
  assert.equal(await dialog(page, 'Start a new game?').count(), 0);
  assert.equal(await moveCount(page), 0);
  // A game in progress still asks.
  await page.locator('[data-square="f5"]').click();
  await button(page, 'New game').click();
  await dialog(page, 'Start a new game?').waitFor();
  await screenshot(page, 'new-player-5-new-game-asks-phone-390');
  assert.deepEqual(errors, []);
});

/** Records, after the app's own handler, whether each Ctrl key press was kept from the browser. */
function recordCtrlKeys() {
  window.prevented = [];
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey && !['Control', 'Shift'].includes(event.key)) window.prevented.push(`${event.shiftKey ? 'Shift+' : ''}${event.key}:${event.defaultPrevented}`);
  });
}

test('6. in a browser tab the browser keeps Ctrl+R, P, S, O, H and A; Ctrl+Z and Ctrl+Y stay the game’s', async (t) => {
  const { page, errors } = await openSite(t, { init: recordCtrlKeys });
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move\.$/);
  for (const key of ['r', 'p', 's', 'o', 'h', 'a']) {
    // Dispatched to the page (a real Ctrl+R would reload it): the app must leave it to the browser.
    await page.evaluate((key) => window.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: true, cancelable: true })), key);
  }
  assert.deepEqual(await page.evaluate(() => window.prevented), ['r:false', 'p:false', 's:false', 'o:false', 'h:false', 'a:false']);
  assert.equal(await page.getByRole('dialog').count(), 0, 'no "Resign this game?", no Options, no Help');
  await page.keyboard.press('Control+z');
  assert.equal(await moveCount(page), 1, 'Ctrl+Z undoes');
  await page.keyboard.press('Control+y');
  assert.equal(await moveCount(page), 2, 'Ctrl+Y redoes');
  assert.equal(await button(page, 'Resign').getAttribute('aria-keyshortcuts'), 'Q', 'the buttons name only the keys that work');
  await page.keyboard.press('?');
  const overlay = dialog(page, 'Keyboard shortcuts');
  assert.match(await overlay.getByTestId('ctrl-set').textContent(), /^The browser keeps its own Ctrl keys/);
  assert.equal(await overlay.locator('kbd', { hasText: 'Ctrl+R' }).count(), 0);
  assert.equal(await overlay.locator('kbd', { hasText: 'Ctrl+Z' }).count(), 1);
  await screenshot(page, 'new-player-6-shortcuts-tab-desktop');
  assert.deepEqual(errors, []);
});

test('6. installed as an app the classic Ctrl set is on, and the overlay says so', async (t) => {
  const standalone = () => {
    const match = window.matchMedia.bind(window);
    window.matchMedia = (query) => (query === '(display-mode: standalone)' ? { matches: true, media: query, addEventListener() {}, removeEventListener() {} } : match(query));
  };
  for (const device of DEVICES) {
    const { page, errors } = await openSite(t, { device, init: standalone });
    await page.locator('[data-square="f5"]').click();
    await waitForStatus(page, /^Black to move\.$/);
    await page.keyboard.press('Control+r');
    await dialog(page, 'Resign this game?').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+o');
    await dialog(page, 'Options').waitFor();
    // The option turns the set off even here.
    await dialog(page, 'Options').getByRole('combobox', { name: 'Classic Ctrl keys' }).selectOption({ label: 'Never' });
    await button(dialog(page, 'Options'), 'OK').click();
    await page.keyboard.press('Shift+?');
    assert.match(await dialog(page, 'Keyboard shortcuts').getByTestId('ctrl-set').textContent(), /^The browser keeps/);
    await page.keyboard.press('Escape');
    await button(page, 'Options').click();
    await dialog(page, 'Options').getByRole('combobox', { name: 'Classic Ctrl keys' }).selectOption({ label: 'In the installed app' });
    await button(dialog(page, 'Options'), 'OK').click();
    await page.keyboard.press('Shift+?');
    const overlay = dialog(page, 'Keyboard shortcuts');
    assert.match(await overlay.getByTestId('ctrl-set').textContent(), /are on in this installed app/);
    assert.equal(await overlay.locator('kbd', { hasText: 'Ctrl+R' }).count(), 1);
    await screenshot(page, `new-player-6-shortcuts-installed-${device}`);
    assert.deepEqual(errors, []);
  }
});

test('7. on a phone the answers to actions appear in view, next to the board', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone-390' });
  // Import is far down the page; afterwards the board (and the computer's reply on it) is in view.
  await importGame(page, WHITE_FAR_AHEAD);
  await page.waitForFunction(() => document.querySelector('svg.board').getBoundingClientRect().top >= 0);
  assert.ok(await inView(page, page.locator('svg.board')), 'the imported game’s board is in view');
  await screenshot(page, 'new-player-7-after-import-phone-390');
  await button(page, 'Offer draw').click();
  const declined = page.locator('.notice', { hasText: 'The computer declines the draw.' });
  await declined.waitFor();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.ok(await inView(page, declined), 'the answer to the draw offer is in view');
  const gap = await page.evaluate(() => document.querySelector('.notices').getBoundingClientRect().top - document.querySelector('svg.board').getBoundingClientRect().bottom);
  assert.ok(gap >= 0 && gap <= 20, `right under the board: ${gap} px below it`);
  await page.screenshot({ path: 'tests/e2e/output/new-player-7-draw-declined-phone-390.png', animations: 'disabled' });
  // An error from far down the page comes into view too.
  await page.locator('.move-list').scrollIntoViewIfNeeded();
  await button(page, 'Import').click();
  await page.locator('#import-text').fill('this is not a game');
  await button(page, 'Load game').click();
  const message = dialog(page, 'Import').locator('.form-error');
  assert.ok((await message.textContent()).length > 0 && (await inView(page, message)), 'the import error shows in the dialog, in view');
  await page.keyboard.press('Escape');
  await page.locator('.square.playable').first().click();
  await waitForStatus(page, /^(Black to move|Game over)/);
  await button(page, 'Copy transcript').scrollIntoViewIfNeeded();
  await button(page, 'Copy transcript').click();
  const copied = page.locator('.notice', { hasText: 'Transcript copied' });
  await copied.waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.notices').getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight + 1;
  });
  await page.screenshot({ path: 'tests/e2e/output/new-player-7-notice-phone-390.png', animations: 'disabled' });
  assert.deepEqual(errors, []);
});

/** WCAG's contrast ratio of two CSS colours "rgb(r, g, b)". */
function contrastOf(a, b) {
  const luminance = (css) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

for (const device of ['phone', 'phone-390', 'desktop']) {
  test(`8. coordinates of 11 px or more at 4.5:1, the board clear of the screen's edges (${device})`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    const measured = await page.evaluate(() => {
      const board = document.querySelector('svg.board');
      const box = board.getBoundingClientRect();
      const scale = box.width / board.viewBox.baseVal.width;
      const label = document.querySelector('.coordinate');
      const cell = document.querySelector('[data-square="a1"] .cell');
      return {
        px: parseFloat(getComputedStyle(label).fontSize) * scale,
        fill: getComputedStyle(label).fill,
        board: getComputedStyle(cell).fill,
        left: box.left,
        right: innerWidth - box.right,
        square: document.querySelector('[data-square="a1"]').getBoundingClientRect().width,
      };
    });
    assert.ok(measured.px >= 11, `coordinates ${measured.px.toFixed(1)} px`);
    const ratio = contrastOf(measured.fill, measured.board);
    assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)}:1 (${measured.fill} on ${measured.board})`);
    assert.ok(measured.left >= 2 && measured.right >= 2, `margins ${measured.left} and ${measured.right} px`);
    if (device !== 'desktop') assert.ok(measured.square >= 44, `squares ${measured.square} px`);
    console.log(`${device}: coordinates ${measured.px.toFixed(1)} px at ${ratio.toFixed(2)}:1, margins ${measured.left.toFixed(1)}/${measured.right.toFixed(1)} px, squares ${measured.square.toFixed(1)} px`);
    // A pale board of the player's choosing gets dark coordinates.
    await button(page, 'Options').click();
    await dialog(page, 'Options').getByLabel('Board', { exact: true }).fill('#e8f0c0');
    await button(dialog(page, 'Options'), 'OK').click();
    await page.waitForTimeout(400); // the squares' colour eases in over 0.15 s
    const pale = await page.evaluate(() => [getComputedStyle(document.querySelector('.coordinate')).fill, getComputedStyle(document.querySelector('.cell')).fill]);
    assert.ok(contrastOf(...pale) >= 4.5, `on a pale board: ${pale.join(' on ')}`);
    await button(page, 'Options').click();
    await button(dialog(page, 'Options'), 'Restore defaults').click();
    await button(dialog(page, 'Options'), 'OK').click();
    await screenshot(page, `new-player-8-board-${device}`);
    assert.deepEqual(errors, []);
  });
}

test('9. a click or a tap leaves no focus square; the keyboard’s cursor shows; a dialog opened by a key has no ring round it', async (t) => {
  for (const device of ['phone-390', 'desktop']) {
    const { page, errors } = await openSite(t, { device });
    const ringOf = (square) => page.locator(`[data-square="${square}"] .focus-ring`).evaluate((ring) => getComputedStyle(ring).stroke);
    const square = page.locator('[data-square="f5"]');
    if (device === 'desktop') await square.click();
    else await square.tap();
    await waitForStatus(page, /^Black to move\.$/);
    assert.match(await ringOf('f5'), /rgba\(0, 0, 0, 0\)|transparent|none/, 'no ring on the clicked square');
    await page.screenshot({ path: `tests/e2e/output/new-player-9-after-click-${device}.png`, animations: 'disabled' });
    if (device === 'desktop') {
      await page.keyboard.press('ArrowLeft');
      const cursor = await page.evaluate(() => document.activeElement.dataset.square);
      assert.notEqual(await ringOf(cursor), 'rgba(0, 0, 0, 0)', 'the keyboard cursor shows its ring');
      await page.screenshot({ path: 'tests/e2e/output/new-player-9-keyboard-cursor-desktop.png', animations: 'disabled' });
      await page.keyboard.press('o');
      await dialog(page, 'Options').waitFor();
      assert.equal(await dialog(page, 'Options').evaluate((box) => getComputedStyle(box).outlineStyle), 'none');
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(errors, []);
  }
});

/** The selects whose longest option is wider than the room the select gives its text. */
async function cutOffSelects(scope) {
  return scope.locator('select').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d');
    return selects
      .filter((select) => select.offsetParent !== null)
      .flatMap((select) => {
        const style = getComputedStyle(select);
        context.font = style.font;
        // The room for the text: the box less its padding and the drop-down arrow (about 20 px in Chromium).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...select.options]
          .filter((option) => context.measureText(option.text).width > room)
          .map((option) => `${select.getAttribute('aria-label') ?? select.id}: "${option.text}" needs ${Math.ceil(context.measureText(option.text).width)} px of ${Math.floor(room)}`);
      });
  });
}

test('10. the editor starts on Black, a drag paints, and no menu cuts its words off', async (t) => {
  for (const device of ['phone-390', 'desktop']) {
    const { page, errors } = await openSite(t, { device });
    assert.deepEqual(await cutOffSelects(page), [], 'the level and player menus');
    await button(page, 'Options').click();
    assert.deepEqual(await cutOffSelects(dialog(page, 'Options')), [], 'the Options menus');
    await screenshot(page, `new-player-10-options-${device}`);
    await page.keyboard.press('Escape');
    await button(page, 'Set up position').click();
    assert.equal(await button(page, 'Black').getAttribute('aria-pressed'), 'true', 'Black is chosen at the start');
    await button(page, 'Clear').click();
    await page.locator('[data-square="c3"]').click();
    assert.match(await page.locator('[data-square="c3"]').getAttribute('aria-label'), /^c3, black/, 'a first click places black');
    // A drag from a1 to h1 paints the row.
    const centre = async (name) => {
      const box = await page.locator(`[data-square="${name}"]`).boundingBox();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    const [x1, y1] = await centre('a1');
    const [x2, y2] = await centre('h1');
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move(x2, y2, { steps: 16 });
    await page.mouse.up();
    for (const name of ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']) {
      assert.match(await page.locator(`[data-square="${name}"]`).getAttribute('aria-label'), /, black/, `${name} painted`);
    }
    assert.deepEqual(await cutOffSelects(page), [], 'the editor’s player and level menus');
    await screenshot(page, `new-player-10-editor-${device}`);
    assert.deepEqual(errors, []);
  }
});

test('11. with hints on, a legend says what +4 and exact mean', async (t) => {
  for (const device of ['phone-390', 'desktop']) {
    const { page, errors } = await openSite(t, { device });
    assert.equal(await page.getByTestId('hint-legend').count(), 0, 'no legend while hints are off');
    await button(page, 'Hints').click();
    const legend = page.getByTestId('hint-legend');
    assert.match(await legend.textContent(), /^\+4: you end 4 discs ahead .*exact.*solved/);
    assert.ok(await legend.isVisible());
    await page.waitForFunction(() => /, hint /.test(document.querySelector('[data-square="f5"]').getAttribute('aria-label')));
    await legend.scrollIntoViewIfNeeded();
    await screenshot(page, `new-player-11-hints-${device}`);
    assert.deepEqual(errors, []);
  }
});

test('12. on a phone the history buttons say Undo and Redo in words, and the header has no shortcuts slot', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone-390' });
  for (const name of ['Undo', 'Redo']) {
    const width = await button(page, name).locator('.label').evaluate((label) => label.getBoundingClientRect().width);
    assert.ok(width > 20, `"${name}" shows its word (${width} px)`);
  }
  const path = (name) => button(page, name).locator('svg.icon path').getAttribute('d').catch(() => null);
  assert.notEqual(await path('Redo'), await path('Resume play'), 'Redo does not look like Resume play');
  assert.equal(await button(page, 'Keyboard shortcuts').isVisible(), false);
  const row = await page.locator('.history-controls').evaluate((group) => new Set([...group.children].map((b) => Math.round(b.getBoundingClientRect().top))).size);
  assert.equal(row, 1, 'New game and the history still fit one row');
  await screenshot(page, 'new-player-12-controls-phone-390');
  const desktop = await openSite(t);
  assert.equal(await button(desktop.page, 'Keyboard shortcuts').isVisible(), true, 'a desktop keeps it');
  await screenshot(desktop.page, 'new-player-12-controls-desktop');
  assert.deepEqual(errors, []);
});
