// Guards for the hardening tests (tests/e2e/security.test.mjs and friends): what the page reports, what it asks the
// network for, and a whole player session to watch while it runs.
//
//   const { page, context, url } = await openSite(t, { init: watchPolicyViolations });
//   const requests = recordRequests(context);             // every request from now on, the service worker's too
//   await playSession(page);                              // a game to its end, every dialog, a few moves vs computer
//   assert.deepEqual(await policyViolations(page), []);
//   openSite(t, { init: [watchPolicyViolations, recordLongTasks] });   // several init scripts; longestTask(page, from)
//
// Outside text (an import, a link, a peer's message, a save): `HOSTILE_TEXTS` are the strings to send through a path,
// and `watchInjection` / `injections(page)` tell whether any of them became markup, ran, or was fetched.

import { button, waitForStatus } from './helpers.mjs';

/** An init script for openSite: collects every `securitypolicyviolation` the page reports, from its first script. */
export function watchPolicyViolations() {
  window.__policyViolations = [];
  document.addEventListener('securitypolicyviolation', (event) =>
    window.__policyViolations.push(`${event.effectiveDirective} refused ${event.blockedURI || '?'} (${event.sample})`),
  );
}

/** The violations collected so far by watchPolicyViolations. */
export const policyViolations = (page) => page.evaluate(() => window.__policyViolations);

/** An init script for openSite: every main-thread task over 50 ms ("long task"), from before the page's own scripts. */
export function recordLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The durations (ms) of the long tasks that started in [from, to) in page time. */
export const longTasks = (page, from, to = Infinity) =>
  page.evaluate(
    ([from, to]) => window.longTasks.filter((t) => t.start >= from && t.start < to).map((t) => Math.round(t.duration)),
    [from, to],
  );

/** The longest task that started in [from, to) in page time, or 0. */
export const longestTask = async (page, from, to = Infinity) => Math.max(0, ...(await longTasks(page, from, to)));

/** The page's clock (performance.now()), the time base of longTasks. */
export const pageTime = (page) => page.evaluate(() => performance.now());

/**
 * Records the URL of every request the browser context makes from now on: pages, subresources, fetches, and the
 * service worker's own fetches (Chromium reports them to the context). Returns the live array.
 */
