// How the page fits a phone and honours the system's preferences: touch targets of at least 44 px at 360 px wide,
// on the page and in every dialog, and no flip animation when the system asks for reduced motion.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, openSite } from './helpers.mjs';

/**
 * Every visible control smaller than 44×44 px, as "name w×h". A control inside a <label> is measured by its label,
 * which is what a finger hits. Board squares are left to their own check.
 */
function smallTargets(page) {
  return page.$$eval('button, select, input, textarea, [role=tab], a[href]', (controls) =>
    controls
      .filter((control) => control.checkVisibility() && !control.closest('[inert]'))
      .map((control) => {
        const target = control.closest('label') ?? control;
        const { width, height } = target.getBoundingClientRect();
        const name = control.getAttribute('aria-label') || control.textContent.trim().slice(0, 24) || control.id;
        return { name: `${control.tagName.toLowerCase()} "${name}"`, width, height };
      })
      .filter(({ width, height }) => width < 44 || height < 44)
      .map(({ name, width, height }) => `${name} ${Math.round(width)}×${Math.round(height)}`),
  );
}

test('at 360 px every control is a touch target of at least 44 px, in every dialog too', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone' });
  assert.deepEqual(await smallTargets(page), [], 'the page');
  // The squares: the coordinates sit inside the board, so eight squares get the whole 360 px.
  const square = await page.locator('[data-square="a1"]').boundingBox();
  assert.ok(square.width >= 44 && square.height >= 44, `a square is ${square.width}×${square.height}`);
  for (const [action, title] of [
    ['Options', 'Options'],
    ['Statistics', 'Statistics'],
    ['Help', 'Help'],
    ['About', 'About Reversi'],
    ['Import', 'Import'],
  ]) {
    await button(page, action).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    assert.deepEqual(await smallTargets(page), [], `the ${title} dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  assert.deepEqual(errors, []);
});

test('with reduced motion the discs turn over without animating', async (t) => {
  const { page, errors } = await openSite(t);
  await page.selectOption('#player-white', 'human');
  const flipping = page.locator('[data-square="e5"] .disc.flip');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.locator('[data-square="f5"]').click();
  assert.equal(await flipping.evaluate((disc) => disc.classList.contains('black')), true, 'e5 turned black');
  assert.equal(await flipping.evaluate((disc) => getComputedStyle(disc).animationName), 'none');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await button(page, 'Undo').click();
  await page.locator('[data-square="f5"]').click();
  assert.equal(await flipping.evaluate((disc) => getComputedStyle(disc).animationName), 'flip', 'animated otherwise');
  assert.deepEqual(errors, []);
});
