// The audit in Node (web/node/audit.mjs) on the generator's season
// (testdata/gen/audit.mjs): the summary, the listed lines, the statistics and
// the CSV are what the generator says, and linkPage sends every link line
// where the generator says it belongs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { load } from './pfcheck.mjs';

const season = new URL('../../testdata/audit/season.txt', import.meta.url);
const expect = JSON.parse(readFileSync(new URL('../../testdata/audit/season.expect.json', import.meta.url), 'utf8'));
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
    const { report, csv, stderr } = await audit('--workers', workers);
    const { schemes, diagnoses, cancelled, ...counts } = report.summary;
    assert.deepEqual(counts, { lines: expect.lines, records: expect.records, unreadable: expect.unreadable, ...expect.status });
    assert.deepEqual(schemes, expect.schemes);
    assert.deepEqual(diagnoses, expect.diagnoses);
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
    assert.deepEqual(report.warnings, expect.warnings);
    for (const w of expect.warnings) {
      const lines = w.groups ? w.groups.map((g) => g.join(', ')).join('; ') : w.lines.join(', ');
      assert.ok(stderr.includes(`warning ${w.code}: ${w.count} (lines ${lines})\n`), `${w.code} on stderr: ${stderr}`);
    }
    assert.equal(csv, readFileSync(new URL('../../testdata/audit/season.expect.csv', import.meta.url), 'utf8'));
  }
});

test('linkPage sends each link line to the page the generator made it for', () => {
  const lines = readFileSync(season, 'utf8').split('\n');
  for (const [line, page] of Object.entries(expect.pages)) {
    assert.equal(vm.runInContext(`linkPage(${JSON.stringify(lines[Number(line) - 1].trim())})`, context), page, `line ${line}`);
  }
});

// runAudit with workers that answer in a random order and list every line
// that starts with "bad": each byte of the file reaches one batch, every
// batch is whole lines, and the lines are numbered in the file.
test('runAudit cuts a file into batches of whole lines and numbers them in the file', async () => {
  const core = vm.createContext({ TextDecoder, Blob, Promise, Uint8Array, ArrayBuffer, Math, setTimeout });
  vm.runInContext(readFileSync(new URL('../static/audit-core.js', import.meta.url), 'utf8'), core);
  const maxLine = vm.runInContext('AUDIT_MAX_LINE', core);
  const lines = Array.from({ length: 3000 }, (_, i) => `${i % 7 === 0 ? 'bad' : 'ok'} ${i} ${'x'.repeat(i % 500)}`);
  const files = {
    'many lines': lines.join('\n'),
    'a byte order mark, CRLF': `\ufeffbad 1\r\nok\r\nbad 3\r\n`,
    'a line over the bound': `ok\n${'bad'.repeat(maxLine)}\nbad 3\nok`,
    'no end of line': 'bad',
    'empty lines': '\n\nbad\n\n',
  };
  for (const [name, text] of Object.entries(files)) {
    const seen = [];
    const worker = {
      audit: ({ data }) => new Promise((resolve) => setTimeout(() => {
        const batch = Buffer.from(data).toString('utf8');
        assert.ok(batch.endsWith('\n'), `${name}: a batch of whole lines`);
        seen.push(batch);
        const batchLines = batch.slice(0, -1).split('\n');
        const problems = batchLines.flatMap((l, i) => (l.startsWith('bad') ? [{ line: i + 1, length: l.length }] : []));
        const outcome = vm.runInContext('newAuditOutcome()', core);
        resolve({ result: { ...outcome, lines: batchLines.length, problems }, data });
      }, Math.random() * 5)),
    };
    const { outcome } = await vm.runInContext('runAudit', core)(new Blob([text]), [worker, worker]);
    const want = text.replace(/^\ufeff/, '').replace(/\n?$/, '\n').split('\n').slice(0, -1);
    assert.equal(outcome.lines, want.length, `${name}: lines`);
    const listed = want.flatMap((l, i) => (l.startsWith('bad') ? [i + 1] : []));
    assert.deepEqual(Array.from(outcome.problems, (p) => p.line), listed.slice(0, 1000), `${name}: the listed lines`);
    const long = outcome.problems.find((p) => p.length > maxLine);
    if (long) assert.equal(long.length, maxLine + 1, `${name}: an overlong line is cut just past the bound`);
    assert.equal(seen.join('').length > 0, text.length > 0, name);
  }
});

// The warnings of the season cut into two batches, each audited by the
// verifier with its lines numbered from 1 as a worker's are, and added up
// by addAuditOutcome: the generator's, although the first use of a seed is
// in one batch and its second in the other.
test('addAuditOutcome finds a seed used again across batches', async () => {
  const pfcheck = await load();
  const core = vm.createContext({});
  for (const script of ['links.js', 'audit-core.js']) vm.runInContext(readFileSync(new URL(`../static/${script}`, import.meta.url), 'utf8'), core);
  const lines = readFileSync(season, 'utf8').split('\n').slice(0, -1);
  const cut = 60;
  const total = vm.runInContext('newAuditOutcome()', core);
  for (const batch of [lines.slice(0, cut), lines.slice(cut)]) {
    const formats = batch.map((l) => vm.runInContext(`auditLineFormat(${JSON.stringify(l)})`, core));
    const outcome = pfcheck.audit(batch.map((l) => `${l}\n`).join(''), { formats });
    assert.equal(outcome.errors, undefined);
    vm.runInContext('addAuditOutcome', core)(total, outcome);
  }
  const warnings = JSON.parse(JSON.stringify(vm.runInContext('auditWarnings', core)(total)));
  assert.deepEqual(warnings, expect.warnings);
  assert.ok(warnings[0].groups.some((g) => g[0] <= cut && g.at(-1) > cut), 'a group across the cut');

  // Many values, as a large file has (AuditSeen grows): each found again
  // that was, and only those.
  const many = vm.runInContext('newAuditOutcome()', core);
  const hash = (i) => createHash('sha256').update(String(i)).digest('hex').slice(0, 16);
  for (const [from, to] of [[0, 20000], [19990, 30000]]) {
    const batch = vm.runInContext('newAuditOutcome()', core);
    batch.lines = to - from;
    batch.seen = { 'seed-reused': Object.fromEntries(Array.from({ length: to - from }, (_, i) => [hash(from + i), [i + 1]])) };
    vm.runInContext('addAuditOutcome', core)(many, batch);
  }
  const [reused] = vm.runInContext('auditWarnings', core)(many);
  assert.equal(reused.count, 10);
  assert.deepEqual(JSON.parse(JSON.stringify(reused.groups)), Array.from({ length: 10 }, (_, i) => [19991 + i, 20001 + i]));
});
