// The page before the WebAssembly arrives (issue 15, point 3): index.html alone, with no script, shows the title, a
// board in its starting position and "Loading…"; on a connection throttled to 1.6 Mbps with 150 ms latency (Chrome's
// network emulation) that is painted while the WebAssembly is still on its way; the app then replaces it; and a
// WebAssembly that cannot be loaded is said in words. How soon the first paint comes is a measurement, printed here
// and kept in docs/benchmarks.md (Lighthouse's FCP), not a threshold of this test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emulateSlow4G, openSite, screenshot } from './helpers.mjs';

/** A served site and a fresh browser page (JavaScript optional), not yet navigated; both closed after the test. */
const openPage = (t, options = {}) => openSite(t, { ...options, navigate: false });

/** The four discs of the static board (an SVG image written into the page), as "colour@x,y" in board units. */
const staticDiscs = (page) =>
  page.$eval('.first-paint img.board', (img) => {
    const source = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1));
    const svg = new DOMParser().parseFromString(source, 'image/svg+xml');
    return [...svg.querySelectorAll('.discs circle')].map((d) => `${d.getAttribute('class')}@${d.getAttribute('cx')},${d.getAttribute('cy')}`);
  });

/** Records each Largest Contentful Paint candidate as it is reported: its time and its element's tag and class. */
function recordLargestPaints() {
  window.largestPaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.largestPaints.push({ at: entry.startTime, element: `${entry.element?.tagName}.${entry.element?.className}` });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

test('with no script at all the page shows the title, the starting position and Loading…', async (t) => {
  const { page, url } = await openPage(t, { javaScript: false });
  await page.goto(url);
  assert.equal(await page.locator('.first-paint h1').textContent(), 'Reversi');
  assert.deepEqual(await staticDiscs(page), ['white@35,35', 'black@45,35', 'black@35,45', 'white@45,45']);
  assert.ok(await page.$eval('.first-paint img.board', (img) => img.complete && img.naturalWidth > 0), 'the board is drawn');
  assert.equal(await page.locator('#loading-status').isVisible(), true);
  assert.match(await page.locator('#loading-status').textContent(), /^Loading…/);
  assert.match(await page.locator('.first-paint noscript').textContent(), /needs JavaScript/);
  await screenshot(page, 'first-paint-no-script-desktop');
});

for (const device of ['desktop', 'phone', 'phone-landscape']) {
  test(`on a 1.6 Mbps, 150 ms connection the board is painted before the WebAssembly arrives (${device})`, async (t) => {
    const { page, url } = await openPage(t, { device, init: recordLargestPaints });
    const cdp = await page.context().newCDPSession(page);
    await emulateSlow4G(cdp);
    // The WebAssembly is held back until the first paint is seen: the paint cannot be waiting for it.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    let wasmAsked = false;
    await page.route('**/*.wasm', async (route) => {
      wasmAsked = true;
      await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const painted = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
    console.log(`first contentful paint on ${device} at 1.6 Mbps / 150 ms: ${Math.round(painted)} ms`);
    // What that first paint holds: the board and Loading…, with no app yet.
    assert.equal(await page.locator('.first-paint .board').isVisible(), true);
    assert.equal(await page.locator('#loading-status').isVisible(), true);
    assert.equal(await page.locator('[data-square]').count(), 0, 'the app has not started');
    await screenshot(page, `first-paint-slow-${device}`);
    // Then the WebAssembly comes and the app replaces the first paint.
    release();
    await page.locator('[data-square="f5"]').waitFor({ timeout: 60_000 });
    assert.ok(wasmAsked, 'the app came from the WebAssembly held back');
    assert.equal(await page.locator('#first-paint').count(), 0, 'the first paint is gone');
    // The largest paint is the first paint's board: nothing the app draws later is larger (its board is inline SVG,
    // which Largest Contentful Paint does not count), so the metric lands with the first paint.
    const largest = await page.evaluate(() => window.largestPaints);
    assert.equal(largest.at(-1)?.element, 'IMG.board', JSON.stringify(largest));
    console.log(`largest contentful paint on ${device}: ${Math.round(largest.at(-1).at)} ms`);
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
