'use strict';
// Glue shared by every check page: loads the verifier from this same file,
// runs its self-test, and turns result codes into this page's words. Nothing
// here touches the network; values from the link or the form are only ever
// set as text.

// The page as it arrived, before any change, for "download this checker": a
// clone now is cheap (its texts are shared), serialising the 1 MB waits for
// the click.
performance.mark('pfcheck:script');
const pristinePage = document.documentElement.cloneNode(true);
const messages = JSON.parse(document.getElementById('messages').textContent);

const pluralRules = new Intl.PluralRules(document.documentElement.lang);

// The page's sentence for key with its {placeholders} filled in. A sentence
// whose words follow a number (count, else n) may have a variant <key>.one,
// taken when that number is one in the page's language.
function msg(key, params = {}) {
  const quantity = params.count ?? params.n;
  const one = `${key}.one`;
  const singular = typeof quantity === 'number' && pluralRules.select(quantity) === 'one' && one in messages;
  let text = messages[singular ? one : key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

// The most specific sentence for a problem: field and code, then code alone.
function problemText(p) {
  const specific = `msg.error.${p.field}.${p.code}`;
  const general = `msg.error.${p.code}`;
  const key = specific in messages ? specific : general in messages ? general : 'msg.error';
  return msg(key, { at: p.at ?? '', code: p.code });
}

// Shows each problem next to its field ([data-error-for]); problems of a
// field the page has no slot for go to the first slot in `fallback`.
function showProblems(problems, fallback = 'link') {
  for (const slot of document.querySelectorAll('[data-error-for]')) slot.textContent = '';
  for (const input of document.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  for (const p of problems) {
    const slot = document.querySelector(`[data-error-for="${CSS.escape(p.field)}"]`) ??
      document.querySelector(`[data-error-for="${CSS.escape(fallback)}"]`);
    if (!slot) continue;
    slot.textContent = (slot.textContent ? slot.textContent + ' ' : '') + problemText(p);
    document.getElementById(p.field)?.setAttribute('aria-invalid', 'true');
  }
}

function element(tag, attributes = {}, text = '') {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (text !== '') el.textContent = text;
  return el;
}

// What the build put into this page (web/build): the SHA-256 of the
// verifier and of the vectors, unpacked, and the number of cases the
// self-test must run.
const build = JSON.parse(document.getElementById('build').textContent);

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Starts the verifier and returns its API and the vectors for its
// self-test. First it hashes what it unpacked and shows the SHA-256 of both
// ([data-verifier-sha256], [data-vectors-sha256]); if either is not the
// build's, the verifier is not run and the answer is {differs: "verifier"}
// or {differs: "vectors"}.
async function loadVerifier() {
  const [wasm, vectors] = await Promise.all([unpack('verifier'), unpack('vectors')]);
  performance.mark('pfcheck:unpacked');
  const compiled = compileGo(wasm); // in the engine's threads while this one hashes
  const hashes = { verifier: await sha256Hex(wasm), vectors: await sha256Hex(vectors) };
  for (const [part, sha256] of Object.entries(hashes)) document.querySelector(`[data-${part}-sha256]`).textContent = sha256;
  const differs = Object.keys(hashes).find((part) => hashes[part] !== build[part].sha256);
  if (differs) {
    compiled.catch(() => {}); // it is not run, so whether it compiled does not matter
    return { differs };
  }
  await runGo(await compiled);
  return { pfcheck: globalThis.pfcheck, vectors };
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function announceCopy(ok) {
  const status = document.querySelector('[data-copied]');
  if (status) status.textContent = msg(ok ? 'msg.copy.done' : 'msg.copy.failed');
}

function keepFragmentInLanguageLinks() {
  for (const a of document.querySelectorAll('a[data-keep-fragment]')) {
    a.href = a.getAttribute('href').split('#')[0] + location.hash;
  }
}

function setUpDownload() {
  document.querySelector('[data-download]').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob(['<!doctype html>\n', pristinePage.outerHTML], { type: 'text/html' }));
    const a = element('a', { href: url, download: `pfcheck-${document.documentElement.lang}-${document.body.dataset.page}.html` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
}

// Loads the verifier and runs its self-test; only when every vector passes
// are the fields enabled and ready(pfcheck) called.
async function start(ready) {
  keepFragmentInLanguageLinks();
  addEventListener('hashchange', keepFragmentInLanguageLinks);
  setUpDownload();
  const status = document.querySelector('[data-selftest]');
  const fail = (text) => {
    status.dataset.selftest = 'fail';
    status.textContent = text;
  };
  let loaded;
  try {
    loaded = await loadVerifier();
  } catch (err) {
    fail(msg('msg.selftest.broken'));
    console.warn('pfcheck: the verifier did not start:', err);
    return;
  }
  if (loaded.differs) {
    fail(msg(`msg.integrity.${loaded.differs}`));
    return;
  }
  const { pfcheck, vectors } = loaded;
  document.querySelector('[data-version]').textContent = pfcheck.version;
  const { passed, failed } = pfcheck.selfTest(vectors);
  performance.mark('pfcheck:self-tested');
  status.dataset.checks = String(passed);
  if (failed.length > 0) {
    fail(msg('msg.selftest.fail', { failed: failed.length, total: passed + failed.length }));
    const list = document.querySelector('[data-selftest-failed]');
    for (const name of failed) list.append(element('li', {}, name));
    list.hidden = false;
    return;
  }
  if (passed !== build.vectors.cases) {
    fail(msg('msg.selftest.count', { n: passed, total: build.vectors.cases }));
    return;
  }
  status.dataset.selftest = 'pass';
  status.textContent = msg('msg.selftest.pass', { n: passed });
  for (const fieldset of document.querySelectorAll('fieldset')) fieldset.disabled = false;
  ready(pfcheck);
}

// Sends a dice link of another version to the page that checks it (v=1 to
// check, v=2 to dice): a served page goes there, a saved one, which has no
// sibling pages, shows a link to it. Returns whether the link was such.
function forwardDiceLink(version, page, movedKey, linkKey, clearResult) {
  if (!new RegExp(`^#(.*&)?v=${version}(&|$)`).test(location.hash)) return false;
  const target = `../${page}/index.html${location.hash}`;
  if (location.protocol.startsWith('http')) {
    location.replace(target);
    return true;
  }
  clearResult();
  const verdict = document.getElementById('verdict');
  verdict.textContent = `${msg(movedKey)} `;
  verdict.append(element('a', { href: target }, msg(linkKey)));
  return true;
}

const suitSymbols = { s: '♠', h: '♥', d: '♦', c: '♣' };

// A card as the page shows it: rank and suit symbol, red for hearts and
// diamonds. Takes either spelling of the schemes: "TD" (shoe_v1), "Td" (SPEC §4).
function cardElement(name, attributes = {}) {
  const suit = name.slice(-1).toLowerCase();
  const rank = name.slice(0, -1).toUpperCase();
  return element('span', { class: `card suit-${suit}`, 'data-card': name, ...attributes },
    `${rank === 'T' ? '10' : rank}${suitSymbols[suit] ?? suit}`);
}
