// Parts loaded on first use (issue 28; src/effects/lazy_code.rs): the site's build puts the rarely opened dialogs,
// online play and the panels built after the board in wasm modules of their own (scripts/split-wasm.mjs). These tests
// check what a player meets: a dialog whose module cannot be fetched says so and offers to try again, and the game
// is untouched; the start downloads only the side panels' module, after the board, keeping their place meanwhile,
// and without it the board, status and game bar still play; the service worker keeps the modules for offline play
// (online play's once it is used).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button,
  controlledByServiceWorker,
  dialog,
  moveCount,
  openSite,
  screenshot,
  started,
  waitForStatus,
} from './helpers.mjs';
import { savedTheme, savesConverted } from './postcard.mjs';

const LAZY = /\/lazy\/[^/]+\.wasm$/;
const DIALOGS = /\/lazy\/split_dialogs-[0-9a-f]+\.wasm$/;
const ONLINE = /\/lazy\/split_online-[0-9a-f]+\.wasm$/;
// The side panels (online, hints, moves, the graph and review), the result card and the opening's name come in a
// module of their own, fetched when the start reaches them (src/panels/later_panels.rs).
const SIDE_PANELS = /\/lazy\/split_side_panels-[0-9a-f]+\.wasm$/;

/** The URLs in the service worker's cache. */
const cached = (page) =>
  page.evaluate(async () => (await (await caches.open('reversi-v1')).keys()).map((request) => request.url));

test('a dialog whose code cannot be fetched says so, keeps the game, and opens on Try again', async (t) => {
  const { page, context, url, server, errors } = await openSite(t, { navigate: false });
  // The network fails the dialogs' module from the start, before the service worker could keep it (the context's
  // route sees the worker's requests too).
  let blocked = true;
  let refused = 0;
  await context.route(DIALOGS, (route) => {
    if (!blocked) return route.continue();
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(url);
  await started(page);
  await page.locator('[data-square="f5"]').click();
  // The computer (White) replies; then the game stands still for the checks below.
  await waitForStatus(page, /^Black to move\.$/);
  const moves = await moveCount(page);
  assert.equal(moves, 2);

  await button(page, 'Help').click();
  const failed = dialog(page, 'Not loaded');
  await failed.waitFor();
  assert.match(await failed.getByRole('alert').textContent(), /could not be loaded.*Nothing is lost/s);
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), 'the focus is in it');
  await screenshot(page, 'lazy-part-not-loaded');
  // A second try while still offline asks the network again, and fails the same way, in words.
  const refusedBefore = refused;
  // The loader asks the network a few tasks after the click (each step of a part's loading is a task of its own).
  const refetched = page.waitForEvent('requestfailed', { predicate: (request) => DIALOGS.test(request.url()) });
  await button(failed, 'Try again').click();
  await refetched;
  await page.waitForFunction(() => document.querySelector('.lazy-failed button') !== null);
  assert.ok(refused > refusedBefore, 'Try again fetched again');
  assert.equal(await moveCount(page), moves, 'the game is kept');

  // Back online: Try again opens Help itself, with the focus in it as ever, and back on the Help button after.
  blocked = false;
  await button(failed, 'Try again').click();
  const help = dialog(page, 'Help');
  await help.waitFor();
  assert.equal(await failed.count(), 0);
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), 'the focus is in Help');
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  assert.ok(focused.includes('Help'), `the focus returns to the Help button, not '${focused}'`);
  assert.equal(await moveCount(page), moves, 'the game is kept');
  assert.ok(server.requests.some((path) => DIALOGS.test(path)), 'the module came from the server once it could');

  // The only errors are the browser's and the loader's reports of the refused fetches.
  const others = errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(text));
  assert.deepEqual(others, []);
});

