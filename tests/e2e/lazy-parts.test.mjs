// Parts loaded on first use (issue 28; src/effects/lazy_code.rs): the site's build puts the rarely opened dialogs
// and online play in wasm modules of their own (scripts/split-wasm.mjs). These tests check what a player meets:
// a dialog whose module cannot be fetched says so and offers to try again, and the game is untouched; the start
// downloads none of them, and the service worker keeps them for offline play (online play's once it is used).

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
const ONLINE = /\/lazy\/split_online-[0-9a-f]+\.wasm$/;

/** The URLs in the service worker's cache. */
const cached = (page) =>
  page.evaluate(async () => (await (await caches.open('reversi-v1')).keys()).map((request) => request.url));

test('a dialog whose code cannot be fetched says so, keeps the game, and opens on Try again', async (t) => {
  const { page, context, url, server, errors } = await openSite(t, { navigate: false });
  // The network fails these modules from the start, before the service worker could keep them (the context's
  // route sees the worker's requests too).
  let blocked = true;
  let refused = 0;
  await context.route(LAZY, (route) => {
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
  await button(failed, 'Try again').click();
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
  assert.ok(server.requests.some((path) => LAZY.test(path)), 'the module came from the server once it could');

  // The only errors are the browser's and the loader's reports of the refused fetches.
  const others = errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(text));
  assert.deepEqual(others, []);
});

test('the start fetches no lazy part; after a first visit the dialogs open offline; online play comes on use', async (t) => {
  const { page, context, server, errors } = await openSite(t);
  assert.equal(await controlledByServiceWorker(page), 'activated');
  const precached = await cached(page);
  assert.ok(precached.some((url) => /\/lazy\/split_dialogs-/.test(url)), 'the dialogs are precached');
  assert.ok(!precached.some((url) => ONLINE.test(url)), 'online play is not precached');
  // The page itself fetched none: the worker's install did, after the start.
  assert.ok(!server.requests.some((path) => ONLINE.test(path)), 'nor downloaded by a first visit');

  await context.setOffline(true);
  await page.reload();
  await started(page);
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
