// Online play between two browsers on this machine (STUN off: loopback host candidates): invitation, answer,
// "Connected" with the same check number, a whole game with a forced pass, a declined draw, a take-back, a reload
// and reconnection, then rematches ended by an accepted draw and a resignation; a game lost on time; a hostile peer;
// the game by link.
// The first test prints the invitation's length, the time from pasting the answer to Connected and each side's
// main-thread tasks over 50 ms (also written to tests/e2e/output/online-figures.json).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { button, discs, openSite, OUTPUT, reload, screenshot, waitForStatus } from './helpers.mjs';
import {
  HOSTILE_TEXTS,
  injections,
  longTasks,
  markDocument,
  NOTHING_INJECTED,
  pageTime,
  policyViolations,
  recordLongTasks,
  recordRequests,
  watchInjection,
  watchPolicyViolations,
} from './guards.mjs';
import { peerMessage } from './postcard.mjs';

// The legal game of play.test.mjs: after c1 (move 8) Black has no move and must pass; the board fills up.
const FULL_GAME = (
  'd3 c3 e6 d2 d1 e1 b2 c1 a3 a1 b4 b3 d6 b5 f4 e3 f3 e2 a5 g5 b6 b7 f5 f6 c7 g3 h3 c2 e7 c5 h5 d7 g6 e8 f2 h7 ' +
  'g4 g2 f7 h6 g7 f8 a4 c4 h8 a7 g1 f1 a2 h4 c6 b1 c8 h1 b8 g8 d8 a6 h2 a8'
).split(' ');

/** A screenshot at the page's own width and one at the other (desktop 1280 or phone 360), with `focus` in view. */
async function shotBothWidths(page, name, focus) {
  const own = page.viewportSize();
  for (const width of [own.width, own.width > 600 ? 360 : 1280]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    if (focus) await focus.scrollIntoViewIfNeeded();
    // Chromium paints the new layout a moment after the resize: a shot taken at once showed the phone layout with
    // its Rematch and Hints buttons not yet drawn. Real time (the test's page clock may be a fake one).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await screenshot(page, `${name}-${width > 600 ? 'desktop' : 'phone'}`);
  }
  await page.setViewportSize(own);
}

/**
 * Both sides' long tasks, phase by phase: `end(phase)` adds those since `start()` to the phase's list. The
 * screenshots fall between phases: resizing the page for them is the test's work, not the app's.
 */
function longTaskLog(host, guest) {
  const phases = {};
  let since = null;
  return {
    phases,
    async start() {
      since = { host: await pageTime(host), guest: await pageTime(guest) };
    },
    async end(phase) {
      const found = { host: await longTasks(host, since.host), guest: await longTasks(guest, since.guest) };
      phases[phase] ??= { host: [], guest: [] };
      phases[phase].host.push(...found.host);
      phases[phase].guest.push(...found.guest);
      await this.start();
    },
  };
}

const codeBox = (page) => page.getByRole('textbox', { name: /code/i });
const connected = (page) => page.locator('[data-connection="connected"]').first().waitFor({ timeout: 20_000 });

/** Host and guest connect through the dialog; returns the milliseconds from pasting the answer to Connected. */
async function connect(host, guest, { colour, clock, shots, log } = {}) {
  await host.getByRole('button', { name: /online/i }).first().click();
  if (colour) await host.locator('.online-colour select').selectOption(colour);
  if (clock) await host.locator('.online-clock select').selectOption(clock);
  await button(host, 'Create invitation').or(button(host, 'New invitation')).click();
  const invitation = host.locator('[data-invitation]');
  await invitation.waitFor({ timeout: 15_000 });
  const link = (await invitation.textContent()).trim();
  await host.getByRole('img', { name: 'QR code of the invitation' }).locator('path').waitFor();
  await log?.end('invitation and answer');
  if (shots) await shotBothWidths(host, `${shots}-1-invitation`, invitation);
  await log?.start();
  if (!(await codeBox(guest).isVisible())) await guest.getByRole('button', { name: /online|reconnect/i }).first().click();
  await codeBox(guest).fill(link);
  await button(guest, 'Connect').click();
  const answer = guest.locator('[data-answer]');
  await answer.waitFor({ timeout: 15_000 });
  await guest.getByRole('img', { name: 'QR code of the answer' }).locator('path').waitFor();
  await log?.end('invitation and answer');
  if (shots) await shotBothWidths(guest, `${shots}-2-answer`, answer);
  await log?.start();
  const answerCode = (await answer.textContent()).trim();
  await codeBox(host).fill(answerCode);
  const pasted = Date.now();
  await button(host, 'Connect').click();
  await Promise.all([connected(host), connected(guest)]);
  const elapsed = Date.now() - pasted;
  await log?.end('connecting');
  return { link, answer: answerCode, elapsed };
}

