// Options, statistics and saved state, as a player meets them: change options and find them kept after a reload,
// Cancel and Restore defaults, statistics after a finished game, and a corrupted save that is reported and replaced.
// Also screenshots of every dialog at desktop and phone sizes (tests/e2e/output/dialog-*.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, OUTPUT, button, discs, openSite, reload, screenshot } from './helpers.mjs';
import { savedTheme } from './postcard.mjs';

// REVERSI_DIST points the tests at another build than dist/ (a private build while others rebuild dist/).
const root = process.env.REVERSI_DIST ?? DIST;

const dialog = (page, name) => page.getByRole('dialog', { name });

async function openOptions(page) {
  await button(page, 'Options').click();
  const options = dialog(page, 'Options');
  await options.waitFor();
  return options;
}

async function selected(select) {
  return select.evaluate((element) => element.selectedOptions[0].textContent);
}

async function play(page, squares) {
  for (const square of squares) {
    await page.locator(`[data-square="${square}"]`).click();
    await page.locator(`[data-square="${square}"] .disc`).waitFor({ timeout: 5000 });
  }
}

test('changed options are kept after a reload and apply to the page', async (t) => {
  const { page, errors } = await openSite(t, { root });
  let options = await openOptions(page);
  await options.getByLabel('Show valid moves').uncheck();
  await options.getByLabel('White', { exact: true }).selectOption({ label: 'Human' });
  await options.getByLabel('Black level').selectOption({ label: 'Expert' });
  await options.getByLabel('Theme').selectOption({ label: 'Dark' });
  await options.getByLabel('Sound').uncheck();
  await options.getByLabel('Board', { exact: true }).fill('#123456');
  await button(options, 'OK').click();
  await dialog(page, 'Options').waitFor({ state: 'detached' });

  const look = () =>
    page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      board: document.documentElement.style.getPropertyValue('--board-colour'),
      markers: document.querySelectorAll('.board .marker').length,
    }));
  assert.deepEqual(await look(), { theme: 'dark', board: '#123456', markers: 0 });

  await reload(page);
  assert.deepEqual(await look(), { theme: 'dark', board: '#123456', markers: 0 }, 'the look survives a reload');
  options = await openOptions(page);
  await screenshot(page, 'dialog-options-dark');
  assert.equal(await options.getByLabel('Show valid moves').isChecked(), false);
  assert.equal(await options.getByLabel('Sound').isChecked(), false);
  assert.equal(await selected(options.getByLabel('White', { exact: true })), 'Human');
  assert.equal(await selected(options.getByLabel('Black level')), 'Expert');
  assert.equal(await selected(options.getByLabel('White level')), 'Intermediate', 'each side keeps its own level');
  assert.equal(await selected(options.getByLabel('Theme')), 'Dark');
  assert.equal(await options.getByLabel('Board', { exact: true }).inputValue(), '#123456');
  assert.deepEqual(errors, []);
});

test('Cancel drops the changes and Restore defaults brings back every default', async (t) => {
  const { page, errors } = await openSite(t, { root });
  let options = await openOptions(page);
  await options.getByLabel('Sound').uncheck();
  await options.getByLabel('Black', { exact: true }).selectOption({ label: 'Computer' });
  await button(options, 'Cancel').click();
  options = await openOptions(page);
  assert.equal(await options.getByLabel('Sound').isChecked(), true, 'Cancel kept the sound on');
  assert.equal(await selected(options.getByLabel('Black', { exact: true })), 'Human');

  await options.getByLabel('Preview moves').uncheck();
  await options.getByLabel('Theme').selectOption({ label: 'Light' });
  await button(options, 'OK').click();
  options = await openOptions(page);
  assert.equal(await options.getByLabel('Preview moves').isChecked(), false);
  await button(options, 'Restore defaults').click();
  await button(options, 'OK').click();
  await reload(page);
  options = await openOptions(page);
  assert.equal(await options.getByLabel('Preview moves').isChecked(), true);
  assert.equal(await selected(options.getByLabel('Theme')), 'Follow the system');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'system');
  assert.deepEqual(errors, []);
});

test('board size waits for a new game, then applies', async (t) => {
  const { page, errors } = await openSite(t, { root });
  const options = await openOptions(page);
  await options.getByLabel('Board size').selectOption({ label: '6 × 6' });
  await button(options, 'OK').click();
  assert.equal(Object.keys(await discs(page)).length, 64, 'the game in progress keeps its board');
  await page.getByText('apply to the next game').waitFor();
  await button(page, 'Start a new game now').click();
  await page.waitForFunction(() => document.querySelectorAll('.board [data-square]').length === 36);
  await reload(page);
  assert.equal(Object.keys(await discs(page)).length, 36, 'the new 6×6 game survives a reload');
  assert.deepEqual(errors, []);
});

