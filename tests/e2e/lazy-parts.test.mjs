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
