// No request a player did not ask for: every request of a whole visit (load, a game to its end, every dialog, a few
// moves against the computer, a reload through the service worker) goes to the site's own origin; online play asks
// the configured STUN server alone, and only once the player makes an invitation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { button, DIST, launchChromium, openSite, reload } from './helpers.mjs';
import { startServer } from './server.mjs';
import { playSession, recordRequests, summariseRequests } from './guards.mjs';

const root = process.env.REVERSI_DIST ?? DIST;

test('a whole session asks only the site itself for anything', async (t) => {
  const server = await startServer(root);
  const browser = await launchChromium();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  // From before the first request: the page, its files, and the service worker's own fetches.
  const requests = recordRequests(browser.context);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(server.url);
  await page.locator('[data-square]').first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await playSession(page);
  await reload(page);

  const summary = summariseRequests(requests);
  t.diagnostic(`requests: ${JSON.stringify(summary)}`);
  const origin = new URL(server.url).origin;
  assert.deepEqual(Object.keys(summary.byOrigin), [origin], JSON.stringify(summary.byOrigin));
  // The log is complete: it holds the wasm module and the service worker caching the page behind the player's back.
  assert.ok(summary.byFile['/reversi-<hash>_bg.wasm'] >= 1, JSON.stringify(summary.byFile));
  assert.ok(summary.byFile['/sw.js'] >= 1, JSON.stringify(summary.byFile));
});

/** An init script: the ICE server addresses each RTCPeerConnection the page makes is given, in window.iceServers. */
function watchPeerConnections() {
  window.iceServers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      super(config, ...rest);
      window.iceServers.push((config?.iceServers ?? []).flatMap((server) => [server.urls].flat()));
    }
  };
}

test('online play asks only the configured STUN server, and only once the player makes an invitation', async (t) => {
  // A STUN server of our own on this machine: it keeps every packet that reaches it and answers none.
  const stun = createSocket('udp4');
  const packets = [];
  stun.on('message', (packet) => packets.push(packet));
  await new Promise((resolve) => stun.bind(0, '127.0.0.1', resolve));
  t.after(() => stun.close());
  const server = `stun:127.0.0.1:${stun.address().port}`;

  // No relays (`?relay=none`): this test is about STUN; one-link.test.mjs holds the relays to the same rule.
  const { page, context, url, errors } = await openSite(t, { root, path: '?relay=none', init: watchPeerConnections });
  const requests = recordRequests(context);
  // The player sets the STUN server in the dialog's connection settings and looks around before inviting.
  await button(page, 'Play a friend online').click();
  const dialog = page.getByRole('dialog', { name: 'Play a friend online' });
  await dialog.getByText('Connection settings').click();
  const setting = dialog.getByRole('textbox', { name: /STUN servers/ });
  await setting.fill(server);
  await setting.press('Tab');
  await page.waitForTimeout(1000);
  assert.deepEqual(await page.evaluate(() => window.iceServers), [], 'no connection before the player asks');
  assert.equal(packets.length, 0, 'nothing sent to the STUN server before the player asks');

  await button(dialog, 'Create invitation').click();
  await dialog.locator('[data-invitation]').waitFor({ timeout: 15_000 });
  assert.deepEqual(await page.evaluate(() => window.iceServers), [[server]], 'one connection, given that server alone');
  assert.ok(packets.length >= 1, 'the configured STUN server was asked');
  for (const packet of packets) {
    // A STUN Binding Request (RFC 5389): message type 0x0001 and the magic cookie 0x2112A442.
    assert.equal(packet.readUInt16BE(0), 0x0001);
    assert.equal(packet.readUInt32BE(4), 0x2112a442);
  }
  const origin = new URL(url).origin;
  t.diagnostic(`online: ${packets.length} STUN binding requests to ${server}; ${requests.length} page requests`);
  assert.deepEqual(requests.filter((request) => new URL(request).origin !== origin), [], 'every other request is the site’s');
  assert.deepEqual(errors, []);
});
