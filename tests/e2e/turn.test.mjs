// A relay for strict networks: TURN servers in Connection settings (checked, saved with the options, given to the
// RTCPeerConnection), two browsers connected through a real TURN server on loopback (Debian's coturn,
// tests/e2e/turn-server.mjs) with relay-only ICE, so the TURN path is proven end to end, and the words and the
// game-by-link fallback when no connection comes. Screenshots of the settings with a TURN server and of the
// no-connection message at phone (390 px) and desktop width.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, discs, openSite, reload, screenshot } from './helpers.mjs';
import { policyViolations, watchPolicyViolations } from './guards.mjs';
import { connected, invite, openInvitation } from './online-steps.mjs';
import { startRelay } from './relay.mjs';
import { relayOnly, startTurnServer } from './turn-server.mjs';

const NO_CONNECTION = /No direct connection/;
const WHAT_HELPS = 'A relay (TURN) server in Connection settings may help, or play on by link';

function watchPeerConnections() {
  window.peerConfigs = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      super(config, ...rest);
      window.peerConfigs.push(JSON.parse(JSON.stringify(config ?? {})));
    }
  };
}

/** The kinds of the candidates in an invitation link's offer code (crates/net/src/signal.rs's layout). */
function offeredCandidateKinds(link) {
  const bytes = Buffer.from(link.slice(link.lastIndexOf('=') + 1), 'base64url');
  let at = 2; // version, flags
  at += 1 + bytes[at]; // ICE user fragment
  at += 1 + bytes[at]; // ICE password
  at += 32; // certificate fingerprint
  const kinds = [];
  for (let count = bytes[at++]; count > 0; count -= 1) {
    const kind = bytes[at++];
    kinds.push(['host', 'srflx', 'prflx', 'relay'][kind & 3]);
    at += (kind >> 2 === 0 ? 4 : 16) + 2; // the address and the port
  }
  return kinds;
}

/** Takes a full-page shot of `page` at a 390 px phone and at desktop width. */
async function shotPhoneAndDesktop(page, name) {
  const own = page.viewportSize();
  for (const [width, height, device] of [[390, 844, 'phone'], [1280, 800, 'desktop']]) {
    await page.setViewportSize({ width, height });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await screenshot(page, `${name}-${device}`);
  }
  await page.setViewportSize(own);
}

test('a TURN server is added in Connection settings, checked, kept across a reload and given to the connection', async (t) => {
  const { page, errors } = await openSite(t, { device: 'phone-390', path: '?relay=none&stun=none', init: watchPeerConnections });
  await button(page, 'Play a friend online').click();
  const dialog = page.getByRole('dialog', { name: 'Play a friend online' });
  const disclosure = dialog.getByRole('button', { name: 'Connection settings' });
  assert.equal(await disclosure.getAttribute('aria-expanded'), 'false', 'folded away at first');
  assert.equal(await dialog.getByRole('textbox', { name: 'TURN server address' }).isVisible(), false);
  await disclosure.click();
  assert.equal(await disclosure.getAttribute('aria-expanded'), 'true');
  await dialog.getByText('The app comes with none').waitFor();
  assert.equal(await dialog.locator('[data-turn-server]').count(), 0, 'no TURN server is shipped');

  const address = dialog.getByRole('textbox', { name: 'TURN server address' });
  await address.fill('https://turn.example.org');
  await dialog.getByRole('textbox', { name: 'TURN username' }).fill('alice');
  await dialog.getByLabel('TURN credential').fill('s3cret');
  await button(dialog, 'Add TURN server').click();
  assert.match(await dialog.getByRole('alert').textContent(), /'https:\/\/turn\.example\.org' is not a TURN server address: it starts with turn: or turns:/);
  assert.equal(await dialog.locator('[data-turn-server]').count(), 0, 'a refused server is not kept');
  await address.fill('turn:turn.example.org:3478');
  await button(dialog, 'Add TURN server').click();
  await dialog.locator('[data-turn-server]', { hasText: 'turn:turn.example.org:3478 · alice' }).waitFor();
  assert.equal(await dialog.getByRole('alert').count(), 0, 'the error is gone');
  await disclosure.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelector('.connection-settings').scrollIntoView({ block: 'start' }));
  await shotPhoneAndDesktop(page, 'turn-settings');

  await reload(page);
  await button(page, 'Play a friend online').click();
  await dialog.getByRole('button', { name: 'Connection settings' }).click();
  await dialog.locator('[data-turn-server]', { hasText: 'turn:turn.example.org:3478 · alice' }).waitFor();
  await button(dialog, 'Create invitation').click();
  // No relays and no STUN: the invitation comes from host candidates, and the connection was given the server.
  await dialog.locator('[data-invitation]').waitFor({ timeout: 15_000 });
  const configs = await page.evaluate(() => window.peerConfigs);
  assert.deepEqual(configs.at(-1).iceServers, [{ urls: 'turn:turn.example.org:3478', username: 'alice', credential: 's3cret' }]);
  assert.equal(configs.at(-1).iceTransportPolicy, undefined, 'any route: relay-only is for the tests’ address');
  await dialog.getByRole('button', { name: 'Remove turn:turn.example.org:3478' }).click();
  await dialog.locator('[data-turn-server]').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
});

