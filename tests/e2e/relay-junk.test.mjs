// Junk through the real relay: while a host waits for the answer to its one-link invitation, the test publishes to
// the loopback relay (tests/e2e/relay.mjs; signed by crates/test-relay's reversi-test-event, since the relay takes
// only signed events) markup where a sealed answer belongs, an event sealed with another room's key, one from the
// future and one stale, an oversized one, and events of another room's tag and of another kind; then it holds back the guest's real
// answer, publishes it itself, and replays it. The host ignores them all, each for its reason (the app's debug
// log), shows nothing of them, logs no error, and the real connection is made.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { button, discs, openSite } from './helpers.mjs';
import { connected, invite, openInvitation } from './online-steps.mjs';
import { publishEvent, startRelay } from './relay.mjs';

/** The tag a room's events carry (crates/net/src/relay_room.rs, RoomKey::topic): a hash of the link's room id. */
function roomTopic(link) {
  const room = Buffer.from(link.match(/#room=([\w-]+)&/)[1], 'base64url');
  return createHash('sha256').update('reversi room v1:').update(room.subarray(1, 13)).digest('hex');
}

/**
 * What `page` does with relay traffic: the frames its relay sockets receive (through a route, which hands each on
 * at once except copies of the event `seen.holdId`: those wait until both arrived and then go in together, so the
 * replay reaches the page while it is still busy with the original however slow the machine), and the reasons the
 * page gives for ignoring them.
 */
async function watchRelayTraffic(page) {
  const seen = { frames: [], ignored: [], holdId: null };
  const held = [];
  await page.routeWebSocket(/127\.0\.0\.1/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      seen.frames.push(String(message));
      if (seen.holdId === null || !String(message).includes(seen.holdId)) return socket.send(message);
      held.push(message);
      if (held.length < 2) return;
      // The page is kept busy while both copies go in, so they wait in its queue together, ahead of the
      // connection's own events: on a loaded machine the connection otherwise opened between them.
      const busy = page.evaluate(() => {
        const until = performance.now() + 300;
        while (performance.now() < until);
      });
      setTimeout(() => held.forEach((copy) => socket.send(copy)), 50);
      busy.catch(() => {});
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'debug' && /^relay (event ignored|message dropped)/.test(message.text())) {
      seen.ignored.push(message.text());
    }
  });
  return seen;
}

async function until(what, condition, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('the host ignores junk, foreign, stale, oversized and replayed events from the relay, and still connects', async (t) => {
  const relay = await startRelay(t);
  const query = `?stun=none&relay=${encodeURIComponent(relay)}`;
  const host = await openSite(t, { path: query });
  const traffic = await watchRelayTraffic(host.page);
  const link = await invite(host.page);
  await host.page.getByText(/listening on 1 of 1 relays/).waitFor({ timeout: 10_000 });
  const topic = roomTopic(link);
  const markup = '<img src="x" onerror="window.__junk = true"><b>junk</b>';
  const otherTopic = createHash('sha256').update('another room').digest('hex');

  const junk = {
    markup: await publishEvent(relay, ['--tag', `t=${topic}`, '--content', markup]),
    otherKey: await publishEvent(relay, ['--tag', `t=${topic}`, '--content', randomBytes(120).toString('base64url')]),
    // Ten minutes ahead: a relay passes it on; one ten minutes old the subscription's `since` keeps away.
    future: await publishEvent(relay, ['--tag', `t=${topic}`, '--content', 'later', '--age', '-600']),
    stale: await publishEvent(relay, ['--tag', `t=${topic}`, '--content', 'old', '--age', '600']),
    oversized: await publishEvent(relay, ['--tag', `t=${topic}`, '--content-bytes', '100000']),
    otherTag: await publishEvent(relay, ['--tag', `t=${otherTopic}`, '--content', markup]),
    otherKind: await publishEvent(relay, ['--kind', '1', '--tag', `t=${topic}`, '--content', markup]),
  };
  for (const [name, [answer]] of Object.entries(junk)) assert.equal(answer.accepted, true, `the relay took ${name}: ${answer.message}`);
  const delivered = (id) => traffic.frames.some((frame) => frame.includes(id));
  await until('the junk to reach the host', () => ['markup', 'otherKey', 'future', 'oversized'].every((name) => delivered(junk[name][0].id)));
  // Every reason is awaited by name: the relay's end-of-stored notice is logged among them, so a count would pass early.
  const expected = [/an event that the room's key does not open[^]*an event that the room's key does not open/, /a stale event \(or one from the future\)/, /relay message dropped unread: binary or oversized/];
  await until(() => `the host's reasons (so far: ${JSON.stringify(traffic.ignored)})`, () => expected.every((reason) => reason.test(traffic.ignored.join('\n'))));
  const reasons = traffic.ignored.join('\n');
  assert.equal(reasons.match(/an event that the room's key does not open/g)?.length, 2, reasons);
  assert.match(reasons, /a stale event \(or one from the future\)/);
  assert.match(reasons, /relay message dropped unread: binary or oversized/);
  for (const name of ['otherTag', 'otherKind', 'stale']) assert.ok(!delivered(junk[name][0].id), `the relay keeps ${name} away`);
  assert.equal(await host.page.locator('[data-connection]').first().getAttribute('data-connection'), 'invited', 'still waiting');

  // The guest's answer is held back on its way to the relay; the test publishes it, then again (the replay).
  const guest = await openInvitation(t, query, link, { device: 'phone' });
  let answerEvent;
  await guest.page.routeWebSocket(/127\.0\.0\.1/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const [type, event] = JSON.parse(message);
      if (type === 'EVENT') answerEvent = JSON.stringify(event);
      else server.send(message);
    });
  });
  await button(guest.page.getByRole('dialog'), 'Join').click();
  await until("the guest's answer", () => answerEvent !== undefined, 15_000);
  const ignoredBefore = traffic.ignored.length;
  traffic.holdId = JSON.parse(answerEvent).id;
  const [original] = await publishEvent(relay, ['--event', answerEvent, '--copies', '2']);
  assert.equal(original.accepted, true, `the relay took the real answer: ${original.message}`);
  await Promise.all([connected(host.page), connected(guest.page)]);
  const { id } = JSON.parse(answerEvent);
  await until(() => `the replay to be ignored (ignored: ${JSON.stringify(traffic.ignored)}; copies: ${traffic.frames.filter((f) => f.includes(traffic.holdId)).length})`, () => traffic.ignored.slice(ignoredBefore).some((r) => /already read/.test(r)));
  assert.equal(traffic.frames.filter((frame) => frame.includes(id)).length, 2, 'the answer reached the host twice');

  // Nothing of the junk shows, and the game is played.
  for (const page of [host.page, guest.page]) {
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.equal(await page.evaluate(() => window.__junk), undefined);
    assert.doesNotMatch(await page.locator('body').textContent(), /junk|onerror/);
  }
  const square = host.page.locator('[data-square][aria-label$="legal move"]').first();
  const name = await square.getAttribute('data-square');
  await square.click();
  await guest.page.waitForFunction((s) => document.querySelector(`[data-square="${s}"] .disc`) !== null, name);
  assert.deepEqual(await discs(host.page), await discs(guest.page));
  console.log(`relay junk: ${traffic.ignored.length} relay messages ignored by the host: ${JSON.stringify(traffic.ignored)}`);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});
