'use strict';
// The service worker of the served checker (web/static/offline.js registers
// it; web/build writes it as sw.js at the root of the pages, scope that
// root). It keeps on the device the pages a player has opened, each with
// what it needs (its language's manifest, the icons, the landing page that
// a link may open first), so that they open with no network; a page never
// opened is not kept, so a visit costs about its own page (issue 26):
//
// - install keeps again the pages the build before kept, and the pages
//   open now (the one that registered the worker, at a first visit): a
//   file whose stored bytes are this build's is copied, any other is
//   fetched from the page's own origin and checked against the SHA-256 the
//   build wrote below; only when every one is right are they stored, in a
//   new cache named by the build. A half-deployed build (a page missing,
//   of another build) fails the install, and the worker before stays with
//   its pages;
// - a page opened later asks to be kept (a message): the worker fetches it
//   the same way (the browser's HTTP cache, which holds it, answers after
//   a 304) and stores it with what it needs, or nothing if it is not right;
// - activate deletes the caches of every other build (a cache holds one
//   build) and tells the pages open that a newer build is kept;
// - fetch answers the kept files' own URLs from that cache. Every other
//   request, the shoe page's /api/shoe/… above all, is left to the network
//   untouched and nothing of it is stored.
//
// Only a URL's path is read: its query and its fragment, which may carry a
// match, are neither read nor kept, and nothing a player types reaches the
// worker. A page whose new build cannot be kept says so itself (offline.js).

// Every file the worker may keep, by its URL relative to the scope (a page
// in its directory form, "de/check/"), with the SHA-256 of its bytes and
// its media type (a page's bytes served as text/plain would open as text).
/** @type {Map<string, {sha256: string, type: string}>} */
const files = new Map(Object.entries(@FILES@));
// Each page with the files it needs besides itself.
const pages = new Map(Object.entries(@PAGES@));
const cachePrefix = `pfcheck ${registration.scope} `;
const keptPrefix = `${cachePrefix}kept `;
const cacheName = `${keptPrefix}@BUILD@`;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

const absolute = (path) => new URL(path, registration.scope).href;

// The path of a URL relative to the scope, as files names it ("de/check/"
// for "de/check/index.html" too), or undefined for a URL that is not a
// file of the list of the worker's origin. A query is not read: a link
// passed through a chat app comes with one (?fbclid=…), and the server
// answers a file the same with any.
function fileOf(href) {
  const url = new URL(href);
  const scope = new URL(registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const path = url.pathname.slice(scope.pathname.length).replace(/(^|\/)index\.html$/, '$1');
  return files.has(path) ? path : undefined;
}

// A response to store of the file's body, if its status (200), media type
// and SHA-256 are this build's, with the same headers (the page's policy
// among them), never marked as redirected, which a navigation would refuse.
async function checked(path, response) {
  const body = await response.arrayBuffer();
  const want = files.get(path);
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (response.status !== 200 || type !== want.type || hex(await crypto.subtle.digest('SHA-256', body)) !== want.sha256) return undefined;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// A file of this build: from a cache of a build before if it holds this
// build's bytes (a deploy that changed no byte of it costs none), else from
// the network at href, asked whether what the browser holds is current
// (no-cache: a 304 for the page just loaded, at the URL it was loaded
// from), and if that is not right, once more past the browser's cache
// (no-store): a 304 keeps the headers of the copy it holds, which may be of
// a fault the server has mended since (a page served as text). Rejects
// when it is not this build's.
async function fetchChecked(path, href, before) {
  for (const cache of before) {
    const stored = await cache.match(absolute(path));
    const response = stored && await checked(path, stored);
    if (response) return response;
  }
  for (const mode of /** @type {RequestCache[]} */ (['no-cache', 'no-store'])) {
    const response = await checked(path, await fetch(href, { cache: mode }));
    if (response) return response;
  }
  throw new Error(`${href} is not the file of this build`);
}

// Stores the pages (a map of each page's path to the URL to fetch it
// from: where the player opened it), with what they need, that this
// build's cache lacks: all of them, or none when one is missing or not
// right.
async function keep(kept, before = []) {
  const cache = await caches.open(cacheName);
  const wanted = new Map();
  for (const [page, href] of kept) {
    wanted.set(page, href);
    for (const path of pages.get(page)) wanted.set(path, absolute(path));
  }
  const lacking = [];
  for (const [path, href] of wanted) {
    if (!await cache.match(absolute(path))) lacking.push([path, href]);
  }
  const responses = await Promise.all(lacking.map(async ([path, href]) => /** @type {[string, Response]} */ ([absolute(path), await fetchChecked(path, href, before)])));
  await Promise.all(responses.map(([url, response]) => cache.put(url, response)));
}

// The page a client shows, with its URL without the fragment.
function pageOf(client) {
  const path = client ? fileOf(client.url) : undefined;
  return pages.has(path) ? [[path, client.url.split('#')[0]]] : [];
}

// Keeps again what the build before kept, and the pages open now; if any
// is not right, stores nothing. (The caches of workers before issue 26,
// which stored every page, keep nothing but lend their bytes.)
async function keepAgain() {
  const kept = new Map();
  const before = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(cachePrefix) || name === cacheName) continue;
    const cache = await caches.open(name);
    before.push(cache);
    if (name.startsWith(keptPrefix)) {
      for (const request of await cache.keys()) {
        const path = fileOf(request.url);
        if (pages.has(path)) kept.set(path, absolute(path));
      }
    }
  }
  for (const client of await clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    for (const [path, href] of pageOf(client)) kept.set(path, href);
  }
  try {
    await keep(kept, before);
  } catch (err) {
    await caches.delete(cacheName); // no part of a build stays
    throw err;
  }
}

addEventListener('install', (event) => {
  // Takes over as soon as the kept pages are stored: each page is one
  // file, so a page still open from the build before keeps running as it is.
  event.waitUntil(keepAgain().then(() => skipWaiting()));
});

addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const before = (await caches.keys()).filter((name) => name.startsWith(cachePrefix) && name !== cacheName);
    await Promise.all(before.map((name) => caches.delete(name)));
    // Every page open now came from the build before (even one still
    // loading, which a change of controller would reach too early to be
    // heard): each says that a newer one is kept.
    if (before.length > 0) for (const page of await clients.matchAll({ type: 'window' })) page.postMessage('updated');
  })());
});

addEventListener('message', (event) => {
  // A page not of this build is kept by the worker of its build.
  if (event.data === 'keep') event.waitUntil(keep(pageOf(event.source)).catch(() => {}));
});

addEventListener('fetch', (event) => {
  const path = event.request.method === 'GET' ? fileOf(event.request.url) : undefined;
  if (path === undefined) return;
  // The network for a file not kept, or if the browser has evicted the
  // cache; what it answers is not stored here.
  event.respondWith(caches.match(absolute(path), { cacheName }).then((stored) => stored ?? fetch(event.request)));
});