const checkNumber = async (page) => (await page.locator('.online-panel').textContent()).match(/check number (\d{4})/)?.[1];

async function sameBoard(a, b) {
  await a.waitForFunction(() => true);
  for (let i = 0; i < 50; i += 1) {
    if (JSON.stringify(await discs(a)) === JSON.stringify(await discs(b))) return;
    await a.waitForTimeout(100);
  }
  assert.deepEqual(await discs(a), await discs(b), 'both boards agree');
}

/** Plays `square` on whichever page plays the side to move, and waits for the other page to show it. */
async function play(pages, square) {
  const status = await pages.host.getByTestId('status').textContent();
  const mover = status.match(/(Black|White) to move/)?.[1] === pages.hostColour ? pages.host : pages.guest;
  const other = mover === pages.host ? pages.guest : pages.host;
  await mover.locator(`[data-square="${square}"]`).click();
  await other.waitForFunction((s) => document.querySelector(`[data-square="${s}"] .disc`) !== null, square);
}

test('two browsers connect with STUN off and play games to their end', async (t) => {
  // Both pages run under the content security policy: WebRTC, the QR code's SVG and the dialog raise no violation.
  const init = [watchPolicyViolations, recordLongTasks];
  const host = await openSite(t, { path: '?stun=none&relay=none', init });
  const guest = await openSite(t, { path: '?stun=none&relay=none', device: 'phone', init });
  const log = longTaskLog(host.page, guest.page);
  await host.page.waitForTimeout(1000); // the start-up work is done by then (play.test.mjs has its figures)
  await log.start();
  const { link, answer, elapsed } = await connect(host.page, guest.page, { colour: 'black', shots: 'online', log });
  const figures = {
    invitationLinkChars: link.length,
    invitationCodeChars: link.split(/[#&]join=/)[1].length,
    answerChars: answer.length,
    answerPastedToConnectedMs: elapsed,
  };
  assert.equal(await checkNumber(host.page), await checkNumber(guest.page), 'the same check number on both sides');
  await shotBothWidths(host.page, 'online-3-connected-host');
  await shotBothWidths(guest.page, 'online-3-connected-guest');
  await log.start();
  const pages = { host: host.page, guest: guest.page, hostColour: 'Black' };

  // The guest may not move for Black.
  await guest.page.locator('[data-square="d3"]').click();
  assert.equal((await discs(guest.page)).d3, null, 'not the guest’s turn');
  for (const square of FULL_GAME.slice(0, 4)) await play(pages, square);

  // A declined draw: Black offers, White declines.
  await button(host.page, 'Offer draw').click();
  await button(guest.page, 'Decline draw').click();
  await waitForStatus(host.page, /^Black to move/);
  // A take-back: Black plays, asks to take it back, White agrees.
  await play(pages, FULL_GAME[4]);
  await button(host.page, 'Ask to take back').click();
  await button(guest.page, 'Accept take-back').click();
  await host.page.waitForFunction((s) => document.querySelector(`[data-square="${s}"] .disc`) === null, FULL_GAME[4]);
  await sameBoard(host.page, guest.page);
  await waitForStatus(guest.page, /^Black to move/);
  for (const square of FULL_GAME.slice(4, 12)) await play(pages, square);
  assert.match(await host.page.locator('.move-list').textContent(), /pass/i, 'the forced pass is in the move list');

  // The guest reloads: the game is kept; the host reconnects with a fresh invitation and play goes on.
  assert.deepEqual(await policyViolations(guest.page), [], 'none before the reload either');
  await log.end('playing');
  await reload(guest.page);
  await host.page.locator('[data-connection="lost"]').first().waitFor({ timeout: 20_000 });
  await sameBoard(host.page, guest.page);
  await guest.page.waitForTimeout(1000); // the reloaded page's start-up work
  await log.start();
  figures.reconnectAnswerPastedToConnectedMs = (await connect(host.page, guest.page, { log })).elapsed;
  await sameBoard(host.page, guest.page);
  for (const square of FULL_GAME.slice(12)) await play(pages, square);
  await waitForStatus(host.page, /^Game over: Black wins 40–24/);
  await waitForStatus(guest.page, /^Game over: Black wins 40–24/);

  // A rematch swaps colours; White (now the host) accepts the guest's draw offer.
  await button(host.page, 'Rematch').click();
  await button(guest.page, 'Accept rematch').click();
  await host.page.locator('.online-you', { hasText: 'you play White' }).waitFor();
  pages.hostColour = 'White';
  for (const square of FULL_GAME.slice(0, 2)) await play(pages, square);
  await button(guest.page, 'Offer draw').click();
  await button(host.page, 'Accept draw').click();
  await waitForStatus(guest.page, /^Game over: .*draw/i);
  // Another rematch, ended by the host's resignation.
  await button(guest.page, 'Rematch').click();
  await button(host.page, 'Accept rematch').click();
  await host.page.locator('.online-you', { hasText: 'you play Black' }).waitFor();
  await button(host.page, 'Resign').click();
  await button(host.page.getByRole('dialog', { name: 'Resign this game?' }), 'Resign').click();
  await waitForStatus(guest.page, /^Game over: White wins/);
  await log.end('playing');
  figures.longTasksMs = log.phases;
  // Long tasks stretch when other work shares the processor: the figures come with the machine's load.
  figures.loadAverage = Number(loadavg()[0].toFixed(1));
  console.log(`online figures: ${JSON.stringify(figures)}`);
  await mkdir(OUTPUT, { recursive: true });
  await writeFile(join(OUTPUT, 'online-figures.json'), JSON.stringify(figures, null, 2));
  assert.ok(figures.invitationCodeChars <= 250, `an invitation of ${figures.invitationCodeChars} characters`);
  await screenshot(guest.page, 'online-4-resigned-guest-phone');
  assert.deepEqual(await policyViolations(host.page), []);
  assert.deepEqual(await policyViolations(guest.page), []);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

test('with a one-minute clock both sides see it run and the side that runs out loses on time', async (t) => {
  const host = await openSite(t, { path: '?stun=none&relay=none' });
  const guest = await openSite(t, { path: '?stun=none&relay=none', device: 'phone' });
  // Playwright's clock drives both pages' timers and performance.now(), so a minute passes at once.
  for (const { page } of [host, guest]) {
    await page.clock.install();
    await reload(page);
  }
  await connect(host.page, guest.page, { colour: 'black', clock: '1' });
  const clock = (page, colour) => page.locator(`.score-card.${colour} .clock`);
  await play({ host: host.page, guest: guest.page, hostColour: 'Black' }, 'f5');
  for (const page of [host.page, guest.page]) {
    await clock(page, 'white').and(page.locator('.running')).waitFor();
    assert.match(await clock(page, 'black').textContent(), /^0:5\d$|^1:00$/, 'Black used seconds at most');
  }
  // White thinks 52 s on both clocks: under 10 s its clock turns to the warning style and the guest hears it.
  for (const page of [host.page, guest.page]) await page.clock.fastForward(52_000);
  for (const page of [host.page, guest.page]) {
    await clock(page, 'white').and(page.locator('.low')).waitFor();
    assert.match(await clock(page, 'white').textContent(), /^0:0\d$/);
  }
  await guest.page.getByTestId('announcer').filter({ hasText: 'You have 10 seconds left on the clock.' }).waitFor();
  await shotBothWidths(guest.page, 'online-8-clock-low-guest', guest.page.locator('.score-cards'));
  // White's own count runs out first: it ends the game and tells the host, who agrees.
  await guest.page.clock.fastForward(9_000);
  for (const page of [host.page, guest.page]) {
    await waitForStatus(page, /^Game over: Black wins on time 64–0/);
    await page.getByRole('heading', { name: 'Black wins on time' }).waitFor();
    await page.locator('.move-list .result', { hasText: 'Black wins on time 64–0' }).waitFor();
  }
  await shotBothWidths(host.page, 'online-9-lost-on-time-host');
  await reload(guest.page);
  await waitForStatus(guest.page, /^Game over: Black wins on time 64–0/);
  assert.equal(await clock(guest.page, 'white').textContent(), '0:00', 'the clocks are saved with the game');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

test('a hostile peer’s illegal moves, wrong plies, junk, markup and a 1 MB message change nothing', async (t) => {
  // The guest's page keeps its data channel where the test can reach it and send anything.
  const grab = () => {
    const create = RTCPeerConnection.prototype.createDataChannel;
    RTCPeerConnection.prototype.createDataChannel = function (...args) {
      window.hostileChannel = create.apply(this, args);
      return window.hostileChannel;
    };
  };
  const host = await openSite(t, { path: '?stun=none&relay=none', init: watchInjection });
  const guest = await openSite(t, { path: '?stun=none&relay=none', init: grab });
  const requests = recordRequests(host.context);
  await connect(host.page, guest.page, { colour: 'white' });
  await markDocument(host.page);
  await play({ host: host.page, guest: guest.page, hostColour: 'White' }, 'f5');
  const before = await discs(host.page);
  const hostile = [
    { type: 'move', ply: 1, square: 0 },
    { type: 'move', ply: 0, square: 43 },
    { type: 'move', ply: 7, square: 43 },
    { type: 'move', ply: 1, square: 5000 },
    { type: 'undo_accept' },
    { type: 'draw_accept' },
    { type: 'rematch_accept', game_id: 1 },
  ].map(peerMessage);
  // 256 KiB is the largest message the data channel carries (the max-message-size both sides declare); a 1 MB
  // one is refused by the sending browser before it reaches the wire.
  hostile.push('{"type":"teleport"}', 'not json at all', '{"type":"move","ply":"x"}', 'x'.repeat(256 * 1024));
  // Outside text as the whole message and in each kind of field: a type, a square, a hello's moves.
  const variant = { size: 8, opening: 'Standard', first: 'Black' };
  const hellos = HOSTILE_TEXTS.map((text) =>
    peerMessage({ type: 'hello', app: '0', host: false, game_id: 1, variant, plays: 'Black', moves: text }),
  );
  for (const text of HOSTILE_TEXTS) {
    hostile.push(text, JSON.stringify({ type: text }), JSON.stringify({ type: 'move', ply: 1, square: text }));
  }
  hostile.push(...hellos);
  const megabyte = await guest.page.evaluate((n) => {
    try {
      window.hostileChannel.send('x'.repeat(n));
      return 'sent';
    } catch (error) {
      return error.message;
    }
  }, 1 << 20);
  assert.match(megabyte, /max-message-size/);
  const refusals = [];
  for (const text of hostile) {
    await guest.page.evaluate((message) => window.hostileChannel.send(message), text);
    const notice = host.page.locator('.notice.error', { hasText: 'Refused from the other player' });
    refusals.push(await notice.textContent());
    await host.page.locator('.notice .icon-button').click();
  }
  // The hellos within the size limit (4096 bytes) got as far as reading their moves: the rest was understood.
  const readable = hellos.filter((hello) => hello.length <= 4096).length;
  assert.equal(refusals.filter((r) => r.includes('their game does not read')).length, readable);
  assert.deepEqual(await discs(host.page), before, 'the board never changed');
  assert.deepEqual(await injections(host.page, requests), NOTHING_INJECTED, 'no message became markup, script or URL');
  await waitForStatus(host.page, /^White to move/);
  await screenshot(host.page, 'online-5-hostile-refused');
  // The real guest still plays on.
  await play({ host: host.page, guest: guest.page, hostColour: 'White' }, 'd6');
  assert.deepEqual(host.errors, []);
});

test('a game sent by link opens on the other side, and a broken link opens its valid part', async (t) => {
  const { page, url, errors } = await openSite(t);
  await page.locator('[data-square="f5"]').click();
  await waitForStatus(page, /^Black to move/);
  await button(page, 'Play a friend online').click();
  const link = (await page.locator('[data-game-link]').textContent()).trim();
  assert.match(link, /#game=1E/);
  const friend = await openSite(t, { path: `#game=${link.split('#game=')[1]}` });
  await waitForStatus(friend.page, /to move/);
  const moves = await friend.page.locator('.move-list .move:not(.undone)').count();
  assert.ok(moves >= 2, 'the linked moves are on the board');
  assert.equal(await friend.page.evaluate(() => location.hash), '', 'the fragment is cleared so a reload keeps the game');
  const broken = await openSite(t, { path: '#game=1Elr!l' });
  await broken.page.locator('.notice.error', { hasText: 'broken' }).waitFor();
  assert.equal((await discs(broken.page)).f5, 'black', 'the valid part (f5 d6) is shown');
  await screenshot(broken.page, 'online-6-broken-link');
  assert.deepEqual(errors, []);
  assert.ok(url);
});

test('any game is shared for viewing from the move list', async (t) => {
  const { page, context, url, errors } = await openSite(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const share = button(page.locator('.moves'), 'Share game link');
  assert.equal(await share.isDisabled(), true, 'nothing to share before a move');
  await page.selectOption('#player-white', 'human');
  for (const square of ['f5', 'f6', 'e6']) {
    await page.locator(`[data-square="${square}"]`).click();
    await page.locator(`[data-square="${square}"] .disc`).waitFor();
  }
  await share.click();
  // Chromium on Linux has no share sheet: the link goes to the clipboard, and the page says so.
  await page.locator('.notice', { hasText: 'Game link copied.' }).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#game=1E/);
  await screenshot(page, 'online-7-share-link');
  const viewer = await openSite(t, { path: `#game=${link.split('#game=')[1]}` });
  await waitForStatus(viewer.page, /^White to move/);
  assert.deepEqual(await discs(viewer.page), await discs(page), 'the viewer sees the same board');
  assert.deepEqual(errors, []);
  assert.deepEqual(viewer.errors, []);
});
