// The audit in Node (web/node/audit.mjs) on the generator's season
// (testdata/gen/audit.mjs): the summary, the listed lines, the statistics and
// the CSV are what the generator says, and linkPage sends every link line
// where the generator says it belongs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';

const season = new URL('../../testdata/audit/season.txt', import.meta.url);
const expect = JSON.parse(readFileSync(new URL('../../testdata/audit/season.expect.json', import.meta.url)));
const context = vm.createContext({});
vm.runInContext(readFileSync(new URL('../static/links.js', import.meta.url), 'utf8'), context);

async function audit(...args) {
  const dir = mkdtempSync(join(tmpdir(), 'audit-'));
  const csv = join(dir, 'report.csv');
  const run = promisify(execFile)(process.execPath, [new URL('audit.mjs', import.meta.url).pathname, season.pathname, '--csv', csv, ...args],
    { maxBuffer: 64 << 20 });
  const { stdout, stderr } = await run.catch((err) => err); // exit status 1: the season has problems
  return { report: JSON.parse(stdout), stderr, csv: readFileSync(csv, 'utf8') };
}

// Subset comparison, as the vectors' expect (testdata/README.md).
function contains(got, want) {
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => contains(got[i], w));
  if (want !== null && typeof want === 'object') {
    return got !== null && typeof got === 'object' && Object.keys(want).every((k) => k in got && contains(got[k], want[k]));
  }
  return got === want;
}

test('the season through web/node/audit.mjs: the generator\'s report', async () => {
  for (const workers of ['1', '3']) {
    const { report, csv } = await audit('--workers', workers);
    const { schemes, cancelled, ...counts } = report.summary;
    assert.deepEqual(counts, { lines: expect.lines, records: expect.records, unreadable: expect.unreadable, ...expect.status });
    assert.deepEqual(schemes, expect.schemes);
    assert.equal(cancelled, false);
    assert.equal(report.omitted, 0);
    assert.equal(report.problems.length, expect.problems.length);
    expect.problems.forEach((want, i) => assert.ok(contains(report.problems[i], want), `line ${want.line}: ${JSON.stringify(report.problems[i])}`));
    const stats = report.statistics;
    const recorded = expect.rolls.recorded.reduce((a, b) => a + b, 0);
    assert.equal(stats.recorded, recorded);
    assert.equal(stats.computed, expect.statistics.rolls - recorded);
    for (const key of ['rolls', 'doubles', 'chiSquare36', 'p36', 'chiSquareFaces', 'pFaces']) {
      assert.ok(Math.abs(stats[key] - expect.statistics[key]) <= 1e-9, `${key}: ${stats[key]}, generator ${expect.statistics[key]}`);
    }
    assert.deepEqual(stats.faces, expect.statistics.faces);
    assert.equal(csv, readFileSync(new URL('../../testdata/audit/season.expect.csv', import.meta.url), 'utf8'));
  }
});

test('linkPage sends each link line to the page the generator made it for', () => {
  const lines = readFileSync(season, 'utf8').split('\n');
  for (const [line, page] of Object.entries(expect.pages)) {
    assert.equal(vm.runInContext(`linkPage(${JSON.stringify(lines[line - 1].trim())})`, context), page, `line ${line}`);
  }
});
