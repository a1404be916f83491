// Find an opponent: three players seek in the public lobby on a real Nostr relay on loopback (tests/e2e/relay.mjs).
// Two are paired (the lower id hosts) and play a whole game to its end with both boards agreeing; the third is not
// pulled into their game, keeps seeking, and Cancel ends its seek. After the end, Rematch swaps colours once both
// agree. Prints the time from the seeks to a paired game and the relay messages each side sent
// (tests/e2e/output/lobby-figures.json); screenshots of the waiting state and the paired game at 390 px and desktop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, discs, openSite, OUTPUT, screenshot } from './helpers.mjs';
import { countRelayMessages, playToTheEnd } from './online-steps.mjs';
import { startRelay } from './relay.mjs';
import { AxeBuilder } from '@axe-core/playwright';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// How long a seek lives at the relays unless announced again (crates/net/src/lobby.rs, SEEK_TTL_SECONDS).
const SEEK_TTL_SECONDS = 45;

const seeking = (page) => page.locator('[data-seeking]');
const isConnected = async (page) => (await page.locator('[data-connection="connected"]').count()) > 0;
const colourOf = async (page) => (await page.locator('.online-you').textContent()).match(/you play (Black|White)/)[1];

async function openLobby(page) {
  await page.getByRole('button', { name: /online/i }).first().click();
  await page.getByRole('dialog').getByRole('heading', { name: 'Play someone new' }).waitFor();
}

/** Waits until exactly two of `players` are connected; returns them and the one left. */
async function waitForPair(players) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const flags = await Promise.all(players.map((p) => isConnected(p.page)));
    if (flags.filter(Boolean).length === 2) {
      return { pair: players.filter((_, i) => flags[i]), third: players.find((_, i) => !flags[i]) };
    }
    assert.ok(flags.filter(Boolean).length < 3, 'three players connected: two games, or one of three');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no two seekers were paired within 30 s');
}

test('two seekers are paired and play to the end, a third keeps seeking, and the pair can rematch', async (t) => {
  const relay = await startRelay(t);
  const query = `?stun=none&relay=${encodeURIComponent(relay)}`;
  const players = [];
  for (const name of ['Ann', 'Bo', 'Cy']) {
    const site = await openSite(t, { path: query, device: name === 'Ann' ? 'phone-390' : 'desktop' });
    players.push({ name, ...site, messages: countRelayMessages(site.page) });
  }
  for (const { page, name } of players) {
    await openLobby(page);
    await page.getByRole('dialog').getByRole('textbox', { name: /name/i }).fill(name);
  }
  assert.deepEqual(players.map((p) => p.messages.sent), [0, 0, 0], 'nothing goes to a relay before a seek');

  // One alone: waiting, with the count.
  const [first, second, third] = players;
  await first.page.getByRole('button', { name: /opponent/ }).click();
  await seeking(first.page).filter({ hasText: 'Looking for an opponent… (1 seeking)' }).waitFor({ timeout: 10_000 });
  await screenshot(first.page, 'lobby-waiting-phone');
  const axe = await new AxeBuilder({ page: first.page }).analyze();
  assert.deepEqual(axe.violations.map((v) => v.id), [], 'the waiting dialog is axe-clean');
  await first.page.setViewportSize(DESKTOP);
  await screenshot(first.page, 'lobby-waiting-desktop');
  await first.page.setViewportSize(PHONE);

  // Two more at once: two of the three are paired, the third keeps seeking.
  const seeksAt = Date.now();
  await Promise.all([second, third].map((p) => p.page.getByRole('button', { name: /opponent/ }).click()));
  const { pair, third: left } = await waitForPair(players);
  const seeksToPairedMs = Date.now() - seeksAt;
  // The pair's withdrawals clear them at once; a withdrawal lost on the way leaves them until their seeks expire.
  await seeking(left.page).filter({ hasText: '(1 seeking)' }).waitFor({ timeout: (SEEK_TTL_SECONDS + 15) * 1000 });
  for (const { page } of pair) assert.equal(await seeking(page).count(), 0, 'a paired player no longer seeks');

  const colours = await Promise.all(pair.map((p) => colourOf(p.page)));
  assert.deepEqual([...colours].sort(), ['Black', 'White'], `one of each colour: ${colours}`);
  const black = pair[colours.indexOf('Black')].page;
  const white = pair[colours.indexOf('White')].page;
  for (const [me, them] of [pair, [...pair].reverse()]) {
    const panel = me.page.locator('.online-you');
    await panel.filter({ hasText: `against ${them.name}` }).waitFor({ timeout: 5000 }).catch(async (e) => {
      throw new Error(`${me.name} sees "${await panel.textContent()}" (${e.message})`);
    });
  }
  const shot = pair[0].page;
  await shot.setViewportSize(PHONE);
  await screenshot(shot, 'lobby-paired-phone');
  await shot.setViewportSize(DESKTOP);
  await screenshot(shot, 'lobby-paired-desktop');

  const result = await playToTheEnd(black, white);
  await white.getByTestId('status').filter({ hasText: result.split('.')[0] }).waitFor();
  assert.deepEqual(await discs(black), await discs(white), 'both boards agree at the end');
  assert.ok(!(await isConnected(left.page)), 'the third was never pulled into their game');
  await seeking(left.page).waitFor();
  const third_sent = left.messages.sent;
  await button(left.page, 'Cancel').click();
  await seeking(left.page).waitFor({ state: 'detached' });
  await left.page.getByRole('button', { name: 'Find an opponent' }).waitFor();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.ok(left.messages.sent <= third_sent + 1, 'after Cancel, a withdrawal at most and no more announcements');

  // At the end: Rematch (both agree, colours swap) or Find another opponent.
  for (const page of [black, white]) await button(page, 'Find another opponent').waitFor();
  await screenshot(black, 'lobby-game-over');
  await button(black, 'Rematch').click();
  await button(white, 'Accept rematch').click();
  await black.locator('.online-you', { hasText: 'you play White' }).waitFor();
  await white.locator('.online-you', { hasText: 'you play Black' }).waitFor();
  await white.locator('[data-square][aria-label$="legal move"]').first().click();
  await black.waitForFunction(() => document.querySelectorAll('[data-square] .disc').length === 5);
  assert.deepEqual(await discs(black), await discs(white), 'the rematch is the same game on both boards');

  const figures = {
    seeksToPairedMs,
    relayMessagesSent: Object.fromEntries(players.map((p) => [p.name, p.messages.sent])),
  };
  console.log(`lobby figures: ${JSON.stringify(figures)}`);
  await mkdir(OUTPUT, { recursive: true });
  await writeFile(join(OUTPUT, 'lobby-figures.json'), JSON.stringify(figures, null, 2));
  for (const { errors } of players) assert.deepEqual(errors, []);
});
