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
// A return parses no verifier text (issue 38): beside each page it keeps,
// the worker keeps the page's verifier, decoded from the page (no byte
// more on the wire), under a URL of its SHA-256 (which the page's
// languages share), and the page without the verifier's text, which it
// opens instead. That page's loader reads the verifier from the worker's
// cache (loader.js: fromWorker), with no request, and hashes it before it
// runs, as the whole page does. What a page saves, and
// what a check of the site reads, are the pages as kept.
//
// Only a URL's path is read: its query and its fragment, which may carry a
// match, are neither read nor kept, and nothing a player types reaches the
// worker. A page whose new build cannot be kept says so itself (offline.js).
//
// The kept pages hold the line (issue 39): before it keeps anything, install
// fetches the build's integrity manifest and its signatures (integrity.json,
// integrity.sig.json; past every cache) and checks each signature with
// WebCrypto's Ed25519. The first build kept pins its signers; a later build
// replaces the kept pages only when every pinned signer signed its manifest,
// which must name this worker's files. There is no rule for rotating
// signers yet: a pinned key that signs no more holds the pages at the last
// build it signed, until the player clears the site's data. A first keep of
// an unsigned build pins no one, so a later build is kept as before issue 39
// (the foot says it is signed by no one); the first signed build kept after
// it pins its signers. An engine without Ed25519 pins the keys the build
// names and keeps no later build it cannot check. The builds kept, their
// signers and dates, the pins and why a new build was refused are in
// IndexedDB (database pfcheck-verifier), which the pages read through the
// worker (a message 'history'). This holds against a build made from this
// worker; a sw.js that does not check is the limit of what a page can do:
// the browser installs whatever worker the server sends, and only a third
// party's check of the live site (web/node/verify-site.mjs) sees that.

// Every file the worker may keep, by its URL relative to the scope (a page
// in its directory form, "de/check/"), with the SHA-256 of its bytes and
// its media type (a page's bytes served as text/plain would open as text).
/** @type {Map<string, {sha256: string, type: string}>} */
const files = new Map(Object.entries(@FILES@));
// Each page with the files it needs besides itself.
const pages = new Map(Object.entries(@PAGES@));
// The SHA-256 of each page's verifier, by the page's name.
const verifiers = new Map(Object.entries(@VERIFIERS@));
const cachePrefix = `pfcheck ${registration.scope} `;
const keptPrefix = `${cachePrefix}kept `;
const build = /** @type {string} */ (@BUILD@);
const cacheName = `${keptPrefix}${build}`;
const version = /** @type {string} */ (@VERSION@);

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
  if (response.status !== 200 || type !== want.type || await sha256Hex(body) !== want.sha256) return undefined;
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
  // A page whose verifier cannot be kept apart opens whole.
  await Promise.all([...kept].map(([page]) => keepLight(cache, page).catch(() => {})));
}

// ---- A page without its verifier's text (issue 38) ----

@DECODE_BLOB@

// Where the worker keeps a page's verifier (by its SHA-256, which each
// language of the page shares), and the page without it.
const nameOf = (page) => page.split('/')[1];
const verifierURL = (page) => absolute(`wasm/${verifiers.get(nameOf(page))}.wasm`);
const lightURL = (page) => absolute(`light/${page}`);

// Keeps, beside a kept page, its verifier, decoded from the page, and the
// page without the verifier's elements, which names where it is kept
// (data-kept-verifier); unless both are kept already. The page reads it
// from the cache with no request, under its policy as built (a fetch the
// worker answered would need connect-src, which Firefox checks against the
// worker's own URL for a Response the worker made). A page whose verifier
// is not what the build wrote is kept whole only, and opens whole.
async function keepLight(cache, page) {
  const url = verifierURL(page);
  if (await cache.match(lightURL(page)) && await cache.match(url)) return;
  const stored = await cache.match(absolute(page));
  const html = await stored.text();
  const found = verifierElements(html);
  const bytes = found ? decodeTexts(found.texts, found.shift) : undefined;
  const head = found ? html.slice(0, found.start) : '';
  if (!found || !head.includes('<html ') ||
    await sha256Hex(bytes) !== verifiers.get(nameOf(page))) return;
  const light = head.replace('<html ', `<html data-kept-verifier="${url}" `) + html.slice(found.end);
  const headers = new Headers(stored.headers);
  headers.delete('Content-Length');
  await cache.put(url, new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } }));
  await cache.put(lightURL(page), new Response(light, { status: stored.status, statusText: stored.statusText, headers }));
}

