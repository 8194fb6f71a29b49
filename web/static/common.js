'use strict';
// Glue shared by every check page: loads the verifier from this same file,
// runs its self-test, and turns result codes into this page's words. Nothing
// here touches the network; values from the link or the form are only ever
// set as text.

// The page as it arrived, before any change, for "download this checker": a
// clone now is cheap (its texts are shared), serialising the 1 MB waits for
// the click.
performance.mark('pfcheck:script');
const pristinePage = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
const messages = JSON.parse(document.getElementById('messages').textContent);

const pluralRules = new Intl.PluralRules(document.documentElement.lang);
// Every page writes its numbers and dates in the digits 0-9 of its seeds and
// rolls, an Arabic page too (Intl's default there is another digit set).
const intlLocale = `${document.documentElement.lang}-u-nu-latn`;
// On a right-to-left page every value a sentence takes in Latin letters (a
// seed, a hash, a token) or as a node (a link) is set apart from the words
// around it, as <bdi> would, so that it keeps its own direction and does
// not reorder the sentence; a number needs nothing: its digits are laid out
// left to right in any sentence.
const rtl = document.documentElement.dir === 'rtl';

// The page's sentence for key with its {placeholders} filled in, as a list
// of strings and, where a parameter is a DOM node (a link), that node. A
// sentence whose words follow a number (count, else n) may have variants
// <key>.zero, .one, .two, .few, .many: the one of the plural category
// Intl.PluralRules gives that number in the page's language, where the
// language has it (web/locales_test.go checks that each has the categories
// of its language); <key> itself is the category other. The
// sentence is read once, left to right: a value is never read again for
// placeholders or for $-patterns, whatever it holds.
function msgParts(key, params = {}) {
  const quantity = params.count ?? params.n;
  const variant = typeof quantity === 'number' ? `${key}.${pluralRules.select(quantity)}` : key;
  const text = messages[variant in messages ? variant : key] ?? key;
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(/\{([a-zA-Z0-9]+)\}/g)) {
    if (!Object.hasOwn(params, m[1])) continue;
    const value = params[m[1]];
    const latin = value instanceof Node || /[A-Za-z]/.test(String(value));
    parts.push(text.slice(at, m.index), rtl && latin ? isolated(value) : value instanceof Node ? value : String(value));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((part) => part !== '');
}

// A value of a sentence apart from its words: text between U+2068 and
// U+2069 (first strong isolate), a node in a <bdi>.
function isolated(value) {
  if (!(value instanceof Node)) return `\u2068${value}\u2069`;
  const bdi = document.createElement('bdi');
  bdi.append(value);
  return bdi;
}

// x to one decimal in the page's decimal sign, without grouping: a page's
// first Intl.NumberFormat costs 30-80 ms, in the task that shows the
// verdict (make bench).
function oneDecimal(x) {
  return String(Math.round(x * 10) / 10).replace('.', msg('msg.number.decimal'));
}

// The page's sentence for key as text (msgParts with text parameters only).
function msg(key, params = {}) {
  return msgParts(key, params).join('');
}

// The most specific sentence for a problem: field and code, then code alone;
// the problem's own values (at, pos, token, count …) fill its placeholders.
// The audit page passes a scheme's scope ("dice_v1/"), where the build put
// the words of that scheme's page that are not its own. The players of a
// dice_v2 match are A and B, where the core counts them 1 and 2
// (testdata/dice_v2.md).
function problemText(p, scope = '') {
  const keys = [`msg.error.${p.field}.${p.code}`, `msg.error.${p.code}`].flatMap((k) => [scope + k, k]);
  const key = keys.find((k) => k in messages) ?? 'msg.error';
  const player = p.field === 'players' && p.at ? { at: p.at === 1 ? 'A' : 'B' } : {};
  // A token is the value as it stood, shown as a value is (shownValue).
  const token = typeof p.token === 'string' ? { token: isolated(shownValue(p.token).text) } : {};
  return msg(key, { at: '', pos: '', token: '', ...p, ...player, ...token });
}

// A value a record carries as the page shows it (shownValue): apart from
// the text around it in a <bdi>, which keeps its direction to itself on
// every page, and where it is cut, with a button that shows the whole.
function valueElement(value) {
  const { text, whole } = shownValue(String(value));
  const bdi = element('bdi', { class: 'value' }, text);
  if (text === whole) return bdi;
  const shown = element('span', { class: 'value-cut' });
  const more = element('button', { type: 'button', class: 'whole-value', 'data-whole-value': '' }, msg('msg.value.whole'));
  more.addEventListener('click', () => {
    bdi.textContent = whole;
    more.remove();
  });
  shown.append(bdi, ' ', more);
  return shown;
}

