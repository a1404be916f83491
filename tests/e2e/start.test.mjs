// The start of a first visit (issue 28): the engine's data files (weights and book) come after the board, so a
// player can move before they arrive and the computer waits for them, saying it is preparing; the service worker
// downloads nothing the page already did; no long task stands between navigation and the first interactive board;
// and the app's board takes exactly the place of the first paint's, so nothing jumps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, openSite, screenshot, started, waitForStatus } from './helpers.mjs';

const root = process.env.REVERSI_DIST ?? DIST;
const DATA = /\/data\/(eval-[0-9a-f]{16}\.weights|book-[0-9a-f]{16}\.bin)$/;

/** A served site (as Pages serves it) and a fresh browser page, not yet navigated; both closed after the test. */
const openPage = (t, device = 'desktop') => openSite(t, { root, device, pages: true, navigate: false });

test('the player moves before the engine data arrive; the computer prepares, then plays', async (t) => {
  const { page, server, errors } = await openPage(t);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const asked = [];
  await page.route(DATA, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  await page.goto(server.url);
  await page.locator('[data-square="f5"]').click();
  await page.locator('[data-square="f5"] .disc.black').waitFor();
  await waitForStatus(page, /^White \(.+\) is preparing…$/);
  await screenshot(page, 'start-preparing-desktop');
  assert.equal(await page.locator('[data-square="f5"] .disc.black').count(), 1, 'the move stands while the data wait');
  assert.deepEqual(asked.map((path) => path.replace(/-[0-9a-f]{16}/, '-#')).sort(), [
    '/data/book-#.bin',
    '/data/eval-#.weights',
  ]);
  release();
  await waitForStatus(page, /^Black to move\.$/);
  const placed = await page.locator('[data-square] .disc').count();
  assert.equal(placed, 6, 'the computer replied: the four discs of the start and one per move');
  assert.deepEqual(errors, []);
});

test('engine data that are not the build\'s are refused in words, and the board stays playable', async (t) => {
  const { page, server } = await openPage(t);
  await page.route(/\/data\/eval-[0-9a-f]{16}\.weights$/, (route) => route.fulfill({ body: 'not the weights' }));
  await page.goto(server.url);
  const warning = page.getByText(/^The computer cannot play yet: eval-[0-9a-f]{16}\.weights has 15 bytes instead of/);
  await warning.waitFor();
  await page.locator('[data-square="f5"]').click();
  await page.locator('[data-square="f5"] .disc.black').waitFor();
  await waitForStatus(page, /is preparing…$/);
  await screenshot(page, 'start-data-refused-desktop');
});

test('a first visit downloads each file once: the service worker takes the page\'s copies', async (t) => {
  const { page, server, errors } = await openPage(t);
  await page.goto(server.url);
  await page.locator('[data-square="f5"]').waitFor();
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  assert.match(registered, /sw\.js$/);
  // The worker's caching is done once both data files are in its cache.
  await page.waitForFunction(async () => {
    const cache = await caches.open('reversi-v1');
    const keys = (await cache.keys()).map((request) => request.url);
    return keys.some((url) => url.endsWith('.weights')) && keys.some((url) => url.endsWith('.bin'));
  });
  const counts = {};
  for (const path of server.requests) counts[path] = (counts[path] ?? 0) + 1;
  const twice = Object.entries(counts).filter(([path, n]) => n > 1 && /-[0-9a-f]{8,16}(_bg)?\./.test(path));
  assert.deepEqual(twice, [], `hashed files asked for more than once: ${JSON.stringify(counts)}`);
  assert.ok(server.requests.some((path) => DATA.test(path)), 'the data files were downloaded');
  // The worker registers only after the data files: its first request comes after theirs.
  const lastData = Math.max(...server.requests.map((path, i) => (DATA.test(path) ? i : -1)));
  assert.ok(server.requests.indexOf('/sw.js') > lastData, server.requests.join(' '));
  assert.deepEqual(errors, []);
});

// The page is built a part per task behind the first paint (src/lib.rs, `start`): the first paint must stay on the
// screen until the app's board is whole, and the app be shown in the frame it leaves, so no frame shows half a board
// or no board at all.
test('the first paint gives way only to a whole board, shown in the same frame', async (t) => {
  const { page, server, errors } = await openPage(t);
  await page.addInitScript(() => {
    const squares = () => document.querySelectorAll('.app:not(.first-paint) [data-square]').length;
    new MutationObserver((_, observer) => {
      if (document.getElementById('first-paint') || !document.body) return;
      observer.disconnect();
      const app = document.querySelector('.app:not(.first-paint)');
      window.firstPaintLeft = { squares: squares(), hidden: app?.hidden ?? true };
      requestAnimationFrame(() => (window.nextFrame = { squares: squares(), hidden: app?.hidden ?? true }));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.nextFrame);
  const [left, next] = await page.evaluate(() => [window.firstPaintLeft, window.nextFrame]);
  assert.deepEqual(left, { squares: 64, hidden: false }, 'when the first paint left');
  assert.deepEqual(next, { squares: 64, hidden: false }, 'in the next frame');
  assert.deepEqual(errors, []);
});

// Timed as the main thread's own CPU time per task (Chrome's trace), not wall time: this machine is shared, and a task
// that waits for a core is no more work for a player's browser. The 50 ms target is a measurement (printed here and in
// docs/benchmarks.md); what this test holds is that the start stays split into short tasks, far from the one long
// task it was (the table built in one go, 188 ms natively; 386-678 ms on Lighthouse's phone). The wasm's compilation
// ends a task of its own, then the saved state, the effects, the page's frame and each half of the board come in a
// task each, and the rest of the page a part per task (src/lib.rs, src/effects/start_stages.rs): both spans are
// printed, from navigation to the first interactive board and to the start's end. The bound is the 50 ms
// target, several times the 8-15 ms this measures on an unthrottled desktop.
test('the start is no one long task: each main-thread task before the first interactive board stays short (desktop)', async (t) => {
  const { page, server, errors } = await openPage(t);
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await page.goto(server.url);
  await page.locator('[data-square="f5"].playable').waitFor();
  await page.evaluate(() => performance.mark('board-interactive'));
  await started(page);
  await cdp.send('Tracing.end');
  await complete;
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(server.url));
  const interactive = events.find((e) => e.name === 'board-interactive');
  const end = events.find((e) => e.name === 'reversi-started');
  assert.ok(parse && interactive && end, 'the trace holds the page and its marks');
  const cpuMs = (task) => (task.tdur ?? task.dur) / 1000;
  for (const [span, mark] of [['before the first interactive board', interactive], ['before the start\'s end', end]]) {
    const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === parse.pid && e.tid === parse.tid && e.ts < mark.ts);
    const longest = tasks.reduce((a, b) => (cpuMs(b) > cpuMs(a) ? b : a));
    const summary = `${tasks.length} tasks, the longest ${cpuMs(longest).toFixed(1)} ms of CPU (${(longest.dur / 1000).toFixed(1)} ms wall)`;
    console.log(`${span}: ${summary}`);
    assert.ok(cpuMs(longest) <= 50, `${span}: ${summary}`);
  }
  assert.deepEqual(errors, []);
});

for (const device of ['desktop', 'wide', 'phone', 'phone-390', 'phone-landscape', 'phone-landscape-844']) {
  test(`the app's board appears exactly where the first paint's was (${device})`, async (t) => {
    const { page, server, errors } = await openPage(t, device);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url);
    const rect = (selector) => page.$eval(selector, (e) => e.getBoundingClientRect().toJSON());
    const first = await rect('.first-paint .board');
    await screenshot(page, `start-first-paint-${device}`);
    release();
    // Where the app's board lands with its first task, and where it stays as the rest of the page comes.
    await page.locator('[data-square]').first().waitFor();
    const app = await rect('svg.board[role=grid]');
    await started(page);
    const built = await rect('svg.board[role=grid]');
    await screenshot(page, `start-app-${device}`);
    for (const side of ['x', 'y', 'width', 'height']) {
      assert.ok(Math.abs(first[side] - app[side]) < 0.5, `${side}: first paint ${first[side]}, app ${app[side]}`);
      assert.ok(Math.abs(app[side] - built[side]) < 0.5, `${side}: the board's first task ${app[side]}, built ${built[side]}`);
    }
    assert.deepEqual(errors, []);
  });
}
