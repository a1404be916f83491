// Reversi's service worker: keeps the built site in a cache so that, after one visit, the app loads and plays with
// no network.
//
// Trunk names the wasm, JS and CSS files after a hash of their content, so this file cannot list them. Instead it
// reads the page: on install it fetches index.html and caches every same-origin file the page references, and the
// files the app fetches later (LATER_FILES, also named after their content): the engine's data and the code of the
// parts loaded on first use. The page registers this
// worker only once it has everything it needs (public/start.js), and hashed files come from the browser's HTTP
// cache where the page already downloaded them, so a first visit downloads nothing twice. Then
//   - the page itself: network first, so a new deploy is picked up when online; the cached copy when offline;
//   - hashed files: cache first (a hashed name never changes content), the network on a miss;
//   - other files (manifest, icons): the cached copy at once, refreshed from the network for next time.
// Each fresh copy of the page caches what it references and drops hashed files that it no longer references.
// Every URL is resolved against this file's location, so the site works under a GitHub Pages sub-path.

// A fingerprint of the built site, written by scripts/stamp-sw.mjs after each build: a new deploy changes this file,
// which is what makes the browser install the new worker (the page then offers to reload: public/start.js).
const BUILD = 'unstamped';
// The engine's data files (data/…) and the modules of the parts loaded on first use (lazy/…), written by
// scripts/stamp-sw.mjs too.
const LATER_FILES = [];
// Online play's module (lazy/…): online play needs the network anyway, so it is cached when first fetched, not
// precached, and kept while the site lists it. Written by scripts/stamp-sw.mjs too.
const ON_DEMAND_FILES = [];
const CACHE = 'reversi-v1';
const SCOPE = new URL('./', self.location).href;
const FIXED_FILES = ['manifest.webmanifest', 'icons/icon.svg', 'icons/icon-192.png', 'icons/icon-512.png'].map(
  (path) => new URL(path, SCOPE).href,
);
// Trunk's content hash, up to 16 hex digits: "reversi-0123456789abcdef_bg.wasm", "main-89abcdef0123.css".
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const page = await fetch(SCOPE, { cache: 'no-cache' });
      if (!page.ok) throw new Error(`sw: ${SCOPE} answered HTTP ${page.status}`);
      await cacheSite(page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('reversi-') && name !== CACHE) await caches.delete(name);
      }
      // Control the page that registered this worker, so it works offline without a second visit.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(fromNetworkFirst(event));
  else if (HASHED.test(new URL(request.url).pathname)) event.respondWith(fromCacheFirst(request));
  else event.respondWith(fromCacheThenRefresh(event));
});

async function fromNetworkFirst(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (response.ok && isThePage(event.request.url)) event.waitUntil(cacheSite(response.clone()));
    return response;
  } catch (offline) {
    return (await cache.match(SCOPE)) ?? Response.error();
  }
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fromCacheThenRefresh(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  const refreshed = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (!cached) return refreshed;
  event.waitUntil(refreshed.catch(() => undefined));
  return cached;
}

function isThePage(url) {
  const { origin, pathname } = new URL(url);
  return origin + pathname === SCOPE || origin + pathname === SCOPE + 'index.html';
}

/** Caches `page` (index.html), every file it references and the files fetched later, and drops hashed files that none
 * of these (nor the modules fetched on demand) lists any more. */
async function cacheSite(page) {
  const cache = await caches.open(CACHE);
  const html = await page.clone().text();
  const referenced = referencedFiles(html);
  for (const path of LATER_FILES) referenced.add(new URL(path, SCOPE).href);
  await Promise.all(
    [...referenced].map(async (url) => {
      const hashed = HASHED.test(new URL(url).pathname);
      if (hashed && (await cache.match(url))) return;
      // A hashed name never changes content: the copy the page just downloaded is the one to keep.
      const response = await fetch(url, { cache: hashed ? 'force-cache' : 'no-cache' });
      if (!response.ok) throw new Error(`sw: ${url} answered HTTP ${response.status}`);
      await cache.put(url, response);
    }),
  );
  await Promise.all(
    FIXED_FILES.filter((url) => !referenced.has(url)).map(async (url) => {
      const response = await fetch(url, { cache: 'no-cache' }).catch(() => null);
      if (response?.ok) await cache.put(url, response);
    }),
  );
  await cache.put(SCOPE, page);
  const kept = new Set([...referenced, ...ON_DEMAND_FILES.map((path) => new URL(path, SCOPE).href)]);
  for (const request of await cache.keys()) {
    if (HASHED.test(new URL(request.url).pathname) && !kept.has(request.url)) await cache.delete(request);
  }
}

/** Same-origin URLs in the page's attributes and quoted file names in its inline scripts (trunk's loader). */
function referencedFiles(html) {
  const urls = new Set();
  const pattern = /(?:href|src)\s*=\s*["']([^"']+)["']|["']([^"'\s<>]+\.(?:js|wasm|css|webmanifest|png|svg|ico))["']/g;
  for (const match of html.matchAll(pattern)) {
    const url = new URL(match[1] ?? match[2], SCOPE);
    url.hash = '';
    if (url.origin === self.location.origin && url.href !== SCOPE && !url.pathname.endsWith('/')) urls.add(url.href);
  }
  return urls;
}