export function recordRequests(context) {
  const urls = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Counts of requests per origin and per path (without the content hash trunk adds to file names). */
export function summariseRequests(urls) {
  const byOrigin = {};
  const byFile = {};
  for (const url of urls) {
    const { origin, pathname, protocol } = new URL(url);
    const where = protocol === 'data:' ? 'data:' : origin;
    byOrigin[where] = (byOrigin[where] ?? 0) + 1;
    const file = protocol === 'data:' ? 'data:' : pathname.replace(/-[0-9a-f]{8,16}(?=(_bg)?\.)/, '-<hash>');
    byFile[file] = (byFile[file] ?? 0) + 1;
  }
  return { total: urls.length, byOrigin, byFile };
}

/** The squares the side to move may play now, from the squares' accessible names. */
export async function legalSquares(page) {
  return page.$$eval('[data-square]', (squares) =>
    squares.filter((s) => /\blegal move\b/.test(s.getAttribute('aria-label'))).map((s) => s.dataset.square),
  );
}

/** Opens the dialog behind toolbar button `action` (through the overflow menu if a phone hides it) and closes it. */
async function visitDialog(page, action, title, inside = async () => {}) {
  if (!(await button(page, action).isVisible())) {
    const more = page.getByRole('button', { name: /more/i });
    if (await more.count()) await more.first().click();
  }
  await button(page, action).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await inside(dialog);
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}

/**
 * What a player does in one visit: a two-player game on one device to its end (each side plays its first legal
 * square), every dialog opened (the help's strategy tab, an import, the keyboard shortcuts), the transcript copied,
 * then a new game (confirmed) with a few moves against the computer.
 */
export async function playSession(page) {
  await page.selectOption('#player-white', 'human');
  for (let move = 0; move < 70; move++) {
    const status = await page.getByTestId('status').textContent();
    if (/^Game over/.test(status)) break;
    const [square] = await legalSquares(page);
    await page.locator(`[data-square="${square}"]`).click();
    await page.locator(`[data-square="${square}"] .disc`).waitFor();
  }
  await waitForStatus(page, /^Game over/);
  await button(page, 'Copy transcript').click();

  await visitDialog(page, 'Options', 'Options');
  await visitDialog(page, 'Statistics', 'Statistics');
  await visitDialog(page, 'Help', 'Help', async (help) => {
    await help.getByRole('tab', { name: 'Strategy' }).click();
    await help.getByRole('heading', { name: 'Corners and stable discs' }).waitFor();
  });
  await visitDialog(page, 'About', 'About Reversi');
  await visitDialog(page, 'Import', 'Import', async (dialog) => {
    await dialog.locator('#import-text').fill('f5d6c3d3c4');
    await button(dialog, 'Load game').click();
    // Replacing the finished game's moves asks first.
    const replace = button(dialog, 'Replace game');
    if (await replace.isVisible()) await replace.click();
  });
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await shortcuts.waitFor();
  await page.keyboard.press('Escape');
  await shortcuts.waitFor({ state: 'detached' });

  await page.selectOption('#player-white', 'computer');
  await button(page, 'New game').click();
  // The imported game is in progress, so New game asks first.
  await button(page.getByRole('dialog', { name: 'Start a new game?' }), 'Start new game').click();
  for (let reply = 0; reply < 3; reply++) {
    await waitForStatus(page, /^Black to move/);
    const [square] = await legalSquares(page);
    await page.locator(`[data-square="${square}"]`).click();
  }
  await waitForStatus(page, /^Black to move/);
}

// Outside text: markup, script and URL strings that must stay text wherever they come in. Each would leave a trace
// if it were ever taken as HTML (an element marked pwned, a request for a file named pwned…, window.__pwned set)
// or as a URL to open or fetch.
export const HOSTILE_TEXTS = [
  '<img src="pwned-img.png" onerror="window.__pwned = \'img\'" data-pwned>',
  '<script>window.__pwned = "script"</script><x-pwned></x-pwned>',
  '"><svg onload="window.__pwned = \'svg\'" data-pwned></svg>',
  "'><iframe src=\"pwned-frame.html\" data-pwned></iframe>",
  'javascript:window.__pwned="javascript-url"//',
  'JaVaScRiPt:fetch("pwned-fetch")',
  'data:text/html,<x-pwned>data url</x-pwned>',
  'pwned-relative.wasm',
  'https://example.com/pwned-absolute',
  'f5d6<a href="javascript:window.__pwned=\'link\'" data-pwned>c3</a>',
  '&lt;x-pwned&gt;&amp;&#60;x-pwned&#62;',
  '{"version":1,"data":"<x-pwned>"}',
  `<x-pwned>${'f5'.repeat(50_000)}</x-pwned>`,
];

/**
 * An init script for openSite: counts, in every document, the elements that outside text could only have made by
 * being parsed as HTML. Read with injections(page).
 */
export function watchInjection() {
  window.__pwnedNodes = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const suspects = [node, ...node.querySelectorAll('*')];
        window.__pwnedNodes += suspects.filter(
          (element) =>
            element.localName === 'x-pwned' ||
            element.hasAttribute('data-pwned') ||
            /pwned/.test(element.getAttribute('src') ?? '') ||
            /^\s*javascript:/i.test(element.getAttribute('href') ?? ''),
        ).length;
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Marks the loaded document, so that injections(page) notices if outside text made the page navigate away. */
export const markDocument = (page) =>
  page.evaluate(() => {
    window.__sameDocument = true;
  });

/**
 * What outside text did to the page since markDocument: elements made from it, script it ran, whether the page
 * navigated away, and the requests (from recordRequests) it caused.
 */
export async function injections(page, requests) {
  const inPage = await page.evaluate(() => ({
    elements: window.__pwnedNodes ?? 'page replaced',
    ran: window.__pwned ?? null,
    navigated: window.__sameDocument !== true,
  }));
  // A request for a file named after the payload, or for a javascript: or data: URL. The page's own address may hold
  // outside text in its query or fragment (a link the player opened): that request is the player's.
  const caused = (url) => /^(javascript|data):/i.test(url) || /pwned/i.test(new URL(url).pathname);
  return { ...inPage, requests: requests.filter(caused) };
}

/** No trace of outside text having been taken as markup, script or URL. */
export const NOTHING_INJECTED = { elements: 0, ran: null, navigated: false, requests: [] };