// Below a calculated verdict (record: what it was calculated on; null for
// any other), a warning where a value of the record holds a character that
// shows nothing (shownValue): each such value as the page shows it. The
// verdict itself stays what the exact bytes give.
function warnOfUnseen(record) {
  const line = verdictBox.querySelector('[data-verdict-unseen]');
  const unseen = [];
  const collect = (v) => {
    if (typeof v === 'string' && shownValue(v).unseen) unseen.push(valueElement(v));
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(record);
  line.replaceChildren(...(unseen.length > 0
    ? msgParts('msg.verdict.unseen', { values: fragmentOf(unseen.flatMap((v, i) => (i > 0 ? [', ', v] : [v]))) }) : []));
  line.hidden = unseen.length === 0;
}

// Shows each problem next to its field ([data-error-for]); problems of a
// field the page has no slot for go to the first slot in `fallback`.
// Returns each problem with the form field (div.field) it concerns, null
// where it concerns the link as a whole, for the verdict's list.
function showProblems(problems, fallback = 'link') {
  for (const slot of document.querySelectorAll('[data-error-for]')) slot.textContent = '';
  for (const input of document.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  return problems.map((p) => {
    const slot = document.querySelector(`[data-error-for="${CSS.escape(p.field)}"]`) ??
      document.querySelector(`[data-error-for="${CSS.escape(fallback)}"]`);
    if (!slot) return { problem: p, field: null };
    slot.textContent = (slot.textContent ? slot.textContent + ' ' : '') + problemText(p);
    document.getElementById(p.field)?.setAttribute('aria-invalid', 'true');
    return { problem: p, field: slot.closest('.field') };
  });
}

// Sentences, each a list of parts (text or nodes), as one list with a space
// between them; empty ones are left out.
function sentences(...groups) {
  return groups.filter((g) => g.length > 0).flatMap((g, i) => (i > 0 ? [' ', ...g] : g));
}

// Parts as one node, to fill a placeholder of msgParts.
function fragmentOf(parts) {
  const fragment = document.createDocumentFragment();
  fragment.append(...parts);
  return fragment;
}

// Sets a property of el's style through the CSSOM, which the page's policy
// allows where it allows no style attribute (web.PagePolicy); returns el.
/** @template {HTMLElement} E @param {E} el @param {string} property @param {string} value */
function withStyle(el, property, value) {
  el.style.setProperty(property, value);
  return el;
}

// The page's one Trusted Types policy (web.CSP: trusted-types pfcheck): it
// makes no HTML, only the URLs of the page's own workers into script URLs
// (the service worker beside the pages and the blob: URLs the audit page
// makes of its own script), and no script text but the parts of this
// build's verifier, which restoreVerifierText put back after it checked
// them (their type is not a script's: no engine runs them). An engine
// without Trusted Types takes the string itself.
const verifierTexts = new Set();
const policy = globalThis.trustedTypes?.createPolicy('pfcheck', {
  createScriptURL(url) {
    if (url === '../../sw.js' || url.startsWith('blob:')) return url;
    throw new TypeError(`not a worker of this page: ${url}`);
  },
  createScript(text) {
    if (verifierTexts.has(text)) return text;
    throw new TypeError('not the text of this page\'s verifier');
  },
});
const scriptURL = (url) => policy?.createScriptURL(url) ?? url;

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

// Starts the verifier and returns its API, the vectors for its self-test
// and the compiled module (the audit page starts it again in its workers).
// First it hashes what it unpacked and shows the SHA-256 of both
// ([data-verifier-sha256], [data-vectors-sha256]); if either is not the
// build's, the verifier is not run and the answer is {differs: "verifier"}
// or {differs: "vectors"}.
async function loadVerifier() {
  const [wasm, vectors] = await Promise.all([unpack('verifier'), unpack('vectors')]);
  performance.mark('pfcheck:unpacked');
  const compiled = compileGo(wasm, 'verifier'); // in the engine's threads while this one hashes
  const hashes = { verifier: await sha256Hex(wasm), vectors: await sha256Hex(vectors) };
  for (const [part, sha256] of Object.entries(hashes)) document.querySelector(`[data-${part}-sha256]`).textContent = sha256;
  const differs = Object.keys(hashes).find((part) => hashes[part] !== build[part].sha256);
  if (differs) {
    compiled.catch(() => {}); // it is not run, so whether it compiled does not matter
    return { differs };
  }
  const module = await compiled;
  await runGo(module);
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

// Copies the link of what the form holds (fragment: formatLink's answer, ''
// where it gave none); a form whose values no link can carry says so rather
// than copy another link.
async function copyLink(fragment) {
  if (!fragment) {
    document.querySelector('[data-copied]').textContent = msg('msg.copy.no-link');
    return;
  }
  announceCopy(await copyText(`${location.href.split('#')[0]}#${fragment}`));
}

function announceCopy(ok, status = document.querySelector('[data-copied]')) {
  if (status) status.textContent = msg(ok ? 'msg.copy.done' : 'msg.copy.failed');
}

const pageName = document.body.dataset.page;
const pageLang = document.documentElement.lang;
const served = location.protocol === 'http:' || location.protocol === 'https:';
// The line a page saved with its build's manifest starts with, after the
// doctype (keptWithIntegrity): the origin it was saved from, the manifest
// and the signatures, each in base64.
const savedLine = 'pfcheck-saved ';
// Where the other pages are: beside this one when served; for a saved file,
// at the origin it was saved from, which a served page writes into its own
// document (and so into the file "download" or the browser saves), or its
// saved line names, if any.
const siteOrigin = served ? location.origin : document.documentElement.dataset.origin ?? savedOrigin();
if (served) document.documentElement.dataset.origin = location.origin;

// The http(s) origin a saved page's line names, or ''.
function savedOrigin() {
  const line = [...document.childNodes].find((n) => n.nodeType === Node.COMMENT_NODE && /** @type {Comment} */ (n).data.startsWith(savedLine));
  try {
    const origin = new URL(atob(/** @type {Comment} */ (line).data.split(' ')[1]));
    return /^https?:$/.test(origin.protocol) ? origin.origin : '';
  } catch {
    return '';
  }
}

// This page's bytes as the build wrote them, which the service worker kept
// after checking them, with the build's manifest and signatures it kept
// with them (issue 39), as the parts of a file: a line after the doctype
// carries them, and without that line the file is the page the manifest
// names (node web/node/verify-site.mjs --file checks it). Undefined where
// no cache holds both.
async function keptWithIntegrity() {
  if (!served || typeof caches !== 'object') return undefined;
  const at = (path) => new URL(path, location.href).href;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const [page, manifest, signatures] = await Promise.all([at('./'), at('../../integrity.json'), at('../../integrity.sig.json')].map((url) => cache.match(url)));
    if (!page || !manifest) continue;
    const base64 = async (response) => response ? btoa(String.fromCharCode(...new Uint8Array(await response.arrayBuffer()))) : '';
    const bytes = new Uint8Array(await page.arrayBuffer());
    const doctype = bytes.indexOf(10) + 1;
    const line = `<!--${savedLine}${btoa(siteOrigin)} ${await base64(manifest)} ${await base64(signatures)}-->\n`;
    return [bytes.subarray(0, doctype), line, bytes.subarray(doctype)];
  }
  return undefined;
}

// The address of a page of this site, '' where a saved file has none.
function pageURL(page, lang = pageLang, fragment = location.hash) {
  if (served) return `../../${lang}/${page}/index.html${fragment}`;
  return siteOrigin ? `${siteOrigin}/${lang}/${page}/index.html${fragment}` : '';
}

// Points every link to another page ([data-page-link]; the language links
// keep the fragment, which holds the match) where it can go, and hides it
// where it cannot: never a dead link to file:///de/check/index.html.
function updatePageLinks() {
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a[data-page-link]'))) {
    const fragment = a.hasAttribute('data-keep-fragment') ? location.hash : '';
    const url = pageURL(a.dataset.pageLink, a.hreflang || pageLang, fragment);
    a.hidden = url === '';
    if (url) a.href = url;
  }
  for (const nav of document.querySelectorAll('nav')) {
    nav.hidden = nav.querySelector('a[data-page-link]') !== null && nav.querySelector('a[data-page-link]:not([hidden])') === null;
  }
}

function setUpDownload() {
  document.querySelector('[data-download]').addEventListener('click', async () => {
    const name = `pfcheck-${pageLang}-${pageName}.html`;
    const kept = await keptWithIntegrity().catch(() => undefined);
    if (kept) {
      saveFile(name, 'text/html', kept);
      return;
    }
    if (siteOrigin) pristinePage.dataset.origin = siteOrigin;
    // The saved page's head sets it again where it is opened with a link;
    // kept from this one, a page opened without would show only its answer.
    delete pristinePage.dataset.firstScreen;
    // In ASCII, as the build writes the page (web/build/ascii.go): its
    // scripts and styles are, so what is left is text and attributes, where
    // a character reference reads the same.
    const html = pristinePage.outerHTML.replace(/[^\0-\x7f]/gu, (c) => `&#x${c.codePointAt(0).toString(16)};`);
    saveFile(name, 'text/html', ['<!doctype html>\n', html]);
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

// ---- The answer at the top ----

const verdictBox = document.getElementById('verdict');

// A page the browser saved as it was shown (its "Save page" writes the
// document, not the file the build wrote) comes with the answer it showed
// then, which no check of this visit gave: it is put aside before this
// visit shows anything of its own (style.css hid it meanwhile), as if the
// page were new. On a page the build wrote, each of these is so already.
function forgetSavedAnswer() {
  if ('engineTooOld' in document.documentElement.dataset) return; // base.html said so
  verdictBox.dataset.status = '';
  delete verdictBox.dataset.diagnosis;
  for (const part of verdictBox.querySelectorAll('[data-verdict-text] ~ *')) part.hidden = true;
  const selfTest = document.querySelector('[data-selftest]');
  Object.assign(selfTest.dataset, { selftest: 'running', checks: '0' });
  selfTest.hidden = false;
  for (const part of document.querySelectorAll('[data-result], [data-scripts], [data-selftest-failed]')) part.hidden = true;
  for (const fieldset of document.querySelectorAll('fieldset')) fieldset.disabled = true;
  delete document.documentElement.dataset.opening;
}
forgetSavedAnswer();

// Shows the verdict in the box at the top and gives it the focus, which
// brings it into view: status (match, mismatch, computed, invalid,
// unsupported, elsewhere), its sentence (msgParts: text and in-page links)
// and, for input that gives no verdict, each problem as a link to its field
// (showProblems' answer). A mismatch says whom to tell.
function showVerdict(status, sentence, placedProblems = [], reportKey = 'msg.report') {
  // Only these verdicts rest on a calculation, by the self-tested verifier.
  const computed = ['match', 'mismatch', 'computed'].includes(status);
  verdictBox.dataset.status = status;
  verdictBox.querySelector('[data-verdict-text]').replaceChildren(...[sentence].flat());
  // Many problems are listed by their fields only, so that the verdict still
  // fits a phone's first screen; each field says its own problem.
  const list = verdictBox.querySelector('[data-verdict-problems]');
  const compact = placedProblems.length > compactProblems;
  list.replaceChildren(...placedProblems.map(({ problem, field }) => {
    const li = element('li');
    const label = field?.querySelector('label, .label');
    const name = label ? visibleText(label) : '';
    if (label) li.append(inPageLink(field, name));
    if (!label || !compact) li.append(...(label ? [afterLabel(name)] : []), problemText(problem));
    return li;
  }));
  list.classList.toggle('compact', compact);
  list.hidden = placedProblems.length === 0;
  delete verdictBox.dataset.diagnosis;
  const diagnosis = verdictBox.querySelector('[data-verdict-diagnosis]');
  diagnosis.replaceChildren();
  diagnosis.hidden = true;
  const report = verdictBox.querySelector('[data-verdict-report]');
  report.replaceChildren(...(status === 'mismatch' ? reportParts(reportKey) : []));
  report.hidden = status !== 'mismatch';
  // The verdict names the self-test it stands on; the line below it, which
  // said the same, gives way.
  const selfTest = document.querySelector('[data-selftest]');
  const checkedBy = verdictBox.querySelector('[data-verdict-selftest]');
  checkedBy.textContent = msg('msg.verdict.selftest', { count: Number(selfTest.dataset.checks) });
  checkedBy.hidden = selfTest.dataset.selftest !== 'pass' || !computed;
  selfTest.hidden = !checkedBy.hidden;
  for (const result of document.querySelectorAll('[data-result]')) result.hidden = !computed;
  verdictCalculated(null); // the page passes its record after a calculated verdict (kept.js)
  verdictBox.focus();
  performance.mark('pfcheck:verdict'); // make bench times navigation to verdict
  // The rest of the page once the verdict has been painted.
  if ('firstScreen' in document.documentElement.dataset) requestAnimationFrame(() => setTimeout(showWholePage));
}

// ---- What a mismatch means (testdata/diagnosis.md) ----

// The codes that name the shape of a difference; every other code names a
// slip, a variant of the formula that reproduces the record.
const shapeCodes = new Set(['seal-differs', 'substituted', 'differ-from', 'signature-invalid',
  'round-not-after-seal', 'cut-differs', 'root-differs', 'proof-fails']);

// The words of one finding: a scheme's own (msg.diagnosis.<scheme>.<code>)
// or every scheme's. where(kind, index) names a value's place as the page
// names its values (index as the result's mismatches count it).
function findingParts(scheme, f, where) {
  const key = [`msg.diagnosis.${scheme}.${f.code}`, `msg.diagnosis.${f.code}`].find((k) => k in messages) ?? 'msg.diagnosis.unknown';
  const positions = f.positions ?? [];
  const places = positions.map((p) => where(f.kind, p)).join(', ') + (f.count > positions.length ? ', …' : '');
  return msgParts(key, { code: f.code, count: f.count ?? 0, at: f.at === undefined ? '' : where(f.kind, f.at), places });
}

// A mismatch's diagnosis in one or two sentences: the slips that reproduce
// the record, and why that is still no match; the shape of what no slip
// explains.
function diagnosisParts(scheme, diagnosis, where) {
  const join = (findings) => findings.flatMap((f, i) => [...(i > 0 ? [msg('msg.diagnosis.and')] : []), ...findingParts(scheme, f, where)]);
  const slips = diagnosis.filter((f) => !shapeCodes.has(f.code));
  const shapes = diagnosis.filter((f) => shapeCodes.has(f.code));
  return sentences(
    slips.length > 0 ? msgParts('msg.diagnosis.slips', { slips: fragmentOf(join(slips)) }) : [],
    shapes.length > 0 ? msgParts(slips.length > 0 ? 'msg.diagnosis.also' : 'msg.diagnosis.shape', { shape: fragmentOf(join(shapes)) }) : [],
  );
}

// Shows a mismatch's diagnosis in the answer box, after showVerdict: its
// words, its codes in data-diagnosis, and in the report to support (the
// mail to a support address carries them with the page's link).
function showDiagnosis(scheme, diagnosis, where) {
  if (!diagnosis?.length) return;
  const codes = diagnosis.map((f) => f.code).join(' ');
  verdictBox.dataset.diagnosis = codes;
  const box = verdictBox.querySelector('[data-verdict-diagnosis]');
  box.replaceChildren(...diagnosisParts(scheme, diagnosis, where));
  box.hidden = false;
  const report = verdictBox.querySelector('[data-verdict-report]');
  report.append(' ', msg('msg.report.codes', { codes }));
  /** @type {HTMLAnchorElement | null} */
  const mail = report.querySelector('a[href^="mailto:"]');
  if (mail) {
    const href = mail.getAttribute('href');
    mail.href = `${href}${href.includes('?') ? '&' : '?'}body=${encodeURIComponent(`${codes}\n${location.href}`)}`;
  }
}

// Lays out the page below the answer box, which a page opened with a link
// keeps out of layout until its verdict is shown (base.html): the fonts and
// text of the form, the explanations and the footer wait for the verdict,
// not the verdict for them.
function showWholePage() {
  delete document.documentElement.dataset.firstScreen;
}

// What follows a field's label before what is said of it: ": ", or a space
// after a label with its own punctuation (the games page asks "Was willst du
// prüfen?", in Greek ending in ";").
function afterLabel(label) {
  return /[?;:!\u037e]$/.test(label) ? ' ' : ': ';
}

// Up to this many problems the verdict gives each one's sentence too.
const compactProblems = 3;

// The words of an element as shown: without its hidden parts (a shoe field's
// label holds the words of both modes, one hidden).
function visibleText(el) {
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[hidden]')) hidden.remove();
  return copy.textContent.trim();
}

// Input that gives no verdict (status invalid or unsupported; its sentence
// by default the status's own): each problem next to its field (place:
// showProblems or a page's own), the fields unfolded, and the problems
// listed in the verdict as links to them.
function refuse(problems, status = 'invalid', sentence = msg(`msg.verdict.${status}`), place = showProblems) {
  const placed = place(problems);
  if (problems.length > 0) document.getElementById('inputs').open = true;
  showVerdict(status, sentence, placed);
}

// Where to report a mismatch: the contact the operator built the page with
// (make build SUPPORT=…), else the app's support.
function reportParts(key = 'msg.report') {
  const contact = document.body.dataset.support;
  if (!contact) return [msg(`${key}.app`)];
  const mail = contact.startsWith('mailto:');
  const label = mail ? decodeURIComponent(contact.slice(7).split('?')[0]) : contact.replace(/^https:\/\//, '');
  const link = element('a', mail ? { href: contact } : { href: contact, target: '_blank', rel: 'noopener noreferrer' }, label);
  return msgParts(`${key}.contact`, { contact: link });
}

// A link within the page to target (an element, or the id of one that may
// still be drawn): following it unfolds what hides the target, scrolls to
// it and focuses it, and leaves the fragment, which holds the match, as it is.
function inPageLink(target, text) {
  if (typeof target !== 'string') {
    target.id ||= `goto-${crypto.randomUUID()}`;
    target = target.id;
  }
  return element('a', { href: `#${target}`, 'data-goto': '' }, text);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

async function goTo(id) {
  let target = document.getElementById(id);
  for (let i = 0; !target && i < 600; i++) { // a row drawn in a later slice
    await nextFrame();
    target = document.getElementById(id);
  }
  if (!target) return;
  for (let d = target.closest('details'); d; d = d.parentElement.closest('details')) d.open = true;
  const control = target.matches('.field') ? target.querySelector('input, textarea, select') : target;
  if (!control.matches('input, textarea, select, button, a[href], [tabindex]')) control.tabIndex = -1;
  control.scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}

document.addEventListener('click', (event) => {
  const link = /** @type {Element} */ (event.target).closest('a[data-goto]');
  if (!link) return;
  event.preventDefault();
  goTo(link.getAttribute('href').slice(1));
});

// The text with its first character that differs from other (hex digits,
// either case) marked, for a seal or commitment that does not match.
function markFirstDifference(text, other) {
  const a = text.toLowerCase();
  const b = other.toLowerCase();
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length && a.length === b.length) return [text];
  const mark = element('mark', { class: 'diff', 'data-first-difference': String(i + 1) }, text.slice(i, i + 1) || ' ');
  return [text.slice(0, i), mark, text.slice(i + 1)];
}

// A seal or commitment as the result shows it: computed and given, the first
// differing digit marked in both, and whether they agree, in words and colour.
function showCommitment(computedEl, givenEl, verdictEl, { computed, given, matches }, words) {
  computedEl.replaceChildren(...(given && !matches ? markFirstDifference(computed, given) : [computed]));
  givenEl.replaceChildren(...(given && !matches ? markFirstDifference(given, computed) : [given ?? '']));
  verdictEl.textContent = given ? msg(matches ? words.matches : words.differs) : msg(words.none);
  verdictEl.className = given ? (matches ? 'agrees' : 'differs') : '';
}

// ---- Check it without this page ----

// The page's scripts (web/static/scripts/, by scheme, "node" and "python"),
// each with @field@ where the value of the record's field goes.
const scriptTemplates = JSON.parse(document.getElementById('scripts')?.textContent ?? '{}');
/** @type {HTMLDetailsElement} */
const scriptsBox = document.querySelector('[data-scripts]');
const scriptFiles = { node: ['check.mjs', 'text/javascript'], python: ['check.py', 'text/x-python'] };
let scriptRecord = null;

// value as a literal of lang: the same JSON-like text in both, with every
// character outside printable ASCII escaped, so that no value, whatever
// quotes, backslashes or line breaks it holds, ends its literal.
function literal(value, lang) {
  const python = lang === 'python';
  if (value === undefined || value === null) return python ? 'None' : 'null';
  if (typeof value === 'boolean') return python ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    // A lone surrogate is U+FFFD, as the verifier reads it (testdata/
    // README.md, "One meaning per input"). JSON.stringify escapes quotes,
    // backslashes and controls; the rest beyond ASCII is escaped here.
    // Python reads \uXXXX, but a character beyond U+FFFF only as \UXXXXXXXX.
    return JSON.stringify(value.replace(/\p{Cs}/gu, '\ufffd')).replace(/[^\x20-\x7e]/gu, (c) => {
      const code = c.codePointAt(0);
      if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
      return python ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u{${code.toString(16)}}`;
    });
  }
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, lang)).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${literal(k, lang)}: ${literal(v, lang)}`).join(', ')}}`;
}

// The script of lang for record: its scheme's template with the record's
// values as literals, as the verifier reads them: an empty text or list is
// no value (testdata/README.md, "Empty values"), which a script reads as null.
function checkScript(record, lang) {
  const given = (v) => (v === '' || (Array.isArray(v) && v.length === 0) ? null : v);
  return scriptTemplates[record.scheme][lang].replace(/@([a-zA-Z]+)@/g, (_, field) => literal(given(record[field]), lang));
}

// Offers the scripts of record (null: none) under the verdict just shown.
// They are written only when the player unfolds them, and the fold shows
// only after the verdict has been painted.
function offerScripts(record) {
  if (!scriptsBox) return;
  scriptRecord = record && Object.hasOwn(scriptTemplates, record.scheme) ? record : null;
  scriptsBox.open = false;
  scriptsBox.hidden = true;
  for (const code of scriptsBox.querySelectorAll('[data-script]')) code.textContent = '';
  if (scriptRecord) requestAnimationFrame(() => setTimeout(() => { scriptsBox.hidden = scriptRecord === null; }));
}

if (scriptsBox) {
  const code = (lang) => scriptsBox.querySelector(`[data-script="${lang}"]`);
  scriptsBox.addEventListener('toggle', () => {
    if (!scriptsBox.open || !scriptRecord || code('node').textContent) return;
    for (const lang of Object.keys(scriptFiles)) code(lang).textContent = checkScript(scriptRecord, lang);
  });
  for (const button of scriptsBox.querySelectorAll('[data-copy-script]')) {
    button.addEventListener('click', async () =>
      announceCopy(await copyText(code(button.dataset.copyScript).textContent), scriptsBox.querySelector('[data-script-copied]')));
  }
  for (const button of scriptsBox.querySelectorAll('[data-save-script]')) {
    const [name, type] = scriptFiles[button.dataset.saveScript];
    button.addEventListener('click', () => saveFile(name, type, [code(button.dataset.saveScript).textContent]));
  }
}

// ---- Long lists ----

let drawing = 0;

// Draws count items by draw(from, to) in slices of about 8 ms, yielding to
// the browser between them, so that a 10,000-roll match leaves the page
// responsive. A newer drawing stops an older one. The verdict says whether
// all is drawn (data-drawn), for whoever reads the rows.
async function drawInSlices(count, draw) {
  const mine = ++drawing;
  verdictBox.dataset.drawn = 'false';
  for (let from = 0; from < count;) {
    await new Promise((resolve) => setTimeout(resolve));
    if (mine !== drawing) return;
    const started = performance.now();
    while (from < count && performance.now() - started < 8) {
      const to = Math.min(count, from + 10);
      draw(from, to);
      from = to;
    }
  }
  verdictBox.dataset.drawn = 'true';
}

// Stops a drawing under way (there is nothing left to draw).
function stopDrawing() {
  drawInSlices(0, () => {});
}

// A block of a long list, which the browser lays out only when it comes
// near the screen (.block: content-visibility), so that the 10,000th row
// costs what the first did; until then it takes height, e.g. '40rem'.
function listBlock(height) {
  return withStyle(element('div', { class: 'block' }), 'contain-intrinsic-size', `auto ${height}`);
}

// ---- Input this page does not check ----

// The page that checks each scheme (web.Pages; web/pages_test.go keeps the
// two the same). A record of a scheme another page checks gets no verdict
// here, never this page's view of it: the verdict says where it is checked.
const schemePages = {
  dice_v1: 'check', shoe_v1: 'shoe', dice_v2: 'dice',
  match_seed_v2: 'games', match_seed_v1: 'games', poker_hmac_v1: 'games', chess_colour_v1: 'games',
};

function checkedOnAnotherPage(scheme) {
  return Object.hasOwn(schemePages, scheme) && schemePages[scheme] !== pageName;
}

// Whether result (pfcheck.check's) is of a scheme another page checks; if
// so, the verdict says which page, with a link that opens the record there
// where a link carries it (formatLink() answers formatLink's answer, ''
// where none does; asked only then: for a record of 400 rolls it took some
// 65 ms of a phone's verdict), and clear() empties what the page showed of
// its last verdict.
function checkedElsewhere(result, formatLink, clear) {
  if (!checkedOnAnotherPage(result.scheme)) return false;
  const page = schemePages[result.scheme];
  clear();
  showProblems([]);
  const link = formatLink();
  const url = pageURL(page, pageLang, link ? `#${link}` : '');
  const name = msg(`msg.page.${page}`);
  showVerdict('elsewhere', msgParts('msg.record.elsewhere', { page: url ? element('a', { href: url }, name) : name }));
  return true;
}

// answering(act, clear) is act, for a handler that answers an input, such
// that a fault of this page's own code while it answers replaces the verdict
// with one that says so (no verdict, no scripts, nothing kept; clear empties
// the result) and then goes on to the console as the uncaught error it is.
function answering(act, clear) {
  return (...args) => {
    try {
      return act(...args);
    } catch (err) {
      try {
        clear();
      } finally {
        showVerdict('fault', msg('msg.verdict.fault'));
      }
      throw err;
    }
  };
}

// ---- Links of another page ----

// Whether the link in the fragment is this page's (linkPage). A served page
// sends another page's link there; a saved file says which page reads it.
function linkIsHere() {
  if (!hasLink()) return true;
  const page = linkPage(location.hash);
  if (page === pageName) return true;
  const url = pageURL(page);
  if (served) {
    location.replace(url);
    return false;
  }
  const name = msg(`msg.page.${page}`);
  showProblems([]);
  showVerdict('elsewhere', msgParts('msg.link.elsewhere', { page: url ? element('a', { href: url }, name) : name }));
  return false;
}

// Loads the verifier and runs its self-test; only when every vector passes
// are the fields enabled and ready(pfcheck, module) called.
/** @param {(pfcheck: PfCheck, module: WebAssembly.Module) => void} ready */
async function start(ready) {
  if ('engineTooOld' in document.documentElement.dataset) return; // base.html said so
  updatePageLinks();
  addEventListener('hashchange', updatePageLinks);
  setUpDownload();
  // With a link the answer is what the player came for: the filled-in form
  // stays folded below it. Without one the form is the page.
  document.getElementById('inputs').open = !hasLink();
  if (!linkIsHere() && served) return; // on its way to its page
  const verdictText = verdictBox.querySelector('[data-verdict-text]');
  // The box holds both first words (base.html); from here on, one.
  const nothingChecked = msg('msg.verdict.none');
  if (!verdictBox.dataset.status) verdictText.textContent = hasLink() ? msg('msg.verdict.checking') : nothingChecked;
  const status = document.querySelector('[data-selftest]');
  const fail = (text) => {
    showWholePage();
    status.dataset.selftest = 'fail';
    status.textContent = text;
    verdictText.textContent = nothingChecked;
  };
  // The parser has only the end of the document left, but the browser lays
  // the page out (with a link, its first screen) when it ends it: done now,
  // before the verifier's tasks, that layout is not a pause after the verdict.
  if (document.readyState === 'loading') await new Promise((parsed) => addEventListener('DOMContentLoaded', parsed, { once: true }));
  // The page has arrived; what it says it is loading is now its self-test.
  if (status.dataset.selftest === 'running') status.textContent = msg('msg.selftest.running');
  let loaded;
  try {
    loaded = await loadVerifier();
  } catch (err) {
    // A copy of the page the worker opens without its verifier (sw.js:
    // lightURL), as the browser's own "Save page" writes it, has none: not
    // a fault of the browser.
    const lightCopy = 'keptVerifier' in document.documentElement.dataset && !navigator.serviceWorker?.controller;
    fail(msg(lightCopy ? 'msg.selftest.light-copy' : 'msg.selftest.broken'));
    console.warn('pfcheck: the verifier did not start:', err);
    return;
  }
  if (loaded.differs) {
    fail(msg(`msg.integrity.${loaded.differs}`));
    return;
  }
  const { pfcheck, vectors, module } = loaded;
  document.querySelector('[data-version]').textContent = pfcheck.version;
  const { passed, failed } = pfcheck.selfTest(vectors);
  performance.mark('pfcheck:self-tested');
  status.dataset.checks = String(passed);
  const failure = selfTestFailure(passed, failed, build.vectors.cases, 'msg.selftest.fail') ?? await operatorSelfTest(pfcheck);
  if (failure) {
    fail(failure.text);
    listFailed(failure.failed);
    return;
  }
  status.dataset.selftest = 'pass';
  status.textContent = msg('msg.selftest.pass', { n: passed });
  for (const fieldset of document.querySelectorAll('fieldset')) fieldset.disabled = false;
  ready(pfcheck, module);
  if (!document.getElementById('verifier')) (globalThis.requestIdleCallback ?? setTimeout)(() => restoreVerifierText().catch(() => {}));
}

// A page the worker opened without its verifier's text (sw.js: keepLight)
// puts the text back once the page is idle, from the whole page the worker
// keeps: the browser's own "Save page" ("Webpage, Complete" in Chromium,
// "Web Page, complete" in Firefox) writes the document as it then is, and
// that file must check from file:// as the whole page's does. Only text
// that decodes to the build's verifier is set.
async function restoreVerifierText() {
  const whole = await caches.match(new URL('./', location.href).href);
  const found = whole && verifierElements(await whole.text());
  if (!found || await sha256Hex(decodeTexts(found.texts, found.shift)) !== build.verifier.sha256) return;
  const type = document.getElementById('vectors').getAttribute('type');
  const parts = found.texts.map((text, i) => {
    const part = element('script', i === 0 ? { type, id: 'verifier', 'data-shift': String(found.shift) } : { type, 'data-part-of': 'verifier' });
    verifierTexts.add(text);
    part.text = policy?.createScript(text) ?? text;
    return part;
  });
  verifierTexts.clear();
  const blobs = document.querySelectorAll(`script[type="${type}"]`);
  blobs[blobs.length - 1].after(...parts.flatMap((part) => ['\n', part]));
}

// Lists the names of the self-test's cases that failed below its line,
// each as a value: an operator's vectors name their own cases.
function listFailed(names) {
  const list = document.querySelector('[data-selftest-failed]');
  for (const name of names) {
    const li = element('li');
    li.append(valueElement(name));
    list.append(li);
  }
  list.hidden = names.length === 0;
}

// The operator's own vectors, where the build put them beside ours (make
// build OPERATOR_VECTORS=…, web/build/operator.go): cases the game's server
// wrote, which this page must compute alike, or every player would be told
// "mismatch". They are hashed as ours are; the footer says how many passed
// and their SHA-256. Returns null when all passed (or the page has none),
// else what the page says instead of a verdict and the cases that failed,
// each with its first difference in the console, for the operator.
async function operatorSelfTest(pfcheck) {
  if (!build.operator) return null;
  const vectors = await unpack('operator-vectors');
  const sha256 = await sha256Hex(vectors);
  const total = build.operator.cases;
  const line = element('span', { 'data-operator-vectors': '' });
  document.querySelector('footer .build').append(element('br'), line, ' ', element('code', { 'data-operator-sha256': '' }, sha256));
  if (sha256 !== build.operator.sha256) {
    line.textContent = msg('msg.build.operator', { n: 0, total });
    return { text: msg('msg.integrity.vectors'), failed: [] };
  }
  const { passed, failed, differences } = pfcheck.selfTest(vectors);
  line.textContent = msg('msg.build.operator', { n: passed, total });
  failed.forEach((name, i) => console.warn(`pfcheck: the operator's case ${name}: ${differences[i]}`));
  return selfTestFailure(passed, failed, total, 'msg.selftest.operator');
}

// What the page says instead of a verdict when cases of a self-test failed
// (failKey: whose cases) or fewer ran than the build wrote into the page,
// and the cases that failed; null when all the build's cases passed.
function selfTestFailure(passed, failed, total, failKey) {
  if (failed.length > 0) return { text: msg(failKey, { failed: failed.length, total: passed + failed.length }), failed };
  if (passed !== total) return { text: msg('msg.selftest.count', { n: passed, total }), failed: [] };
  return null;
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
