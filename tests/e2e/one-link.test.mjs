// One link is enough: the host's invitation link, opened by the guest, shows what they are invited to and a Join
// button; the answer comes back through a real Nostr relay on loopback (tests/e2e/relay.mjs) and both sides connect
// with no code pasted, then play a whole game. With no relay reachable, the page says so and the answer code goes
// by hand. Prints the time from Join to Connected and the relay messages each side sent
// (tests/e2e/output/one-link-figures.json); screenshots of the invited guest's view at phone and desktop width.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, openSite, OUTPUT, screenshot, waitForStatus } from './helpers.mjs';
import { connected, countRelayMessages, invite, playToTheEnd } from './online-steps.mjs';
import { startRelay } from './relay.mjs';

const checkNumber = async (page) => (await page.locator('.online-panel').textContent()).match(/check number (\d{4})/)?.[1];

test('the guest opens the link, presses Join, and both play a whole game with no code pasted', async (t) => {
  const relay = await startRelay(t);
  const query = `?stun=none&relay=${encodeURIComponent(relay)}`;
  const host = await openSite(t, { path: query });
  const hostMessages = countRelayMessages(host.page);
  // Hints on before the online game: they are off during it and come back at its end.
  await button(host.page, 'Hints').click();
  await host.page.getByTestId('hint-depth').waitFor();
  const link = await invite(host.page);
  assert.match(link, /#room=[\w-]+&join=[\w-]+$/, 'the room and the offer ride in the fragment');
  await host.page.getByText(/listening on 1 of 1 relays/).waitFor({ timeout: 10_000 });

  const guest = await openSite(t, { path: query + link.slice(link.indexOf('#')), device: 'phone' });
  const guestMessages = countRelayMessages(guest.page);
  const invited = guest.page.getByRole('dialog');
  await invited.getByText('You are invited to a game of Reversi').waitFor();
  assert.match(await invited.textContent(), /8×8, four-disc start, Black moves first · you play White · no clock/);
  assert.equal(guestMessages.sent, 0, 'nothing goes to a relay before the guest presses Join');
  assert.equal(await invited.getByText('Send the game by link').count(), 0, 'not offered for the guest\'s empty game');
  await screenshot(guest.page, 'one-link-invited-phone');
  await guest.page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(guest.page, 'one-link-invited-desktop');
  await guest.page.setViewportSize({ width: 360, height: 740 });

  const joined = Date.now();
  await button(invited, 'Join').click();
  await Promise.all([connected(host.page), connected(guest.page)]);
  const joinToConnectedMs = Date.now() - joined;
  assert.ok(await checkNumber(host.page), 'a check number is shown');
  assert.equal(await checkNumber(host.page), await checkNumber(guest.page), 'the same check number on both sides');
  await guest.page.locator('.online-you', { hasText: 'you play White' }).waitFor();
  for (const page of [host.page, guest.page]) {
    await page.getByTestId('no-analysis').waitFor();
    assert.equal(await button(page, 'Hints').count(), 0, 'no Hints during the online game');
    assert.equal(await page.locator('text.hint, [data-testid=hint-line]').count(), 0, 'no move values shown');
  }

  const result = await playToTheEnd(host.page, guest.page);
  await waitForStatus(guest.page, new RegExp(`^${result.split('.')[0]}`));
  await screenshot(guest.page, 'one-link-game-over-phone');
  await button(host.page, 'Hints').waitFor();
  assert.equal(await host.page.getByTestId('no-analysis').count(), 0, 'analysis is back for the finished game');
  const figures = { joinToConnectedMs, relayMessagesSent: { host: hostMessages.sent, guest: guestMessages.sent } };
  console.log(`one-link figures: ${JSON.stringify(figures)}`);
  await mkdir(OUTPUT, { recursive: true });
  await writeFile(join(OUTPUT, 'one-link-figures.json'), JSON.stringify(figures, null, 2));
  assert.ok(hostMessages.sent <= 2 && guestMessages.sent <= 2, `few relay messages: ${JSON.stringify(figures)}`);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

test('with no relay reachable the page says so and the answer code goes by hand', async (t) => {
  // Nothing listens on port 1: both pages' relay sockets fail at once.
  const query = '?stun=none&relay=ws://127.0.0.1:1';
  const host = await openSite(t, { path: query });
  const link = await invite(host.page);
  await host.page.getByText(/No relay could be reached/).waitFor({ timeout: 10_000 });
  const guest = await openSite(t, { path: query + link.slice(link.indexOf('#')) });
  await button(guest.page, 'Join').click();
  await guest.page.getByText(/No relay could be reached\. Send this answer code to your friend instead/).waitFor();
  const answer = (await guest.page.locator('[data-answer]').textContent()).trim();
  await host.page.getByRole('textbox', { name: /code/i }).fill(answer);
  await button(host.page, 'Connect').click();
  await Promise.all([connected(host.page), connected(guest.page)]);
  // The browser logs each failed socket; nothing else may go wrong.
  const unexpected = (errors) => errors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:1\/' failed/.test(e));
  assert.deepEqual(unexpected(host.errors), []);
  assert.deepEqual(unexpected(guest.errors), []);
});
