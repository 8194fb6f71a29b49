// node web/node/conformance.mjs: an operator's CI running its vectors in
// Node alone, with each exit status it promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './pfcheck.mjs';

const script = fileURLToPath(new URL('conformance.mjs', import.meta.url));
const example = fileURLToPath(new URL('../../testdata/operator/', import.meta.url));

function conformance(dir) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

// A copy of the example operator's vectors, with files written over it.
function operatorDir(files = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pfcheck-operator-'));
  cpSync(example, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('the example operator\'s vectors all pass: exit 0, every case listed', () => {
  const { status, out } = conformance(example);
  assert.equal(status, 0, out);
  assert.match(out, /^ {2}pass dice_v1\/server-match-1001$/m);
  assert.match(out, /^ {2}pass dice_v2\/server-match-7$/m);
  assert.match(out, /^conformance: 9 passed, 0 failed/m);
});

test('a case the verifier computes otherwise: exit 1, named with its first difference', () => {
  const file = JSON.parse(readFileSync(join(example, 'shoe_v1.json'), 'utf8'));
  const [first] = file.cases;
  first.record.cut += 1; // the server's cut card, moved
  const { status, out } = conformance(operatorDir({ 'shoe_v1.json': JSON.stringify(file) }));
  assert.equal(status, 1, out);
  assert.match(out, new RegExp(`^ {2}FAIL shoe_v1/${first.name}: \\.status: expected "match", got "mismatch"; cutMatches: false$`, 'm'));
  assert.match(out, /^ {2}pass shoe_v1\/server-cup-hand-3$/m);
  assert.match(out, /^conformance: 8 passed, 1 failed/m);
});

test('files that cannot run: exit 2, saying why', async () => {
  const [first, ...others] = /** @type {[Record<string, string>, RegExp][]} */ ([
    [{ 'x.json': '{"scheme": "dice_v1", "cases": [' }, /x\.json: not JSON at byte 33/],
    [{ 'x.json': '{"scheme": "dice_v9", "cases": [{"name": "a", "record": {}, "expect": {}}]}' }, /x\.json: scheme "dice_v9": this verifier does not check it/],
    [{ 'x.json': '{"cases": []}' }, /x\.json: not a vector file/],
    [{ 'x.json': '{"scheme": "dice_v1", "cases": [{"record": {}, "expect": {}}]}' }, /x\.json: case 1 has no name/],
  ]);
  const { status, out, err } = conformance(operatorDir(first[0]));
  assert.equal(status, 2, out + err);
  assert.match(err, first[1]);
  assert.equal(out, '', 'no case runs when a file cannot');
  // The others as the script's call refuses them, in this process (a
  // script's start loads the verifier anew).
  const pfcheck = await load();
  for (const [files, says] of others) {
    const run = pfcheck.conformance(Object.entries(files).map(([file, text]) => ({ path: file, data: Buffer.from(text) })));
    assert.match(run.refused ?? '', says, JSON.stringify(run).slice(0, 500));
    assert.equal(run.files, undefined, 'no case runs when a file cannot');
  }
  const missing = conformance(join(tmpdir(), 'no-such-directory-pfcheck'));
  assert.equal(missing.status, 2);
  assert.match(missing.err, /ENOENT/);
  assert.equal(conformance(mkdtempSync(join(tmpdir(), 'pfcheck-empty-'))).status, 2);
});

test('hostile files: refused (exit 2) or failed (exit 1) as the build refuses or fails them, never a pass', async () => {
  // The fixtures web/build's TestOperatorFilesRefused runs through the
  // build, here through the call conformance.mjs makes, in this process.
  const pfcheck = await load();
  const { fixtures } = JSON.parse(readFileSync(new URL('../../testdata/operator-refused.json', import.meta.url), 'utf8'));
  for (const { name, files, padTo, exit, says } of fixtures) {
    const dir = operatorDir(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, text.padEnd(padTo ?? 0)])));
    const run = pfcheck.conformance(readdirSync(dir).sort().map((file) => ({ path: join(dir, file), data: readFileSync(join(dir, file)) })));
    const said = exit === 2 ? run.refused : run.files?.flatMap((f) => f.cases.map((c) => `${c.name}: ${c.failure}`)).join('\n');
    assert.ok(said?.includes(says), `${name}: ${JSON.stringify(run).slice(0, 500)}`);
    assert.doesNotMatch(said, /\x1b/, name);
  }
  // As conformance.mjs prints it: the name that fails, escaped.
  const esc = fixtures.find((/** @type {any} */ f) => f.exit === 1);
  const { status, out } = conformance(operatorDir(esc.files));
  assert.equal(status, 1, out);
  assert.ok(out.includes(`  FAIL ${esc.says}`), out);
  assert.doesNotMatch(out, /\x1b/);
});
