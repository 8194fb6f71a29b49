// Test vectors for the dice_v2 scheme (dice bound to both players and a drand
// round).
//
// Implements, independently of the Go code, what SPEC.md §2 and seed 001
// (German) say about dice_v2 — the length-prefixed binding, the rolls with
// bytes >= 252 skipped, the quicknet anchor and its time — and the record
// fields, error codes and `#v=2` link of testdata/dice_v2.md, and writes
// ../vectors/dice_v2.json in the format of testdata/README.md.
//
// Run: node testdata/gen/dice_v2.mjs   (deterministic: every pseudo-random
// input comes from SHA-256 of a label, see lib.mjs).
//
// What this generator cannot do, and how the vectors cope:
// - It does not verify BLS signatures (node:crypto has no BLS12-381). The
//   anchors are the public quicknet rounds 1000 and 123 of SPEC §2; a
//   signature counts as valid only for exactly those (round, signature) pairs,
//   and every other pair used here is invalid by construction (a signature of
//   another round, or a point that is not a signature at all). Which 48-byte
//   strings are not points is decided below with the curve equation and the
//   subgroup order (BigInt arithmetic on BLS12-381 G1, used for nothing else).
// - The j = 1, 2, … continuation of a roll needs a MAC with at most one byte
//   below 252 among its 32, probability about 32 · (4/256)^31 ≈ 2^-181: no
//   search finds one. rollFrom() implements it and is self-tested below on
//   made-up MACs; the vectors cover what can be found: first bytes skipped,
//   one and two of them.
//
// Error expectations are written by hand in each case and checked against the
// reference validator below before the file is written.

import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { detBytes, detHex, hex, hmacSha256, sha256, writeVectorFile } from './lib.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors', 'dice_v2.json');
const SCHEME = 'dice_v2';
const MAX_ROLLS = 10000;
const MAX_ID_BYTES = 256;
const MAX_FRAGMENT = 65536;
const MAX_WHOLE = 2 ** 50;

// ---------------------------------------------------------------------------
// quicknet, SPEC §2 (public constants of the drand network).

const GENESIS = 1692803367;
const PERIOD = 3;
const ROUND_1000 = {
  round: 1000,
  sig: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};
const ROUND_123 = {
  round: 123,
  sig: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
};

const roundTime = (r) => GENESIS + (r - 1) * PERIOD;
const randomness = (sigHex) => sha256(Buffer.from(sigHex, 'hex'));

if (hex(randomness(ROUND_1000.sig)) !== ROUND_1000.randomness) {
  throw new Error('SPEC §2: randomness of round 1000 is not SHA-256(signature)');
}

/** The only (round, signature) pairs known to verify: SPEC §2's. */
function signatureValid(round, sigHex) {
  const s = sigHex.toLowerCase();
  return (round === 1000 && s === ROUND_1000.sig) || (round === 123 && s === ROUND_123.sig);
}

// ---------------------------------------------------------------------------
// BLS12-381 G1, only to classify made-up 48-byte strings as points or not.

const P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const mod = (a) => ((a % P) + P) % P;
function pow(b, e) {
  let r = 1n;
  b = mod(b);
  for (; e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
  return r;
}
const inv = (a) => pow(a, P - 2n);
const isSquare = (a) => a === 0n || pow(a, (P - 1n) / 2n) === 1n;
const sqrt = (a) => pow(a, (P + 1n) / 4n); // P ≡ 3 (mod 4)

// Affine points; null is the point at infinity.
function add(p, q) {
  if (p === null) return q;
  if (q === null) return p;
  if (p.x === q.x) {
    if (mod(p.y + q.y) === 0n) return null;
    const l = mod(3n * p.x * p.x * inv(2n * p.y));
    const x = mod(l * l - 2n * p.x);
    return { x, y: mod(l * (p.x - x) - p.y) };
  }
  const l = mod((q.y - p.y) * inv(q.x - p.x));
  const x = mod(l * l - p.x - q.x);
  return { x, y: mod(l * (p.x - x) - p.y) };
}
function mul(k, p) {
  let r = null;
  for (let i = BigInt(k.toString(2).length) - 1n; i >= 0n; i--) {
    r = add(r, r);
    if ((k >> i) & 1n) r = add(r, p);
  }
  return r;
}

/** Decodes a compressed G1 point (ZCash flags): 'point', 'not-on-curve', 'not-in-subgroup', or 'bad-encoding'. */
// Once per signature: the subgroup check (R times the point, in affine
// coordinates) takes a second, and most records carry the same signatures.
const classified = new Map();
function classifyG1(sigHex) {
  if (!classified.has(sigHex)) classified.set(sigHex, classifyG1Once(sigHex));
  return classified.get(sigHex);
}
function classifyG1Once(sigHex) {
  const b = Buffer.from(sigHex, 'hex');
  if (b.length !== 48 || !(b[0] & 0x80)) return 'bad-encoding';
  if (b[0] & 0x40) return (b[0] === 0xc0 && b.subarray(1).every((x) => x === 0)) ? 'infinity' : 'bad-encoding';
  const xb = Buffer.from(b);
  xb[0] &= 0x1f;
  const x = BigInt('0x' + xb.toString('hex'));
  if (x >= P) return 'bad-encoding';
  const rhs = mod(x * x * x + 4n);
  if (!isSquare(rhs)) return 'not-on-curve';
  let y = sqrt(rhs);
  const big = y > (P - 1n) / 2n;
  if (big !== Boolean(b[0] & 0x20)) y = mod(-y);
  return mul(R, { x, y }) === null ? 'point' : 'not-in-subgroup';
}

// The curve code above must agree with the real signatures.
for (const s of [ROUND_1000.sig, ROUND_123.sig]) {
  if (classifyG1(s) !== 'point') throw new Error('G1 check: a quicknet signature is not a subgroup point');
}

/** A compressed encoding of x (with the given flags) where x satisfies pred. */
function findX(label, pred) {
  for (let i = 0; i < 10000; i++) {
    const xb = detBytes(`dice_v2/x/${label}/${i}`, 48);
    xb[0] &= 0x1f;
    const x = BigInt('0x' + xb.toString('hex'));
    if (x >= P) continue;
    xb[0] |= 0x80;
    if (pred(hex(xb))) return hex(xb);
  }
  throw new Error(`no x for ${label}`);
}

// ---------------------------------------------------------------------------
// Reference: the binding and the rolls (SPEC §2).

const u32be = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const u64be = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };
/** lp(x) = uint32 big-endian length of x ‖ x. */
const lp = (x) => Buffer.concat([u32be(x.length), x]);

