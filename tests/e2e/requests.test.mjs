// No request a player did not ask for: every request of a whole visit (load, a game to its end, every dialog, a few
// moves against the computer, a reload through the service worker) goes to the site's own origin.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, launchChromium, reload } from './helpers.mjs';
import { startServer } from './server.mjs';
import { playSession, recordRequests, summariseRequests } from './guards.mjs';

const root = process.env.REVERSI_DIST ?? DIST;

test('a whole session asks only the site itself for anything', async (t) => {
  const server = await startServer(root);
  const browser = await launchChromium();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  // From before the first request: the page, its files, and the service worker's own fetches.
  const requests = recordRequests(browser.context);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.url);
  await page.locator('[data-square]').first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await playSession(page);
  await reload(page);

  const summary = summariseRequests(requests);
  t.diagnostic(`requests: ${JSON.stringify(summary)}`);
  const origin = new URL(server.url).origin;
  assert.deepEqual(Object.keys(summary.byOrigin), [origin], JSON.stringify(summary.byOrigin));
  // The log is complete: it holds the wasm module and the service worker caching the page behind the player's back.
  assert.ok(summary.byFile['/reversi-<hash>_bg.wasm'] >= 1, JSON.stringify(summary.byFile));
  assert.ok(summary.byFile['/sw.js'] >= 1, JSON.stringify(summary.byFile));
});