// A kept file: a page opened (a navigation) without its verifier's text
// where the verifier is kept beside it, and the build's manifest, which the
// page saves with its whole form (common.js: keptWithIntegrity); else as it
// is; undefined where it is not kept.
async function keptFile(path, request) {
  const match = (url) => caches.match(url, { cacheName });
  if (request.mode === 'navigate' && pages.has(path)) {
    const [light, verifier, manifest] = await Promise.all([lightURL(path), verifierURL(path), manifestURL].map(match));
    if (light && verifier && manifest) return light;
  }
  return match(absolute(path));
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

// ---- The line the kept pages hold (issue 39) ----

const manifestURL = absolute('integrity.json');
const signaturesURL = absolute('integrity.sig.json');

// The request's result, once it has one.
const settled = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

// The verifier's history: store builds (each build kept, by its id: its
// version, the SHA-256 of its manifest, its signers' fingerprints, since and
// until when it was kept) and store line (by name: pins, the signers' raw
// public keys in base64; refused, why the last new build was not kept).
async function historyDB() {
  const opening = indexedDB.open('pfcheck-verifier', 1);
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore('builds', { keyPath: 'build' });
    opening.result.createObjectStore('line');
  };
  return settled(opening);
}

// Runs act({builds, line}) in one transaction and resolves to what it
// returns once the transaction is done.
async function inHistory(mode, act) {
  const db = await historyDB();
  try {
    const tx = db.transaction(['builds', 'line'], mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    const result = await act({ builds: tx.objectStore('builds'), line: tx.objectStore('line') });
    await done;
    return result;
  } finally {
    db.close();
  }
}

const bytesOf = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

// How a page names a signer (as make sign prints it): the first 16 hex
// digits of the SHA-256 of its raw public key.
async function fingerprint(publicKey) {
  return (await sha256Hex(bytesOf(publicKey))).slice(0, 16);
}

// The server's manifest and signatures of this build, fetched past every
// cache (an old copy would vouch for another build): {manifest, signatures}
// as bytes (signatures undefined where the build has none), the manifest's
// sha256, and {signers, checked}: the public keys whose Ed25519 signature of the
// manifest is good; checked is false where the engine has no Ed25519, and
// signers then the keys the build names. A manifest missing, or naming
// other files than this worker's, vouches for nothing.
async function vouched() {
  const get = async (url) => {
    const response = await fetch(url, { cache: 'no-store' }).catch(() => undefined);
    return response?.status === 200 ? new Uint8Array(await response.arrayBuffer()) : undefined;
  };
  const none = { manifest: undefined, sha256: '', signatures: undefined, signers: [], checked: true };
  const manifest = await get(manifestURL);
  if (!manifest || !namesThisBuild(manifest)) return none;
  const sha256 = await sha256Hex(manifest);
  const signatures = await get(signaturesURL);
  // Each signature of this manifest whose key and signature are base64.
  let listed = [];
  try {
    const s = JSON.parse(new TextDecoder().decode(signatures));
    if (s.manifest === sha256) {
      listed = s.signatures.filter((g) => {
        try {
          return bytesOf(g.publicKey).length > 0 && bytesOf(g.signature).length > 0;
        } catch {
          return false;
        }
      });
    }
  } catch {
    // no signatures, or not a list of them: signed by no one
  }
  const signers = [];
  for (const { publicKey, signature } of listed) {
    let key;
    try {
      key = await crypto.subtle.importKey('raw', bytesOf(publicKey), { name: 'Ed25519' }, false, ['verify']);
    } catch (err) {
      if (err.name === 'NotSupportedError') return { manifest, sha256, signatures, signers: listed.map((g) => g.publicKey), checked: false };
      continue; // not an Ed25519 key
    }
    const good = await crypto.subtle.verify({ name: 'Ed25519' }, key, bytesOf(signature), manifest).catch(() => false);
    if (good && !signers.includes(publicKey)) signers.push(publicKey);
  }
  return { manifest, sha256, signatures, signers, checked: true };
}

// Whether the manifest names for each file of this worker the SHA-256 it
// keeps it by.
function namesThisBuild(manifest) {
  try {
    const named = JSON.parse(new TextDecoder().decode(manifest)).files;
    return [...files].every(([path, { sha256 }]) => Object.hasOwn(named, path) && named[path] === sha256);
  } catch {
    return false;
  }
}

// Why this build may not replace the kept pages (pins: undefined before the
// first keep, [] for a build kept unsigned), or undefined: 'files' when the
// server has no manifest of it (a deploy not done: its sw.js before its
// integrity.json), 'signers' when a pinned signer did not sign it,
// 'uncheckable' when this engine cannot check the signatures.
function refusal(pins, vouch) {
  if (!pins?.length) return undefined;
  if (!vouch.manifest) return 'files';
  if (!vouch.checked && vouch.signers.length > 0) return 'uncheckable';
  return pins.every((key) => vouch.signers.includes(key)) ? undefined : 'signers';
}

// Checks the new build against the pins, keeps its pages (keepAgain), its
// manifest and signatures (the pages save them with themselves), and
// writes it into the history; a build refused is noted with its reason
// ('signers', 'uncheckable', or 'files' when a file is not right).
async function install() {
  const vouch = await vouched();
  const pins = await inHistory('readonly', ({ line: held }) => settled(held.get('pins')));
  const refused = refusal(pins, vouch);
  const note = (reason) => inHistory('readwrite', ({ line: held }) => settled(held.put({ reason, version, at: new Date().toISOString() }, 'refused')));
  if (refused) {
    await note(refused);
    throw new Error(`this build is not signed by the signers the kept pages are pinned to (${refused})`);
  }
  try {
    await keepAgain();
  } catch (err) {
    await note('files');
    throw err;
  }
  const cache = await caches.open(cacheName);
  const json = { headers: { 'Content-Type': 'application/json' } };
  if (vouch.manifest) await cache.put(manifestURL, new Response(vouch.manifest, json));
  if (vouch.signatures) await cache.put(signaturesURL, new Response(vouch.signatures, json));
  const signers = await Promise.all(vouch.signers.map(fingerprint));
  const now = new Date().toISOString();
  await inHistory('readwrite', async ({ builds, line: held }) => {
    for (const earlier of await settled(builds.getAll())) {
      if (!earlier.until && earlier.build !== build) await settled(builds.put({ ...earlier, until: now }));
    }
    await settled(builds.put({ build, version, manifest: vouch.sha256, signers, checked: vouch.checked, since: now, until: '' }));
    if (!pins?.length) await settled(held.put(vouch.signers, 'pins'));
    await settled(held.delete('refused'));
  });
}

// What the foot shows: the builds kept here, oldest first, and why the
// last new build was refused, if it was.
async function keptHistory() {
  return inHistory('readonly', async ({ builds, line: held }) => ({
    builds: (await settled(builds.getAll())).sort((a, b) => a.since.localeCompare(b.since)),
    refused: await settled(held.get('refused')),
  }));
}

addEventListener('install', (event) => {
  // Takes over as soon as the kept pages are stored: each page is one
  // file, so a page still open from the build before keeps running as it is.
  event.waitUntil(install().then(() => skipWaiting()));
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
  if (event.data === 'history') event.waitUntil(keptHistory().then((h) => event.source.postMessage({ history: h })).catch(() => {}));
});

addEventListener('fetch', (event) => {
  const path = event.request.method === 'GET' ? fileOf(event.request.url) : undefined;
  if (path === undefined) return;
  // The network for a file not kept, or if the browser has evicted the
  // cache; what it answers is not stored here.
  event.respondWith(keptFile(path, event.request).then((stored) => stored ?? fetch(event.request)));
});
