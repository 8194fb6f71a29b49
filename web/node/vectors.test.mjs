// The vectors through the wasm in Node: the same calls the page makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { load, vectorFiles } from './pfcheck.mjs';

const pfcheck = await load();
const vectorDir = new URL('../../testdata/vectors/', import.meta.url);
const files = readdirSync(vectorDir).filter((f) => f.endsWith('.json'));

test('version names the build', () => {
  assert.match(pfcheck.version, /^\d+\.\d+\.\d+\+src\.[0-9a-f]{12}$/);
});

test('self-test passes every vector', () => {
  const vectors = vectorFiles();
  const { passed, failed } = pfcheck.selfTest(vectors);
  assert.deepEqual(failed, []);
  assert.equal(passed, vectors.reduce((n, f) => n + f.cases.length, 0));
});

test('self-test fails on a wrong vector, and on none', () => {
  const vectors = vectorFiles();
  const dice = vectors.find((f) => f.scheme === 'dice_v1');
  const broken = structuredClone(dice);
  const c = broken.cases.find((c) => c.expect.status === 'match' && c.expect.rolls);
  c.expect.rolls[0].dice = c.expect.rolls[0].dice === '11' ? '22' : '11';
  assert.deepEqual(pfcheck.selfTest([broken]).failed, [`dice_v1/${c.name}`]);
  assert.deepEqual(pfcheck.selfTest([]).failed, ['vectors']);
  assert.ok(pfcheck.selfTest().failed.length > 0);
});

// Subset comparison, as testdata/README.md defines it.
function contains(got, want) {
  if (Array.isArray(want)) {
    return Array.isArray(got) && got.length === want.length && want.every((w, i) => contains(got[i], w));
  }
  if (want !== null && typeof want === 'object') {
    return got !== null && typeof got === 'object' && Object.keys(want).every((k) => k in got && contains(got[k], want[k]));
  }
  return got === want;
}

// What the page calls for each input kind of a vector case; `stream` cases
// exercise the byte stream below the API and run only in the self-test.
const calls = {
  record: (record) => pfcheck.check(record),
  link: (link, c) => {
    const parsed = pfcheck.parseLink(link, c.format);
    return parsed.errors ? { status: 'invalid', errors: parsed.errors } : { ...pfcheck.check(parsed.record), record: parsed.record };
  },
  rollsText: (text) => pfcheck.parseRolls(text),
  cardsText: (text) => pfcheck.parseCards(text),
};

for (const f of files) {
  const { cases } = JSON.parse(readFileSync(new URL(f, vectorDir), 'utf8'));
  test(`${f}: every case through the public API`, () => {
    for (const c of cases) {
      const kind = Object.keys(calls).find((k) => k in c);
      if (!kind) continue;
      const got = calls[kind](c[kind], c);
      assert.ok(contains(got, c.expect), `${c.name}: got ${JSON.stringify(got).slice(0, 400)}`);
    }
  });
}

test('wrong arguments never throw', () => {
  for (const arg of [undefined, null, 42, 'x', [], { scheme: 7 }, { scheme: 'dice_v1', serverSeed: {} }]) {
    const r = pfcheck.check(arg);
    assert.ok(r.status === 'invalid' || r.status === 'unsupported', JSON.stringify(r));
    assert.ok(r.errors.length > 0);
  }
  assert.ok(pfcheck.parseLink(42).errors.length > 0);
  assert.deepEqual(pfcheck.parseLink('#v=1', 42).errors, [{ field: 'format', code: 'wrong-type' }]);
  assert.deepEqual(pfcheck.parseLink('#v=1', 'poker').errors, [{ field: 'format', code: 'unknown-format' }]);
  assert.ok(pfcheck.parseRolls(null).errors.length > 0);
});

test('self-test takes the vector files as JSON text, as a page passes them', () => {
  const vectors = vectorFiles();
  const { passed, failed } = pfcheck.selfTest(JSON.stringify(vectors));
  assert.deepEqual(failed, []);
  assert.equal(passed, vectors.reduce((n, f) => n + f.cases.length, 0));
  assert.deepEqual(pfcheck.selfTest('not json').failed, ['vectors']);
});

test('self-test takes the vectors as a page carries them (web/dist/wasm/<page>.vectors)', () => {
  const dist = new URL('../dist/wasm/', import.meta.url);
  const sets = readdirSync(dist).filter((f) => f.endsWith('.vectors'));
  assert.ok(sets.length >= 4, 'make build writes each page\'s vectors');
  for (const f of sets) {
    const { passed, failed } = pfcheck.selfTest(new Uint8Array(readFileSync(new URL(f, dist))));
    assert.deepEqual(failed, [], f);
    assert.ok(passed > 0, f);
  }
  assert.deepEqual(pfcheck.selfTest(new Uint8Array([1, 2, 3])).failed, ['vectors']);
});
