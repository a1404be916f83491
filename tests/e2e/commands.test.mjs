// Commands a player can trust (issue 15, points 1, 6 and 7): New game and Resign ask before ending a game in
// progress (Enter goes ahead, Escape keeps the game), a changed board size offers "Start a new game now", the Ctrl
// keys of the classic Windows Reversi work and keep the browser's own meaning away, and every button says what it
// does — a tooltip on hover, focus and long press, labels kept on phones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, dialog, discs, moveCount, openSite, screenshot, waitForStatus } from './helpers.mjs';

/** Plays f5 and waits for the computer's reply: a game in progress. */
async function startAGame(page) {
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await moveCount(page), 2);
}

test('New game and Resign ask first: Escape keeps the game, Enter goes ahead', async (t) => {
  const { page, errors } = await openSite(t);
  await button(page, 'New game').click();
  assert.equal(await dialog(page, 'Start a new game?').count(), 0, 'nothing to lose yet: no question');
  await startAGame(page);

  await button(page, 'New game').click();
  const confirm = dialog(page, 'Start a new game?');
  await confirm.waitFor();
  await screenshot(page, 'confirm-new-game-desktop');
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  assert.equal(await moveCount(page), 2, 'Escape kept the game');

  await page.keyboard.press('n'); // the key asks too
  await confirm.waitFor();
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  assert.equal(await moveCount(page), 0, 'Enter started a new game');

  await startAGame(page);
  await button(page, 'Resign').click();
  const resign = dialog(page, 'Resign this game?');
  await resign.waitFor();
  await button(resign, 'Cancel').click();
  await resign.waitFor({ state: 'detached' });
  await waitForStatus(page, /^Black to move\.$/);
  await button(page, 'Resign').click();
  await page.keyboard.press('Enter');
  await waitForStatus(page, /^Game over: White wins by resignation 64–0\.$/);
  assert.deepEqual(errors, []);
});

for (const device of ['phone', 'phone-landscape']) {
  test(`the confirmation fits a ${device}`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    await page.locator('[data-square="f5"]').tap();
    await waitForStatus(page, /^Black to move\.$/);
    await button(page, 'New game').tap();
    const confirm = dialog(page, 'Start a new game?');
    await confirm.waitFor();
    const box = await button(confirm, 'Start new game').boundingBox();
    const viewport = page.viewportSize();
    assert.ok(box.y + box.height <= viewport.height && box.x + box.width <= viewport.width, JSON.stringify(box));
    await screenshot(page, `confirm-new-game-${device}`);
    await button(confirm, 'Start new game').tap();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await moveCount(page), 0);
    assert.deepEqual(errors, []);
  });
}

test('a new board size in Options offers "Start a new game now"', async (t) => {
  const { page, errors } = await openSite(t);
  await startAGame(page);
  await button(page, 'Options').click();
  const options = dialog(page, 'Options');
  await options.getByLabel('Board size').selectOption({ label: '10 × 10' });
  await button(options, 'OK').click();
  assert.equal(Object.keys(await discs(page)).length, 64, 'the game in progress keeps its board');
  await screenshot(page, 'new-game-offer-desktop');
  await button(page, 'Start a new game now').click();
  await page.waitForFunction(() => document.querySelectorAll('.board [data-square]').length === 100);
  assert.equal(await dialog(page, 'Start a new game?').count(), 0, 'the button said what it ends: no question');
  assert.equal(await moveCount(page), 0);
  assert.deepEqual(errors, []);
});

test('the Ctrl keys of the classic Windows Reversi, each kept from the browser, once Options turns them on', async (t) => {
  const { page, errors } = await openSite(t);
  // In a browser tab they are the browser's (tests/e2e/new-player.test.mjs); Options › Keyboard makes them the game's.
  await button(page, 'Options').click();
  await dialog(page, 'Options').getByRole('combobox', { name: 'Classic Ctrl keys' }).selectOption({ label: 'Always' });
  await button(dialog(page, 'Options'), 'OK').click();
  // Records, after the app's own handler, whether each key press was kept from the browser.
  await page.evaluate(() => {
    window.prevented = [];
    window.addEventListener('keydown', (event) => {
      if (event.ctrlKey && !['Control', 'Shift'].includes(event.key)) window.prevented.push(`${event.shiftKey ? 'Shift+' : ''}${event.key}:${event.defaultPrevented}`);
    });
  });
  await page.selectOption('#player-white', 'human');
  for (const square of ['f5', 'd6', 'c3', 'd3']) await page.locator(`[data-square="${square}"]`).click();
  await page.keyboard.press('Control+z');
  assert.equal(await moveCount(page), 3, 'Ctrl+Z undoes a move');
  await page.keyboard.press('Control+y');
  assert.equal(await moveCount(page), 4, 'Ctrl+Y redoes it');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await moveCount(page), 0, 'Ctrl+Shift+Z undoes every move');
  await page.keyboard.press('Control+Shift+Y');
  assert.equal(await moveCount(page), 4, 'Ctrl+Shift+Y redoes every move');

  for (const [key, name] of [
    ['o', 'Options'],
    ['s', 'Statistics'],
    ['h', 'Help'],
    ['a', 'About Reversi'],
  ]) {
    await page.keyboard.press(`Control+${key}`);
    await dialog(page, name).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page, name).waitFor({ state: 'detached' });
  }

  await page.keyboard.press('Control+n');
  await dialog(page, 'Start a new game?').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+r');
  await dialog(page, 'Resign this game?').waitFor();
  await page.keyboard.press('Escape');

  // Ctrl+P resumes a computer paused by undo.
  await page.selectOption('#player-white', 'computer');
  await page.keyboard.press('Control+z');
  await waitForStatus(page, /^Paused: White \(computer\) to move\. Undo again to go back to your move, or Resume play\.$/);
  await page.keyboard.press('Control+p');
  await waitForStatus(page, /^Black to move\.$/);

  const prevented = await page.evaluate(() => window.prevented);
  const kept = prevented.filter((entry) => entry.endsWith(':false'));
  assert.deepEqual(kept, [], `every Ctrl shortcut is kept from the browser: ${prevented.join(' ')}`);
  assert.equal(prevented.length, 12, prevented.join(' '));
  assert.deepEqual(errors, []);
});