test('after a first visit the side panels and dialogs work offline; online play comes on use', async (t) => {
  const { page, context, server, errors } = await openSite(t);
  assert.equal(await controlledByServiceWorker(page), 'activated');
  const precached = await cached(page);
  assert.ok(precached.some((url) => DIALOGS.test(url)), 'the dialogs are precached');
  assert.ok(precached.some((url) => SIDE_PANELS.test(url)), 'the side panels are kept');
  assert.ok(!precached.some((url) => ONLINE.test(url)), 'online play is not precached');
  // The page itself fetched none: the worker's install did, after the start.
  assert.ok(!server.requests.some((path) => ONLINE.test(path)), 'nor downloaded by a first visit');

  await context.setOffline(true);
  await page.reload();
  await started(page);
  await page.getByRole('region', { name: 'Moves' }).waitFor();
  await button(page, 'Statistics').click();
  await dialog(page, 'Statistics').waitFor();
  await page.keyboard.press('Escape');
  await context.setOffline(false);

  // Going online fetches online play's module, and the worker keeps it.
  await button(page, 'Play a friend online').click();
  await dialog(page, 'Play a friend online').waitFor();
  assert.ok(server.requests.some((path) => ONLINE.test(path)), 'online play was fetched on use');
  for (let tries = 0; !(await cached(page)).some((url) => ONLINE.test(url)); tries++) {
    assert.ok(tries < 100, 'the worker keeps online play once fetched');
    await page.waitForTimeout(200);
  }
  assert.deepEqual(errors, []);
});

const WIPEOUT = ['d3', 'c3', 'b3', 'd2', 'e1', 'd6', 'd7', 'e3', 'f4'];

