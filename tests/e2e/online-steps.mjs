// Steps the online tests share: a host's invitation, a guest joining by its link, waiting for Connected, playing a
// game to its end, and counting what a page sends to relays.

import { button, openSite } from './helpers.mjs';

/** Waits for the page's online connection to be made. */
export const connected = (page, timeout = 30_000) =>
  page.locator('[data-connection="connected"]').first().waitFor({ timeout });

/** The host (playing Black) makes an invitation; returns its link. */
export async function invite(host) {
  await host.getByRole('button', { name: /online/i }).first().click();
  await host.locator('.online-colour select').selectOption('black');
  await button(host, 'Create invitation').click();
  const invitation = host.locator('[data-invitation]');
  await invitation.waitFor({ timeout: 15_000 });
  return (await invitation.textContent()).trim();
}

/** Opens the invitation `link` in a new browser with the page query `query`; the guest has not joined yet. */
export async function openInvitation(t, query, link, options = {}) {
  const guest = await openSite(t, { path: query + link.slice(link.indexOf('#')), ...options });
  await guest.page.getByRole('dialog').getByText('You are invited to a game of Reversi').waitFor();
  return guest;
}

/** Counts the messages `page` sends to relays (subscriptions and events). */
export function countRelayMessages(page) {
  const count = { sent: 0 };
  page.on('websocket', (socket) => socket.on('framesent', () => (count.sent += 1)));
  return count;
}

/** Plays to the end: whoever is to move clicks its first legal square, and the other side sees it. */
export async function playToTheEnd(black, white) {
  for (let ply = 0; ply < 70; ply += 1) {
    const status = await black.getByTestId('status').textContent();
    if (/^Game over/.test(status)) return status;
    const mover = /Black to move/.test(status) ? black : white;
    const other = mover === black ? white : black;
    const square = mover.locator('[data-square][aria-label$="legal move"]').first();
    await square.waitFor({ timeout: 10_000 });
    const name = await square.getAttribute('data-square');
    await square.click();
    await other.waitForFunction((s) => document.querySelector(`[data-square="${s}"] .disc`) !== null, name);
  }
  throw new Error('the game did not end in 70 plies');
}
