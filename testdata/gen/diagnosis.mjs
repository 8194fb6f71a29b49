// Writes testdata/diagnosis.json: records for the diagnosis of a mismatch
// (testdata/diagnosis.md), written from SPEC.md and diagnosis.md only — never
// from the Go code.
//
//   node testdata/gen/diagnosis.mjs
//
// Every variant of diagnosis.md's table "The slips" is a small parameterised
// version of SPEC's formula below. For each (code, scheme) row there is a
// record the variant produces; seal cases; tampered records (values
// substituted at random), and the other shapes. Before writing, the
// generator runs its own diagnosis (diagnose() below, diagnosis.md read
// literally: every variant, the 20-bit rule, the shapes) over every case and
// throws when it does not give exactly the case's findings — so a slip record
// that SPEC would also give, or that a second slip also reproduces, stops it.
//
// Deterministic: every input comes from lib.mjs's det* helpers with fixed
// labels. Only node:crypto, node:fs and node:path/url are used.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detHex, detInt, detString, hex, hmacSha256, sha256 } from './lib.mjs';
import { card52, drawer, hmacHex, mahjongWall, range, sha256hex, word } from './pf2lib.mjs';
import { deal as shoeDealSpec, orderedShoe } from './shoelib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '..', 'diagnosis', 'cases.json');
const SEED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const L = (label) => `diagnosis:${label}`;

function assert(cond, what) {
  if (!cond) throw new Error(`diagnosis.mjs: ${what}`);
}

// ---------------------------------------------------------------------------
// The 20-bit rule (diagnosis.md, "When a slip is named").

const log2C = (n, k) => {
  let s = 0;
  for (let i = 0; i < k; i++) s += Math.log2((n - i) / (i + 1));
  return s;
};
/** n values compared; bits: the bits of each differing value counted. */
const ruleBits = (n, bits) => log2C(n, bits.length) + bits.reduce((a, b) => a + b, 0);
const NAMED = 20;
// The slip records of this file pass the rule with this margin, so that a
// reading of n or d that differs by a value or two gives the same answer.
const MARGIN = 26;

const B36 = Math.log2(36);
const B52 = Math.log2(52);
const B6 = Math.log2(6);
const B42 = Math.log2(42);

// ---------------------------------------------------------------------------
// §1 dice_v1, with its variants.

function d1rollSpec(key, part, n) {
  for (let t = 0; ; t++) {
    const mac = hmacSha256(key, part + '+'.repeat(t) + ':' + n);
    for (const b of mac) if (b < 252) return b % 36;
  }
}
const d1name = (v, swapped) => (swapped ? `${(v % 6) + 1}${Math.floor(v / 6) + 1}` : `${Math.floor(v / 6) + 1}${(v % 6) + 1}`);

/** Rolls for `games` (list of lengths), under variant v ('spec' or a code). */
function d1rolls(rec, games, v = 'spec') {
  const key = v === 'key-as-text' ? Buffer.from(rec.serverSeed.toLowerCase(), 'utf8') : Buffer.from(rec.serverSeed, 'hex');
  const seeds = v === 'seeds-swapped' ? rec.clientSeeds.slice().reverse() : rec.clientSeeds;
  const part = seeds.join(':');
  const out = [];
  let n = 0;
  for (const len of games) {
    if (v === 'numbering-restarts') n = 0;
    for (let j = 0; j < len; j++) {
      n++;
      const m = v === 'numbered-from-0' ? n - 1 : n;
      const val = v === 'no-byte-skip' ? hmacSha256(key, part + ':' + m)[0] % 36 : d1rollSpec(key, part, m);
      out.push(d1name(val, v === 'dice-swapped'));
    }
  }
  return out;
}
const d1games = (rec) => rec.games ?? [rec.rolls.length];

// ---------------------------------------------------------------------------
// §2 dice_v2, with its variants.

const GENESIS = 1692803367;
const PERIOD = 3;
const R1000 = {
  round: 1000,
  sig: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};
const roundTime = (r) => GENESIS + (r - 1) * PERIOD;
assert(hex(sha256(Buffer.from(R1000.sig, 'hex'))) === R1000.randomness, 'round 1000 randomness');

const u32be = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const u64be = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };
const lp = (x) => Buffer.concat([u32be(x.length), x]);

