// The content security policy (a meta tag in index.html, as GitHub Pages sends no headers): the whole app runs under
// it without a single violation, and a script that gets into the page anyway does not run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, openSite, screenshot } from './helpers.mjs';
import { playSession, policyViolations, watchPolicyViolations } from './guards.mjs';

const root = process.env.REVERSI_DIST;

test('a whole session runs under the content security policy with no violation', async (t) => {
  const { page, errors } = await openSite(t, { root, init: watchPolicyViolations });
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const directives = Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
  assert.deepEqual(directives, {
    'default-src': "'self'",
    'script-src': "'self' 'wasm-unsafe-eval'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    // Online play's Nostr relays (the default list in src/model/options.rs) and a relay on this machine for the tests.
    'connect-src':
      "'self' wss://relay.damus.io wss://nos.lol wss://relay.primal.net wss://relay.snort.social ws://127.0.0.1:* ws://localhost:*",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  });
  assert.equal(
    await page.locator('script:not([src])').count(),
    0,
    'no inline script in the built page: the policy would refuse it',
  );
  await playSession(page);
  // The service worker registered under the policy too (it controls the page once active).
  await page.evaluate(() => navigator.serviceWorker.ready);
  await screenshot(page, 'csp-session');
  assert.deepEqual(await policyViolations(page), []);
  assert.deepEqual(errors, []);
});

test('markup slipped into the page runs no script: inline, event handler or javascript: URL', async (t) => {
  const { page } = await openSite(t, { root, init: watchPolicyViolations });
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__ran = (window.__ran ?? []).concat("inline script")';
    document.body.append(inline);
    const holder = document.createElement('div');
    holder.innerHTML =
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onerror="window.__ran = (window.__ran ?? []).concat(\'onerror\')" ' +
      'onload="window.__ran = (window.__ran ?? []).concat(\'onload\')">' +
      '<a id="trap" href="javascript:window.__ran = (window.__ran ?? []).concat(\'javascript: URL\')">x</a>';
    document.body.append(holder);
    document.getElementById('trap').click();
  });
  // Handlers would have run by now: the image is a data: URL, decoded at once.
  await page.waitForFunction(() => document.querySelector('img[onload]').complete);
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.__ran), undefined, 'nothing ran');
  const refused = await policyViolations(page);
  assert.ok(refused.some((v) => v.startsWith('script-src-elem refused inline')), refused.join('\n'));
  assert.ok(refused.some((v) => v.startsWith('script-src-attr refused inline')), refused.join('\n'));
  assert.ok(
    refused.every((v) => /^script-src-(elem|attr) refused inline/.test(v)),
    `only the injected scripts were refused:\n${refused.join('\n')}`,
  );
});

test('the strategy diagrams colour their marked squares under the policy (no generated style rules)', async (t) => {
  const { page, errors } = await openSite(t, { root, init: watchPolicyViolations });
  await button(page, 'Help').click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await help.getByRole('tab', { name: 'Strategy' }).click();
  const fill = (selector) => help.locator(selector).first().evaluate((cell) => getComputedStyle(cell).fill);
  const plain = await fill('figure.diagram [data-square]:not([data-mark]) .cell');
  for (const mark of ['good', 'risky', 'bad']) {
    assert.notEqual(await fill(`figure.diagram [data-mark="${mark}"] .cell`), plain, `a ${mark} square stands out`);
  }
  await help.getByRole('heading', { name: 'Corners and stable discs' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'csp-strategy-diagram');
  assert.deepEqual(await policyViolations(page), []);
  assert.deepEqual(errors, []);
});
