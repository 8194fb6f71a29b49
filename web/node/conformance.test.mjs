// node web/node/conformance.mjs: an operator's CI running its vectors in
// Node alone, with each exit status it promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

test('files that cannot run: exit 2, saying why', () => {
  for (const [files, says] of /** @type {[Record<string, string>, RegExp][]} */ ([
    [{ 'x.json': '{"scheme": "dice_v1", "cases": [' }, /x\.json: .*JSON/],
    [{ 'x.json': '{"scheme": "dice_v9", "cases": [{"name": "a", "record": {}, "expect": {}}]}' }, /x\.json: scheme "dice_v9" is not one this verifier knows/],
    [{ 'x.json': '{"cases": []}' }, /x\.json: not a vector file/],
    [{ 'x.json': '{"scheme": "dice_v1", "cases": [{"record": {}, "expect": {}}]}' }, /x\.json: a case named undefined/],
  ])) {
    const { status, out, err } = conformance(operatorDir(files));
    assert.equal(status, 2, out + err);
    assert.match(err, says);
    assert.equal(out, '', 'no case runs when a file cannot');
  }
  const missing = conformance(join(tmpdir(), 'no-such-directory-pfcheck'));
  assert.equal(missing.status, 2);
  assert.match(missing.err, /ENOENT/);
  assert.equal(conformance(mkdtempSync(join(tmpdir(), 'pfcheck-empty-'))).status, 2);
});
