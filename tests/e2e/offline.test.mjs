// Offline play and installability: after one visit the service worker serves the whole site, so with the network
// gone the page reloads, a move can be played and the computer answers it; the web app manifest names the icons the build ships.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DIST, controlledByServiceWorker, discs, openSite, waitForStatus } from './helpers.mjs';

// REVERSI_DIST points the tests at another build than dist/ (a private build while others rebuild dist/).
const root = process.env.REVERSI_DIST ?? DIST;

// At the site's root, and under a sub-path as GitHub Pages serves a project site (https://user.github.io/reversi/).
for (const subPath of ['', 'reversi/']) {
  test(`after one visit the app reloads and plays with no network (at /${subPath})`, async (t) => {
    let siteRoot = root;
    if (subPath) {
      siteRoot = await mkdtemp(join(tmpdir(), 'reversi-pages-'));
      await symlink(resolve(root), join(siteRoot, subPath.replace(/\/$/, '')));
      t.after(() => rm(siteRoot, { recursive: true, force: true }));
    }
    const { page, context, errors } = await openSite(t, { root: siteRoot, path: subPath });
    assert.equal(await controlledByServiceWorker(page), 'activated');

    await context.setOffline(true);
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser knows it is offline');
    await page.reload();
    await page.locator('[data-square]').first().waitFor({ timeout: 15000 });
    const placed = Object.entries(await discs(page)).filter(([, c]) => c);
    assert.equal(placed.length, 4, 'the start position, served from the cache');

    await page.locator('[data-square="f5"]').click();
    await page.locator('[data-square="f5"] .disc.black').waitFor();
    assert.equal((await discs(page)).e5, 'black', 'f5 flipped e5: the game plays offline');
    // The computer answers too: its weights and book (fetched by the app, not in the wasm) came from the cache.
    await waitForStatus(page, /^Black to move\.$/);
    assert.equal(Object.values(await discs(page)).filter(Boolean).length, 6, 'the computer replied offline');
    assert.deepEqual(errors, []);
  });
}

test('the site is installable: a manifest with icons, a theme colour and standalone display', async (t) => {
  const { page, url, errors } = await openSite(t, { root });
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  assert.ok(!href.startsWith('/'), `a relative URL, so a GitHub Pages sub-path works: ${href}`);
  const manifestUrl = new URL(href, url);
  const manifest = await (await fetch(manifestUrl)).json();
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, './');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  const sizes = manifest.icons.map((icon) => icon.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), sizes.join(', '));
  for (const icon of manifest.icons) {
    assert.ok(!icon.src.startsWith('/'), icon.src);
    const response = await fetch(new URL(icon.src, manifestUrl));
    assert.equal(response.status, 200, icon.src);
    assert.equal(response.headers.get('content-type').split(';')[0], icon.type, icon.src);
  }
  assert.deepEqual(errors, []);
});
