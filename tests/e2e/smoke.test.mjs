// The built site loads in Chromium and shows the start position, at desktop and phone sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discs, openSite, screenshot } from './helpers.mjs';

for (const device of ['desktop', 'phone']) {
  test(`the ${device} page shows the four starting discs`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    const board = await discs(page);
    assert.equal(Object.keys(board).length, 64, 'an 8×8 board of named squares');
    const placed = Object.fromEntries(Object.entries(board).filter(([, colour]) => colour));
    assert.deepEqual(placed, { d4: 'white', e4: 'black', d5: 'black', e5: 'white' });
    await screenshot(page, `start-${device}`);
    assert.deepEqual(errors, [], 'no uncaught errors or console errors');
  });
}