test('the side panels keep their place while their code comes, and nothing moves when it does (phone)', async (t) => {
  const { page, url, errors } = await openSite(t, { device: 'phone', navigate: false });
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(SIDE_PANELS, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  const coming = page.locator('.side-panels-coming');
  await coming.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
  // The first screen works meanwhile: the player moves, and the computer replies.
  await page.locator('[data-square="f5"]').click();
  await page.locator('[data-square="f5"] .disc.black').waitFor();
  await waitForStatus(page, /^Black to move\.$/);
  assert.equal(await page.locator('.app[data-started]').count(), 0, 'the start waits for the panels\' code');
  const rect = (selector) => page.$eval(selector, (e) => e.getBoundingClientRect().toJSON());
  const before = { board: await rect('svg.board[role=grid]'), status: await rect('.status') };
  const kept = await rect('.side-panels-coming');
  assert.ok(kept.height >= 280, `the panels' place is kept: ${kept.height} px`);
  assert.equal(await page.getByTestId('opening').textContent(), '', 'the opening line keeps its place, empty');
  await screenshot(page, 'lazy-side-panels-coming-phone');
  release();
  await started(page);
  await page.getByRole('region', { name: 'Moves' }).waitFor();
  assert.equal(await coming.count(), 0);
  assert.equal(await moveCount(page), 2, 'the moves played meanwhile are listed');
  assert.match(await page.getByTestId('opening').textContent(), /^Opening: \S/, 'the opening is named once its code is here');
  for (const [part, was] of Object.entries(before)) {
    const now = await rect(part === 'board' ? 'svg.board[role=grid]' : '.status');
    for (const side of ['x', 'y', 'width', 'height']) {
      assert.ok(Math.abs(was[side] - now[side]) < 0.5, `${part} ${side}: ${was[side]} while the code came, ${now[side]} after`);
    }
  }
  await screenshot(page, 'lazy-side-panels-came-phone');
  assert.deepEqual(errors, []);
});

test('side panels whose code cannot be fetched say so; the board, status and game bar play on; Try again brings them with the game', async (t) => {
  const { page, context, url, errors } = await openSite(t, { navigate: false });
  let blocked = true;
  await context.route(LAZY, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(url);
  // The start ends even so, and the side column says what is missing.
  await started(page);
  const column = page.locator('.side-panel');
  const failed = column.getByRole('alert');
  await failed.waitFor();
  assert.match(await failed.textContent(), /could not be loaded.*Nothing is lost/s);
  assert.equal(await page.getByRole('region', { name: 'Moves' }).count(), 0);

  // Two humans play a whole game with the board, the score cards' player menus and the status line.
  await page.selectOption('#player-white', 'human');
  for (const square of WIPEOUT) await page.locator(`[data-square="${square}"]`).click();
  await waitForStatus(page, /^Game over: Black wins 64–0, a wipeout\.$/);
  assert.equal(await page.getByTestId('result').count(), 0, 'no result card without its code');
  assert.equal(await page.getByTestId('opening').textContent(), '', 'the opening line keeps its place, empty');
  await screenshot(page, 'lazy-side-panels-not-loaded');

  // Back online: Try again brings the side panels with every move, the result card and the opening's name.
  blocked = false;
  await button(column, 'Try again').click();
  await page.getByRole('region', { name: 'Moves' }).waitFor();
  assert.equal(await moveCount(page), WIPEOUT.length, 'the moves played meanwhile are listed');
  await page.getByTestId('result').getByRole('heading', { name: 'Black wins 64–0' }).waitFor();
  assert.equal(await page.getByTestId('opening').textContent(), 'Opening: Diagonal');
  await page.getByRole('region', { name: 'Hints' }).waitFor();
  assert.equal(await column.getByRole('alert').count(), 0);
  await screenshot(page, 'lazy-side-panels-loaded-on-try-again');
  const others = errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(text));
  assert.deepEqual(others, []);
});

test('saves of an earlier version (JSON) come back a moment after the start, and wait while their reader cannot come', async (t) => {
  const { page, context, url, errors } = await openSite(t, { navigate: false });
  let blocked = true;
  await context.route(/\/lazy\/split_saves_v1-[0-9a-f]+\.wasm$/, (route) =>
    blocked ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto(url);
  await started(page);
  // What an earlier version saved: 6×6 options, and a game of that size with two moves.
  const old = {
    'reversi.options': JSON.stringify({ version: 1, data: { board_size: 6, theme: 'Dark', white: 'Human' } }),
    'reversi.game': JSON.stringify({
      version: 1,
      data: {
        variant: { size: 6, opening: 'Standard', first: 'Black' },
        start: '--------------OX----XO--------------X',
        moves: 'c2b2',
        cursor: 2,
        ending: null,
        draw_offer: null,
        recorded: false,
        suspended: false,
      },
    }),
  };
  await page.evaluate((old) => {
    for (const [key, value] of Object.entries(old)) localStorage.setItem(key, value);
  }, old);
  await page.reload();
  await started(page);
  const notice = page.getByRole('alert').filter({ hasText: 'saved by an earlier version of Reversi could not be read yet' });
  await notice.waitFor();
  await page.locator('[data-square="f5"]').click();
  await page.waitForTimeout(300);
  const kept = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), Object.keys(old));
  assert.deepEqual(kept, Object.values(old), 'nothing is written over them while they cannot be read');
  await screenshot(page, 'lazy-part-old-saves-waiting');

  blocked = false;
  await page.reload();
  // The move list comes with the side panels' module, which the start awaits: read it once the start has ended.
  await started(page);
  await savesConverted(page);
  assert.equal(await moveCount(page), 2, 'the saved game is back');
  assert.equal(await page.locator('[data-square]').count(), 36, 'on its 6×6 board');
  assert.equal(await page.locator('#player-white').inputValue(), 'human');
  const today = await page.evaluate(() => localStorage.getItem('reversi.options'));
  assert.equal(savedTheme(today), 'Dark', 'rewritten in today\u2019s format');
  await page.reload();
  await started(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'theme.js reads today\u2019s');
  assert.equal(await moveCount(page), 2);
  await screenshot(page, 'lazy-part-old-saves-back');
  // The only errors are the browser's and the loader's reports of the refused fetch.
  assert.deepEqual(errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(text)), []);
});
