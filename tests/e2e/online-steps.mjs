// Steps the online tests share: a host's invitation, a guest joining by its link, and waiting for Connected.

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
