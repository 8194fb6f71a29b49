// The differential test of web/node/differential.mjs, bounded for make test:
// some hundreds of records per scheme in this process and one python3
// process, a few scripts run as files; make fuzz runs 10,000 per scheme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from './pfcheck.mjs';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMES, checkScript, differ, records, runSample } from './differential.mjs';

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

test('dice_v2 --drand: a relay is read strictly, within 10 s, and shown escaped', async () => {
  const [record] = records('dice_v2', 1, 25);
  const { drandRound: round, drandSignature: signature } = /** @type {any} */ (record);
  // Stand-ins on 127.0.0.1, raw HTTP: two good relays, and each way a relay
  // once crashed a script, flipped its verdict, held it or wrote to the terminal.
  const answer = (status, body) => `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  const relays = {
    good: answer('200 OK', JSON.stringify({ round, signature })),
    array: answer('200 OK', JSON.stringify({ round, signature: [signature] })),
    ansi: answer('500 \x1b[2K\x1b[32mmatch\x1b[8m', '\x1b[2K\x1b[32mmatch\x1b[8m'),
    garbage: answer('200 OK', '\x1b[2K\x1b[32mmatch\x1b[8m'),
    big: answer('200 OK', JSON.stringify({ round, signature, padding: ' '.repeat(65536) })),
  };
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (request) => {
      const relay = String(request).split(' ')[1].split('/')[1];
      if (relay !== 'trickle') return socket.end(relays[relay]);
      // A byte every 2 s of a 200-byte body: 400 s without a deadline.
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
      const timer = setInterval(() => socket.write(' '), 2000);
      socket.on('close', () => clearInterval(timer));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'pfcheck-relays-'));
  writeFileSync(join(dir, 'check.mjs'), checkScript(record, 'node'));
  writeFileSync(join(dir, 'check.py'), checkScript(record, 'python'));
  const run = (cmd, file, names) => new Promise((resolve) => {
    const started = Date.now();
    const env = { ...process.env, PFCHECK_DRAND_RELAYS: names.map((n) => `${base}/${n}`).join(',') };
    const child = spawn(cmd, [join(dir, file), '--drand'], { env });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', () => resolve({ out, seconds: (Date.now() - started) / 1000 }));
  });
  try {
    const all = ['good', 'array', 'ansi', 'garbage', 'big', 'trickle', 'good'];
    const results = await Promise.all([['node', 'check.mjs'], ['python3', 'check.py']].flatMap(([cmd, file]) => [
      run(cmd, file, all), run(cmd, file, ['array', 'array']),
    ]));
    for (const [i, { out, seconds }] of results.entries()) {
      const lines = out.trim().split('\n');
      // Two good relays agree: match; the array's lone byte is no signature
      // (it crashed Node with a RangeError, or two made it say mismatch).
      assert.equal(lines.at(-1), i % 2 === 0 ? 'match' : `not checked: the signature of drand round ${round}; run ${i < 2 ? 'node check.mjs' : 'python3 check.py'} --drand`, out);
      assert.doesNotMatch(out, /\x1b/, out);
      assert.equal(lines.filter((l) => /\/array\/.*: no answer \(not round \d+\)$/.test(l)).length, i % 2 === 0 ? 1 : 2, out);
      if (i % 2 === 0) {
        assert.match(out, /\/ansi\/.*: no answer \(HTTP (Error )?500:? \\u\{1b\}\[2K\\u\{1b\}\[32mmatch\\u\{1b\}\[8m\)$/m, out);
        assert.match(out, /\/big\/.*: no answer \(over 64 KB\)$/m, out);
        assert.match(out, /\/trickle\/.*: no answer \(/, out);
        assert.ok(seconds < 60, `${seconds} s: the trickling relay held it`);
      }
    }
  } finally {
    server.close();
  }
});
