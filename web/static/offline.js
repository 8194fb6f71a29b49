'use strict';
// Keeping the checker on a phone: a page served over http(s) registers the
// service worker (sw.js, at the root of the pages) and asks it to keep this
// page, which then opens with no network (only the pages a player opens are
// kept: a visit costs its own page), and links its language's
// web app manifest, so that the browser offers to add it to the home
// screen. A page opened from a file (the saved checker) does neither: it
// asks for nothing and stays as it is.

function keepOffline() {
  if (!location.protocol.startsWith('http') || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  // Pages are <root>/<lang>/<page>/; the manifests <root>/<lang>/. Safari on
  // iOS takes the home screen's icon from apple-touch-icon, not the manifest
  // (and its name from the page's apple-mobile-web-app-title).
  document.head.append(element('link', { rel: 'manifest', href: '../manifest.webmanifest' }),
    element('link', { rel: 'apple-touch-icon', href: '../../icons/apple-touch-icon.png' }));
  // After the page has loaded, so that keeping it does not slow its start.
  // A worker that cannot be registered leaves the page as it is without
  // one: it works, only not offline. The worker keeps the page that
  // installed it by itself; any page opened later asks.
  addEventListener('load', () => workers.register(scriptURL('../../sw.js'), { scope: '../../' })
    .then(() => workers.ready).then(async (registration) => {
      const worker = await newestWorker(registration);
      worker?.postMessage('keep');
      showHistory(await askHistory(worker));
      const reason = hadWorker && navigator.onLine ? await newBuildRefused(registration) : undefined;
      if (!reason) return;
      // A build the pinned signers did not sign is said apart, on its own
      // line; the worker noted why it refused it (sw.js, install).
      const refused = reason === 'msg.offline.stale.files' ? (await askHistory(worker))?.refused?.reason : undefined;
      const since = { date: await keptSince() };
      if (refused === 'signers' || refused === 'uncheckable') {
        document.querySelector('[data-integrity-notice]').textContent = msg(`msg.integrity.${refused}`, since);
        return;
      }
      stale = msg(reason, since);
      say();
    }).catch(() => {}));

  // The worker of a new build takes over this page when it has stored that
  // build; the page keeps running the build it was opened with.
  const hadWorker = workers.controller !== null;
  let updated = false;
  let stale = '';
  const kept = document.querySelector('[data-kept]');
  // The page writes the hash of the verifier it runs once it has unpacked it.
  const verifierHash = document.querySelector('[data-verifier-sha256]');
  const say = () => {
    const sentences = [];
    if (workers.controller && !navigator.onLine) sentences.push(msg('msg.offline', { sha256: verifierHash.textContent }));
    if (updated) sentences.push(msg('msg.offline.updated'));
    else if (stale) sentences.push(stale);
    kept.textContent = sentences.join(' ');
  };
  workers.addEventListener('message', (event) => {
    if (event.data !== 'updated') return;
    updated = true;
    say();
  });
  workers.startMessages();
  addEventListener('online', say);
  addEventListener('offline', say);
  new MutationObserver(say).observe(verifierHash, { childList: true, characterData: true, subtree: true });
  say();
}

// The active worker once no newer one is installing or waiting: the one a
// new build replaces is asked nothing. register() waits for an update under
// way (the browser's own, at the navigation), so it resolves just as the
// new build is installed and Chromium stops the old worker to let it take
// over (skipWaiting); a message then started the old one again, and
// Chromium held the new one waiting until its lame-duck timeout, five
// minutes (web/DEPLOY.md).
async function newestWorker(registration) {
  const next = registration.installing ?? registration.waiting;
  if (next) {
    await new Promise((done) => {
      const settled = () => (next.state === 'activated' || next.state === 'redundant') && done(undefined);
      next.addEventListener('statechange', settled);
      settled();
    });
  }
  return registration.active;
}

// Why the server's new build, if it has one, cannot replace this kept page
// (the key of the sentence that says so), or undefined: a worker that the
// browser cannot fetch (sw.js missing), or one whose install fails (a file
// is not the one it names: another hash, or not the right type). The
// worker before then keeps the old build, which the player would
// otherwise run on every visit with nothing said. Asking costs one request
// for sw.js, which the browser makes at each visit anyway.
async function newBuildRefused(registration) {
  try {
    await registration.update();
  } catch {
    return 'msg.offline.stale.worker';
  }
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return undefined;
  const state = await new Promise((done) => {
    const settled = () => (worker.state === 'activated' || worker.state === 'redundant') && done(worker.state);
    worker.addEventListener('statechange', settled);
    settled();
  });
  return state === 'redundant' ? 'msg.offline.stale.files' : undefined;
}

// The worker's answer to 'history' (sw.js): the builds kept on this device
// and why the last new build was refused, if it was; undefined from a
// worker that does not answer within three seconds (one of a build before
// issue 39).
function askHistory(worker) {
  return new Promise((resolve) => {
    const answer = (history) => {
      navigator.serviceWorker.removeEventListener('message', heard);
      resolve(history);
    };
    const heard = (/** @type {MessageEvent} */ event) => event.data?.history && answer(event.data.history);
    navigator.serviceWorker.addEventListener('message', heard);
    setTimeout(answer, 3000);
    worker?.postMessage('history');
  });
}

// Shows in the foot ([data-verifier-history]) since when the build the
// worker keeps is kept, who signed it (its signers' fingerprints, as make
// sign prints them) and each earlier build this browser ran, with its
// dates (issue 39).
function showHistory(history) {
  const builds = history?.builds ?? [];
  const current = builds.at(-1);
  if (!current) return;
  const date = (iso) => formatDay(new Date(iso));
  const list = new Intl.ListFormat(intlLocale);
  let key = 'msg.history.unsigned';
  if (!current.checked) key = 'msg.history.unchecked';
  else if (current.signers.length > 0) key = 'msg.history.signed';
  const sentences = [msg(key, { date: date(current.since), signers: list.format(current.signers) })];
  const earlier = builds.slice(0, -1).map((b) => msg('msg.history.build', { version: shownValue(b.version).text, since: date(b.since), until: date(b.until) }));
  if (earlier.length > 0) sentences.push(msg('msg.history.earlier', { builds: list.format(earlier) }));
  const line = document.querySelector('[data-verifier-history]');
  line.textContent = sentences.join(' ');
  line.hidden = false;
}

// The date this page's kept copy was fetched (the Date of the response the
// worker stored), in the page's language.
async function keptSince() {
  const stored = await caches.match(location.href.split('#')[0], { ignoreSearch: true });
  const date = new Date(stored?.headers.get('Date') ?? NaN);
  return Number.isNaN(date.getTime()) ? '?' : formatDay(date);
}

// A day as the page's language writes it (made when asked: a page's first
// Intl formatter costs it some 50 ms).
const formatDay = (date) => new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(date);

keepOffline();
