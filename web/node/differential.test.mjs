// The differential test of web/node/differential.mjs, bounded for make test:
// some hundreds of records per scheme in this process and one python3
// process, a few scripts run as files; make fuzz runs 10,000 per scheme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from './pfcheck.mjs';
import { SCHEMES, differ, records, runSample } from './differential.mjs';

const pfcheck = await load();
const PER_SCHEME = 200;

for (const scheme of SCHEMES) {
  test(`${scheme}: check, the audit and both scripts give one answer`, async () => {
    const { disagreements, counts } = await differ(pfcheck, records(scheme, PER_SCHEME, 25));
    assert.deepEqual(disagreements.slice(0, 3), []);
    for (const status of ['mismatch', 'invalid']) assert.ok(counts[status] > 0, `no ${status} record among ${JSON.stringify(counts)}`);
  });
}

test('every diagnosis case: check and the audit name the same slip, the scripts say mismatch', async () => {
  const { cases } = JSON.parse(readFileSync(new URL('../../testdata/diagnosis/cases.json', import.meta.url), 'utf8'));
  const { disagreements, counts } = await differ(pfcheck, cases.map((c) => c.record));
  assert.deepEqual(disagreements.slice(0, 3), []);
  assert.deepEqual(counts, { mismatch: cases.length });
  for (const c of cases) {
    assert.deepEqual(pfcheck.check(c.record).diagnosis.map((f) => f.code).sort(), c.diagnosis.map((f) => f.code).sort(), c.name);
  }
});

test('the scripts as files, run by node and python3, say what check says', async () => {
  // The first vector record of each scheme (a match): dice_v2's offline and
  // with --drand against a relay on 127.0.0.1.
  const sample = SCHEMES.flatMap((s) => [...records(s, 1, 25)]);
  assert.deepEqual(await runSample(pfcheck, sample), []);
});

test('a lone surrogate, an empty text and a number JSON cannot carry each have one meaning', async () => {
  const chess = { scheme: 'chess_colour_v1', seedA: 'seed0', clientA: 'ca' };
  // A lone surrogate reads as U+FFFD, in check and in the scripts.
  const lone = pfcheck.check({ ...chess, seedA: '\ud800' });
  assert.deepEqual(lone, pfcheck.check({ ...chess, seedA: '\ufffd' }));
  // An empty text is no value.
  assert.deepEqual(pfcheck.check({ ...chess, seedB: '' }), pfcheck.check(chess));
  // NaN and ±Infinity are wrong-type, never an absent value.
  for (const n of [Number.NaN, Infinity, -Infinity]) {
    assert.equal(pfcheck.check({ scheme: 'match_seed_v2', game: 'checkers', matchId: 'm', serverSeed: 's', clientSeeds: ['c'], seats: [n, 1] }).status, 'invalid');
    assert.deepEqual(pfcheck.check({ ...chess, colourA: n }).errors, [{ field: 'record', code: 'wrong-type' }]);
  }
  const { disagreements } = await differ(pfcheck, [
    { ...chess, seedA: '\ud800', colourA: lone.colourA }, { ...chess, seedB: '', colourA: 'white' },
    { ...chess, commitA: '', colourA: '' }, { ...chess, seedA: 'x\udc00\ud83d\ude00' },
  ]);
  assert.deepEqual(disagreements, []);
});
