// The bridge under hostile calls (issue 11): a call made from inside another
// call, and arguments too large to copy into the verifier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, memoryBytes } from './pfcheck.mjs';

const pfcheck = await load();
const seed = 'ab'.repeat(32);
const record = { scheme: 'dice_v1', serverSeed: seed, clientSeeds: ['a'], rolls: ['63'] };
const verdict = pfcheck.check(record).status;

// Each call, made from inside a check (an argument's toJSON), with what it
// answers there.
/** @type {Record<string, [() => unknown, unknown]>} */
const refusals = {
  check: [() => pfcheck.check(record), { scheme: '', status: 'invalid', errors: [{ field: 'record', code: 'reentrant' }], mismatches: [] }],
  formatLink: [() => pfcheck.formatLink(record), ''],
  parseLink: [() => pfcheck.parseLink('#v=1'), { errors: [{ field: 'link', code: 'reentrant' }] }],
  parseRolls: [() => pfcheck.parseRolls('63'), { errors: [{ field: 'text', code: 'reentrant' }] }],
  parseCards: [() => pfcheck.parseCards('AS'), { errors: [{ field: 'text', code: 'reentrant' }] }],
  reach: [() => pfcheck.reach(3), { errors: [{ field: 'distance', code: 'reentrant' }] }],
  openingRolls: [() => pfcheck.openingRolls(), { errors: [{ field: 'rolls', code: 'reentrant' }] }],
  selfTest: [() => pfcheck.selfTest([]), { passed: 0, failed: ['reentrant'], differences: ['a call made while another runs'] }],
  audit: [() => pfcheck.audit('#v=1'), { errors: [{ field: 'text', code: 'reentrant' }] }],
  rollStats: [() => pfcheck.rollStats(Array(36).fill(1)), { errors: [{ field: 'counts', code: 'reentrant' }] }],
  conformance: [() => pfcheck.conformance([]), { refused: 'reentrant' }],
};

test('a call made while another runs is refused, and the verifier lives on', () => {
  // The attack of issue 11: before, it nested some 385 calls deep, then the Go
  // program died ("panic on system stack") and every later call threw.
  const deep = { toJSON() { return pfcheck.check(deep); } };
  assert.equal(pfcheck.check(deep).status, 'invalid');
  assert.equal(pfcheck.check(record).status, verdict);

  for (const [name, [call, refused]] of Object.entries(refusals)) {
    let inside;
    const trap = { toJSON() { inside = call(); return record; } };
    assert.equal(pfcheck.check(trap).status, verdict, name);
    assert.deepEqual(inside, refused, name);
  }
  // A getter, and the other calls that read an object: selfTest, formatLink.
  const getter = { scheme: 'dice_v1', get serverSeed() { return pfcheck.check(record).errors[0].code; } };
  assert.deepEqual(pfcheck.check(getter).errors.find((p) => p.field === 'serverSeed'), { field: 'serverSeed', code: 'not-hex' });
  const files = [{ toJSON() { return pfcheck.selfTest(files); } }];
  assert.deepEqual(pfcheck.selfTest(files).failed.length > 0, true);
  const link = { toJSON() { return { ...record, serverSeed: pfcheck.formatLink(link) || seed }; } };
  assert.notEqual(pfcheck.formatLink(link), '');
  assert.equal(pfcheck.check(record).status, verdict);
});

test('an argument over its bound is refused before it is copied into wasm memory', () => {
  const before = memoryBytes();
  const huge = 'a'.repeat(50_000_000);
  const tooLong = (field, code = 'too-long') => ({ errors: [{ field, code }] });
  assert.deepEqual(pfcheck.check({ ...record, serverSeed: huge }).errors, [{ field: 'record', code: 'too-long' }]);
  assert.equal(pfcheck.formatLink({ ...record, serverSeed: huge }), '');
  assert.deepEqual(pfcheck.parseLink(huge), tooLong('link'));
  assert.deepEqual(pfcheck.parseLink('#v=1', huge), tooLong('format', 'wrong-type'));
  assert.deepEqual(pfcheck.parseRolls(huge), tooLong('rolls', 'too-many'));
  assert.deepEqual(pfcheck.parseCards(huge), tooLong('cards', 'too-many'));
  assert.deepEqual(pfcheck.selfTest(huge).failed, ['vectors']);
  assert.deepEqual(pfcheck.selfTest([{ scheme: 'dice_v1', cases: [{ name: huge }] }]).failed, ['vectors']);
  assert.ok(pfcheck.reach(huge).errors.length > 0);
  assert.deepEqual(pfcheck.audit(huge), tooLong('text'));
  assert.deepEqual(pfcheck.audit(new Uint8Array(50_000_000)), tooLong('text'));
  assert.deepEqual(pfcheck.audit('#v=1', { formats: [huge] }), tooLong('options'));
  assert.ok(pfcheck.rollStats(huge).errors.length > 0);
  assert.equal(pfcheck.conformance([{ path: 'x.json', data: new Uint8Array(50_000_000) }]).refused, 'x.json: over 32 MB, the most a page\'s verifier reads');
  const grown = memoryBytes() - before;
  assert.ok(grown < 8 << 20, `wasm memory grew by ${grown} bytes for a 50 MB argument`);
  assert.equal(pfcheck.check(record).status, verdict);
});

test('a million rolls are refused unread', () => {
  const before = memoryBytes();
  assert.deepEqual(pfcheck.parseRolls('63'.repeat(1_000_000)), { errors: [{ field: 'rolls', code: 'too-many' }] });
  assert.deepEqual(pfcheck.check({ ...record, rolls: Array(1_000_000).fill('63') }).errors, [{ field: 'record', code: 'too-long' }]);
  const grown = memoryBytes() - before;
  assert.ok(grown < 8 << 20, `wasm memory grew by ${grown} bytes`);
});

// The audit's workers pass a batch as the bytes read from the file: the
// same outcome as its text, and bytes that are no UTF-8 read as U+FFFD.
test('pfcheck.audit reads a batch as bytes as it reads it as text', () => {
  const lines = `{"scheme":"dice_v1"}\n\n${JSON.stringify({ ...record, clientSeed: 'caf\u00e9' })}\n`;
  const bytes = new TextEncoder().encode(lines);
  assert.deepEqual(pfcheck.audit(bytes), pfcheck.audit(lines));
  const bad = Uint8Array.from([...new TextEncoder().encode('#v=1&s='), 0xff, 0xfe, 0x0a]);
  assert.deepEqual(pfcheck.audit(bad, { formats: ['dice'] }), pfcheck.audit('#v=1&s=\ufffd\n', { formats: ['dice'] }));
});