/** binding = lp(match) ‖ lp(game) ‖ lp(player A) ‖ lp(player B) ‖ lp(anchor). */
function binding(match, game, a, b, anchor) {
  return Buffer.concat([
    lp(Buffer.from(String(match), 'ascii')),
    lp(Buffer.from(String(game), 'ascii')),
    lp(Buffer.from(a, 'utf8')),
    lp(Buffer.from(b, 'utf8')),
    lp(anchor),
  ]);
}

/**
 * Roll from a MAC source: macOf(j) is HMAC(seed, binding ‖ uint64be(n)) for
 * j = 0 and HMAC(seed, binding ‖ uint64be(n) ‖ uint32be(j)) after; bytes are
 * taken in order across them, every byte >= 252 skipped; the first kept byte
 * gives die 1 = b mod 6 + 1, the second die 2.
 */
function rollFrom(macOf) {
  const kept = [];
  for (let j = 0; kept.length < 2; j++) {
    for (const b of macOf(j)) {
      if (b < 252) kept.push(b);
      if (kept.length === 2) break;
    }
  }
  return `${(kept[0] % 6) + 1}${(kept[1] % 6) + 1}`;
}

function roll(seed, bind, n) {
  const msg0 = Buffer.concat([bind, u64be(n)]);
  const macs = [];
  const dice = rollFrom((j) => {
    const mac = hmacSha256(seed, j === 0 ? msg0 : Buffer.concat([msg0, u32be(j)]));
    macs.push(mac);
    return mac;
  });
  return { dice, mac: macs[0] };
}

// Self-test of the continuation on made-up MACs (no real MAC can reach it).
{
  const ff = Buffer.alloc(32, 0xff);
  const one = Buffer.alloc(32, 0xfc); one[31] = 7; // one kept byte, at the end
  const next = Buffer.alloc(32, 0xfd); next[5] = 10; next[6] = 0;
  if (rollFrom((j) => [one, next][j]) !== '25') throw new Error('continuation: one kept byte then j=1');
  if (rollFrom((j) => [ff, ff, next, ff][j]) !== '51') throw new Error('continuation: two empty MACs');
  if (rollFrom(() => Buffer.from([251, 0, 9])) !== '61') throw new Error('251 is kept');
}

function computeGames(rec) {
  const seed = Buffer.from(rec.serverSeed, 'hex');
  const anchor = randomness(rec.drandSignature);
  return rec.games.map((g, i) => {
    const bind = binding(rec.match, i + 1, rec.players[0], rec.players[1], anchor);
    return { binding: bind, rolls: g.rolls.map((_, k) => roll(seed, bind, k + 1)) };
  });
}

// ---------------------------------------------------------------------------
// Reference: the record's problems (testdata/dice_v2.md).

const err = (field, code, at) => (at ? { field, code, at } : { field, code });
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// An empty text or list is no value (testdata/README.md, "Empty values").
const has = (rec, f) => rec[f] !== undefined && rec[f] !== null && rec[f] !== '' && !(Array.isArray(rec[f]) && rec[f].length === 0);
const isWhole = (v) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= MAX_WHOLE;
const isHex = (s) => /^[0-9a-fA-F]*$/.test(s);
const isRoll = (s) => typeof s === 'string' && /^[1-6]{2}$/.test(s);

