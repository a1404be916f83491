// Updates reach players: the site is served as version A (dist/), then as version B (target/site-next, the same
// sources built again as "next": `make site-next`). The open page offers "A new version is ready — Reload" once the
// new service worker has taken over, never reloads by itself, and after the player's Reload runs B with the game in
// progress intact.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, discs, DIST, moveCount, openSite, screenshot, waitForStatus } from './helpers.mjs';
import { ON_DEMAND } from '../../scripts/site-files.mjs';

const versionA = process.env.REVERSI_DIST ?? DIST;
const versionB = process.env.REVERSI_NEXT_DIST ?? join(DIST, '..', 'target', 'site-next');

async function buildName(page) {
  await button(page, 'About').click();
  const about = page.getByRole('dialog', { name: 'About Reversi' });
  const name = await about.getByTestId('commit').textContent();
  await page.keyboard.press('Escape');
  await about.waitFor({ state: 'detached' });
  return name;
}

const wasmOf = (html) => html.match(/data-wasm="\.\/([^"]+)"/)[1];

test('a new deploy is offered with "A new version is ready — Reload" and runs after the reload', async (t) => {
  const built = await access(join(versionB, 'index.html')).then(
    () => true,
    () => false,
  );
  if (!built) {
    t.skip(`no second build at ${versionB}: run make site-next`);
    return;
  }
  const { page, server, errors } = await openSite(t, { root: versionA });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  assert.equal(await notice.count(), 0, 'the first worker taking over a first visit is no new version');
  const nameA = await buildName(page);
  assert.notEqual(nameA, 'next');

  // A game in progress: Black f5, the computer's reply.
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move/);
  const before = { board: await discs(page), moves: await moveCount(page) };
  await page.evaluate(() => {
    window.__notReloaded = true;
  });

  // Deploy B. The page asks for a new version when it comes back into view (and every hour).
  server.serve(versionB);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await notice.waitFor({ timeout: 30_000 });
  assert.equal(await notice.textContent(), 'A new version is ready — Reload');
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page did not reload by itself');
  assert.equal(await buildName(page), nameA, 'still version A until the player reloads');
  await screenshot(page, 'update-ready');

  await button(notice, 'Reload').click();
  await page.waitForFunction(() => !window.__notReloaded);
  await page.locator('[data-square]').first().waitFor();
  const wasmB = wasmOf(await readFile(join(versionB, 'index.html'), 'utf8'));
  assert.notEqual(wasmB, wasmOf(await readFile(join(versionA, 'index.html'), 'utf8')), 'B is another build');
  assert.equal(await page.locator('script[data-wasm]').getAttribute('data-wasm'), `./${wasmB}`, "B's page and module");
  assert.equal(await buildName(page), 'next', 'About names version B');
  assert.deepEqual({ board: await discs(page), moves: await moveCount(page) }, before, 'the game survived the reload');
  assert.equal(await notice.count(), 0, 'no notice once B runs');

  // The offline cache holds one version: B's content-named files, none of A's.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const files = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) files.push(new URL(request.url).pathname.slice(1));
    }
    return { names, files };
  });
  const hashed = (html) => [...html.matchAll(/"\.\/([^"]+-[0-9a-f]{8,16}(?:_bg)?\.[a-z]+)"/g)].map((m) => m[1]);
  const filesA = new Set(hashed(await readFile(join(versionA, 'index.html'), 'utf8')));
  const filesB = new Set(hashed(await readFile(join(versionB, 'index.html'), 'utf8')));
  assert.equal(cached.names.length, 1, cached.names.join(', '));
  // The engine's data files are named by their own fingerprint, not the build's: B keeps the ones both builds share.
  const dataB = (await readdir(join(versionB, 'data'))).map((name) => `data/${name}`);
  // So are the modules of the parts loaded on first use (precached, online play's aside: it comes on use).
  const lazyB = (await readdir(join(versionB, 'lazy')))
    .map((name) => `lazy/${name}`)
    .filter((file) => !ON_DEMAND.test(file));
  assert.deepEqual(
    cached.files.filter((file) => /-[0-9a-f]{8,16}(_bg)?\./.test(file)).sort(),
    [...filesB, ...dataB, ...lazyB].sort(),
    `only B's hashed files (A's were ${[...filesA].join(', ')})`,
  );
  assert.deepEqual(errors, []);
});