test('the shortcut overlay lists the Ctrl keys and says where the browser keeps one', async (t) => {
  const { page, errors } = await openSite(t);
  // The classic Ctrl set on (in a tab it is the browser's: new-player.test.mjs).
  await button(page, 'Options').click();
  await dialog(page, 'Options').getByRole('combobox', { name: 'Classic Ctrl keys' }).selectOption({ label: 'Always' });
  await button(dialog(page, 'Options'), 'OK').click();
  await page.keyboard.press('?');
  const overlay = dialog(page, 'Keyboard shortcuts');
  await overlay.waitFor();
  const row = (name) => overlay.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  assert.match(await row('Undo all').textContent(), /Ctrl\+Shift\+Z/);
  assert.match(await row('Redo all').textContent(), /Ctrl\+Shift\+Y/);
  assert.match(await row('Statistics').textContent(), /Ctrl\+S/);
  assert.match(await row('New game').textContent(), /NCtrl\+NMost browsers keep Ctrl\+N for a new window: use N\./);
  await screenshot(page, 'shortcuts-desktop');
  assert.deepEqual(errors, []);
});

test('buttons say what they do: labels where there is room, tooltips on hover and focus', async (t) => {
  const { page, errors } = await openSite(t);
  for (const name of ['Options', 'Statistics', 'Help', 'About', 'Keyboard shortcuts', 'New game', 'Resign']) {
    const label = button(page, name).locator('.label');
    const box = await label.boundingBox();
    assert.ok(box && box.width > 20, `"${name}" shows its name on a desktop`);
  }
  const tip = (name) =>
    button(page, name)
      .locator('.tip')
      .evaluate((element) => ({ text: element.textContent, shown: element.checkVisibility() }));
  const tipShows = (name) =>
    button(page, name)
      .locator('.tip')
      .evaluate((element) => new Promise((shown) => {
        const check = () => (element.checkVisibility({ opacityProperty: true }) ? shown() : requestAnimationFrame(check));
        check();
      }));
  assert.deepEqual(await tip('Undo all'), { text: 'Undo all (Shift+U, Home, Ctrl+Shift+Z)', shown: false });
  await button(page, 'Options').hover();
  await tipShows('Options');
  await screenshot(page, 'tooltip-desktop');
  await button(page, 'Options').focus();
  await page.keyboard.press('Tab'); // keyboard focus shows the tooltip too
  await tipShows('Statistics');
  assert.deepEqual(errors, []);
});

test('phones: Resume play, Offer draw and Resign keep their words; a long press shows a tooltip', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  for (const name of ['Resume play', 'Offer draw', 'Resign', 'New game']) {
    const box = await button(page, name).locator('.label').boundingBox();
    assert.ok(box && box.width > 20, `"${name}" keeps its label on a phone`);
  }
  const options = button(page, 'Options');
  assert.equal(((await options.locator('.label').boundingBox())?.width ?? 0) <= 1, true, 'Options is an icon');
  // A finger held on the Options button for 0.8 s: the tooltip shows and the dialog does not open.
  const box = await options.boundingBox();
  const finger = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger });
  await page.waitForTimeout(800);
  assert.equal(await options.evaluate((element) => element.classList.contains('tip-shown')), true);
  assert.equal(await options.locator('.tip').textContent(), 'Options (O)', 'in a browser tab Ctrl+O is the browser’s');
  assert.equal(await options.locator('.tip').isVisible(), true);
  await screenshot(page, 'long-press-tooltip-phone');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300);
  assert.equal(await dialog(page, 'Options').count(), 0, 'the long press did not press the button');
  await options.tap();
  await dialog(page, 'Options').waitFor();
  assert.deepEqual(errors, []);
});
