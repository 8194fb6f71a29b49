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
// run: a directory or file that cannot be read, a verifier that does not
// load, or a file the verifier refuses, by name, as the build does (its
// conformance call, verify.ReadVectorFile: not JSON or not of the vector
// format, over 32 MB, nested too deep, a number beyond a double, a key given
// twice or in two cases, a scheme the verifier does not know, a case without
// a name of its own or with not one input, one of another scheme than its
// file's). All it prints of a file, the verifier has made printable.
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

/** @type {{path: string, data: Uint8Array}[]} */
let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((name) => {
    const path = join(dir, name);
    return { path, data: readFileSync(path) };
  });
} catch (err) {
  cannotRun(err.message);
}
if (files.length === 0) cannotRun(`${dir}: no *.json there`);

let pfcheck;
try {
  pfcheck = await load(dist);
} catch (err) {
  cannotRun(`the verifier did not load (${err.message}); make wasm writes web/dist/verifier.wasm and wasm_exec.js`);
}

// Every file read and checked before any case is printed: a file that
// cannot run is not half a result.
if (typeof pfcheck.conformance !== 'function') cannotRun('a verifier without the conformance call (a page\'s); make wasm writes the one with every scheme');
const run = pfcheck.conformance(files);
if (run.files === undefined) cannotRun(String(run.refused));

let passed = 0;
let failed = 0;
for (const file of run.files) {
  console.log(`${file.path} (${file.scheme}, ${file.cases.length} cases)`);
  for (const { name, failure } of file.cases) {
    if (failure !== '') {
      failed++;
      console.log(`  FAIL ${name}: ${failure}`);
    } else {
      passed++;
      console.log(`  pass ${name}`);
    }
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed (${pfcheck.version})`);
process.exit(failed > 0 ? 1 : 0);
