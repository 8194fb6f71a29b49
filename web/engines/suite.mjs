// The tests every engine runs (web/engines/<engine>.test.mjs): what a
// player and an auditor do with the built pages, in WebKit and in Gecko, as
// the chromedp tests in web/ do in Chromium. One browser per engine and one
// tab, used page after page; the served pages come from serve.go.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test as nodeTest } from 'node:test';
import { pathToFileURL } from 'node:url';

import { load } from '../node/pfcheck.mjs';
import { engines, launch, missing } from './driver.mjs';
import { dist, fileURL, languages, pageVisits, root, serve, vectorCase, vectors, words } from './site.mjs';

const linkPages = ['check', 'dice', 'shoe', 'games'];


// The key of each page's sentence that opens a match.
const matchKey = { check: 'msg.verdict.match', dice: 'msg.dice.verdict.match', shoe: 'msg.shoe.verdict.match', games: 'msg.verdict.match' };

// What a sentence of the page's words says before its first placeholder.
const opening = (text) => text.split('{')[0];

// replaceRoll changes the n-th roll (from 1) of a link's r= value, as a
// tampered record would: its two digits become 11, or 22 where they were 11.
function replaceRoll(link, n) {
  const i = link.indexOf('&r=') + 3 + 2 * (n - 1);
  return link.slice(0, i) + (link.slice(i, i + 2) === '11' ? '22' : '11') + link.slice(i + 2);
}

// The links each page is tried with: a match, a mismatch with the id of the
// element of its first difference, and an invalid link with the problem it
// has. Games links are written by the verifier's formatLink, as "copy link"
// writes them.
async function pageLinks() {
  const pfcheck = await load();
  const gamesLink = (record) => `#${pfcheck.formatLink(record)}`;
  // An invalid link whose first problem is said without a position.
  const firstInvalid = (cases) => cases.find((c) => c.link && c.expect.status === 'invalid' && c.link.length < 4096 && !c.expect.errors[0].at);

  const check = vectors('dice_v1').find((c) => c.link && c.expect.status === 'match' && c.link.includes('&g=') && c.expect.rolls.length > 50);
  const checkRoll = Math.floor(check.expect.rolls.length / 2);
  const dice = vectorCase('dice_v2', 'link-r1000-alice-bob');
  const shoe = vectorCase('shoe_v1', 'link-cards-lowercase-and-symbol');
  const bridge = vectorCase('match_seed_v2', 'bridge-1-deals-2-seeds').record;
  const tampered = structuredClone(bridge);
  tampered.deals[0][30] = tampered.deals[0][30] === 'As' ? 'Kd' : 'As';

  const links = {
    check: { match: check.link, mismatch: [replaceRoll(check.link, checkRoll), `roll-${checkRoll}`], invalid: firstInvalid(vectors('dice_v1')) },
    dice: { match: dice.link, mismatch: [replaceRoll(dice.link, 3), 'roll-1-3'], invalid: firstInvalid(vectors('dice_v2')) },
    shoe: { match: shoe.link, mismatch: [shoe.link.replace('&k=7d,', '&k=7d,AS,').replace(',4%E2%99%A5', ''), 'card-2'], invalid: vectorCase('shoe_v1', 'link-hand-fraction') },
    games: { match: gamesLink(bridge), mismatch: [gamesLink(tampered), 'item-deals-31'], invalid: vectorCase('chess_colour_v1', 'link-seed-a-twice') },
  };
  for (const [page, l] of Object.entries(links)) {
    assert.ok(l.match && l.mismatch[0] !== l.match && l.invalid?.link, `${page}: links to test with`);
  }
  return links;
}

