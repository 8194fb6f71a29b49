// make bench: Lighthouse (pinned in web/package.json) on the served English
// check page with a match (serve.go's example link), in Debian's Chromium,
// as an operator runs it: mobile, first with its default simulated
// throttling, then with devtools throttling. For each it prints a row of
// web/BENCHMARKS.md ("Lighthouse"): the four category scores, the paints
// and blocking time behind Performance, and the csp-xss findings.
//
// Usage: node web/node/lighthouse.mjs   (from the repository, after make build)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createRequire } from 'node:module';
import { serve } from '../engines/site.mjs';

const { version: lighthouseVersion } = createRequire(import.meta.url)('lighthouse/package.json');

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const server = await serve();
const url = server.example;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  console.log(`Lighthouse ${lighthouseVersion} on ${url.replace(/#.*/, '#…')}`);
  console.log('| throttling | Performance | Accessibility | Best Practices | SEO | first paint | largest paint | blocking time | csp-xss |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const notes = [];
  for (const throttlingMethod of /** @type {const} */ (['simulate', 'devtools'])) {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: categories, throttlingMethod });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    // A category with an audit that failed to run has no score: the row
    // names that audit and why.
    const scores = categories.map((c) => {
      const { score, auditRefs } = lhr.categories[c];
      if (score !== null) return String(Math.round(score * 100));
      const failed = auditRefs.map((r) => lhr.audits[r.id]).filter((a) => a.scoreDisplayMode === 'error');
      return `none (${failed.map((a) => `${a.id}: ${a.errorMessage}`).join('; ')})`;
    });
    // What kept a category below 100.
    const lost = categories.flatMap((c) => lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && c !== 'performance')
      .map((r) => lhr.audits[r.id]).filter((a) => a.score !== null && a.score < 1).map((a) => `${c}: ${a.id} ${a.explanation ?? ''}`.trim()));
    const shown = (id) => lhr.audits[id].displayValue ?? '–';
    const findings = /** @type {{ items?: { severity?: string, description?: unknown }[] } | undefined} */ (lhr.audits['csp-xss'].details)?.items ?? [];
    const csp = findings.length === 0 ? 'none' : findings.map((f) => `${f.severity}: ${JSON.stringify(f.description)}`).join('; ');
    console.log(`| ${throttlingMethod} | ${scores.join(' | ')} | ${shown('first-contentful-paint')} | ${shown('largest-contentful-paint')} | ${shown('total-blocking-time')} | ${csp} |`);
    notes.push(...lost.map((line) => `${throttlingMethod}, below 100: ${line}`));
  }
  for (const note of notes) console.log(note);
} finally {
  chrome.kill();
  await server.stop();
}
