// A player's return in WebKit and in Gecko (issue 38, part 3): what
// BenchmarkFirstTap (web/firsttap_test.go) measures as "kept" and "again"
// in Chromium, in the engines web/engines/driver.mjs drives (make
// bench-engines; not part of make test).
//
// The rows are BenchmarkFirstTap's (its TestFirstTapRows writes them: the
// German check, dice, shoe and games pages with the same links, and its
// floor, the hello page), each served by serve.go (site.mjs) on an origin
// of its own for each row of each round (a service worker, a cache and an
// HTTP cache of its own: neither driver offers WebKit a new browser
// context). A page's row: the first visit (the service worker installs and
// keeps the page, and beside it the page without its verifier's text,
// issue 38: the row waits until both are kept), then the return (kept) in a
// new navigation from about:blank, and a later return (again) 3 s after it,
// as keptTap has them. The floor's row: a first visit and the warm one, a
// second navigation, from the HTTP cache (the hello page has no worker).
// Each visit's verdict is the page's performance mark pfcheck:verdict
// (startTime: from navigation), and its ratio to the floor's warm visit in
// the same run (× hello), a first visit's to the floor's first. Neither
// driver can throttle the network or the CPU: the desktop, unthrottled,
// so compare ratios within an engine, not with Chromium's phone profile.
//
// node web/engines/bench-return.mjs [--rounds 5] [--engines webkit,firefox]
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { launch, missing } from './driver.mjs';
import { serve, tapRows } from './site.mjs';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, engines: { type: 'string', default: 'webkit,firefox' } },
});
const rounds = Number(args.rounds);
const phases = ['script', 'unpacked', 'compiled', 'started', 'self-tested'];
// A row's work, at most: WebKit's hung navigation (README, "Browsers")
// throws after the driver's page load timeout (90 s) or never.
const ROW_MS = 240_000;
const KEPT_MS = 120_000;

/** @typedef {{ verdict: number, marks: Record<string, number>, response: number, status: string, light: boolean, worker: boolean }} Visit */

// What a visit measured, once its verdict is marked.
const measured = `({
  verdict: performance.getEntriesByName('pfcheck:verdict')[0].startTime,
  marks: Object.fromEntries(performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('pfcheck:')).map((m) => [m.name.slice(8), m.startTime])),
  response: performance.getEntriesByType('navigation')[0]?.responseEnd,
  status: document.getElementById('verdict').dataset.status,
  light: 'keptVerifier' in document.documentElement.dataset,
  worker: !!navigator.serviceWorker?.controller,
})`;

// The page and the page without its verifier's text both kept (as
// offline_test.go's waitKept has it).
const kept = `Promise.all([location.href.split('#')[0], location.origin + '/light' + location.pathname.replace(/index\\.html$/, '')]
  .map((url) => caches.match(url))).then(([page, light]) => page !== undefined && light !== undefined)`;

const withTimeout = (promise, ms, what) => Promise.race([promise,
  sleep(ms, undefined, { ref: false }).then(() => { throw new Error(`${what}: no answer in ${ms / 1000} s`); })]);

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Runs the rows in one engine, interleaved, rounds times.
 * @param {string} engine
 * @param {{ floor: string, rows: { name: string, link: string, status: string }[] }} tap
 */
