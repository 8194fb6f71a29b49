// Runs test-vector files — an operator's own (testdata/operator is an
// example), or ours (testdata/vectors) — through the pfcheck verifier, in
// Node alone: a game server's CI can check that the pages compute what its
// server computes without Go. Prints every case, pass or FAIL with its first
// difference from what the case expects (testdata/README.md, "For operators").
//
//   node web/node/conformance.mjs [--dist DIR] <directory of *.json>
//
// It needs this file, pfcheck.mjs beside it, and in DIST (default web/dist,
// from `make wasm` or a release) verifier.wasm and wasm_exec.js.
// Exit status: 0 every case passes, 1 a case fails, 2 the files cannot be
// run (a directory or file that cannot be read, a file that is not JSON or
// not of the vector format, a case without a name of its own, a scheme the
// verifier does not know, a verifier that does not load).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from './pfcheck.mjs';

function cannotRun(message) {
  console.error(`conformance: cannot run: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let dist;
if (args[0] === '--dist' && args.length > 1) dist = pathToFileURL(resolve(args.splice(0, 2)[1]) + '/');
if (args.length !== 1) cannotRun('usage: node web/node/conformance.mjs [--dist DIR] <directory of vector files>');
const dir = args[0];

let names = [];
try {
  names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
} catch (err) {
  cannotRun(err.message);
}
if (names.length === 0) cannotRun(`${dir}: no *.json there`);

let pfcheck;
try {
  pfcheck = await load(dist);
} catch (err) {
  cannotRun(`the verifier did not load (${err.message}); make wasm writes web/dist/verifier.wasm and wasm_exec.js`);
}

// Every file read and checked before any case runs: a file that cannot run
// is not half a result.
const files = names.map((name) => {
  const path = join(dir, name);
  let file;
  try {
    file = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    cannotRun(`${path}: ${err.message}`);
  }
  if (typeof file?.scheme !== 'string' || !Array.isArray(file.cases) || file.cases.length === 0) {
    cannotRun(`${path}: not a vector file: it needs "scheme" and a list of "cases" (testdata/README.md)`);
  }
  if (pfcheck.check({ scheme: file.scheme }).errors.some((e) => e.field === 'scheme' && e.code === 'unknown-scheme')) {
    cannotRun(`${path}: scheme "${file.scheme}" is not one this verifier knows`);
  }
  const seen = new Set();
  for (const c of file.cases) {
    if (typeof c?.name !== 'string' || c.name === '' || seen.has(c.name)) {
      cannotRun(`${path}: a case named ${JSON.stringify(c?.name)}: each case needs a name of its own`);
    }
    seen.add(c.name);
  }
  return { path, file };
});

let passed = 0;
let failed = 0;
for (const { path, file } of files) {
  console.log(`${path} (${file.scheme}, ${file.cases.length} cases)`);
  const result = pfcheck.selfTest([file]);
  const why = new Map(result.failed.map((name, i) => [name, result.differences[i]]));
  for (const c of file.cases) {
    const name = `${file.scheme}/${c.name}`;
    if (why.has(name)) {
      failed++;
      console.log(`  FAIL ${name}: ${why.get(name)}`);
    } else {
      passed++;
      console.log(`  pass ${name}`);
    }
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed (${pfcheck.version})`);
process.exit(failed > 0 ? 1 : 0);