test('two browsers connect through the TURN server alone and play, and both say so', async (t) => {
  const relay = await startRelay(t);
  const turn = await startTurnServer(t);
  const query = `?${relayOnly(turn)}&relay=${encodeURIComponent(relay)}`;
  const host = await openSite(t, { path: query, init: [watchPeerConnections, watchPolicyViolations] });
  const link = await invite(host.page);
  const config = (await host.page.evaluate(() => window.peerConfigs)).at(-1);
  assert.equal(config.iceTransportPolicy, 'relay', '?ice=relay forces relay-only ICE');
  const guest = await openInvitation(t, query, link, { device: 'phone' });
  const joined = Date.now();
  await button(guest.page.getByRole('dialog'), 'Join').click();
  await Promise.all([connected(host.page), connected(guest.page)]);
  const joinToConnectedMs = Date.now() - joined;
  for (const page of [host.page, guest.page]) {
    await page.locator('.online-panel [data-connection="connected"]', { hasText: 'Connected through a relay server' }).waitFor();
  }
  // Every candidate the invitation offers is a relay one: the connection can only have gone through coturn.
  const kinds = offeredCandidateKinds(link);
  assert.ok(kinds.length > 0 && kinds.every((kind) => kind === 'relay'), `the offer's candidates: ${kinds}`);
  assert.match(turn.log(), /ALLOCATE processed, success/, 'coturn allocated the relays');

  for (let ply = 0; ply < 6; ply += 1) {
    const mover = ply % 2 === 0 ? host.page : guest.page; // the host plays Black
    const square = mover.locator('[data-square][aria-label$="legal move"]').first();
    const name = await square.getAttribute('data-square');
    await square.click();
    const other = mover === host.page ? guest.page : host.page;
    await other.waitForFunction((s) => document.querySelector(`[data-square="${s}"] .disc`) !== null, name);
    assert.deepEqual(await discs(host.page), await discs(guest.page), `both boards agree after ${name}`);
  }
  console.log(`turn figures: ${JSON.stringify({ joinToConnectedMs })}`);
  // WebRTC's traffic, the TURN server's included, is outside the content security policy's connect-src.
  assert.deepEqual(await policyViolations(host.page), []);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

test('relay-only with no TURN server says at once that no connection is possible, and what may help', async (t) => {
  const { page, errors } = await openSite(t, { path: '?stun=none&relay=none&ice=relay&turn=none' });
  await button(page, 'Play a friend online').click();
  const dialog = page.getByRole('dialog', { name: 'Play a friend online' });
  await button(dialog, 'Create invitation').click();
  await dialog.locator('[data-connection="failed"]', { hasText: NO_CONNECTION }).waitFor({ timeout: 15_000 });
  await dialog.getByText(WHAT_HELPS).waitFor();
  await button(dialog, 'Send by link').waitFor();
  assert.equal(await dialog.locator('[data-invitation]').count(), 0);
  assert.deepEqual(errors, []);
});

test('when no direct connection comes, both sides say so in words and offer the game by link', async (t) => {
  // The host may only go direct and the guest only through the TURN server: no route joins the two, ever.
  const relay = await startRelay(t);
  const turn = await startTurnServer(t);
  const host = await openSite(t, { device: 'phone-390', path: `?stun=none&relay=${encodeURIComponent(relay)}` });
  const link = await invite(host.page);
  const guest = await openInvitation(t, `?${relayOnly(turn)}&relay=${encodeURIComponent(relay)}`, link);
  await button(guest.page.getByRole('dialog'), 'Join').click();
  await host.page.locator('[data-connection="connecting"]').first().waitFor({ timeout: 15_000 });
  for (const page of [host.page, guest.page]) {
    const dialog = page.getByRole('dialog');
    await dialog.getByText(NO_CONNECTION).waitFor({ timeout: 45_000 });
    await dialog.getByText(WHAT_HELPS).waitFor();
  }
  // The host offers its game by link; the invited guest's game is the empty one it came to replace, so it offers
  // its answer by hand instead.
  await button(host.page.getByRole('dialog'), 'Send by link').waitFor();
  await host.page.locator('[data-game-link]').waitFor();
  assert.equal(await guest.page.locator('[data-answer]').count(), 1, 'the guest can still send the answer by hand');
  assert.equal(await button(guest.page, 'Send by link').count(), 0);
  await shotPhoneAndDesktop(host.page, 'turn-no-connection-host');
  await shotPhoneAndDesktop(guest.page, 'turn-no-connection-guest');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});