function validateRecord(rec) {
  const out = [];
  const field = (f, code, at) => out.push(err(f, code, at));

  if (!has(rec, 'serverSeed')) field('serverSeed', 'missing');
  else if (typeof rec.serverSeed !== 'string') field('serverSeed', 'wrong-type');
  else if (!isHex(rec.serverSeed)) field('serverSeed', 'not-hex');
  else if (rec.serverSeed.length % 2) field('serverSeed', 'odd-length');
  else if (rec.serverSeed.length !== 64) field('serverSeed', 'wrong-length');

  if (has(rec, 'seal')) {
    if (typeof rec.seal !== 'string') field('seal', 'wrong-type');
    else if (!isHex(rec.seal)) field('seal', 'not-hex');
    else if (rec.seal.length !== 64) field('seal', 'wrong-length');
  }

  if (has(rec, 'sealedAt')) {
    if (!isWhole(rec.sealedAt)) field('sealedAt', 'wrong-type');
    else if (rec.sealedAt < 1) field('sealedAt', 'not-positive');
  }

  if (!has(rec, 'match')) field('match', 'missing');
  else if (!isWhole(rec.match)) field('match', 'wrong-type');
  else if (rec.match < 1) field('match', 'not-positive');

  if (!has(rec, 'players')) field('players', 'missing');
  else if (!Array.isArray(rec.players)) field('players', 'wrong-type');
  else {
    const bad = rec.players.findIndex((p) => typeof p !== 'string');
    if (bad >= 0) field('players', 'wrong-type', bad + 1);
    else if (rec.players.length !== 2) field('players', 'wrong-count');
    else {
      for (let i = 0; i < 2; i++) {
        const p = rec.players[i];
        if (p === '') { field('players', 'empty', i + 1); break; }
        if (Buffer.byteLength(p, 'utf8') > MAX_ID_BYTES) { field('players', 'too-long', i + 1); break; }
      }
    }
  }

  if (!has(rec, 'drandRound')) field('drandRound', 'missing');
  else if (!isWhole(rec.drandRound)) field('drandRound', 'wrong-type');
  else if (rec.drandRound < 1) field('drandRound', 'not-positive');

  if (!has(rec, 'drandSignature')) field('drandSignature', 'missing');
  else if (typeof rec.drandSignature !== 'string') field('drandSignature', 'wrong-type');
  else if (!isHex(rec.drandSignature)) field('drandSignature', 'not-hex');
  else if (rec.drandSignature.length !== 96) field('drandSignature', 'wrong-length');
  else {
    const c = classifyG1(rec.drandSignature);
    if (c !== 'point' && c !== 'infinity') field('drandSignature', 'not-a-point');
  }

  if (has(rec, 'games')) {
    if (!Array.isArray(rec.games)) field('games', 'wrong-type');
    else {
      let gamesOK = true;
      let total = 0;
      for (let g = 0; g < rec.games.length; g++) {
        const item = rec.games[g];
        let code = '';
        if (!isObj(item)) code = 'wrong-type';
        else if (Array.isArray(item.rolls) && item.rolls.length === 0) code = 'empty';
        else if (!has(item, 'rolls')) code = 'missing';
        else if (!Array.isArray(item.rolls)) code = 'wrong-type';
        if (code) { field('games', code, g + 1); gamesOK = false; break; }
        total += item.rolls.length;
      }
      if (gamesOK) {
        if (total > MAX_ROLLS) field('rolls', 'too-many');
        else {
          let pos = 0;
          outer: for (const item of rec.games) {
            for (const r of item.rolls) {
              pos++;
              if (typeof r !== 'string') { field('rolls', 'wrong-type', pos); break outer; }
              if (!isRoll(r)) { field('rolls', 'bad-roll', pos); break outer; }
            }
          }
        }
      }
    }
  }
  return out;
}

/** The expected result of a valid record (everything the check reports). */
function expectFor(rec) {
  const problems = validateRecord(rec);
  if (problems.length) throw new Error(`record is invalid: ${JSON.stringify(problems)}`);
  const seal = hex(sha256(Buffer.from(rec.serverSeed, 'hex')));
  const anchor = randomness(rec.drandSignature);
  const time = roundTime(rec.drandRound);
  const sigOK = signatureValid(rec.drandRound, rec.drandSignature);
  const games = rec.games ? computeGames(rec) : [];
  const mismatches = [];
  let pos = 0;
  const gamesOut = games.map((g, i) => ({
    game: i + 1,
    binding: hex(g.binding),
    rolls: g.rolls.map((r, k) => {
      pos++;
      const recorded = rec.games[i].rolls[k];
      const ok = recorded === r.dice;
      if (!ok) mismatches.push({ index: pos, computed: r.dice, recorded });
      return { n: k + 1, dice: r.dice, recorded, status: ok ? 'match' : 'mismatch' };
    }),
  }));
  const commitment = { computed: seal, matches: false };
  // Only recorded rolls make a verdict on what was played; a matching seal
  // alone leaves the status "computed" (as in dice_v1).
  const compared = pos > 0;
  let differs = mismatches.length > 0 || !sigOK;
  if (has(rec, 'seal')) {
    commitment.given = rec.seal.toLowerCase();
    commitment.matches = commitment.given === seal;
    differs ||= !commitment.matches;
  }
  const expect = {
    status: differs ? 'mismatch' : compared ? 'match' : 'computed',
    commitment,
    anchor: hex(anchor),
    roundTime: time,
    signatureValid: sigOK,
  };
  if (has(rec, 'sealedAt')) {
    expect.roundAfterSeal = time > rec.sealedAt;
    if (!expect.roundAfterSeal) expect.status = 'mismatch';
  }
  expect.games = gamesOut;
  expect.mismatches = mismatches;
  expect.errors = [];
  return expect;
}

// ---------------------------------------------------------------------------
// Reference: the `#v=2&…` link (testdata/dice_v2.md).

const LINK_KEYS = {
  v: 'link', s: 'serverSeed', c: 'seal', t: 'sealedAt', m: 'match',
  a: 'players', b: 'players', d: 'drandRound', x: 'drandSignature', r: 'games',
};
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes every byte outside A-Z a-z 0-9 - . _ ~ (uppercase hex). */
function escapeId(s) {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += UNRESERVED.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Decodes %XX (either case); any other character stands for itself. */
function unescapeId(s) {
  const bytes = [];
  const raw = Buffer.from(s, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== 0x25) { bytes.push(raw[i]); continue; }
    const h = raw.subarray(i + 1, i + 3).toString('latin1');
    if (!/^[0-9a-fA-F]{2}$/.test(h)) return { code: 'bad-escape' };
    bytes.push(parseInt(h, 16));
    i += 2;
  }
  try {
    return { value: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(bytes)) };
  } catch {
    return { code: 'not-utf8' };
  }
}

