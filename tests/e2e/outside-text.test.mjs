// Outside text is data: markup, script and javascript: strings sent through every path that takes text from outside
// the app (the Import box, the page's address, the saves in storage, a game link, an invitation link, a pasted
// invitation or answer code) are never inserted as HTML, run, opened or fetched; they are refused with a message
// shown as plain text. The peer's messages get the same strings in online.test.mjs's hostile-peer test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { button, discs, openSite, OUTPUT, reload, screenshot } from './helpers.mjs';
import { HOSTILE_TEXTS, NOTHING_INJECTED, injections, markDocument, recordRequests, watchInjection } from './guards.mjs';
import { savesConverted } from './postcard.mjs';

const root = process.env.REVERSI_DIST;
const START = { d4: 'white', e4: 'black', d5: 'black', e5: 'white' };
const placed = async (page) => Object.fromEntries(Object.entries(await discs(page)).filter(([, colour]) => colour));

test('the Import box shows hostile text back as text and loads nothing', async (t) => {
  const { page, context, errors } = await openSite(t, { root, init: watchInjection });
  const requests = recordRequests(context);
  await markDocument(page);
  await button(page, 'Import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  for (const text of HOSTILE_TEXTS) {
    await dialog.locator('#import-text').fill(text);
    await button(dialog, 'Load game').click();
    const message = await dialog.getByRole('alert').textContent();
    assert.match(message, /^Cannot import: /, `${text.slice(0, 60)} → ${message.slice(0, 200)}`);
    assert.ok(message.length <= 300, `a short message, not the whole input: ${message.length} characters`);
    assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, text.slice(0, 60));
  }
  await screenshot(page, 'outside-text-import');
  await page.keyboard.press('Escape');
  assert.deepEqual(await placed(page), START, 'the game in progress is untouched');
  assert.deepEqual(errors, []);
});

test('hostile text in the page address is ignored', async (t) => {
  const { page, context, url, errors } = await openSite(t, { root, init: watchInjection });
  const requests = recordRequests(context);
  for (const text of HOSTILE_TEXTS.slice(0, -1)) {
    const encoded = encodeURIComponent(text);
    await page.goto(`${url}?game=${encoded}&invite=${encoded}#${encoded}`);
    await page.locator('[data-square]').first().waitFor();
    await markDocument(page);
    await page.waitForTimeout(100);
    assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, text.slice(0, 60));
    assert.deepEqual(await placed(page), START);
  }
  assert.deepEqual(errors, []);
});

test('hostile text in every saved value is refused and replaced, never taken as markup', async (t) => {
  const { page, context, errors } = await openSite(t, { root, init: watchInjection });
  const requests = recordRequests(context);
  const keys = ['reversi.options', 'reversi.game', 'reversi.statistics'];
  for (const text of HOSTILE_TEXTS) {
    const saves = [
      text,
      JSON.stringify({ version: 1, data: text }),
      JSON.stringify({ version: 1, data: { theme: text, black: text, moves: [text], wins: text } }),
      JSON.stringify({ version: text, data: {} }),
    ];
    for (const [i, save] of saves.entries()) {
      await page.evaluate(([keys, save]) => keys.forEach((key) => localStorage.setItem(key, save)), [keys, save]);
      await reload(page);
      await markDocument(page);
      // Version 1's JSON is read once its reader has come; then every value is replaced in today's format.
      await savesConverted(page);
      if (i === 0) await page.getByRole('alert').filter({ hasText: 'could not be used' }).first().waitFor();
      await page.waitForTimeout(100);
      assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, save.slice(0, 80));
      assert.deepEqual(await placed(page), START, 'a new game in place of the unreadable one');
    }
  }
  // The viewport only: a message quoting a long hostile save can make the page very tall.
  await mkdir(OUTPUT, { recursive: true });
  await page.screenshot({ path: join(OUTPUT, 'outside-text-storage.png') });
  assert.deepEqual(errors, []);
});

test('hostile text in a game link or an invitation link opens nothing', async (t) => {
  const { page, context, url, errors } = await openSite(t, { root, init: watchInjection });
  const requests = recordRequests(context);
  for (const [i, text] of HOSTILE_TEXTS.slice(0, -1).entries()) {
    const encoded = encodeURIComponent(text);
    // A new query each time, so the page loads again rather than only changing its fragment.
    await page.goto(`${url}?visit=${i}#game=${encoded}`);
    await page.locator('.notice.error', { hasText: 'This game link does not open' }).waitFor();
    await markDocument(page);
    assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, `#game=${text.slice(0, 60)}`);
    assert.deepEqual(await placed(page), START, 'the saved game is kept');

    await page.goto(`${url}?visit=${i}j#join=${encoded}`);
    const dialog = page.getByRole('dialog', { name: 'Play a friend online' });
    await button(dialog, 'Connect').click();
    const message = await dialog.getByRole('alert').textContent();
    assert.match(message, /^Cannot use this code: /, `#join=${text.slice(0, 60)} → ${message.slice(0, 200)}`);
    await markDocument(page);
    assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, `#join=${text.slice(0, 60)}`);
  }
  await screenshot(page, 'outside-text-invitation-link');
  assert.deepEqual(errors, []);
});

test('hostile text pasted as an invitation or as the answer is refused as text', async (t) => {
  const { page, context, errors } = await openSite(t, { root, path: '?stun=none&relay=none', init: watchInjection });
  const requests = recordRequests(context);
  await markDocument(page);
  await button(page, 'Play a friend online').click();
  const dialog = page.getByRole('dialog', { name: 'Play a friend online' });
  const paste = async (role) => {
    for (const text of HOSTILE_TEXTS) {
      await dialog.getByRole('textbox', { name: /code/i }).fill(text);
      await button(dialog, 'Connect').click();
      const message = await dialog.getByRole('alert').textContent();
      assert.match(message, /^Cannot use this code: /, `${role}: ${text.slice(0, 60)} → ${message.slice(0, 200)}`);
      assert.ok(message.length <= 300, `a short message, not the whole input: ${message.length} characters`);
      assert.deepEqual(await injections(page, requests), NOTHING_INJECTED, `${role}: ${text.slice(0, 60)}`);
    }
  };
  // Before an invitation is made, a pasted code is read as an invitation; after, as the friend's answer.
  await paste('invitation');
  await button(dialog, 'Create invitation').click();
  const invitation = await dialog.locator('[data-invitation]').textContent();
  await paste('answer');
  assert.equal(await dialog.locator('[data-invitation]').textContent(), invitation, 'the invitation still stands');
  await screenshot(page, 'outside-text-answer');
  assert.deepEqual(await placed(page), START);
  assert.deepEqual(errors, []);
});