async function bench(engine, tap) {
  let browser = await launch(engine);
  let page = await browser.page();
  const version = browser.version;
  /** @type {Record<string, Visit[]>} */
  const visits = {};
  const retried = [];
  const rows = [{ name: 'hello', link: '', status: '' }, ...tap.rows];

  // One visit in a new navigation (from about:blank), until its verdict.
  const visit = async (url) => {
    await page.navigate('about:blank');
    await page.navigate(url);
    await page.poll(`performance.getEntriesByName('pfcheck:verdict').length > 0`);
    return /** @type {Visit} */ (await page.eval(measured));
  };

  // A row's visits, on an origin of its own.
  // The step a row is at, which a failure names.
  let step = '';
  const measure = async (row) => {
    const site = await serve(row.status ? undefined : tap.floor);
    try {
      const url = `${site.url}/de/${row.status ? row.name : 'check'}/${row.link}`;
      step = 'first';
      const got = { first: await visit(url) };
      if (!row.status) {
        step = 'warm';
        got.warm = await visit(url);
      } else {
        step = 'waiting until kept';
        await page.poll(kept, KEPT_MS);
        step = 'kept';
        got.kept = await visit(url);
        await sleep(3000); // for the engine to write what it compiled, if it does
        step = 'again';
        got.again = await visit(url);
      }
      for (const [name, v] of Object.entries(got)) {
        if (row.status && v.status !== row.status) throw new Error(`${row.name} ${name}: status ${v.status}, want ${row.status}`);
      }
      await page.navigate('about:blank');
      return got;
    } finally {
      await site.stop();
    }
  };

  const loadBefore = loadavg();
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[(i + round) % rows.length];
      let got;
      for (let attempt = 0; !got; attempt++) {
        const since = Date.now();
        try {
          got = await withTimeout(measure(row), ROW_MS, `${row.name}, round ${round + 1}`);
        } catch (err) {
          // Once more, twice at most, in a new browser.
          retried.push(`${row.name}, round ${round + 1}, ${step}, after ${Math.round((Date.now() - since) / 1000)} s: ` +
            `${err.name}: ${String(err.message).split('\n')[0]}`);
          console.error(`${engine}: ${retried.at(-1)}; again in a new browser`);
          if (attempt === 2) throw err;
          await withTimeout(browser.close(), 30_000, 'closing the browser').catch(() => {});
          browser = await launch(engine);
          page = await browser.page();
        }
      }
      for (const [name, v] of Object.entries(got)) (visits[`${row.name}/${name}`] ??= []).push(v);
    }
  }
  const loadAfter = loadavg();
  await browser.close();

  const fmt = (ms) => `${Math.round(ms).toLocaleString('en')} ms`;
  const lines = [`${engine} ${version}: medians of ${rounds}, interleaved, from navigation; desktop, unthrottled (neither driver throttles); ` +
    `load ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ` +
    `${retried.length} row(s) again in a new browser${retried.length ? `: ${retried.join('; ')}` : ''}`];
  lines.push(`${'page'.padEnd(7)} ${'visit'.padEnd(6)} ${'verdict'.padStart(9)} ${'×hello'.padStart(7)}  light  each (ms)   ` +
    `phases (median ms): page received / ${phases.join(' / ')}`);
  /** @type {Record<string, { ms: number, ratio: number, light: string }>} */
  const summary = {};
  for (const row of rows) {
    for (const name of ['first', 'warm', 'kept', 'again']) {
      const vs = visits[`${row.name}/${name}`];
      if (!vs) continue;
      const ms = median(vs.map((v) => v.verdict));
      const ratio = ms / median(visits[`hello/${name === 'first' ? 'first' : 'warm'}`].map((v) => v.verdict));
      // How many visits opened the page without its verifier's text, from the worker.
      const light = row.status ? `${vs.filter((v) => v.light && v.worker).length}/${vs.length}` : '–';
      const at = ['', ...phases].map((p) => {
        const t = median(vs.map((v) => p ? v.marks[p] : v.response).filter((t) => t !== undefined));
        return Number.isNaN(t) ? '–' : Math.round(t);
      });
      summary[`${row.name}/${name}`] = { ms, ratio, light };
      lines.push(`${row.name.padEnd(7)} ${name.padEnd(6)} ${fmt(ms).padStart(9)} ${ratio.toFixed(2).padStart(7)}  ${light.padEnd(5)}  ` +
        `${vs.map((v) => Math.round(v.verdict)).join(',')}   ${at.join(' / ')}`);
    }
  }
  return { engine, version, lines, summary, retried };
}

const tap = tapRows();
const results = [];
for (const engine of args.engines.split(',')) {
  const lacking = missing(engine);
  if (lacking) {
    console.log(`${engine}: not installed (${lacking}); skipped`);
    continue;
  }
  results.push(await bench(engine, tap));
  console.log(results.at(-1).lines.join('\n'));
}
console.log(`\nthe return (kept) and a later one (again) × the floor's warm visit, per engine (goal: ≤ 1.3 on every page):`);
for (const { engine, summary } of results) {
  console.log(`${engine}: ${tap.rows.map((r) => `${r.name} ${summary[`${r.name}/kept`].ratio.toFixed(2)} / ${summary[`${r.name}/again`].ratio.toFixed(2)}`).join(', ')}`);
}