const isNumber = (s) => /^(0|[1-9][0-9]{0,14})$/.test(s);

/** Returns {errors} when the link itself is refused, else {record}. */
function parseLink(link) {
  const frag = link.startsWith('#') ? link.slice(1) : link;
  if (frag.length > MAX_FRAGMENT) return { errors: [err('link', 'too-long')] };
  const pairs = [];
  for (const part of frag.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return { errors: [err('link', 'malformed')] };
    pairs.push([part.slice(0, eq), part.slice(eq + 1)]);
  }
  const vs = pairs.filter(([k]) => k === 'v');
  if (vs.length > 1) return { errors: [err('link', 'duplicate')] };
  if (vs.length === 0) return { errors: [err('link', 'missing-version')] };
  if (vs[0][1] !== '2') return { errors: [err('link', 'newer-version')] };

  const errors = [];
  const seen = {};
  const reported = new Set();
  for (const [k, v] of pairs) {
    if (!(k in LINK_KEYS) || k === 'v') continue;
    if (k in seen) {
      if (!reported.has(k)) { errors.push(err(LINK_KEYS[k], 'duplicate')); reported.add(k); }
      continue;
    }
    seen[k] = v;
  }
  for (const k of Object.keys(seen)) if (seen[k] === '') delete seen[k]; // an empty value is an absent key
  const rec = { scheme: SCHEME };
  if ('s' in seen) rec.serverSeed = seen.s;
  if ('c' in seen) rec.seal = seen.c;
  for (const [k, f] of [['t', 'sealedAt'], ['m', 'match'], ['a', null], ['d', 'drandRound']]) {
    if (k === 'a') {
      if (!('a' in seen) && !('b' in seen)) continue;
      const players = [];
      for (const [i, key] of [[1, 'a'], [2, 'b']]) {
        const u = unescapeId(seen[key] ?? '');
        if (u.code) { errors.push(err('players', u.code, i)); break; }
        players.push(u.value);
      }
      rec.players = players;
      continue;
    }
    if (!(k in seen)) continue;
    if (!isNumber(seen[k])) { errors.push(err(f, 'not-a-number')); continue; }
    rec[f] = Number(seen[k]);
  }
  if ('x' in seen) rec.drandSignature = seen.x;
  if ('r' in seen) {
    rec.games = seen.r.split('.').map((g) => ({ rolls: g.match(/..?/g) ?? [] }));
  }
  if (errors.length) return { errors };
  return { record: rec };
}

/** The link of a record: keys in the order v s c t m a b d x r. */
function formatLink(rec) {
  const parts = ['v=2'];
  if ('serverSeed' in rec) parts.push('s=' + rec.serverSeed);
  if ('seal' in rec) parts.push('c=' + rec.seal);
  if ('sealedAt' in rec) parts.push('t=' + rec.sealedAt);
  if ('match' in rec) parts.push('m=' + rec.match);
  if ('players' in rec) parts.push('a=' + escapeId(rec.players[0]), 'b=' + escapeId(rec.players[1]));
  if ('drandRound' in rec) parts.push('d=' + rec.drandRound);
  if ('drandSignature' in rec) parts.push('x=' + rec.drandSignature);
  if ('games' in rec && rec.games.length) parts.push('r=' + rec.games.map((g) => g.rolls.join('')).join('.'));
  return '#' + parts.join('&');
}

// ---------------------------------------------------------------------------
// Inputs.

const serverSeed = (label) => detHex(`dice_v2/server/${label}`, 32);
const sealOf = (seedHex) => hex(sha256(Buffer.from(seedHex, 'hex')));
const mixedCase = (h) => [...h].map((c, i) => (i % 2 ? c : c.toUpperCase())).join('');
const changeRoll = (d) => (d[0] === d[1] ? `${(+d[0] % 6) + 1}`.repeat(2) : d[1] + d[0]);
const sameJSON = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A record whose recorded rolls are the computed ones. */
function honest({ label, match = 1, players, anchor = ROUND_1000, drandRound, sealedAt, seal = true, games }) {
  const seed = serverSeed(label);
  const rec = { scheme: SCHEME, serverSeed: seed };
  if (seal) rec.seal = sealOf(seed);
  const round = drandRound ?? anchor.round;
  // sealedAt: undefined → 45 s before the round; null → none.
  if (sealedAt !== null) rec.sealedAt = sealedAt ?? roundTime(round) - 45;
  Object.assign(rec, { match, players, drandRound: round, drandSignature: anchor.sig });
  rec.games = games.map((count) => ({ rolls: Array(count).fill('11') }));
  rec.games = computeGames(rec).map((g) => ({ rolls: g.rolls.map((r) => r.dice) }));
  return rec;
}

const cases = [];
const stats = { skippedFirst: 0, skippedSecond: 0, naiveDiffers: 0 };