function d2binding(rec, game, v) {
  let [a, b] = rec.players;
  if (v === 'seeds-swapped') [a, b] = [b, a];
  const sig = Buffer.from(rec.drandSignature, 'hex');
  const anchor = v === 'anchor-is-signature' ? sig : sha256(sig);
  const parts = [Buffer.from(String(rec.match), 'ascii'), Buffer.from(String(game), 'ascii'), Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'), anchor];
  return Buffer.concat(v === 'no-length-prefix' ? parts : parts.map(lp));
}
function d2roll(seed, bind, n) {
  const msg0 = Buffer.concat([bind, u64be(n)]);
  const kept = [];
  for (let j = 0; kept.length < 2; j++) {
    for (const b of hmacSha256(seed, j === 0 ? msg0 : Buffer.concat([msg0, u32be(j)]))) {
      if (b < 252) kept.push(b);
      if (kept.length === 2) break;
    }
  }
  return `${(kept[0] % 6) + 1}${(kept[1] % 6) + 1}`;
}
/** Per game, `lens[g]` rolls under variant v. */
function d2rolls(rec, lens, v = 'spec') {
  const seed = Buffer.from(rec.serverSeed, 'hex');
  return lens.map((len, g) => {
    const bind = d2binding(rec, g + 1, v);
    return range(len).map((j) => d2roll(seed, bind, v === 'numbered-from-0' ? j : j + 1));
  });
}

// ---------------------------------------------------------------------------
// §3 shoe_v1, with its variants (the stream variants draw the cut too).

function shoeDeal(rec, v = 'spec') {
  const key = v === 'key-as-bytes' ? Buffer.from(rec.serverSeed, 'hex') : Buffer.from(rec.serverSeed.toLowerCase(), 'utf8');
  const prefix = `${rec.clientSeed}:${rec.nonce}:`;
  let c = v === 'counter-from-1' ? 1 : 0;
  let block = Buffer.alloc(0);
  let pos = 0;
  const byte = () => {
    if (pos === block.length) { block = hmacSha256(key, prefix + c++); pos = 0; }
    return block[pos++];
  };
  const index = (n) => {
    let k = 0;
    let span = 1;
    while (span < n) { span *= 256; k++; }
    const limit = span - (span % n);
    for (;;) {
      let x = 0;
      for (let i = 0; i < k; i++) x = x * 256 + byte();
      if (v === 'no-rejection' || x < limit) return x % n;
    }
  };
  const shoe = orderedShoe(rec.decks);
  const total = shoe.length;
  if (v === 'shuffle-forward') {
    for (let i = 0; i <= total - 2; i++) { const j = i + index(total - i); [shoe[i], shoe[j]] = [shoe[j], shoe[i]]; }
  } else {
    for (let i = total - 1; i >= 1; i--) { const j = index(i + 1); [shoe[i], shoe[j]] = [shoe[j], shoe[i]]; }
  }
  const round = (x) => Math.floor(x + 0.5);
  const spread = Math.max(1, round(total * 0.02));
  const raw = round(total * rec.penetration) + index(2 * spread + 1) - spread;
  const cut = Math.min(Math.max(raw, Math.max(20, round(total * 0.5))), total - 15);
  if (v === 'reversed') return { cards: shoe.slice().reverse(), cut: shoeDeal(rec).cut };
  return { cards: shoe, cut };
}
const shoeCommit = (seedHex) => sha256hex(Buffer.from(seedHex, 'hex'));

// ---------------------------------------------------------------------------
// §4 match_seed_v2 and §5 poker_hmac_v1: the word stream, with its variants.

function shuffleWith(int, a, v) {
  a = a.slice();
  if (v === 'shuffle-forward') {
    for (let i = 0; i <= a.length - 2; i++) { const j = i + int(a.length - i); [a[i], a[j]] = [a[j], a[i]]; }
  } else {
    for (let i = a.length - 1; i > 0; i--) { const j = int(i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  }
  return a;
}
function wordStream(key, prefix, v) {
  let k = v === 'counter-from-1' ? 1 : 0;
  const d = drawer(() => word(key, prefix + k++));
  return { int: d.int, die: d.die, shuffle: (a) => shuffleWith(d.int, a, v) };
}

const M2KIND = { backgammon: 'dice', bridge: 'deals', mahjong: 'draws' };
/** match_seed_v2: seats and `count` values of the game's kind under variant v. */
function m2play(rec, count, v = 'spec') {
  const key = v === 'key-as-bytes' ? Buffer.from(rec.serverSeed, 'hex') : rec.serverSeed;
  let seeds;
  if (v === 'seeds-unlabelled') seeds = rec.clientSeeds.join(',');
  else if (v === 'seeds-swapped') seeds = rec.clientSeeds.slice().reverse().map((s, i) => i + '=' + s).join(',');
  else seeds = rec.clientSeeds.map((s, i) => i + '=' + s).join(',');
  const st = wordStream(key, 'pf2:' + rec.game + ':' + rec.matchId + ':' + seeds + ':', v);
  const out = { seats: v === 'no-seat-draw' ? [0, 1] : st.shuffle([0, 1]) };
  if (rec.game === 'backgammon') out.dice = range(count).map(() => st.die());
  else if (rec.game === 'bridge') out.deals = range(count).map(() => st.shuffle(range(52)).map(card52));
  else if (rec.game === 'mahjong') {
    const wall = mahjongWall();
    out.draws = range(count).map(() => wall.splice(st.int(wall.length), 1)[0]);
  } else throw new Error('m2play: game');
  return out;
}

const pkSeatsJoined = (seats, v) => {
  const nums = Object.keys(seats).map(Number).sort((a, b) => a - b);
  return v === 'seeds-unlabelled' ? nums.map((s) => seats[String(s)]).join(',') : nums.map((s) => s + '=' + seats[String(s)]).join(',');
};
const pkHandValue = (rec) => hmacHex(rec.serverSeed, 'pk1:hand:' + rec.table + ':' + rec.session + ':' + rec.hand);
function pkDeck(rec, v = 'spec') {
  const hv = pkHandValue(rec);
  const st = wordStream(hv, 'pk1:' + rec.table + ':' + rec.session + ':' + rec.hand + ':' + pkSeatsJoined(rec.seats, v) + ':', v);
  return st.shuffle(range(52)).map(card52);
}
function pkRoot(deck, hv) {
  const pad = sha256hex('pk1:pad');
  let level = range(64).map((i) => (i < 52 ? sha256hex('pk1:leaf:' + i + ':' + deck[i] + ':' + hmacHex(hv, 'pk1:salt:' + i)) : pad));
  while (level.length > 1) {
    const up = [];
    for (let i = 0; i < level.length; i += 2) up.push(sha256hex('pk1:node:' + level[i] + level[i + 1]));
    level = up;
  }
  return level[0];
}

// §6 chess_colour_v1
function chessColour(rec) {
  const commitA = sha256hex(rec.seedA);
  const commitB = sha256hex(rec.seedB);
  let k = 0;
  const next = () => {
    const m = 'cc1:' + commitA + ':' + commitB + ':0=' + rec.clientA + ',1=' + rec.clientB + ':' + k++;
    return word(rec.seedA, m) ^ word(rec.seedB, m);
  };
  return drawer(next).int(2) === 0 ? 'white' : 'black';
}

// ---------------------------------------------------------------------------
// SPEC functions above against the committed vectors' match cases, with
// --check (not in make vectors, where the vectors are being written side by
// side; the Go and Node tests run every case through the verifier anyway).

if (process.argv.includes('--check')) {
  const vec = (s) => JSON.parse(readFileSync(join(here, '..', 'vectors', s + '.json'), 'utf8')).cases;
  const matchCases = (s) => vec(s).filter((c) => c.record && c.expect.status === 'match');
  let seen = 0;
  for (const c of matchCases('dice_v1')) {
    const r = c.record;
    if (!Array.isArray(r.rolls) || r.rolls.some((x) => !/^[1-6]{2}$/.test(x))) continue;
    assert(JSON.stringify(d1rolls(r, d1games(r))) === JSON.stringify(r.rolls), `dice_v1 SPEC vs ${c.name}`);
    seen++;
  }
  for (const c of matchCases('dice_v2')) {
    const r = c.record;
    if (!r.games) continue;
    assert(JSON.stringify(d2rolls(r, r.games.map((g) => g.rolls.length))) === JSON.stringify(r.games.map((g) => g.rolls)), `dice_v2 SPEC vs ${c.name}`);
    seen++;
  }
  for (const c of vec('shoe_v1').filter((c) => c.record && c.expect.cards && c.record.clientSeed !== undefined)) {
    const d = shoeDeal(c.record);
    assert(JSON.stringify(d.cards) === JSON.stringify(c.expect.cards) && d.cut === c.expect.cut, `shoe_v1 SPEC vs ${c.name}`);
    const e = shoeDealSpec(c.record.serverSeed, c.record.clientSeed, c.record.nonce, c.record.decks, c.record.penetration);
    assert(JSON.stringify(d.cards) === JSON.stringify(e.cards), 'shoe_v1 against shoelib');
    seen++;
  }
  for (const c of matchCases('match_seed_v2')) {
    const r = c.record;
    const kind = M2KIND[r.game];
    if (!kind || !r[kind]) continue;
    const p = m2play(r, r[kind].length);
    assert(JSON.stringify([p.seats, p[kind]]) === JSON.stringify([r.seats ?? p.seats, r[kind]]), `match_seed_v2 SPEC vs ${c.name}`);
    seen++;
  }
  for (const c of vec('poker_hmac_v1').filter((c) => c.record && c.record.serverSeed && c.expect.deck && c.expect.computedRoot)) {
    const d = pkDeck(c.record);
    assert(JSON.stringify(d) === JSON.stringify(c.expect.deck), `poker SPEC vs ${c.name}`);
    assert(pkRoot(d, pkHandValue(c.record)) === c.expect.computedRoot, `poker root vs ${c.name}`);
    seen++;
  }
  for (const c of matchCases('chess_colour_v1')) {
    if (!c.record.seedB) continue;
    assert(chessColour(c.record) === c.record.colourA, `chess SPEC vs ${c.name}`);
    seen++;
  }
  assert(seen > 30, 'SPEC functions checked against the vectors');
}

// ---------------------------------------------------------------------------
// The diagnosis, as diagnosis.md says, for the records of this file.
//
// A scheme's model: `recorded(rec)` the compared values, flat, in groups
// (a group is where roll-missing/roll-extra may apply: one list, or a
// dice_v2 game), each value {kind, index, v, bits}; `variant(rec, code)`
// the same layout under a variant (or null where it does not apply) plus
// `extra` (cut, root) to compare; `longer(rec, g, by)` SPEC's values of
// group g with `by` more.

/** Shape of the differences of one kind (diagnosis.md, "The shapes"). */
function shapeOf(rec, spec) {
  const diff = rec.filter((x, i) => x.v !== spec[i].v);
  if (!diff.length) return null;
  const first = rec.findIndex((x, i) => x.v !== spec[i].v);
  const from = rec.length - first;
  const at = rec[first].index;
  // match_seed_v2 names the kind (its positions count within the kind's list).
  const kind = rec[first].kind;
  const more = ['seats', 'dice', 'deals', 'draws'].includes(kind) ? { kind } : {};
  if (diff.length >= 2 && 4 * diff.length >= 3 * from) return { code: 'differ-from', at, ...more };
  return { code: 'substituted', at, ...more };
}

function diffBits(rec, other) {
  const bits = [];
  rec.forEach((x, i) => { if (x.v !== other[i].v) bits.push(x.bits); });
  return bits;
}

const flat = (groups) => groups.flat();
const same = (a, b) => a.length === b.length && a.every((x, i) => x.v === b[i].v);

function diagnoseValues(model, rec) {
  const R = model.recorded(rec);
  const S = model.variant(rec, 'spec');
  const RF = flat(R);
  const SF = flat(S.groups);
  const n = RF.length;
  const findings = [];
  const extraSame = (e1, e2) => JSON.stringify(e1) === JSON.stringify(e2);
  const specAgrees = same(RF, SF) && extraSame(S.extra, model.recordedExtra(rec));
  if (specAgrees) return { findings, slips: [] };
  for (const code of model.variants) {
    const V = model.variant(rec, code);
    if (!V) continue;
    if (!same(RF, flat(V.groups)) || !extraSame(V.extra, model.recordedExtra(rec))) continue;
    const bits = diffBits(RF, SF);
    const extraDiffers = !extraSame(V.extra, S.extra);
    const b = ruleBits(n, bits) + (extraDiffers ? model.extraBits : 0);
    findings.push({ code, bits: b, named: b >= NAMED });
  }
  // roll-missing / roll-extra: one group differs, the rest (and extra) agree.
  // Only where no variant is named: numbered-from-0 is also one roll extra at 1.
  if (model.shifts && !findings.some((f) => f.named) && extraSame(S.extra, model.recordedExtra(rec))) {
    const differing = R.map((g, i) => (same(g, S.groups[i]) ? -1 : i)).filter((i) => i >= 0);
    if (differing.length === 1 && model.shiftGroup(rec, differing[0])) {
      const gi = differing[0];
      const rg = R[gi];
      const unit = model.unit(rec);
      let p = rg.findIndex((x, i) => x.v !== S.groups[gi][i].v);
      p -= p % unit;
      const at = rg[p].index;
      const longer = model.longer(rec, gi, unit);
      // missing: from p on, recorded i is SPEC's i + unit.
      if (rg.every((x, i) => i < p || x.v === longer[i + unit].v)) {
        const bits = diffBits(rg, S.groups[gi]);
        const b = ruleBits(n, bits);
        findings.push({ code: 'roll-missing', at, bits: b, named: b >= NAMED });
      }
      // extra: [p, p+unit) extra, later recorded i is SPEC's i − unit; one value after.
      if (p + unit < rg.length && rg.every((x, i) => i < p + unit || x.v === S.groups[gi][i - unit].v)) {
        const bits = diffBits(rg, S.groups[gi]).slice(0);
        const own = rg.slice(p, p + unit).filter((x, i) => x.v !== S.groups[gi][p + i].v).length;
        bits.splice(0, own);
        const b = ruleBits(n, bits);
        findings.push({ code: 'roll-extra', at, bits: b, named: b >= NAMED });
      }
    }
  }
  const slips = findings.filter((f) => f.named);
  const out = slips.map((f) => ('at' in f ? { code: f.code, at: f.at } : { code: f.code }));
  if (!slips.length) {
    const kinds = [...new Set(RF.map((x) => x.kind))];
    for (const k of kinds) {
      const s = shapeOf(RF.filter((x) => x.kind === k), SF.filter((x) => x.kind === k));
      if (s) out.push(s);
    }
    if (!extraSame(S.extra, model.recordedExtra(rec))) out.push({ code: model.extraShape });
  }
  return { findings: out, slips: findings };
}

const val = (kind, index, v, bits) => ({ kind, index, v: String(v), bits });

const MODELS = {
  dice_v1: {
    variants: ['numbered-from-0', 'seeds-swapped', 'key-as-text', 'dice-swapped', 'numbering-restarts', 'no-byte-skip'],
    recorded: (r) => [r.rolls.map((x, i) => val('rolls', i + 1, x, B36))],
    recordedExtra: () => null,
    variant(r, code) {
      if (code === 'seeds-swapped' && r.clientSeeds.length < 2) return null;
      if (code === 'numbering-restarts' && d1games(r).length < 2) return null;
      return { groups: [d1rolls(r, d1games(r), code).map((x, i) => val('rolls', i + 1, x, B36))], extra: null };
    },
    shifts: true,
    shiftGroup: () => true,
    unit: () => 1,
    longer: (r, g, by) => d1rolls(r, [r.rolls.length + by]).map((x, i) => val('rolls', i + 1, x, B36)),
  },
  dice_v2: {
    variants: ['numbered-from-0', 'seeds-swapped', 'anchor-is-signature', 'no-length-prefix'],
    recorded(r) {
      let i = 0;
      return r.games.map((g) => g.rolls.map((x) => val('rolls', ++i, x, B36)));
    },
    recordedExtra: () => null,
    variant(r, code) {
      let i = 0;
      return { groups: d2rolls(r, r.games.map((g) => g.rolls.length), code).map((g) => g.map((x) => val('rolls', ++i, x, B36))), extra: null };
    },
    shifts: true,
    shiftGroup: () => true,
    unit: () => 1,
    longer(r, g, by) {
      const lens = r.games.map((x, i) => x.rolls.length + (i === g ? by : 0));
      const start = r.games.slice(0, g).reduce((a, x) => a + x.rolls.length, 0);
      return d2rolls(r, lens)[g].map((x, i) => val('rolls', start + i + 1, x, B36));
    },
  },
  shoe_v1: {
    variants: ['counter-from-1', 'key-as-bytes', 'no-rejection', 'shuffle-forward', 'reversed'],
    recorded: (r) => [r.cards.map((x, i) => val('cards', i, x, B52))],
    recordedExtra: (r) => r.cut ?? null,
    variant(r, code) {
      const d = shoeDeal(r, code);
      return { groups: [d.cards.slice(0, r.cards.length).map((x, i) => val('cards', i, x, B52))], extra: r.cut === undefined ? null : d.cut };
    },
    extraBits: 0,
    extraShape: 'cut-differs',
    shifts: true,
    shiftGroup: () => true,
    unit: () => 1,
    longer: (r, g, by) => shoeDeal(r).cards.slice(0, r.cards.length + by).map((x, i) => val('cards', i, x, B52)),
  },
  match_seed_v2: {
    variants: ['counter-from-1', 'seeds-swapped', 'seeds-unlabelled', 'key-as-bytes', 'shuffle-forward', 'no-seat-draw'],
    recorded(r) {
      const kind = M2KIND[r.game];
      return [r.seats.map((x, i) => val('seats', i + 1, x, 1)), m2flat(r.game, r[kind])];
    },
    recordedExtra: () => null,
    variant(r, code) {
      if (code === 'seeds-swapped' && r.clientSeeds.length < 2) return null;
      if (code === 'key-as-bytes' && !/^([0-9a-fA-F]{2})+$/.test(r.serverSeed)) return null;
      const kind = M2KIND[r.game];
      const p = m2play(r, r[kind].length, code);
      return { groups: [p.seats.map((x, i) => val('seats', i + 1, x, 1)), m2flat(r.game, p[kind])], extra: null };
    },
    shifts: true,
    shiftGroup: (r, g) => g === 1 && r.game !== 'bridge',
    unit: (r) => (r.game === 'backgammon' ? 2 : 1),
    longer(r, g, by) {
      const kind = M2KIND[r.game];
      return m2flat(r.game, m2play(r, r[kind].length + by)[kind]);
    },
  },
  poker_hmac_v1: {
    variants: ['counter-from-1', 'seeds-unlabelled', 'shuffle-forward'],
    recorded: (r) => [r.deck.map((x, i) => val('deck', i + 1, x, B52))],
    recordedExtra: (r) => r.root,
    variant(r, code) {
      const d = pkDeck(r, code);
      return { groups: [d.map((x, i) => val('deck', i + 1, x, B52))], extra: pkRoot(d, pkHandValue(r)) };
    },
    extraBits: 256,
    extraShape: 'root-differs',
  },
};
function m2flat(game, values) {
  if (game === 'backgammon') return values.map((x, i) => val('dice', i + 1, x, B6));
  if (game === 'bridge') return values.flat().map((x, i) => val('deals', i + 1, x, B52));
  return values.map((x, i) => val('draws', i + 1, x, B42));
}

// Seals: SPEC's, the seal-of-text variant, and the field that holds it.
const SEALS = {
  dice_v1: { field: 'seal', spec: (r) => sha256hex(Buffer.from(r.serverSeed, 'hex')), text: (r) => sha256hex(r.serverSeed.toLowerCase()) },
  dice_v2: { field: 'seal', spec: (r) => sha256hex(Buffer.from(r.serverSeed, 'hex')), text: (r) => sha256hex(r.serverSeed.toLowerCase()) },
  shoe_v1: { field: 'commitment', spec: (r) => shoeCommit(r.serverSeed), text: (r) => sha256hex(r.serverSeed.toLowerCase()) },
  match_seed_v2: { field: 'commitment', spec: (r) => sha256hex(r.serverSeed), text: (r) => sha256hex(Buffer.from(r.serverSeed, 'hex')) },
  chess_colour_v1: { field: 'commitA', spec: (r) => sha256hex(r.seedA), text: (r) => sha256hex(Buffer.from(r.seedA, 'hex')) },
  poker_hmac_v1: { field: 'handCommitment', spec: (r) => sha256hex(pkHandValue(r)), text: (r) => sha256hex(Buffer.from(pkHandValue(r), 'hex')) },
};

function diagnose(rec) {
  const out = [];
  const seal = SEALS[rec.scheme];
  const given = rec[seal.field];
  if (given !== undefined) {
    if (given.toLowerCase() === seal.text(rec)) out.push({ code: 'seal-of-text' });
    else if (given.toLowerCase() !== seal.spec(rec)) out.push({ code: 'seal-differs' });
  }
  if (rec.scheme === 'dice_v2') {
    assert(rec.drandRound === 1000 && rec.drandSignature === R1000.sig, 'dice_v2 records carry round 1000');
    if (rec.sealedAt !== undefined && !(roundTime(rec.drandRound) > rec.sealedAt)) out.push({ code: 'round-not-after-seal' });
  }
  if (rec.scheme === 'chess_colour_v1') {
    // One bit: never a slip; a changed colour is one value substituted.
    if (rec.colourA !== chessColour(rec)) out.push({ code: 'substituted', at: 1 });
    return { findings: out, slips: [] };
  }
  const v = diagnoseValues(MODELS[rec.scheme], rec);
  return { findings: [...out, ...v.findings], slips: v.slips };
}

// ---------------------------------------------------------------------------
// Cases.

const cases = [];
function add(name, record, diagnosis, { margin = true } = {}) {
  assert(!cases.some((c) => c.name === name), `unique name ${name}`);
  const got = diagnose(record);
  const key = (f) => JSON.stringify(f);
  const want = diagnosis.map(key).sort();
  const have = got.findings.map(key).sort();
  assert(JSON.stringify(want) === JSON.stringify(have), `${name}: expected ${want}, the diagnosis gives ${have}`);
  if (margin) {
    for (const s of got.slips) assert(s.bits >= MARGIN, `${name}: ${s.code} passes the rule by a margin (${s.bits.toFixed(1)} bits)`);
  }
  // A named slip's own values differ from SPEC's (else it were a match): the
  // rule above only names a slip with differences or a differing root.
  cases.push({ name, record, diagnosis });
}
/** diagnosis for the tampered and shape cases: stripped of nothing. */
const shapes = (rec) => diagnose(rec).findings;

const clientSeed = (label) => detString(label, detInt(label + ':len', 8, 24), SEED_CHARS);

// --- dice_v1 ---------------------------------------------------------------

function d1base(label, nSeeds, count, games) {
  const serverSeed = detHex(L(label + ':server'), 32);
  const clientSeeds = range(nSeeds).map((i) => clientSeed(L(`${label}:client:${i}`)));
  const rec = { scheme: 'dice_v1', serverSeed, seal: SEALS.dice_v1.spec({ serverSeed }), clientSeeds };
  if (games) rec.games = games;
  rec.rolls = d1rolls(rec, games ?? [count]);
  // Field order as the dice_v1 generator writes it.
  const out = { scheme: 'dice_v1', serverSeed, seal: rec.seal, clientSeeds, rolls: rec.rolls };
  if (games) out.games = games;
  return out;
}
function d1slip(code, label, nSeeds, count, games) {
  const rec = d1base(label, nSeeds, count, games);
  const rolls = d1rolls(rec, games ?? [count], code);
  assert(rolls.some((x, i) => x !== rec.rolls[i]), `dice_v1 ${code} differs from SPEC`);
  return { ...rec, rolls };
}
// Its values are also one roll extra at 1 (SPEC's roll 0), which is named
// only where no variant is (diagnosis.md).
add('dice_v1/numbered-from-0', d1slip('numbered-from-0', 'd1:n0', 2, 80), [{ code: 'numbered-from-0' }]);
add('dice_v1/seeds-swapped', d1slip('seeds-swapped', 'd1:swap', 2, 80), [{ code: 'seeds-swapped' }]);
add('dice_v1/key-as-text', d1slip('key-as-text', 'd1:keytext', 1, 80), [{ code: 'key-as-text' }]);
{
  // Enough non-double rolls: 80 rolls have about 67.
  const rec = d1slip('dice-swapped', 'd1:diceswap', 2, 80);
  add('dice_v1/dice-swapped', rec, [{ code: 'dice-swapped' }]);
}
add('dice_v1/numbering-restarts', d1slip('numbering-restarts', 'd1:restart', 2, null, [30, 25, 25]), [{ code: 'numbering-restarts' }]);
{
  // no-byte-skip: a seed whose first bytes are >= 252 in enough of 100 rolls.
  let found = null;
  for (let i = 0; !found; i++) {
    assert(i < 5000, 'no-byte-skip: no seed found');
    const rec = d1base(`d1:noskip:${i}`, 2, 100);
    const rolls = d1rolls(rec, [100], 'no-byte-skip');
    const bits = diffBits(rec.rolls.map((x) => val('r', 0, x, B36)), rolls.map((x) => val('r', 0, x, B36)));
    if (ruleBits(100, bits) >= MARGIN) found = { ...rec, rolls };
  }
  add('dice_v1/no-byte-skip', found, [{ code: 'no-byte-skip' }]);
}
/** Position (1-based) in SPEC's list S where removing or inserting has one reading. */
function shiftAt(label, S, lo, hi, ok) {
  for (let i = 0; ; i++) {
    assert(i < 1000, `${label}: no position`);
    const at = detInt(`${label}:at:${i}`, lo, hi);
    if (ok(at)) return at;
  }
}
function d1shift(kind, label, count) {
  const rec = d1base(label, 2, count);
  const S = d1rolls(rec, [count + 1]);
  const at = shiftAt(label, S, 20, 40, (a) => S[a - 2] !== S[a - 1] && S[a - 1] !== S[a]);
  let rolls;
  if (kind === 'missing') rolls = [...S.slice(0, at - 1), ...S.slice(at, count + 1)];
  else {
    let x;
    for (let i = 0; ; i++) {
      x = d1name(detInt(`${label}:extra:${i}`, 0, 35));
      if (x !== S[at - 1] && x !== S[at - 2]) break;
    }
    rolls = [...S.slice(0, at - 1), x, ...S.slice(at - 1, count - 1)];
  }
  assert(rolls.length === count, 'length');
  return [{ ...rec, rolls }, at];
}
{
  const [rec, at] = d1shift('missing', 'd1:missing', 80);
  add('dice_v1/roll-missing', rec, [{ code: 'roll-missing', at }]);
  const [rec2, at2] = d1shift('extra', 'd1:extra', 80);
  add('dice_v1/roll-extra', rec2, [{ code: 'roll-extra', at: at2 }]);
}
{
  const rec = d1base('d1:sealtext', 2, 60);
  add('dice_v1/seal-of-text', { ...rec, seal: SEALS.dice_v1.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = d1base('d1:sealrandom', 2, 60);
  add('dice_v1/seal-differs', { ...rec2, seal: detHex(L('d1:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
  const rec3 = d1slip('key-as-text', 'd1:seal-and-key', 2, 80);
  add('dice_v1/seal-of-text-and-key-as-text', { ...rec3, seal: SEALS.dice_v1.text(rec3) }, [{ code: 'seal-of-text' }, { code: 'key-as-text' }]);
}

// --- tampered records (all schemes) ------------------------------------------

/** k distinct positions of [0, n), drawn by label. */
function positions(label, n, k) {
  const pool = range(n);
  const out = [];
  for (let i = 0; i < k; i++) out.push(pool.splice(detInt(`${label}:pos:${i}`, 0, pool.length - 1), 1)[0]);
  return out.sort((a, b) => a - b);
}
/** A value of `alphabet` other than `not`. */
function otherValue(label, alphabet, not) {
  const others = alphabet.filter((x) => x !== not);
  return others[detInt(label, 0, others.length - 1)];
}
const D36 = range(36).map((v) => d1name(v));
const CARDS_SHOE = orderedShoe(1);
const CARDS52 = range(52).map(card52);
const TILES = [...new Set(mahjongWall())];

function tamper(label, values, alphabet) {
  const k = detInt(`${label}:k`, 1, 5);
  const out = values.slice();
  for (const p of positions(label, values.length, k)) out[p] = otherValue(`${label}:v:${p}`, alphabet, values[p]);
  return out;
}

for (let i = 1; i <= 8; i++) {
  const rec = d1base(`d1:tampered:${i}`, detInt(L(`d1:tampered:${i}:seeds`), 1, 3), detInt(L(`d1:tampered:${i}:n`), 60, 100));
  const t = { ...rec, rolls: tamper(L(`d1:tampered:${i}`), rec.rolls, D36) };
  add(`dice_v1/tampered-${i}`, t, shapes(t), { margin: false });
}
{
  // From roll 20 on all random: differ-from at 20.
  let rec = null;
  for (let i = 0; !rec; i++) {
    const base = d1base('d1:random-tail', 2, 80);
    const rolls = base.rolls.map((x, j) => (j < 19 ? x : D36[detInt(L(`d1:random-tail:${i}:${j}`), 0, 35)]));
    const t = { ...base, rolls };
    const f = diagnose(t).findings;
    if (f.length === 1 && f[0].code === 'differ-from' && f[0].at === 20) rec = t;
  }
  add('dice_v1/tampered-random-from-20', rec, [{ code: 'differ-from', at: 20 }], { margin: false });
}
{
  // The edges of "from `at` on, at least three in four values differ, two or
  // more": of the last four rolls three differ (differ-from), two differ
  // (substituted), only the last one (substituted: one value).
  const base = d1base('d1:tail', 2, 60);
  const sub = (label, idx) => ({
    ...base,
    rolls: base.rolls.map((x, j) => (idx.includes(j) ? otherValue(L(`d1:tail:${label}:${j}`), D36, x) : x)),
  });
  add('dice_v1/tampered-3-of-last-4', sub('3of4', [56, 58, 59]), [{ code: 'differ-from', at: 57 }], { margin: false });
  add('dice_v1/tampered-2-of-last-4', sub('2of4', [56, 59]), [{ code: 'substituted', at: 57 }], { margin: false });
  add('dice_v1/tampered-last-2', sub('last2', [58, 59]), [{ code: 'differ-from', at: 59 }], { margin: false });
  add('dice_v1/tampered-last-1', sub('last1', [59]), [{ code: 'substituted', at: 60 }], { margin: false });
}

// --- dice_v2 ---------------------------------------------------------------

function d2base(label, lens, sealed = true) {
  const serverSeed = detHex(L(label + ':server'), 32);
  const rec = {
    scheme: 'dice_v2', serverSeed, seal: SEALS.dice_v2.spec({ serverSeed }),
  };
  if (sealed) rec.sealedAt = roundTime(1000) - detInt(L(label + ':before'), 30, 600);
  Object.assign(rec, {
    match: detInt(L(label + ':match'), 1, 99999),
    players: [clientSeed(L(label + ':A')), clientSeed(L(label + ':B'))],
    drandRound: 1000,
    drandSignature: R1000.sig,
  });
  rec.games = d2rolls(rec, lens).map((rolls) => ({ rolls }));
  return rec;
}
for (const code of MODELS.dice_v2.variants) {
  const rec = d2base(`d2:${code}`, [40, 30], code !== 'no-length-prefix');
  const games = d2rolls(rec, [40, 30], code).map((rolls) => ({ rolls }));
  assert(JSON.stringify(games) !== JSON.stringify(rec.games), `dice_v2 ${code} differs from SPEC`);
  add(`dice_v2/${code}`, { ...rec, games }, [{ code }]);
}
{
  // roll-missing / roll-extra in game 1 of two: game 2 is SPEC's own.
  for (const kind of ['missing', 'extra']) {
    const label = `d2:roll-${kind}`;
    const rec = d2base(label, [40, 20]);
    const S = d2rolls(rec, [41, 20])[0];
    const at = shiftAt(L(label), S, 10, 30, (a) => S[a - 2] !== S[a - 1] && S[a - 1] !== S[a]);
    let g1;
    if (kind === 'missing') g1 = [...S.slice(0, at - 1), ...S.slice(at, 41)];
    else {
      const x = otherValue(L(label + ':x'), D36.filter((y) => y !== S[at - 2]), S[at - 1]);
      g1 = [...S.slice(0, at - 1), x, ...S.slice(at - 1, 39)];
    }
    assert(g1.length === 40, 'length');
    add(`dice_v2/roll-${kind}`, { ...rec, games: [{ rolls: g1 }, rec.games[1]] }, [{ code: `roll-${kind}`, at }]);
  }
}
{
  const rec = d2base('d2:sealtext', [30]);
  add('dice_v2/seal-of-text', { ...rec, seal: SEALS.dice_v2.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = d2base('d2:sealrandom', [30]);
  add('dice_v2/seal-differs', { ...rec2, seal: detHex(L('d2:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
  const rec3 = d2base('d2:late', [30]);
  add('dice_v2/round-not-after-seal', { ...rec3, sealedAt: roundTime(1000) + 3600 }, [{ code: 'round-not-after-seal' }]);
}
for (let i = 1; i <= 4; i++) {
  const label = `d2:tampered:${i}`;
  const lens = i % 2 ? [detInt(L(label + ':n1'), 30, 50), detInt(L(label + ':n2'), 20, 40)] : [detInt(L(label + ':n1'), 50, 80)];
  const rec = d2base(label, lens, i !== 3);
  const flatRolls = tamper(L(label), rec.games.flat().flatMap((g) => g.rolls), D36);
  let k = 0;
  const t = { ...rec, games: lens.map((n) => ({ rolls: flatRolls.slice(k, (k += n)) })) };
  add(`dice_v2/tampered-${i}`, t, shapes(t), { margin: false });
}

// --- shoe_v1 ---------------------------------------------------------------

function shoeBase(label, cards = 52) {
  const serverSeed = detHex(L(label + ':server'), 32);
  const rec = {
    scheme: 'shoe_v1', serverSeed, commitment: shoeCommit(serverSeed),
    clientSeed: `player-${detHex(L(label + ':client'), 6)}`, nonce: detInt(L(label + ':nonce'), 0, 9999),
    decks: 1, penetration: [0.5, 0.65, 0.75, 0.8][detInt(L(label + ':pen'), 0, 3)],
  };
  const d = shoeDeal(rec);
  return { ...rec, cards: d.cards.slice(0, cards), cut: d.cut };
}
for (const code of MODELS.shoe_v1.variants) {
  const rec = shoeBase(`shoe:${code}`);
  const d = shoeDeal(rec, code);
  assert(d.cards.some((x, i) => x !== rec.cards[i]), `shoe_v1 ${code} differs from SPEC`);
  add(`shoe_v1/${code}`, { ...rec, cards: d.cards, cut: d.cut }, [{ code }]);
}
for (const kind of ['missing', 'extra']) {
  const label = `shoe:roll-${kind}`;
  const rec = shoeBase(label, 45);
  const S = shoeDeal(rec).cards;
  const at = shiftAt(L(label), S, 10, 25, () => true); // 0-based card index; cards of one deck never repeat
  let cards;
  if (kind === 'missing') cards = [...S.slice(0, at), ...S.slice(at + 1, 46)];
  else cards = [...S.slice(0, at), otherValue(L(label + ':x'), CARDS_SHOE.filter((c) => c !== S[at - 1]), S[at]), ...S.slice(at, 44)];
  assert(cards.length === 45, 'length');
  add(`shoe_v1/roll-${kind}`, { ...rec, cards }, [{ code: `roll-${kind}`, at }]);
}
{
  const rec = shoeBase('shoe:sealtext');
  add('shoe_v1/seal-of-text', { ...rec, commitment: SEALS.shoe_v1.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = shoeBase('shoe:sealrandom');
  add('shoe_v1/seal-differs', { ...rec2, commitment: detHex(L('shoe:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
  const rec3 = shoeBase('shoe:cut');
  const cut = rec3.cut === 26 ? 27 : 26; // inside [26, 37] for one deck
  add('shoe_v1/cut-differs', { ...rec3, cut }, [{ code: 'cut-differs' }]);
}
for (let i = 1; i <= 8; i++) {
  const label = `shoe:tampered:${i}`;
  const rec = shoeBase(label, detInt(L(label + ':n'), 30, 52));
  const t = { ...rec, cards: tamper(L(label), rec.cards, CARDS_SHOE) };
  add(`shoe_v1/tampered-${i}`, t, shapes(t), { margin: false });
}

// --- match_seed_v2 -----------------------------------------------------------

const M2COUNT = { backgammon: 40, bridge: 1, mahjong: 40 };
function m2base(label, game, count = M2COUNT[game], nSeeds = 2) {
  const serverSeed = detHex(L(label + ':server'), 32);
  const rec = {
    scheme: 'match_seed_v2', game, matchId: 'm-' + detString(L(label + ':match'), 10, '0123456789abcdef'),
    serverSeed, commitment: sha256hex(serverSeed),
    clientSeeds: range(nSeeds).map((i) => clientSeed(L(`${label}:client:${i}`))),
  };
  const p = m2play(rec, count);
  return { ...rec, seats: p.seats, [M2KIND[game]]: p[M2KIND[game]] };
}
const M2SLIPS = {
  'counter-from-1': 'backgammon', 'seeds-swapped': 'mahjong', 'seeds-unlabelled': 'bridge',
  'key-as-bytes': 'backgammon', 'shuffle-forward': 'bridge', 'no-seat-draw': 'mahjong',
};
for (const [code, game] of Object.entries(M2SLIPS)) {
  const rec = m2base(`m2:${code}`, game);
  const kind = M2KIND[game];
  const p = m2play(rec, M2COUNT[game], code);
  assert(JSON.stringify(p[kind]) !== JSON.stringify(rec[kind]), `match_seed_v2 ${code} differs from SPEC`);
  add(`match_seed_v2/${code}`, { ...rec, seats: p.seats, [kind]: p[kind] }, [{ code }]);
}
for (const game of ['backgammon', 'mahjong']) {
  const kind = M2KIND[game];
  const unit = game === 'backgammon' ? 2 : 1;
  for (const shift of ['missing', 'extra']) {
    const label = `m2:roll-${shift}-${kind}`;
    const rec = m2base(label, game);
    const n = M2COUNT[game];
    const S = m2play(rec, n + unit)[kind];
    // at: the first value of the throw (tile) removed or inserted, from 1;
    // chosen so that the record differs from SPEC's at `at` itself and no
    // other position gives the same record.
    const throwAt = (a) => S.slice(a - 1, a - 1 + unit).join();
    const at = shiftAt(L(label), S, 6, 20, (a) => (a - 1) % unit === 0
      && S[a - 1] !== S[a - 1 + unit] && throwAt(a) !== throwAt(a - unit));
    let vals;
    if (shift === 'missing') vals = [...S.slice(0, at - 1), ...S.slice(at - 1 + unit, n + unit)];
    else {
      let x;
      if (game === 'backgammon') {
        for (let i = 0; ; i++) {
          x = [detInt(L(`${label}:x:${i}:1`), 1, 6), detInt(L(`${label}:x:${i}:2`), 1, 6)];
          if (x[0] !== S[at - 1] && x.join() !== throwAt(at - 2)) break;
        }
      } else {
        // a tile still in the wall after the draws before `at`, other than
        // SPEC's draws at `at` and at `at − 1`
        const wall = mahjongWall();
        for (const t of S.slice(0, at - 1)) wall.splice(wall.indexOf(t), 1);
        const left = [...new Set(wall)].filter((t) => t !== S[at - 2]);
        x = [otherValue(L(label + ':x'), left, S[at - 1])];
      }
      vals = [...S.slice(0, at - 1), ...x, ...S.slice(at - 1, n - unit)];
    }
    assert(vals.length === n, 'length');
    add(`match_seed_v2/roll-${shift}-${kind}`, { ...rec, [kind]: vals }, [{ code: `roll-${shift}`, at }]);
  }
}
{
  const rec = m2base('m2:sealtext', 'backgammon');
  add('match_seed_v2/seal-of-text', { ...rec, commitment: SEALS.match_seed_v2.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = m2base('m2:sealrandom', 'mahjong');
  add('match_seed_v2/seal-differs', { ...rec2, commitment: detHex(L('m2:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
}
{
  const games = ['backgammon', 'bridge', 'mahjong'];
  for (let i = 1; i <= 8; i++) {
    const label = `m2:tampered:${i}`;
    const game = games[(i - 1) % 3];
    const kind = M2KIND[game];
    const count = game === 'bridge' ? detInt(L(label + ':n'), 1, 2) : 2 * detInt(L(label + ':n'), 15, 40);
    const rec = m2base(label, game, game === 'mahjong' ? count / 2 + 20 : count, detInt(L(label + ':seeds'), 1, 3));
    let vals;
    if (game === 'backgammon') vals = tamper(L(label), rec.dice.map(String), ['1', '2', '3', '4', '5', '6']).map(Number);
    else if (game === 'mahjong') vals = tamper(L(label), rec.draws, TILES);
    else {
      const f = tamper(L(label), rec.deals.flat(), CARDS52);
      vals = rec.deals.map((_, d) => f.slice(52 * d, 52 * d + 52));
    }
    const t = { ...rec, [kind]: vals };
    add(`match_seed_v2/tampered-${i}`, t, shapes(t), { margin: false });
  }
}

// --- poker_hmac_v1 -----------------------------------------------------------

function pkBase(label, nSeats = 4) {
  const serverSeed = detHex(L(label + ':server'), 32);
  const pool = range(9).map((i) => i + 1);
  const nums = [];
  for (let i = 0; i < nSeats; i++) nums.push(pool.splice(detInt(L(`${label}:seat:${i}`), 0, pool.length - 1), 1)[0]);
  const seats = Object.fromEntries(nums.map((s, i) => [String(s), clientSeed(L(`${label}:client:${i}`))]));
  const rec = {
    scheme: 'poker_hmac_v1', table: 't' + detInt(L(label + ':table'), 1, 9999),
    session: 's-' + detString(L(label + ':session'), 8, '0123456789abcdef'), hand: detInt(L(label + ':hand'), 1, 500),
  };
  const full = { ...rec, serverSeed, seats };
  const hv = pkHandValue(full);
  const deck = pkDeck(full);
  return { ...rec, root: pkRoot(deck, hv), serverSeed, handCommitment: sha256hex(hv), seats, deck };
}
for (const code of MODELS.poker_hmac_v1.variants) {
  const rec = pkBase(`pk:${code}`);
  const deck = pkDeck(rec, code);
  assert(deck.some((x, i) => x !== rec.deck[i]), `poker ${code} differs from SPEC`);
  add(`poker_hmac_v1/${code}`, { ...rec, root: pkRoot(deck, pkHandValue(rec)), deck }, [{ code }]);
}
{
  const rec = pkBase('pk:sealtext');
  add('poker_hmac_v1/seal-of-text', { ...rec, handCommitment: SEALS.poker_hmac_v1.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = pkBase('pk:sealrandom');
  add('poker_hmac_v1/seal-differs', { ...rec2, handCommitment: detHex(L('pk:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
}
for (let i = 1; i <= 4; i++) {
  const label = `pk:tampered:${i}`;
  const rec = pkBase(label, detInt(L(label + ':seats'), 2, 9));
  const t = { ...rec, deck: tamper(L(label), rec.deck, CARDS52) }; // the root stays SPEC's
  add(`poker_hmac_v1/tampered-${i}`, t, shapes(t), { margin: false });
}

// --- chess_colour_v1 ---------------------------------------------------------

function chessBase(label) {
  const seedA = detHex(L(label + ':A'), 32);
  const seedB = detHex(L(label + ':B'), 32);
  const rec = {
    scheme: 'chess_colour_v1', seedA, commitA: sha256hex(seedA), clientA: clientSeed(L(label + ':clientA')),
    seedB, commitB: sha256hex(seedB), clientB: clientSeed(L(label + ':clientB')),
  };
  return { ...rec, colourA: chessColour(rec) };
}
{
  const rec = chessBase('cc:sealtext');
  add('chess_colour_v1/seal-of-text', { ...rec, commitA: SEALS.chess_colour_v1.text(rec) }, [{ code: 'seal-of-text' }]);
  const rec2 = chessBase('cc:sealrandom');
  add('chess_colour_v1/seal-differs', { ...rec2, commitA: detHex(L('cc:sealrandom:seal'), 32) }, [{ code: 'seal-differs' }]);
  // The colour changed: one bit, never a slip; its shape.
  const rec3 = chessBase('cc:colour');
  add('chess_colour_v1/tampered-colour', { ...rec3, colourA: rec3.colourA === 'white' ? 'black' : 'white' },
    [{ code: 'substituted', at: 1 }], { margin: false });
}

// ---------------------------------------------------------------------------
// Checks over the whole file, then write it.

for (const c of cases) {
  const tampered = c.name.includes('/tampered-');
  const shapeCodes = ['seal-differs', 'substituted', 'differ-from', 'signature-invalid', 'round-not-after-seal', 'cut-differs', 'root-differs', 'proof-fails'];
  if (tampered) assert(c.diagnosis.every((f) => shapeCodes.includes(f.code)), `${c.name}: shapes only`);
  assert(c.diagnosis.length > 0, `${c.name}: a mismatch has a finding`);
}
// Every (code, scheme) row of "The slips" has its case.
const ROWS = {
  dice_v1: ['numbered-from-0', 'seeds-swapped', 'key-as-text', 'dice-swapped', 'numbering-restarts', 'no-byte-skip', 'roll-missing', 'roll-extra', 'seal-of-text'],
  dice_v2: ['numbered-from-0', 'seeds-swapped', 'anchor-is-signature', 'no-length-prefix', 'roll-missing', 'roll-extra', 'seal-of-text'],
  shoe_v1: ['counter-from-1', 'key-as-bytes', 'no-rejection', 'shuffle-forward', 'reversed', 'roll-missing', 'roll-extra', 'seal-of-text'],
  match_seed_v2: ['counter-from-1', 'seeds-swapped', 'seeds-unlabelled', 'key-as-bytes', 'shuffle-forward', 'no-seat-draw', 'roll-missing', 'roll-extra', 'seal-of-text'],
  poker_hmac_v1: ['counter-from-1', 'seeds-unlabelled', 'shuffle-forward', 'seal-of-text'],
  chess_colour_v1: ['seal-of-text'],
};
for (const [scheme, codes] of Object.entries(ROWS)) {
  for (const code of codes) {
    assert(cases.some((c) => c.record.scheme === scheme && !c.name.includes('tampered') && c.diagnosis.some((f) => f.code === code)), `a case for ${scheme} ${code}`);
  }
}

const text = '{"generator": "testdata/gen/diagnosis.mjs",\n "cases": [\n'
  + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]}\n';
assert(JSON.stringify(JSON.parse(text).cases) === JSON.stringify(cases), 'round trip');
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, text);
console.log(`${OUT}: ${cases.length} cases, ${text.length} bytes`);