test('a finished two-human game is counted once in the statistics, even after a reload', async (t) => {
  const { page, errors } = await openSite(t, { root });
  const options = await openOptions(page);
  await options.getByLabel('White', { exact: true }).selectOption({ label: 'Human' });
  await button(options, 'OK').click();
  // The shortest game: Black takes every white disc in nine moves.
  await play(page, ['d3', 'c3', 'b3', 'd2', 'e1', 'd6', 'd7', 'e3', 'f4']);
  const board = await discs(page);
  assert.equal(Object.values(board).filter((c) => c === 'white').length, 0, 'White is wiped out');

  const readStatistics = async () => {
    await button(page, 'Statistics').click();
    const stats = dialog(page, 'Statistics');
    // Its code comes a few tasks after the click, even when it is here already (the split loader's steps).
    await stats.getByTestId('black-vs-white').waitFor();
    const row = (table, side) =>
      stats.getByTestId(table).locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: side }) });
    const cells = async (table, side) => (await row(table, side).locator('td').allTextContents()).map((s) => s.trim());
    const result = {
      black: await cells('black-vs-white', 'Black'),
      white: await cells('black-vs-white', 'White'),
      computer: await cells('computer-vs-human', 'Computer'),
    };
    return { stats, result };
  };
  let { stats, result } = await readStatistics();
  assert.deepEqual(result.black, ['1 (100%)', '0 (0%)', '0 (0%)', '64 (avg 64.0)'], 'WOF scoring: 64–0');
  assert.deepEqual(result.white, ['0 (0%)', '1 (100%)', '0 (0%)', '0 (avg 0.0)']);
  assert.deepEqual(result.computer, ['0 (0%)', '0 (0%)', '0 (0%)', '0'], 'two humans: not computer vs human');
  await screenshot(page, 'dialog-statistics-after-game');
  await button(stats, 'Close').click();

  await reload(page);
  ({ stats, result } = await readStatistics());
  assert.equal(result.black[0], '1 (100%)', 'counted once, not again after the reload');

  await button(stats, 'Reset statistics').click();
  await stats.getByText('Erase all statistics?').waitFor();
  await button(stats, 'Keep').click();
  assert.equal((await readStatisticsInPlace(stats))[0], '1 (100%)', 'Keep keeps them');
  await button(stats, 'Reset statistics').click();
  await button(stats, 'Erase').click();
  assert.equal((await readStatisticsInPlace(stats))[0], '0 (0%)');
  await reload(page);
  ({ result } = await readStatistics());
  assert.equal(result.black[0], '0 (0%)', 'the reset is saved');
  assert.deepEqual(errors, []);
});

async function readStatisticsInPlace(stats) {
  const row = stats.getByTestId('black-vs-white').locator('tbody tr').first();
  return (await row.locator('td').allTextContents()).map((s) => s.trim());
}

// Issue 11, defects 6 and 7: one bad field wiped every option or count, the old value was overwritten at once, and
// the notice vanished at the computer's first move.
test('each corrupted storage key: what is readable is kept, the rest is backed up, a newer save is left alone', async (t) => {
  const { page, errors } = await openSite(t, { root });
  const saved = {
    'reversi.options': '{"version":1,"data":{"theme":"Dark","sound":"yes","board_size":6,"black":"Computer"}}',
    'reversi.game': 'not a save at all',
    'reversi.statistics': '{"version":42,"data":{"black_vs_white":{"wins":7}}}',
  };
  await page.evaluate((saved) => {
    for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
  }, saved);
  await reload(page);
  const warning = (text) => page.getByRole('alert').filter({ hasText: text });
  await warning('Part of the saved options could not be read (sound)').waitFor();
  await warning('The saved game could not be used').waitFor();
  await warning('The saved statistics could not be used').waitFor();
  // The game's unreadable text is kept aside at once, the options' once their version-1 reader has come.
  assert.match(await warning('saved options').textContent(), /kept in this browser's storage under "reversi\.options\.backup\.2"/);
  assert.match(await warning('saved statistics').textContent(), /newer version of Reversi.*reload the page to get the newer version/);
  // The readable options are kept: the dark theme, the 6×6 board, the computer playing Black (so it moves first).
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(Object.keys(await discs(page)).length, 36, 'a new game on the saved 6×6 size');
  assert.equal(await page.locator('#player-black').inputValue(), 'computer');
  // The computer's first move does not clear the warnings: they stay until dismissed.
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length > 1, null, { timeout: 30_000 });
  assert.equal(await page.locator('.notice.warning').count(), 3);
  await screenshot(page, 'corrupted-storage-warnings');
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  assert.equal(stored['reversi.options.backup.2'], saved['reversi.options']);
  assert.equal(stored['reversi.game.backup.1'], saved['reversi.game']);
  assert.equal(stored['reversi.statistics'], saved['reversi.statistics'], 'the newer save is never written over');
  assert.equal(Object.keys(stored).filter((key) => key.startsWith('reversi.statistics.backup')).length, 0);
  assert.equal(savedTheme(stored['reversi.options']), 'Dark', 'the repaired options are saved, in today\'s format');
  await button(warning('saved options'), 'Dismiss').click();
  await warning('saved options').waitFor({ state: 'detached' });
  assert.equal(await page.locator('.notice.warning').count(), 2);

  await reload(page);
  await warning('The saved statistics could not be used').waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.notice.warning').count(), 1, 'only the newer statistics are reported again');
  assert.deepEqual(errors, []);
});