function note(rec) {
  for (const g of computeGames(rec)) {
    for (const r of g.rolls) {
      if (r.mac[0] >= 252) stats.skippedFirst++;
      if (r.mac[1] >= 252) stats.skippedSecond++;
      if (`${(r.mac[0] % 6) + 1}${(r.mac[1] % 6) + 1}` !== r.dice) stats.naiveDiffers++;
    }
  }
}

function recordCase(name, rec, tweak = (e) => e) {
  if (rec.games && validateRecord(rec).length === 0) note(rec);
  cases.push({ name, record: rec, expect: tweak(expectFor(rec)) });
}

/** Keeps only the summary of a long result (the rolls of every game are long). */
const summary = (e) => ({
  status: e.status, commitment: e.commitment, anchor: e.anchor, roundTime: e.roundTime,
  signatureValid: e.signatureValid, ...('roundAfterSeal' in e ? { roundAfterSeal: e.roundAfterSeal } : {}),
  mismatches: e.mismatches, errors: e.errors,
  games: e.games.map((g) => ({ game: g.game, binding: g.binding })),
});

function invalidCase(name, rec, errors) {
  const got = validateRecord(rec);
  if (!sameJSON(got, errors)) {
    throw new Error(`${name}: hand-written errors ${JSON.stringify(errors)} but reference says ${JSON.stringify(got)}`);
  }
  cases.push({ name, record: rec, expect: { status: 'invalid', errors } });
}

function linkCase(name, link, tweak = (e) => e) {
  const parsed = parseLink(link);
  if (parsed.errors) throw new Error(`${name}: link refused ${JSON.stringify(parsed.errors)}`);
  const problems = validateRecord(parsed.record);
  const expect = problems.length ? { status: 'invalid', errors: problems } : tweak(expectFor(parsed.record));
  cases.push({ name, link, expect: { ...expect, record: parsed.record } });
}

function badLinkCase(name, link, errors) {
  const parsed = parseLink(link);
  if (!parsed.errors || !sameJSON(parsed.errors, errors)) {
    throw new Error(`${name}: hand-written errors ${JSON.stringify(errors)} but reference says ${JSON.stringify(parsed)}`);
  }
  cases.push({ name, link, expect: { status: 'invalid', errors } });
}

// ---------------------------------------------------------------------------
// Valid records.

const base = honest({ label: 'base', match: 1, players: ['alice', 'bob'], games: [12, 9] });
recordCase('r1000-alice-bob-2-games', base);

recordCase('r123-greek-finnish-3-games', honest({
  label: 'greek-finnish', match: 42, players: ['Ζωή', 'Äänekoski'], anchor: ROUND_123, games: [7, 5, 6],
}));

// The length prefixes matter: "ab"+"c" and "a"+"bc" concatenate alike.
{
  const ab = honest({ label: 'lp', match: 7, players: ['ab', 'c'], games: [10] });
  const bc = honest({ label: 'lp', match: 7, players: ['a', 'bc'], games: [10] });
  const anchor = randomness(ROUND_1000.sig);
  const b1 = binding(7, 1, 'ab', 'c', anchor);
  const b2 = binding(7, 1, 'a', 'bc', anchor);
  const plain = (a, b) => Buffer.concat([Buffer.from('71'), Buffer.from(a + b), anchor]);
  if (!plain('ab', 'c').equals(plain('a', 'bc'))) throw new Error('lp demo: plain concatenations differ');
  if (b1.equals(b2)) throw new Error('lp demo: bindings are equal');
  if (sameJSON(ab.games, bc.games)) throw new Error('lp demo: same rolls');
  recordCase('players-ab-c', ab);
  recordCase('players-a-bc', bc);
}

// Ids are bytes as given: NFC and NFD spellings of one name are two ids.
{
  const nfd = 'Äänekoski'.normalize('NFD');
  if (nfd === 'Äänekoski') throw new Error('NFD did not change the id');
  const rec = honest({ label: 'greek-finnish', match: 42, players: ['Ζωή', nfd], anchor: ROUND_123, games: [7] });
  const nfc = honest({ label: 'greek-finnish', match: 42, players: ['Ζωή', 'Äänekoski'], anchor: ROUND_123, games: [7] });
  if (sameJSON(rec.games, nfc.games)) throw new Error('NFD: same rolls as NFC');
  recordCase('player-id-nfd-is-another-id', rec);
}

// Rolls that need the rejection of bytes >= 252: search the match number.
function findMatch(label, pred) {
  const seed = Buffer.from(serverSeed(label), 'hex');
  const anchor = randomness(ROUND_1000.sig);
  for (let m = 1; m <= 200000; m++) {
    const mac = roll(seed, binding(m, 1, 'ann', 'ben', anchor), 1).mac;
    if (pred(mac)) return m;
  }
  throw new Error(`findMatch ${label}: nothing within 200000 matches`);
}
{
  const m1 = findMatch('reject', (mac) => mac[0] >= 252 && mac[1] < 252 && mac[2] < 252);
  const rec1 = honest({ label: 'reject', match: m1, players: ['ann', 'ben'], games: [3] });
  recordCase('first-mac-byte-skipped', rec1);
  const m2 = findMatch('reject', (mac) => mac[0] >= 252 && mac[1] >= 252);
  const rec2 = honest({ label: 'reject', match: m2, players: ['ann', 'ben'], games: [3, 2] });
  recordCase('first-two-mac-bytes-skipped', rec2);
  const m3 = findMatch('reject', (mac) => mac[0] < 252 && mac[1] >= 252);
  recordCase('second-mac-byte-skipped', honest({ label: 'reject', match: m3, players: ['ann', 'ben'], games: [2] }));
}

