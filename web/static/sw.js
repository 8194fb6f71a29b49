'use strict';
// The service worker of the served checker (web/static/offline.js registers
// it; web/build writes it as sw.js at the root of the pages, scope that
// root). It keeps one build of every page of every language, and the landing
// page, on the device, so that they open with no network:
//
// - install fetches each page afresh (not from the HTTP cache), checks it
//   against the SHA-256 the build wrote below, and only when every page is
//   right stores them all in a new cache named by the build; a page of
//   another build fails the install, and the worker before stays;
// - activate deletes the caches of every other build: a cache holds one build;
// - fetch answers the pages' own URLs from that cache. Every other request,
//   the shoe page's /api/shoe/… above all, is left to the network untouched
//   and nothing of it is stored.
//
// Only a URL's path is read: its fragment, which may carry a match, is
// neither read nor kept, and nothing a player types reaches the worker.

// Each page by its URL relative to the scope, with the SHA-256 of its bytes.
const pages = new Map(Object.entries(@PAGES@));
const cachePrefix = `pfcheck ${registration.scope} `;
const cacheName = `${cachePrefix}@BUILD@`;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

// The stored page's key for a request: the page's URL in its directory form
// ("de/check/" for "de/check/index.html" too), or undefined for anything that
// is not a GET of a page's own URL with no query.
function pageKey(request) {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  const scope = new URL(registration.scope);
  if (url.origin !== scope.origin || url.search !== '' || !url.pathname.startsWith(scope.pathname)) return undefined;
  const path = url.pathname.slice(scope.pathname.length).replace(/(^|\/)index\.html$/, '$1');
  return pages.has(path) ? new URL(path, scope).href : undefined;
}

// Fetches every page, checks each, and stores them all, or none.
async function storeBuild() {
  const checked = await Promise.all(Array.from(pages, async ([path, sha256]) => {
    const url = new URL(path, registration.scope).href;
    const response = await fetch(url, { cache: 'reload' });
    const body = await response.arrayBuffer();
    if (!response.ok || hex(await crypto.subtle.digest('SHA-256', body)) !== sha256) {
      throw new Error(`${url} is not the page of this build`);
    }
    // A new response with the same headers (the page's policy among them),
    // never marked as redirected, which a navigation would refuse.
    return /** @type {[string, Response]} */ ([url, new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })]);
  }));
  const cache = await caches.open(cacheName);
  try {
    await Promise.all(checked.map(([url, response]) => cache.put(url, response)));
  } catch (err) {
    await caches.delete(cacheName); // e.g. the device is out of space: no part of a build stays
    throw err;
  }
}

addEventListener('install', (event) => {
  // Takes over as soon as the build is stored: each page is one file, so a
  // page still open from the build before keeps running as it is.
  event.waitUntil(storeBuild().then(() => skipWaiting()));
});

addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(cachePrefix) && name !== cacheName).map((name) => caches.delete(name)))));
});

addEventListener('fetch', (event) => {
  const key = pageKey(event.request);
  if (key === undefined) return;
  // The network only if the browser has evicted the cache; what it answers
  // is not stored.
  event.respondWith(caches.match(key, { cacheName }).then((stored) => stored ?? fetch(event.request)));
});