for (const device of ['desktop', 'phone']) {
  test(`the dialogs at ${device} size (screenshots)`, async (t) => {
    const { page, errors } = await openSite(t, { root, device });
    // What the player sees: the viewport, where the dialog sits over the page.
    const shot = async (name) => {
      await mkdir(OUTPUT, { recursive: true });
      await page.screenshot({ path: join(OUTPUT, `${name}.png`) });
    };
    const shoot = async (action, name, title) => {
      await button(page, action).click();
      const open = dialog(page, title);
      await open.waitFor();
      await shot(`dialog-${name}-${device}`);
      return open;
    };
    const reach = async (name) => {
      // On a phone the secondary commands may sit in an overflow menu; open it if the button is hidden.
      if (!(await button(page, name).isVisible())) {
        const more = page.getByRole('button', { name: /more/i });
        if (await more.count()) await more.first().click();
      }
    };
    for (const [action, name, title] of [
      ['Options', 'options', 'Options'],
      ['Statistics', 'statistics', 'Statistics'],
      ['Help', 'help', 'Help'],
      ['About', 'about', 'About Reversi'],
    ]) {
      await reach(action);
      const open = await shoot(action, name, title);
      if (name === 'options') {
        // The page behind is inert: Tab cycles within the dialog and never reaches the board or the toolbar.
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          const behind = await page.evaluate(() => !!document.activeElement?.closest('.toolbar, main'));
          assert.equal(behind, false, `Tab ${i + 1} left the dialog`);
        }
      }
      if (name === 'help') {
        await open.getByRole('tab', { name: 'Strategy' }).click();
        await open.getByRole('heading', { name: 'Corners and stable discs' }).waitFor();
        await shot(`dialog-help-strategy-${device}`);
        assert.equal(await open.locator('figure.diagram svg.board').count(), 7, 'seven diagrams by the board');
        // Each diagram draws its own position (the first: Black's stable corner; the second: an X-square taken).
        const square = (figure, name) =>
          open.locator('figure.diagram').nth(figure).locator(`[data-square="${name}"]`).getAttribute('aria-label');
        assert.equal(await square(0, 'a1'), 'a1, black');
        assert.equal(await square(1, 'b2'), 'b2, white');
        assert.match(await square(1, 'a1'), /^a1, empty/);
      }
      if (name === 'about') {
        assert.match(await open.getByTestId('version').textContent(), /^\d+\.\d+\.\d+$/);
        // The short hash of the commit built (git in CI's clone), or "unknown" from a source archive.
        assert.match(await open.getByTestId('commit').textContent(), /^(?:[0-9a-f]{7,}|unknown)$/);
        assert.equal(await open.getByTestId('licence').textContent(), 'MIT');
      }
      await page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached' });
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        return element?.tagName === 'BUTTON' ? element.textContent : `<${element?.tagName}>`;
      });
      assert.ok(focused.includes(action), `focus returns to the ${action} button, not '${focused}'`);
    }
    assert.deepEqual(errors, []);
  });
}

test('with storage disabled the app still plays and says nothing will be kept', async (t) => {
  const { page, context, errors } = await openSite(t, { root });
  // As with cookies and site data blocked: reading localStorage throws.
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('access denied', 'SecurityError');
      },
    });
  });
  await reload(page);
  await page.getByRole('alert').filter({ hasText: 'keeps no data for this page' }).waitFor();
  await page.locator('[data-square="f5"]').click();
  await page.locator('[data-square="f5"] .disc.black').waitFor();
  assert.deepEqual(errors, []);
});
