// The page before the WebAssembly arrives (issue 15, point 3): index.html alone, with no script, shows the title, a
// board in its starting position and "Loading…"; on a connection throttled to 1.6 Mbps with 150 ms latency (Chrome's
// network emulation) that is on screen within 1 s; the app then replaces it; and a WebAssembly that cannot be
// loaded is said in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchChromium, screenshot } from './helpers.mjs';
import { DIST } from './helpers.mjs';
import { startServer } from './server.mjs';

/** A served site and a fresh browser page (JavaScript optional), both closed after the test. */
async function openPage(t, { javaScript = true, device = 'desktop' } = {}) {
  const server = await startServer(DIST);
  const browser = await launchChromium(device);
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  if (!javaScript) {
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  }
  return { page, url: server.url };
}

/** The four discs of the static board, as "colour@x,y" in board units. */
const staticDiscs = (page) =>
  page.$$eval('.first-paint .board circle.disc', (discs) =>
    discs.map((d) => `${d.classList.contains('black') ? 'black' : 'white'}@${d.getAttribute('cx')},${d.getAttribute('cy')}`),
  );

test('with no script at all the page shows the title, the starting position and Loading…', async (t) => {
  const { page, url } = await openPage(t, { javaScript: false });
  await page.goto(url);
  assert.equal(await page.locator('.first-paint h1').textContent(), 'Reversi');
  assert.deepEqual(await staticDiscs(page), ['white@35,35', 'black@45,35', 'black@35,45', 'white@45,45']);
  assert.equal(await page.locator('#loading-status').isVisible(), true);
  assert.match(await page.locator('#loading-status').textContent(), /^Loading…/);
  assert.match(await page.locator('.first-paint noscript').textContent(), /needs JavaScript/);
  await screenshot(page, 'first-paint-no-script-desktop');
});

for (const device of ['desktop', 'phone', 'phone-landscape']) {
  test(`on a 1.6 Mbps, 150 ms connection something meaningful is on screen within 1 s (${device})`, async (t) => {
    const { page, url } = await openPage(t, { device });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const painted = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
    console.log(`first contentful paint on ${device} at 1.6 Mbps / 150 ms: ${Math.round(painted)} ms`);
    assert.ok(painted < 1000, `first paint after ${painted} ms`);
    // What that first paint holds: the board and Loading… (the app itself takes seconds over this connection).
    assert.equal(await page.locator('.first-paint .board').isVisible(), true);
    assert.equal(await page.locator('#loading-status').isVisible(), true);
    await screenshot(page, `first-paint-slow-${device}`);
    // Then the app replaces it.
    await page.locator('[data-square="f5"]').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#first-paint').count(), 0, 'the first paint is gone');
  });
}

test('a WebAssembly that does not load is said in words', async (t) => {
  const { page, url } = await openPage(t);
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(url);
  const failed = page.locator('#load-failed');
  await failed.waitFor({ state: 'visible' });
  assert.match(await failed.textContent(), /^Reversi could not start/);
  assert.equal(await page.locator('#loading-status').isVisible(), false, 'no more "Loading…"');
  await screenshot(page, 'first-paint-failed-desktop');
});
