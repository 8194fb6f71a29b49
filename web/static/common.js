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
  // A function, not a string: "$&", "$`" and "$'" in what a player typed would be patterns.
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, () => String(value));
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

// Uint8Array.fromBase64 where the browser has it (several times faster on the
// megabyte of the verifier), else atob.
function decodeBase64(base64) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The blob of the element id (gzip in base64) unpacked, as a Response to read
// it from. One write of the whole blob: about twice as fast as piping a Blob's
// stream through the DecompressionStream. A corrupt blob errors the
// Response; the writer's own rejections say the same and are dropped.
function unpack(id) {
  const gunzip = new DecompressionStream('gzip');
  const writer = gunzip.writable.getWriter();
  writer.write(decodeBase64(document.getElementById(id).textContent.trim())).catch(() => {});
  writer.close().catch(() => {});
  return new Response(gunzip.readable);
}

// Starts the verifier and returns its API, the text of the page's vectors
// and the compiled module (the audit page starts it again in its workers).
async function loadVerifier() {
  const [wasm, vectors] = await Promise.all([unpack('verifier').arrayBuffer(), unpack('vectors').text()]);
  performance.mark('pfcheck:unpacked');
  const go = new Go();
  // Go's collector runs when the heap has grown to five times what is live
  // (Go's default: twice). The self-test makes a few MB of short-lived values
  // while the engine still runs unoptimised code, where each collection is
  // dear: this makes it about a third faster, and what is live stays small.
  // web/node/pfcheck.mjs sets the same.
  go.env = { GOGC: '400' };
  const { module, instance } = await WebAssembly.instantiate(wasm, go.importObject);
  performance.mark('pfcheck:compiled');
  go.run(instance);
  performance.mark('pfcheck:started');
  return { pfcheck: globalThis.pfcheck, vectors, module };
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

// The saved copy remembers the site it was saved from (data-saved-from on
// <html>; "" for a copy of a copy on disk): it has no pages beside it, and
// links to them go there (savedFrom) or nowhere.
function setUpDownload() {
  document.querySelector('[data-download]').addEventListener('click', () => {
    if (!pristinePage.hasAttribute('data-saved-from')) {
      pristinePage.setAttribute('data-saved-from', location.protocol.startsWith('http') ? location.origin : '');
    }
    saveFile(`pfcheck-${document.documentElement.lang}-${document.body.dataset.page}.html`, 'text/html',
      ['<!doctype html>\n', pristinePage.outerHTML]);
  });
}

// Offers parts (strings, Blobs) as a file to save under name.
function saveFile(name, type, parts) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = element('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// The URL of another page of this site beside this one ("dice", "audit"),
// with a fragment: relative where the page has pages beside it (served, or
// web/dist opened from disk), on the site a saved copy came from, or null
// for a copy of a page that was itself on disk.
function siblingPage(page, fragment = '') {
  const path = `${page}/index.html${fragment ? `#${fragment}` : ''}`;
  const savedFrom = document.documentElement.dataset.savedFrom;
  if (savedFrom === undefined) return `../${path}`;
  return savedFrom ? `${savedFrom}/${document.documentElement.lang}/${path}` : null;
}

// Links to other pages (data-page-link) go where siblingPage says; in a
// copy that cannot tell, they are hidden.
function pointPageLinks() {
  for (const a of document.querySelectorAll('a[data-page-link]')) {
    const href = siblingPage(a.dataset.pageLink);
    if (href) a.href = href;
    else a.parentElement.hidden = true;
  }
}

// Loads the verifier and runs its self-test; only when every vector passes
// are the fields enabled and ready(pfcheck, module) called.
async function start(ready) {
  pointPageLinks();
  keepFragmentInLanguageLinks();
  addEventListener('hashchange', keepFragmentInLanguageLinks);
  setUpDownload();
  const status = document.querySelector('[data-selftest]');
  let pfcheck, vectors, module;
  try {
    ({ pfcheck, vectors, module } = await loadVerifier());
  } catch (err) {
    status.dataset.selftest = 'fail';
    status.textContent = msg('msg.selftest.broken');
    console.warn('pfcheck: the verifier did not start:', err);
    return;
  }
  document.querySelector('[data-version]').textContent = pfcheck.version;
  const { passed, failed } = pfcheck.selfTest(vectors);
  performance.mark('pfcheck:self-tested');
  status.dataset.checks = String(passed);
  if (failed.length > 0) {
    status.dataset.selftest = 'fail';
    status.textContent = msg('msg.selftest.fail', { failed: failed.length, total: passed + failed.length });
    const list = document.querySelector('[data-selftest-failed]');
    for (const name of failed) list.append(element('li', {}, name));
    list.hidden = false;
    return;
  }
  status.dataset.selftest = 'pass';
  status.textContent = msg('msg.selftest.pass', { n: passed });
  for (const fieldset of document.querySelectorAll('fieldset')) fieldset.disabled = false;
  ready(pfcheck, module);
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

// Fills table with the 36 ordered rolls of two dice, die 1 in the rows and
// die 2 in the columns: caption first, each header naming its die (die1,
// die2) for screen readers, and cell(a, b) the <td> of roll a-b.
function rollTable(table, caption, die1, die2, cell) {
  const head = element('tr');
  head.append(element('td'));
  for (let b = 1; b <= 6; b++) {
    const th = element('th', { scope: 'col' });
    th.append(element('span', { class: 'visually-hidden' }, `${die2} `), String(b));
    head.append(th);
  }
  const thead = element('thead');
  thead.append(head);
  const tbody = element('tbody');
  for (let a = 1; a <= 6; a++) {
    const tr = element('tr');
    const th = element('th', { scope: 'row' });
    th.append(element('span', { class: 'visually-hidden' }, `${die1} `), String(a));
    tr.append(th);
    for (let b = 1; b <= 6; b++) tr.append(cell(a, b));
    tbody.append(tr);
  }
  table.replaceChildren(caption, thead, tbody);
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