recordCase('long-match-5-games', honest({
  label: 'long', match: 1000000, players: ['player-1', 'player-2'], anchor: ROUND_123, games: [60, 45, 80, 33, 52],
}), summary);

recordCase('seal-given-upper-case', { ...base, seal: base.seal.toUpperCase() });
recordCase('server-seed-mixed-case', { ...base, serverSeed: mixedCase(base.serverSeed) });
recordCase('signature-upper-case', { ...base, drandSignature: base.drandSignature.toUpperCase() });

{
  const rec = { ...base };
  delete rec.seal;
  delete rec.sealedAt;
  recordCase('no-seal-no-sealed-at', rec);
  const none = { ...rec };
  delete none.games;
  recordCase('no-games-computed-only', none);
  recordCase('empty-games-list', { ...none, games: [] });
}

// ---------------------------------------------------------------------------
// Mismatches.

{
  const games = base.games.map((g) => ({ rolls: [...g.rolls] }));
  games[1].rolls[4] = changeRoll(games[1].rolls[4]);
  recordCase('game-2-roll-5-changed', { ...base, games });
  const swapped = base.games.map((g) => ({ rolls: [...g.rolls] })).reverse();
  recordCase('games-in-wrong-order', { ...base, games: swapped }, summary);
}
recordCase('seal-of-another-seed', { ...base, seal: sealOf(serverSeed('another')) });
recordCase('sealed-at-round-time', { ...base, sealedAt: roundTime(1000) });
recordCase('sealed-one-second-before-round', { ...base, sealedAt: roundTime(1000) - 1 });
recordCase('sealed-an-hour-after-round', { ...base, sealedAt: roundTime(1000) + 3600 });
recordCase('round-1000-signature-as-1001', { ...base, drandRound: 1001, sealedAt: roundTime(1001) - 30 });
recordCase('round-123-signature-as-1000', { ...base, drandSignature: ROUND_123.sig });
{
  const inf = 'c0' + '00'.repeat(47);
  if (classifyG1(inf) !== 'infinity') throw new Error('infinity encoding');
  recordCase('signature-point-at-infinity', { ...base, drandSignature: inf });
}
{
  // Another match, same players and round: other bindings, other rolls.
  const other = { ...base, match: 2 };
  recordCase('rolls-of-match-1-as-match-2', other, summary);
}

// ---------------------------------------------------------------------------
// Invalid records: every code.

const strip = (rec, ...fields) => { const r = { ...rec }; for (const f of fields) delete r[f]; return r; };

