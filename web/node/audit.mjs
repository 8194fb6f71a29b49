// Audits a file of many matches (testdata/audit.md) on every core, with the
// same verifier, batch call, summary and report as the audit page:
//
//   node web/node/audit.mjs FILE [--workers N] [--csv OUT.csv]
//
// It runs the self-test of every vector first (and stops if one fails), then
// prints the report as JSON on stdout — the file the page's "export JSON"
// writes — and a summary with the progress and the warnings on stderr. Exit status: 0 when
// every record matched or was only computed, 1 when any is a mismatch, is
// invalid or unsupported, or a line is unreadable (a warning changes none of
// it), 2 when the audit could not run. Needs `make wasm`
// (web/dist/verifier.wasm, wasm_exec.js).
import { Worker } from 'node:worker_threads';
import { openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import vm from 'node:vm';
import { load, vectorFiles } from './pfcheck.mjs';

vm.runInThisContext(readFileSync(new URL('../static/audit-core.js', import.meta.url), 'utf8'));

function usage(problem) {
  process.stderr.write(`${problem}\nusage: node web/node/audit.mjs FILE [--workers N] [--csv OUT.csv]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let file;
let workerCount = availableParallelism();
let csvFile;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--workers') {
    workerCount = Number(args[++i]);
    if (!Number.isInteger(workerCount) || workerCount < 1) usage('--workers takes a whole number ≥ 1');
  } else if (args[i] === '--csv') {
    csvFile = args[++i] ?? usage('--csv takes a file name');
  } else if (file === undefined && !args[i].startsWith('--')) {
    file = args[i];
  } else {
    usage(`unknown argument ${args[i]}`);
  }
}
if (file === undefined) usage('no file to audit');

const pfcheck = await load();
const { passed, failed } = pfcheck.selfTest(vectorFiles());
if (failed.length > 0) {
  process.stderr.write(`self-test failed: ${failed.join(', ')}\n`);
  process.exit(2);
}
process.stderr.write(`pfcheck ${pfcheck.version}: self-test of ${passed} vectors passed; ${workerCount} workers\n`);

const module = new WebAssembly.Module(readFileSync(new URL('../dist/verifier.wasm', import.meta.url)));
const threads = [];
const workers = await Promise.all(Array.from({ length: workerCount }, () => {
  const thread = new Worker(new URL('./audit-worker.mjs', import.meta.url));
  threads.push(thread);
  return auditWorkerClient(thread, (onData, onError) => {
    thread.on('message', onData);
    thread.on('error', onError);
  }, module);
}));

const blob = await openAsBlob(file);
const started = performance.now();
const cpuBefore = process.cpuUsage();
let shown = 0;
const { outcome } = await runAudit(blob, workers, {
  progress({ done, total, outcome: so_far }) {
    const now = performance.now();
    if (process.stderr.isTTY && now - shown > 250) {
      shown = now;
      const rate = so_far.records / ((now - started) / 1000);
      process.stderr.write(`\r${(100 * done / total).toFixed(1)}%  ${so_far.records} matches, ${Math.round(rate)}/s `);
    }
  },
});
const seconds = (performance.now() - started) / 1000;
const { user, system } = process.cpuUsage(cpuBefore); // every thread's, in µs
for (const thread of threads) thread.terminate();

const report = auditReport(outcome, pfcheck.rollStats(playedRolls(outcome)), false);
process.stdout.write(auditJSON(report));
if (csvFile) writeFileSync(csvFile, auditCSV(report));
const s = report.summary;
const rolls = report.statistics.rolls;
process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}${s.records} records in ${s.lines} lines: ${s.match} match, ${s.mismatch} mismatch, ` +
  `${s.computed} computed, ${s.invalid} invalid, ${s.unsupported} unsupported, ${s.unreadable} unreadable; ${rolls} rolls; ` +
  `${seconds.toFixed(1)} s, ${Math.round(rolls / seconds)} rolls/s, ${Math.round(rolls / ((user + system) / 1e6))} per CPU second\n`);
if (s.mismatch > 0) {
  process.stderr.write(`mismatches by diagnosis: ${diagnosisGroups(s.diagnoses).map(([key, n]) => `${n} ${key}`).join(', ')}\n`);
}
// The warnings, a line each, with the (first) lines they concern, a reuse
// warning's groups apart by ";"; they change no exit status.
for (const w of report.warnings) {
  const lines = w.groups ? w.groups.map((g) => g.join(', ')).join('; ') : w.lines.join(', ');
  process.stderr.write(`warning ${w.code}: ${w.count} (lines ${lines})\n`);
}
process.exit(s.mismatch + s.invalid + s.unsupported + s.unreadable > 0 ? 1 : 0);
