// Shared helpers for the end-to-end tests: Debian's Chromium driven by playwright-core, the built site served locally.
//
// Adding a test: create tests/e2e/<topic>.test.mjs; `make test` (and `make test-e2e` after a build) runs every
// tests/e2e/*.test.mjs with `node --test` against dist/. A test needs four lines of set-up:
//
//   import { test } from 'node:test';
//   import assert from 'node:assert/strict';
//   import { openSite } from './helpers.mjs';
//
//   test('a player can …', async (t) => {
//     const { page, errors } = await openSite(t);          // own server, browser and empty profile; closed after t
//     await page.locator('[data-square="f5"]').click();
//     assert.deepEqual(errors, []);                         // uncaught page errors and console errors (wasm panics)
//   });
//
// openSite(t, { device: 'phone' }) opens a 360×740 touch page instead of the 1280×800 desktop one (DEVICES lists the
// other sizes: phones in both orientations, a 1920×1080 screen);
// `screenshot(page, name)` saves tests/e2e/output/<name>.png. The browser never comes from a download: playwright-core only drives /usr/bin/chromium.

import { chromium } from 'playwright-core';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const DIST = join(HERE, '..', '..', 'dist');
export const OUTPUT = join(HERE, 'output');
export const CHROMIUM = '/usr/bin/chromium';
// Headless, and quiet: no sandbox (containers run as root), no GPU, and none of the background traffic a fresh
// profile would otherwise start (updates, sync, QUIC probing).
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const touch = (width, height) => ({ viewport: { width, height }, isMobile: true, hasTouch: true });
export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  wide: { viewport: { width: 1920, height: 1080 } },
  phone: touch(360, 740),
  'phone-390': touch(390, 844),
  'phone-landscape': touch(740, 360),
  'phone-landscape-844': touch(844, 390),
};

/** Starts Chromium with a fresh, empty profile, sized as `device` (a key of DEVICES). */
export async function launchChromium(device = 'desktop') {
  if (!DEVICES[device]) throw new Error(`unknown device '${device}': use one of ${Object.keys(DEVICES).join(', ')}`);
  const profile = await mkdtemp(join(tmpdir(), 'reversi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
    ...DEVICES[device],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Serves `root` (the built site by default), opens it in a fresh Chromium and waits for the app's start to end;
 * `init` (a function, or a list of them) runs in the page before any of its own scripts. Everything is closed when
 * the test `t` ends. Returns { page, context, url, server, errors }: `errors` collects uncaught exceptions and console
 * errors as they happen, `server.requests` the paths asked for.
 *
 * For tests of the start itself: `pages: true` serves the site as GitHub Pages does (compressed, cached),
 * `javaScript: false` turns the page's scripts off, and `navigate: false` returns before going to the site, so the
 * test can hold back files or start a trace first.
 */
export async function openSite(
  t,
  { device = 'desktop', root = DIST, path = '', init, pages = false, javaScript = true, navigate = true } = {},
) {
  const server = await startServer(root, 0, { pages });
  const browser = await launchChromium(device);
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  for (const script of [init ?? []].flat()) await browser.context.addInitScript(script);
  if (!javaScript) {
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  }
  const site = { page, context: browser.context, url: server.url, server, errors };
  if (!navigate) return site;
  await page.goto(server.url + path);
  await started(page);
  return site;
}

/**
 * Waits for the app's start to end: the board comes in the start's first task and the rest of the page a part per
 * task after it (src/effects/start_stages.rs), then the app says so with `data-started` on its root (the
 * "reversi-started" mark in the performance timeline is for traces: a page under Playwright's fake clock has a fake
 * `performance` without marks).
 */
export async function started(page) {
  await page.locator('[data-square]').first().waitFor();
  await page.locator('.app[data-started]').waitFor();
}

/** Lighthouse's mobile network ("slow 4G": 1.6 Mbps down, 750 kbps up, 150 ms) on the page of CDP session `cdp`. */
export async function emulateSlow4G(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Every square's disc as { a1: null, d4: 'white', … }, read from the board's DOM. */
export async function discs(page) {
  const entries = await page.$$eval('[data-square]', (squares) =>
    squares.map((square) => {
      const disc = square.querySelector('.disc');
      const colour = disc && ['black', 'white'].find((c) => disc.classList.contains(c));
      return [square.dataset.square, colour ?? null];
    }),
  );
  return Object.fromEntries(entries);
}

/** Saves a full-page screenshot as tests/e2e/output/<name>.png and returns its path. */
export async function screenshot(page, name) {
  await mkdir(OUTPUT, { recursive: true });
  const path = join(OUTPUT, `${name}.png`);
  // Finite animations (the result panel's fade-in, flips) are run to their end first, so a shot shows what the player
  // sees once the page settles rather than a frame caught half-way.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** The button named exactly `name` inside `scope` (a page or a dialog). */
export const button = (scope, name) => scope.getByRole('button', { name, exact: true });

/** Waits until the status line matches `pattern`. */
export async function waitForStatus(page, pattern, timeout = 30_000) {
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    [pattern.source, pattern.flags],
    { timeout },
  );
}

/** Plays f5, waits for the computer's reply and undoes it: White (the computer) is to move, paused. */
export async function pauseOnComputersTurn(page) {
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move\.$/);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitForStatus(page, /^Paused: White \(computer\) to move\. Undo again to go back to your move, or Resume play\.$/);
}

/** Moves played up to the current point of the game (the move list without its "Start" entry and redo tail). */
export async function moveCount(page) {
  return page.locator('.move-list .move:not(.undone)').count().then((n) => n - 1);
}

/** Waits until a service worker is active and controls the page (its install cached the site first). */
export async function controlledByServiceWorker(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    // clients.claim() runs inside the activate event, so control can come just before the state reads 'activated'.
    const worker = navigator.serviceWorker.controller;
    while (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
    return worker.state;
  });
}

/** Reloads the page and waits for its start to end. */
export async function reload(page) {
  await page.reload();
  await started(page);
}

/**
 * An `init` script for openSite that records the frequency of every tone the app starts in `window.tones`, so a
 * test can tell which sound played (sound.rs: a move 520 Hz, a pass 392 then 294 Hz, the game's end 440 then 660 Hz).
 */
export function recordTones() {
  window.tones = [];
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    const oscillator = create.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when) => {
      window.tones.push(Math.round(oscillator.frequency.value));
      return start(when);
    };
    return oscillator;
  };
}

/** The tones recorded by recordTones since the last call (and forgets them). */
export async function takeTones(page) {
  return page.evaluate(() => window.tones.splice(0));
}

/** A named dialog. */
export const dialog = (page, name) => page.getByRole('dialog', { name });

/** Types `text` into the Import dialog and submits it; what follows (the game, a question, an error) is the caller's. */
export async function submitImport(page, text) {
  await button(page, 'Import').click();
  await page.locator('#import-text').fill(text);
  await button(page, 'Load game').click();
}

/** Imports `text` through the Import dialog, saying yes when it asks to replace the game's moves. */
export async function importGame(page, text) {
  const importDialog = dialog(page, 'Import');
  await submitImport(page, text);
  const replace = button(importDialog, 'Replace game');
  const quiet = (promise) => promise.catch(() => {}); // the other of the two waits may time out later
  await Promise.race([quiet(replace.waitFor()), quiet(importDialog.waitFor({ state: 'detached' }))]);
  if (await replace.isVisible()) await replace.click();
  await importDialog.waitFor({ state: 'detached' });
}