// A blob's text (web/blob.go: BlobElements) and its bytes, both ways:
// with c = (b + shift) mod 256, '!' or '"' and c - 0x41 or c - 0x81 from
// 0x80 or 0xC0, '#' and c + 0x40 for NUL, CR, '<' and the three prefixes,
// else c.
const blobBytes = (text, shift) => Buffer.from(Array.from(text.matchAll(/[!"#]?./gs), ([code]) => {
  const c = code.charCodeAt(code.length - 1);
  return ({ '!': c + 0x41, '"': c + 0x81, '#': c - 0x40 }[code.length === 2 ? code[0] : ''] ?? c) - shift;
}));
const blobText = (bytes, shift) => Array.from(bytes, (b) => {
  const c = (b + shift) & 0xff;
  if (c >= 0xc0) return `"${String.fromCharCode(c - 0x81)}`;
  if (c >= 0x80) return `!${String.fromCharCode(c - 0x41)}`;
  return [0x00, 0x0d, 0x3c, 0x21, 0x22, 0x23].includes(c) ? `#${String.fromCharCode(c + 0x40)}` : String.fromCharCode(c);
}).join('');

// A copy of the built German check page whose vectors have one expected
// value changed (a hex digit of a seal or seed the vectors expect), the
// build's SHA-256 of them following, as a page built from such vectors
// would: its self-test must fail.
function pageWithCorruptedVector() {
  const html = readFileSync(join(dist, 'de', 'check', 'index.html'), 'latin1');
  // The vectors' element and its parts, whose texts are one blob.
  const m = html.match(/(<script type="application\/x-pfcheck-bytes" id="vectors" data-shift="(\d+)">)[^<]*<\/script>\n(<script type="application\/x-pfcheck-bytes" data-part-of="vectors">[^<]*<\/script>\n)*/);
  assert.ok(m, 'the page carries its vectors');
  const shift = Number(m[2]);
  const vectorBytes = blobBytes(m[0].replace(/<\/?script[^>]*>\n?/g, ''), shift);
  const text = vectorBytes.toString('latin1');
  const hex = text.search(/[0-9a-f]{64}/);
  assert.ok(hex >= 0, 'the vectors hold a 64-digit hex value');
  const changed = Buffer.from(vectorBytes);
  changed[hex] = changed[hex] === 0x30 ? 0x31 : 0x30;
  const sha = (b) => createHash('sha256').update(b).digest('hex');
  assert.equal(html.split(sha(vectorBytes)).length, 2, 'the page names its vectors\' SHA-256 once');
  const out = html.replace(m[0], () => `${m[1]}${blobText(changed, shift)}</script>\n`).replace(sha(vectorBytes), sha(changed));
  const file = join(mkdtempSync(join(tmpdir(), 'pfcheck-corrupted-')), 'index.html');
  writeFileSync(file, out, 'latin1');
  return pathToFileURL(file).href;
}

const selfTestDone = `document.querySelector('[data-selftest]') && document.querySelector('[data-selftest]').dataset.selftest !== 'running'`;
const verdictDone = `document.getElementById('verdict').dataset.status !== '' && document.getElementById('verdict').dataset.drawn !== 'false' && !('firstScreen' in document.documentElement.dataset)`;

export function suite(name) {
  const lacking = missing(name);
  // With CI=true a missing engine fails the run; elsewhere it is skipped.
  const skip = lacking && process.env.CI !== 'true' ? `${name} is not installed (${lacking}): apt-get install ${engines[name].packages}` : false;

  describe(name, { skip }, () => {
    let browser;
    let page;
    let site;
    let links;

    before(async () => {
      if (lacking) throw new Error(`${name} is not installed (${lacking}): apt-get install ${engines[name].packages}`);
      // Each settled, so that after closes what started though another
      // failed (a rejected Promise.all left the browser running, and node
      // waiting on it).
      const started = await Promise.allSettled([launch(name), serve(), pageLinks()]);
      [browser, site, links] = started.map((s) => s.status === 'fulfilled' ? s.value : undefined);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason;
      page = await browser.page();
      console.log(`${name} ${browser.version}`);
    });
    after(async () => {
      await browser?.close();
      await site?.stop();
    });

    // WebKit (MiniBrowser 2.50 under WebKitWebDriver) at times never
    // finishes a navigation to a page of 127.0.0.1 whose origin has a
    // service worker, and then answers no command of the session (4 of 7
    // full make test runs and 1 of 15 runs of this suite alone, mostly at
    // the first visit to the shared server after the tests of origins of
    // their own; by WebDriver's navigation and the page's own
    // (location.assign) alike; not traced to a request of ours, not met
    // after 70 s idle alone). Such a test runs once more
    // in a new browser, once a run, and the run says so; a test that fails
    // otherwise fails.
    let renewed = false;
    const hung = (err) => err?.name === 'TimeoutError' || /: TimeoutError$/.test(err?.message ?? '');
    const test = (title, fn) => nodeTest(title, async () => {
      try {
        await fn();
      } catch (err) {
        if (name !== 'webkit' || renewed || !hung(err)) throw err;
        renewed = true;
        console.log(`${name}: "${title}" hung (${err.name}: ${err.message}); it runs again in a new browser`);
        await browser.close();
        browser = await launch(name);
        page = await browser.page();
        await fn();
      }
    });

    // open loads url and waits for the self-test and, with a link, the
    // verdict; it returns the self-test's outcome.
    async function open(url) {
      await page.goto(url);
      await page.poll(selfTestDone);
      const outcome = await page.eval(`document.querySelector('[data-selftest]').dataset.selftest`);
      if (outcome === 'pass' && /#.*=/.test(url)) await page.poll(verdictDone);
      return outcome;
    }

    // follow opens another link in the loaded page, as a player who taps a
    // second link to the same page does, and waits for its verdict.
    async function follow(link) {
      await page.eval(`(document.getElementById('verdict').dataset.status = '', location.hash = ${JSON.stringify(link)}, true)`);
      await page.poll(verdictDone);
    }

    const verdict = () => page.eval(`({ status: document.getElementById('verdict').dataset.status,
      text: document.querySelector('[data-verdict-text]').textContent.trim(),
      first: document.querySelector('[data-verdict-text] a[href^="#"]')?.getAttribute('href') ?? '' })`);

    // clean: no console error or warning, no uncaught exception, nothing the
    // page's policy refused or would refuse (problems), and no
    // request but the document itself (and, served, the service worker the
    // page registers to keep itself, and what the browser asks for to offer
    // installing the page: its manifest and icons).
    async function clean(url) {
      assert.deepEqual(await page.problems(), [], `${url}: console problems`);
      const doc = url.split('#')[0];
      const others = (await page.requests()).filter((r) => r.split('#')[0] !== doc && !r.startsWith('blob:') && !r.startsWith('data:')
        && !/^http:\/\/127\.0\.0\.1:\d+\/(sw\.js|\w+\/manifest\.webmanifest|icons\/[\w.-]+\.png)$/.test(r));
      assert.deepEqual(others, [], `${url}: requests other than the document`);
    }

    // savedFile presses the button at selector and returns the text of the
    // file it offers to save, taken as the browser is handed it (saveFile).
    async function savedFile(selector) {
      await page.eval(`(() => {
        const make = URL.createObjectURL;
        URL.createObjectURL = (blob) => { window.saved = blob; return make.call(URL, blob); };
        HTMLAnchorElement.prototype.click = function () {};
        return true;
      })()`);
      await page.click(selector);
      await page.poll('window.saved');
      return page.eval('window.saved.text()');
    }

    // A client seed with an RLO left open (issue 35) is shown in a <bdi> of
    // its own with the RLO by its code point: the seed reads as typed, the
    // nonce after it 12, not 21, and the verdict warns of it.
    async function checkValueIsolated(w) {
      await follow(links.shoe.match.replace(/&c=[^&]*&n=\d+/, '&c=my-seed%E2%80%AE&n=12'));
      const shown = await page.eval(`(() => {
        const inputs = document.querySelector('[data-inputs]');
        const bdi = inputs.querySelector('bdi');
        // Where the i-th character of text, in whichever text node has it, is drawn.
        const left = (text, i) => {
          const walker = document.createTreeWalker(inputs, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent.indexOf(text);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at + i);
            range.setEnd(node, at + i + 1);
            return range.getBoundingClientRect().left;
          }
          return NaN;
        };
        const warning = document.querySelector('[data-verdict-unseen]');
        return {
          status: document.getElementById('verdict').dataset.status, text: inputs.textContent, value: bdi.textContent,
          bidi: getComputedStyle(bdi).unicodeBidi, seed: left('my-seed', 6) - left('my-seed', 0), nonce: left('12', 1) - left('12', 0),
          gap: left('nonce', 0) - bdi.getBoundingClientRect().right, warning: warning.hidden ? '' : warning.textContent,
        };
      })()`);
      assert.ok(['match', 'mismatch'].includes(shown.status), `a calculated verdict: ${shown.status}`);
      assert.equal(shown.value, 'my-seed⟨U+202E⟩', shown.text);
      assert.equal(shown.bidi, 'isolate');
      assert.ok(shown.seed > 0 && shown.nonce > 0 && shown.gap > 0, `drawn left to right: ${JSON.stringify(shown)}`);
      assert.ok(shown.warning.startsWith(opening(w['msg.verdict.unseen'])) && shown.warning.includes('my-seed⟨U+202E⟩'), shown.warning);
    }

    for (const [p, lang, mode] of pageVisits(linkPages)) {
      test(`${p} ${lang} ${mode}: a match, then links to a mismatch at its place and to an invalid record`, async () => {
        const url = mode === 'file' ? fileURL(lang, p) : `${site.url}/${lang}/${p}/`;
        const w = words(p, lang);
        const l = links[p];

        assert.equal(await open(url + l.match), 'pass', 'self-test');
        let v = await verdict();
        assert.equal(v.status, 'match', v.text);
        assert.ok(v.text.includes(opening(w[matchKey[p]])), `match in ${lang}: ${v.text}`);
        assert.equal(await page.eval('document.documentElement.lang'), lang);

        const [tampered, id] = l.mismatch;
        await follow(tampered);
        v = await verdict();
        assert.equal(v.status, 'mismatch', v.text);
        assert.ok(v.text.includes(opening(w['msg.verdict.mismatch'])), `mismatch in ${lang}: ${v.text}`);
        assert.equal(v.first, `#${id}`, `the first difference named: ${v.text}`);
        assert.equal(await page.eval(`document.getElementById(${JSON.stringify(id)})?.dataset.status ?? 'none'`), 'mismatch');

        await follow(l.invalid.link);
        v = await verdict();
        assert.equal(v.status, 'invalid', v.text);
        assert.ok(v.text.startsWith(opening(w['msg.verdict.invalid'])), `invalid in ${lang}: ${v.text}`);
        const { field, code, at } = l.invalid.expect.errors[0];
        const said = await page.eval(`(document.querySelector('[data-error-for=${JSON.stringify(field)}]') ?? document.querySelector('[data-error-for=link]')).textContent`);
        const sentence = (w[`msg.error.${field}.${code}`] ?? w[`msg.error.${code}`]).replaceAll('{at}', at ?? '');
        assert.ok(said.includes(sentence), `${field}/${code} in ${lang}: ${said}, want ${sentence}`);
        if (p === 'shoe' && mode === 'served') await checkValueIsolated(w);
        await clean(url);
      });
    }

    test('the landing page sends a link of each page to that page', async () => {
      const landing = { file: pathToFileURL(join(dist, 'index.html')).href, served: `${site.url}/` };
      // From file:// or served in turn.
      for (const [mode, url] of Object.entries(landing)) {
        for (const p of linkPages.filter((_, i) => i % 2 === (mode === 'file' ? 0 : 1))) {
          await page.goto(url + links[p].match);
          await page.poll(`document.body?.dataset.page === '${p}' && document.querySelector('[data-selftest]')?.dataset.selftest === 'pass'`);
          await page.poll(verdictDone);
          assert.equal((await verdict()).status, 'match', `${mode} ${p}`);
          assert.equal(await page.eval('location.hash'), links[p].match, `${mode} ${p}: the link kept`);
        }
      }
    });

    // The audit of the generator's season (testdata/audit): the counts, the
    // lines listed and the statistics it says an audit reports.
    async function auditSeason(url, how) {
      assert.equal(await open(url), 'pass', 'self-test');
      const file = join(root, 'testdata', 'audit', 'season.txt');
      if (how === 'file') await page.upload('[data-audit-file]', file);
      else await page.eval(`(document.querySelector('[data-audit-text]').value = ${JSON.stringify(readFileSync(file, 'utf8'))}, true)`);
      await page.click('[data-audit-start]');
      await page.poll(`['done', 'cancelled', 'failed'].includes(document.querySelector('[data-audit-summary]').dataset.state)`);
      const got = await page.eval(`({
        summary: { ...document.querySelector('[data-audit-summary]').dataset },
        text: document.querySelector('[data-verdict-text]').textContent.trim(),
        lines: [...document.querySelectorAll('[data-audit-line]')].map((e) => ({ line: +e.dataset.line, item: +(e.dataset.item ?? 0),
          status: e.dataset.status, scheme: e.dataset.scheme, kind: e.dataset.kind ?? '', at: +(e.dataset.at || 0),
          field: e.dataset.field ?? '', code: e.dataset.code ?? '' })),
        stats: Object.fromEntries(['rolls', 'doubles', 'chi2-36', 'p-36', 'chi2-faces', 'p-faces']
          .map((a) => [a, Number(document.querySelector('[data-audit-stats]').getAttribute('data-' + a))])),
      })`);
      const want = JSON.parse(readFileSync(join(root, 'testdata', 'audit', 'season.expect.json'), 'utf8'));
      assert.equal(got.summary.state, 'done', got.text);
      for (const [key, n] of Object.entries({ lines: want.lines, records: want.records, ...want.status })) {
        assert.equal(got.summary[key], String(n), `summary ${key}`);
      }
      const expected = want.problems.map((p) => ({ line: p.line, item: p.item ?? 0, status: p.status, scheme: p.scheme,
        kind: p.difference?.kind ?? '', at: p.difference?.at ?? 0, field: p.error?.field ?? '', code: p.error?.code ?? '' }));
      assert.deepEqual(got.lines, expected, 'the lines listed');
      const stats = want.statistics;
      for (const [attr, value] of Object.entries({ rolls: stats.rolls, doubles: stats.doubles, 'chi2-36': stats.chiSquare36,
        'p-36': stats.p36, 'chi2-faces': stats.chiSquareFaces, 'p-faces': stats.pFaces })) {
        assert.ok(Math.abs(got.stats[attr] - value) < 1e-9, `statistics ${attr}: ${got.stats[attr]}, generator ${value}`);
      }
    }

    test('audit: a season from a file', async () => {
      await auditSeason(fileURL(languages[0], 'audit'), 'file');
      await clean(fileURL(languages[0], 'audit'));
    });
    test('audit served: a season pasted', async () => {
      await auditSeason(`${site.url}/${languages.at(-1)}/audit/`, 'paste');
      await clean(`${site.url}/${languages.at(-1)}/audit/`);
    });

    test('"download this checker" saves a page that checks a link from disk', async () => {
      const url = `${site.url}/el/check/`;
      await open(url + links.check.match);
      const html = await savedFile('[data-download]');
      assert.ok(/^[\x00-\x7f]*$/.test(html), 'the saved page is ASCII');
      const file = join(mkdtempSync(join(tmpdir(), 'pfcheck-saved-')), 'pfcheck.html');
      writeFileSync(file, html);
      const saved = pathToFileURL(file).href;
      assert.equal(await open(saved + links.check.mismatch[0]), 'pass');
      assert.equal((await verdict()).status, 'mismatch');
      await clean(saved);
    });

    test('offline after served visits: each page opened, kept with the server stopped; no other page', async () => {
      const own = await serve(); // an origin of its own: a service worker and its cache
      const opened = [['de', 'check'], ['el', 'dice']];
      const keptPages = `caches.keys().then(async (names) => names.length === 1
        ? (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname).filter((p) => /^\\/\\w+\\/\\w+\\/$/.test(p)).sort()
        : [])`;
      try {
        assert.equal(await open(`${own.url}/de/check/`), 'pass');
        // The worker keeps the page that registered it before it is active.
        await page.poll(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated')`, 300_000);
        assert.equal(await open(`${own.url}/el/dice/`), 'pass');
        // A page opened later asks to be kept.
        await page.poll(`${keptPages}.then((p) => p.length === 2)`, 300_000);
        assert.deepEqual(await page.eval(keptPages), ['/de/check/', '/el/dice/'], 'only the pages opened are kept');
        // And each without its verifier's text, which a return opens (issue 38).
        await page.poll(`caches.keys().then(async (names) => (await (await caches.open(names[0])).keys())
          .filter((r) => new URL(r.url).pathname.startsWith('/light/')).length === 2)`, 300_000);
      } finally {
        await own.stop();
      }
      for (const [lang, p] of opened) {
        const url = `${own.url}/${lang}/${p}/${links[p].match}`;
        assert.equal(await open(url), 'pass', `${url}: self-test`);
        assert.equal((await verdict()).status, 'match', url);
        // From the service worker's store (navigator.onLine, which the
        // page's "offline" line reads, stays true here: only the server
        // is gone).
        assert.equal(await page.eval('navigator.serviceWorker.controller !== null'), true, `${url}: from the service worker`);
        assert.equal(await page.eval(`'keptVerifier' in document.documentElement.dataset`), true, `${url}: without its verifier's text`);
        // Idle, it puts the text back, for the browser's "Save page".
        await page.poll(`document.getElementById('verifier') !== null`);
        await clean(url);
      }
    });

    // Issue 39: the worker pins the signers of the first build it keeps; a
    // new build (here another sw.js over the same files) signed by another
    // key alone is not kept, and the page says so. Signatures are written
    // as make sign writes them.
    test('a kept page takes no new build its signer did not sign, and says so', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pfcheck-signed-'));
      for (const name of readdirSync(dist)) {
        if (!['sw.js', 'sw.js.br', 'sw.js.gz', 'integrity.sig.json'].includes(name)) symlinkSync(join(dist, name), join(dir, name));
      }
      const worker = readFileSync(join(dist, 'sw.js'));
      const manifest = readFileSync(join(dist, 'integrity.json'));
      const signedByANewKey = () => {
        const { publicKey, privateKey } = generateKeyPairSync('ed25519');
        const raw = Buffer.from(/** @type {string} */ (publicKey.export({ format: 'jwk' }).x), 'base64url');
        return JSON.stringify({ manifest: createHash('sha256').update(manifest).digest('hex'),
          signatures: [{ publicKey: raw.toString('base64'), signature: sign(null, manifest, privateKey).toString('base64') }] });
      };
      writeFileSync(join(dir, 'sw.js'), worker);
      writeFileSync(join(dir, 'integrity.sig.json'), signedByANewKey());
      const own = await serve(dir); // an origin of its own: nothing pinned before
      const notice = `document.querySelector('[data-integrity-notice]').textContent`;
      try {
        assert.equal(await open(`${own.url}/de/check/`), 'pass');
        await page.poll(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated')`, 300_000);
        const kept = await page.eval('caches.keys()');
        writeFileSync(join(dir, 'sw.js'), Buffer.concat([worker, Buffer.from('\n// another build\n')]));
        writeFileSync(join(dir, 'integrity.sig.json'), signedByANewKey());
        assert.equal(await open(`${own.url}/de/check/`), 'pass');
        await page.poll(`${notice} !== ''`, 300_000);
        const said = await page.eval(notice);
        assert.ok(said.startsWith(opening(words('check', 'de')['msg.integrity.signers'])), said);
        assert.deepEqual(await page.eval('caches.keys()'), kept, 'the kept build stays');
        await clean(`${own.url}/de/check/`);
      } finally {
        await own.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('my checked matches: kept once the switch is on, then listed, audited, exported and forgotten on the audit page; nothing from a file', async () => {
      const own = await serve(); // an origin of its own: nothing kept before
      const kept = 'keptMatches().then((all) => all.map((m) => m.link))';
      try {
        const checkURL = `${own.url}/de/check/`;
        await open(checkURL + links.check.match);
        assert.equal(await page.eval(`!document.querySelector('[data-keep-switch]').hidden && !document.querySelector('[data-keep]').checked`), true, 'the switch shown, off');
        assert.deepEqual(await page.eval(kept), [], 'nothing kept with the switch off');
        await page.click('[data-keep]');
        await page.poll('keptMatches().then((all) => all.length === 1)');
        await follow(links.check.mismatch[0]);
        await page.poll('keptMatches().then((all) => all.length === 2)');
        await clean(checkURL);
        const diceURL = `${own.url}/el/dice/`;
        await open(diceURL + links.dice.match);
        assert.equal(await page.eval(`document.querySelector('[data-keep]').checked`), true, 'the choice remembered');
        await page.poll('keptMatches().then((all) => all.length === 3)');
        await page.click('[data-keep]');
        await follow(links.dice.mismatch[0]);
        const want = [checkURL + links.check.match, checkURL + links.check.mismatch[0], diceURL + links.dice.match];
        assert.deepEqual(await page.eval(kept), want, 'kept until the switch was turned off');
        await clean(diceURL);

        const auditURL = `${own.url}/fi/audit/`;
        await open(auditURL);
        const audited = `({ summary: { ...document.querySelector('[data-audit-summary]').dataset },
          rolls: document.querySelector('[data-audit-stats]').dataset.rolls })`;
        await page.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done'`);
        const listed = await page.eval(`[...document.querySelectorAll('[data-kept-match]')].map((e) =>
          [e.dataset.status, e.dataset.page, e.querySelector('a[data-kept-open]').href])`);
        // Each opens its match in the audit page's language.
        const inFinnish = (p, link) => `${own.url}/fi/${p}/index.html${link}`;
        assert.deepEqual(listed, [['match', 'check', inFinnish('check', links.check.match)],
          ['mismatch', 'check', inFinnish('check', links.check.mismatch[0])], ['match', 'dice', inFinnish('dice', links.dice.match)]]);
        const ofKept = await page.eval(audited);
        assert.equal(ofKept.summary.records, '3');
        assert.equal(ofKept.summary.mismatch, '1');
        assert.ok(Number(ofKept.rolls) > 0, 'dice statistics');
        // The exported file audits the same.
        const exported = await savedFile('[data-kept-export]');
        assert.equal(exported, want.map((l) => `${l}\n`).join(''));
        await page.eval(`(document.querySelector('[data-audit-text]').value = ${JSON.stringify(exported)}, true)`);
        await page.click('[data-audit-start]');
        await page.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done' && !document.querySelector('[data-audit-start]').disabled`);
        const ofFile = await page.eval(audited);
        assert.deepEqual([ofFile.summary.records, ofFile.summary.mismatch, ofFile.rolls], [ofKept.summary.records, ofKept.summary.mismatch, ofKept.rolls]);

        await page.click('[data-kept-match]:nth-child(2) [data-forget]');
        await page.poll(`document.querySelectorAll('[data-kept-match]').length === 2`);
        assert.deepEqual(await page.eval(kept), [want[0], want[2]], 'the second forgotten');
        await page.click('[data-forget-all]');
        await page.poll(`document.querySelectorAll('[data-kept-match]').length === 0`);
        assert.deepEqual(await page.eval(kept), [], 'all forgotten');
        await clean(auditURL);
      } finally {
        await own.stop();
      }
      await open(fileURL('de', 'check') + links.check.match);
      await page.eval(`(() => { try { localStorage.setItem('pfcheck.keep', 'on'); } catch {} return true; })()`);
      await follow(links.check.mismatch[0]);
      assert.equal(await page.eval(`document.querySelector('[data-keep-switch]').hidden`), true, 'a page from a file offers no switch');
      assert.deepEqual(await page.eval(`indexedDB.databases().then((all) => all.map((d) => d.name))`), [], 'a page from a file keeps nothing');
    });

    // What iOS's "Add to Home Screen" reads of a served page: its
    // apple-touch-icon (180×180, the whole square: iOS rounds it) and its
    // apple-mobile-web-app-title; a page from a file links no icon.
    test('Safari on a phone: a served page names its home screen icon and title', async () => {
      // One template writes the tags in every language: one language shows
      // what the engine reads.
      for (const lang of languages.slice(-1)) {
        const url = `${site.url}/${lang}/check/`;
        await open(url);
        const got = await page.eval(`({ href: document.querySelector('link[rel=apple-touch-icon]').href,
          title: document.querySelector('meta[name=apple-mobile-web-app-title]').content })`);
        assert.deepEqual(got, { href: `${site.url}/icons/apple-touch-icon.png`, title: words('check', lang)['app.shortName'] });
        // The PNG's header: 180×180, opaque (Safari draws what is
        // transparent black): colour type 2 (RGB), or 3 (a palette, as the
        // build writes an icon of few colours) without a tRNS chunk.
        const icon = await fetch(got.href);
        assert.equal(icon.headers.get('content-type'), 'image/png');
        const png = Buffer.from(await icon.arrayBuffer());
        assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [180, 180]);
        assert.ok(png[25] === 2 || png[25] === 3 && !png.includes('tRNS'), `colour type ${png[25]}, tRNS ${png.includes('tRNS')}: not opaque`);
      }
      await open(fileURL('de', 'check'));
      assert.equal(await page.eval(`document.querySelector('link[rel=apple-touch-icon]')`), null, 'a page from a file links no icon');
    });

    test('a corrupted vector fails the self-test, and a link gets no verdict', async () => {
      const url = pageWithCorruptedVector();
      assert.equal(await open(url + links.check.match), 'fail');
      assert.equal((await verdict()).status, '');
      assert.ok(await page.eval(`document.querySelector('[data-selftest-failed]').textContent.length > 0`), 'the failed case is named');
      assert.equal(await page.eval(`document.querySelector('fieldset').disabled`), true, 'the fields stay disabled');
    });
  });
}
