// Every screen a player brings (issue 15, points 2 and 10): phones in portrait and landscape show the board, the
// status line, Undo and New game without scrolling (in landscape the board fits the height with the rest beside
// it), and a 1920×1080 screen gives the board its height, with the side panel beside it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, openSite, screenshot } from './helpers.mjs';

/** The box of each part a player needs, in viewport pixels. */
async function parts(page) {
  const box = (locator) => locator.boundingBox();
  return {
    board: await box(page.locator('.board')),
    status: await box(page.getByTestId('status')),
    undo: await box(button(page, 'Undo')),
    'new game': await box(button(page, 'New game')),
  };
}

function assertWithin(found, viewport) {
  for (const [name, box] of Object.entries(found)) {
    const inside =
      box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
    assert.ok(inside, `${name} within ${viewport.width}×${viewport.height}: ${JSON.stringify(box)}`);
  }
}

for (const device of ['phone', 'phone-390', 'phone-landscape', 'phone-landscape-844', 'desktop']) {
  test(`${device}: board, status, Undo and New game all within the viewport`, async (t) => {
    const { page, errors } = await openSite(t, { device });
    const viewport = page.viewportSize();
    await screenshot(page, `screen-${device}`);
    const found = await parts(page);
    assertWithin(found, viewport);
    const scroll = await page.evaluate(() => [window.scrollX, window.scrollY]);
    assert.deepEqual(scroll, [0, 0]);
    if (device.startsWith('phone-landscape')) {
      // Landscape: the board fills the height and everything else stands to its right.
      assert.ok(found.board.height >= viewport.height - 20, `the board uses the height: ${found.board.height}`);
      for (const name of ['status', 'undo', 'new game']) {
        assert.ok(found[name].x >= found.board.x + found.board.width, `${name} beside the board`);
      }
    } else if (device !== 'desktop') {
      // Nearly all of the width, with a small margin to the screen's edges (2 px at 360, 10 px from 376).
      const margin = (viewport.width - found.board.width) / 2;
      assert.ok(margin >= 2 && margin <= 10, `the board takes the phone's width but a margin: ${found.board.width}`);
    }
    assert.deepEqual(errors, []);
  });
}

test('1920×1080: the board grows to use the height, with the side panel beside it', async (t) => {
  const { page, errors } = await openSite(t, { device: 'wide' });
  await screenshot(page, 'screen-wide');
  const found = await parts(page);
  assertWithin(found, page.viewportSize());
  assert.ok(found.board.height >= 900, `no 640 px cap: the board is ${found.board.height} px high`);
  const side = await page.locator('.side-panel').boundingBox();
  assert.ok(side.x >= found.board.x + found.board.width, 'the side panel is beside the board');
  assert.deepEqual(errors, []);
});