invalidCase('server-seed-missing', strip(base, 'serverSeed'), [err('serverSeed', 'missing')]);
invalidCase('server-seed-empty', { ...base, serverSeed: '' }, [err('serverSeed', 'missing')]);
invalidCase('server-seed-number', { ...base, serverSeed: 12 }, [err('serverSeed', 'wrong-type')]);
invalidCase('server-seed-not-hex', { ...base, serverSeed: base.serverSeed.slice(0, 62) + 'zz' }, [err('serverSeed', 'not-hex')]);
invalidCase('server-seed-odd-length', { ...base, serverSeed: base.serverSeed.slice(0, 63) }, [err('serverSeed', 'odd-length')]);
invalidCase('server-seed-31-bytes', { ...base, serverSeed: base.serverSeed.slice(0, 62) }, [err('serverSeed', 'wrong-length')]);
invalidCase('server-seed-33-bytes', { ...base, serverSeed: base.serverSeed + '00' }, [err('serverSeed', 'wrong-length')]);
invalidCase('seal-number', { ...base, seal: 5 }, [err('seal', 'wrong-type')]);
invalidCase('seal-not-hex', { ...base, seal: 'g' + base.seal.slice(1) }, [err('seal', 'not-hex')]);
invalidCase('seal-63-digits', { ...base, seal: base.seal.slice(1) }, [err('seal', 'wrong-length')]);
invalidCase('sealed-at-string', { ...base, sealedAt: '2023-08-23T15:09:27Z' }, [err('sealedAt', 'wrong-type')]);
invalidCase('sealed-at-fraction', { ...base, sealedAt: 1692806000.5 }, [err('sealedAt', 'wrong-type')]);
invalidCase('sealed-at-zero', { ...base, sealedAt: 0 }, [err('sealedAt', 'not-positive')]);
invalidCase('match-missing', strip(base, 'match'), [err('match', 'missing')]);
invalidCase('match-string', { ...base, match: '1' }, [err('match', 'wrong-type')]);
invalidCase('match-zero', { ...base, match: 0 }, [err('match', 'not-positive')]);
invalidCase('match-above-2-50', { ...base, match: 2 ** 51 }, [err('match', 'wrong-type')]);
invalidCase('players-missing', strip(base, 'players'), [err('players', 'missing')]);
invalidCase('players-string', { ...base, players: 'alice,bob' }, [err('players', 'wrong-type')]);
invalidCase('players-number-item', { ...base, players: ['alice', 7] }, [err('players', 'wrong-type', 2)]);
invalidCase('players-one', { ...base, players: ['alice'] }, [err('players', 'wrong-count')]);
invalidCase('players-three', { ...base, players: ['alice', 'bob', 'carol'] }, [err('players', 'wrong-count')]);
invalidCase('players-none', { ...base, players: [] }, [err('players', 'missing')]);
invalidCase('player-a-empty', { ...base, players: ['', 'bob'] }, [err('players', 'empty', 1)]);
invalidCase('player-b-257-bytes', { ...base, players: ['alice', 'ä'.repeat(128) + 'x'] }, [err('players', 'too-long', 2)]);
recordCase('player-b-256-bytes', { ...strip(base, 'games'), players: ['alice', 'ä'.repeat(128)] }, (e) => ({ status: e.status, errors: [] }));
invalidCase('round-missing', strip(base, 'drandRound'), [err('drandRound', 'missing')]);
invalidCase('round-string', { ...base, drandRound: '1000' }, [err('drandRound', 'wrong-type')]);
invalidCase('round-zero', { ...base, drandRound: 0 }, [err('drandRound', 'not-positive')]);
invalidCase('signature-missing', strip(base, 'drandSignature'), [err('drandSignature', 'missing')]);
invalidCase('signature-list', { ...base, drandSignature: [ROUND_1000.sig] }, [err('drandSignature', 'wrong-type')]);
invalidCase('signature-not-hex', { ...base, drandSignature: ROUND_1000.sig.slice(0, 95) + 'x' }, [err('drandSignature', 'not-hex')]);
invalidCase('signature-47-bytes', { ...base, drandSignature: ROUND_1000.sig.slice(0, 94) }, [err('drandSignature', 'wrong-length')]);
invalidCase('signature-odd-length', { ...base, drandSignature: ROUND_1000.sig.slice(0, 95) }, [err('drandSignature', 'wrong-length')]);
{
  const sig = Buffer.from(ROUND_1000.sig, 'hex');
  const flip = (i, bit) => { const b = Buffer.from(sig); b[i] ^= bit; return hex(b); };
  invalidCase('signature-compression-flag-cleared', { ...base, drandSignature: flip(0, 0x80) }, [err('drandSignature', 'not-a-point')]);
  invalidCase('signature-infinity-flag-with-x', { ...base, drandSignature: flip(0, 0x40) }, [err('drandSignature', 'not-a-point')]);
  invalidCase('signature-x-not-below-p', { ...base, drandSignature: '9f' + 'ff'.repeat(47) }, [err('drandSignature', 'not-a-point')]);
  invalidCase('signature-uncompressed-length-96-digits', { ...base, drandSignature: '1' + ROUND_1000.sig.slice(1) }, [err('drandSignature', 'not-a-point')]);
  const notOnCurve = findX('not-on-curve', (h) => classifyG1(h) === 'not-on-curve');
  invalidCase('signature-not-on-curve', { ...base, drandSignature: notOnCurve }, [err('drandSignature', 'not-a-point')]);
  const notInSubgroup = findX('not-in-subgroup', (h) => classifyG1(h) === 'not-in-subgroup');
  invalidCase('signature-not-in-subgroup', { ...base, drandSignature: notInSubgroup }, [err('drandSignature', 'not-a-point')]);
  // The last byte's low bit: a valid x, so either another point or none.
  const last = flip(47, 1);
  const c = classifyG1(last);
  if (c === 'point') throw new Error('flipping the last bit gave a subgroup point');
  invalidCase('signature-last-bit-flipped', { ...base, drandSignature: last }, [err('drandSignature', 'not-a-point')]);
  // The sign flag: the negated point is in the subgroup, and does not verify.
  recordCase('signature-sign-flag-flipped', { ...base, drandSignature: flip(0, 0x20) }, summary);
}
invalidCase('games-object', { ...base, games: { rolls: ['11'] } }, [err('games', 'wrong-type')]);
invalidCase('games-item-list', { ...base, games: [base.games[0], ['11']] }, [err('games', 'wrong-type', 2)]);
invalidCase('games-item-without-rolls', { ...base, games: [base.games[0], {}] }, [err('games', 'missing', 2)]);
invalidCase('games-item-rolls-string', { ...base, games: [{ rolls: '6352' }] }, [err('games', 'wrong-type', 1)]);
invalidCase('games-item-empty', { ...base, games: [base.games[0], { rolls: [] }] }, [err('games', 'empty', 2)]);
invalidCase('rolls-number-item', { ...base, games: [base.games[0], { rolls: ['11', 63] }] }, [err('rolls', 'wrong-type', 14)]);
invalidCase('rolls-bad-roll-in-game-2', { ...base, games: [base.games[0], { rolls: ['11', '70'] }] }, [err('rolls', 'bad-roll', 14)]);
invalidCase('rolls-bad-roll-spaced', { ...base, games: [{ rolls: ['6 3'] }] }, [err('rolls', 'bad-roll', 1)]);
invalidCase('rolls-too-many', { ...base, games: [{ rolls: Array(6000).fill('11') }, { rolls: Array(4001).fill('11') }] }, [err('rolls', 'too-many')]);
invalidCase('many-fields-at-once', {
  scheme: SCHEME, serverSeed: 'abc', seal: 'x', sealedAt: -5, match: 1.5, players: ['a'], drandRound: -1,
  drandSignature: 'ff', games: [{ rolls: ['77'] }],
}, [
  err('serverSeed', 'odd-length'), err('seal', 'not-hex'), err('sealedAt', 'not-positive'), err('match', 'wrong-type'),
  err('players', 'wrong-count'), err('drandRound', 'not-positive'), err('drandSignature', 'wrong-length'),
  err('rolls', 'bad-roll', 1),
]);

// ---------------------------------------------------------------------------
// Links.

linkCase('link-r1000-alice-bob', formatLink(base));
{
  const gf = honest({ label: 'greek-finnish', match: 42, players: ['Ζωή', 'Äänekoski'], anchor: ROUND_123, games: [7, 5, 6] });
  const link = formatLink(gf);
  if (!link.includes('a=%CE%96%CF%89%CE%AE')) throw new Error('escaped Greek id');
  linkCase('link-greek-finnish-escaped', link);
  // Lower-case escapes and raw UTF-8 read the same.
  linkCase('link-greek-raw-finnish-lower-escapes',
    link.replace('a=%CE%96%CF%89%CE%AE', 'a=Ζωή').replace('b=%C3%84%C3%A4nekoski', 'b=%c3%84%c3%a4nekoski'));
}
{
  const ab = honest({ label: 'lp', match: 7, players: ['ab', 'c'], games: [10] });
  linkCase('link-ab-c', formatLink(ab));
  const odd = honest({ label: 'odd', match: 3, players: ['a&b=c', '50% + #1 ~x'], games: [4] });
  linkCase('link-ids-with-reserved-characters', formatLink(odd));
}
linkCase('link-unknown-keys-ignored', formatLink(base) + '&z=1&lang=de&');
linkCase('link-without-hash', formatLink(base).slice(1));
linkCase('link-no-rolls', formatLink({ ...base, games: [] }));
linkCase('link-one-player-only', '#v=2&s=' + base.serverSeed + '&m=1&a=alice&d=1000&x=' + ROUND_1000.sig);
linkCase('link-bad-roll', formatLink(base).replace(/r=(..)/, 'r=$1' + '7'));
linkCase('link-empty-game', formatLink(base) + '.');
linkCase('link-round-zero', formatLink(base).replace('d=1000', 'd=0'));
// An empty value is an absent key: no seal; no players at all.
linkCase('link-seal-empty-is-absent', formatLink(base).replace(/c=[0-9a-f]+/, 'c='));
linkCase('link-players-empty-are-absent', formatLink(base).replace('a=alice', 'a=').replace('b=bob', 'b='));

badLinkCase('link-missing-version', formatLink(base).replace('v=2&', ''), [err('link', 'missing-version')]);
badLinkCase('link-version-3', formatLink(base).replace('v=2', 'v=3'), [err('link', 'newer-version')]);
badLinkCase('link-malformed-part', formatLink(base) + '&oops', [err('link', 'malformed')]);
badLinkCase('link-serverseed-twice', formatLink(base) + '&s=' + base.serverSeed, [err('serverSeed', 'duplicate')]);
badLinkCase('link-player-a-twice', formatLink(base) + '&a=carol', [err('players', 'duplicate')]);
badLinkCase('link-rolls-twice', formatLink(base) + '&r=11', [err('games', 'duplicate')]);
badLinkCase('link-match-leading-zero', formatLink(base).replace('m=1&', 'm=01&'), [err('match', 'not-a-number')]);
badLinkCase('link-match-plus', formatLink(base).replace('m=1&', 'm=+1&'), [err('match', 'not-a-number')]);
badLinkCase('link-sealed-at-iso', formatLink(base).replace(/t=[0-9]+/, 't=2023-08-23'), [err('sealedAt', 'not-a-number')]);
badLinkCase('link-round-16-digits', formatLink(base).replace('d=1000', 'd=1000000000000000'), [err('drandRound', 'not-a-number')]);
badLinkCase('link-player-bad-escape', formatLink(base).replace('a=alice', 'a=al%zzce'), [err('players', 'bad-escape', 1)]);
badLinkCase('link-player-cut-escape', formatLink(base).replace('b=bob', 'b=bob%4'), [err('players', 'bad-escape', 2)]);
badLinkCase('link-player-not-utf8', formatLink(base).replace('b=bob', 'b=b%FFb'), [err('players', 'not-utf8', 2)]);
badLinkCase('link-several-problems', formatLink(base).replace('m=1&', 'm=x&') + '&c=00&x=11', [
  err('seal', 'duplicate'), err('drandSignature', 'duplicate'), err('match', 'not-a-number'),
]);

// ---------------------------------------------------------------------------
// What the vectors must cover, checked before writing.

if (stats.skippedFirst < 1 || stats.skippedSecond < 1 || stats.naiveDiffers < 1) {
  throw new Error(`rejection not covered: ${JSON.stringify(stats)}`);
}
for (const c of cases) {
  if (c.link) continue;
  if (!('status' in c.expect)) throw new Error(`${c.name}: no status`);
}

// The page runs one case for every path (lib.mjs, markPageCases); these
// take a path no label names.
const pageKeep = {
  'link-player-cut-escape': 'an id ending in a cut-off escape',
  'games-item-list': 'a game that is a list, not an object',
  'signature-sign-flag-flipped': 'a signature whose sign flag is flipped',
  'link-unknown-keys-ignored': 'unknown keys in a link',
  'link-bad-roll': 'a roll of one digit at the end of a game (an odd count of digits)',
  'link-players-empty-are-absent': 'players keys with empty values, which are absent (no players at all)',
};
const text = writeVectorFile(OUT, {
  scheme: SCHEME,
  generator: 'testdata/gen/dice_v2.mjs',
  cases,
}, { page: { keep: pageKeep } });
console.log(`wrote ${OUT}: ${cases.length} cases, ${text.length} bytes; rejection coverage ${JSON.stringify(stats)}`);
