// Audit files: many matches in one file, one item per line, in the format of
// testdata/audit.md (what an app's "export my matches" writes), with what an
// audit of them must report.
//
// Written from SPEC.md (§1 dice_v1, §2 dice_v2, §3 shoe_v1, §4 match_seed_v2,
// §6 chess_colour_v1), testdata/audit.md and the schemes' notes in testdata/,
// independently of the Go code: every roll, card and colour below is derived
// here, every expected status, difference and problem is written out from
// those notes, and the chi-square statistics and their p-values are computed
// here by numerical integration of the chi-square density (the Go code uses
// the incomplete gamma function's series and continued fraction).
//
//   node testdata/gen/audit.mjs
//       writes testdata/audit/season.txt: dice_v1, dice_v2, shoe_v1,
//       match_seed_v2 and chess_colour_v1 matches as links (fragments and
//       whole URLs) and JSON records, a JSON array of records, tampered rolls,
//       cards, dice and colours at known lines, wrong seals, a signature of
//       another round, malformed lines, blank lines, a CRLF line — and
//       testdata/audit/season.expect.json, what the audit must report.
//   node testdata/gen/audit.mjs --matches N --rolls R --out FILE
//       writes FILE: N dice_v1 matches of R rolls each (JSON records and
//       links in turn; every 1000th match has one tampered roll), and
//       FILE.expect.json, for the benchmarks (make bench).
//
// Deterministic: every pseudo-random input comes from SHA-256 of a label
// (lib.mjs), so the same arguments always write the same files.

import { mkdirSync, openSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detHex, detInt, detString, formatJSON, hex, hmacSha256, sha256 } from './lib.mjs';
import { card52, drawer, range, stream, word } from './pf2lib.mjs';
import { deal as shoeDeal } from './shoelib.mjs';

const GENERATOR = 'testdata/gen/audit.mjs';
const SEED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const STATUSES = ['match', 'mismatch', 'computed', 'invalid', 'unsupported'];
const ORIGIN = 'https://example.org';

// ---------------------------------------------------------------------------
// dice_v1 (SPEC §1): roll n = the first byte < 252 of
// HMAC(seed bytes, seeds joined by ":" + "+"×t + ":" + n), v = b mod 36,
// (v div 6 + 1, v mod 6 + 1).

function diceV1Roll(key, part, n) {
  for (let t = 0; ; t++) {
    const mac = hmacSha256(key, part + '+'.repeat(t) + ':' + n);
    for (const b of mac) {
      if (b < 252) {
        const v = b % 36;
        return `${Math.floor(v / 6) + 1}${(v % 6) + 1}`;
      }
    }
  }
}

function diceV1Rolls(serverSeed, clientSeeds, count) {
  const key = Buffer.from(serverSeed, 'hex');
  const part = clientSeeds.join(':');
  return range(count).map((i) => diceV1Roll(key, part, i + 1));
}

const sealOfHex = (seedHex) => hex(sha256(Buffer.from(seedHex, 'hex')));

function diceV1Match(label, count, { seal = true, seats = 2, games = null } = {}) {
  const serverSeed = detHex(`${label}:server`, 32);
  const clientSeeds = range(seats).map((i) => detHex(`${label}:client:${i}`, 16));
  const rec = { scheme: 'dice_v1', serverSeed };
  if (seal) rec.seal = sealOfHex(serverSeed);
  rec.clientSeeds = clientSeeds;
  rec.rolls = diceV1Rolls(serverSeed, clientSeeds, count);
  if (games) rec.games = games;
  return rec;
}

function diceV1Link(rec) {
  const parts = [`v=1`, `s=${rec.serverSeed}`];
  if (rec.seal) parts.push(`c=${rec.seal}`);
  parts.push(`p=${rec.clientSeeds.join(',')}`);
  if (rec.rolls) parts.push(`r=${rec.rolls.join('')}`);
  if (rec.games) parts.push(`g=${rec.games.join(',')}`);
  return parts.join('&');
}

// ---------------------------------------------------------------------------
// dice_v2 (SPEC §2): binding = lp(match) ‖ lp(game) ‖ lp(A) ‖ lp(B) ‖
// lp(anchor), anchor = SHA-256(drand signature); roll n of a game takes the
// bytes < 252 of HMAC(seed, binding ‖ uint64be(n)) (then ‖ uint32be(j) for
// j = 1, 2, … while fewer than two were kept), die = b mod 6 + 1.

const QUICKNET = { genesis: 1692803367, period: 3 };
// Real quicknet signatures (SPEC §2): valid for their round and no other.
const ROUNDS = {
  1000: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  123: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
};
const roundTime = (r) => QUICKNET.genesis + (r - 1) * QUICKNET.period;

function lp(bytes) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

function diceV2Rolls(rec) {
  const key = Buffer.from(rec.serverSeed, 'hex');
  const anchor = sha256(Buffer.from(rec.drandSignature, 'hex'));
  return rec.games.map((game, g) => {
    const binding = Buffer.concat([lp(Buffer.from(String(rec.match))), lp(Buffer.from(String(g + 1))),
      lp(Buffer.from(rec.players[0], 'utf8')), lp(Buffer.from(rec.players[1], 'utf8')), lp(anchor)]);
    return range(game.rolls.length).map((i) => {
      const n = Buffer.alloc(8);
      n.writeBigUInt64BE(BigInt(i + 1));
      const kept = [];
      for (let j = 0; kept.length < 2; j++) {
        const tail = j === 0 ? Buffer.alloc(0) : Buffer.from([j >>> 24, (j >>> 16) & 255, (j >>> 8) & 255, j & 255]);
        for (const b of hmacSha256(key, Buffer.concat([binding, n, tail]))) {
          if (b < 252 && kept.length < 2) kept.push((b % 6) + 1);
        }
      }
      return `${kept[0]}${kept[1]}`;
    });
  });
}

function diceV2Match(label, round, gameSizes, { players = ['alice', 'bob'] } = {}) {
  const serverSeed = detHex(`${label}:server`, 32);
  const rec = {
    scheme: 'dice_v2', serverSeed, seal: sealOfHex(serverSeed), sealedAt: roundTime(round) - 60,
    match: detInt(`${label}:match`, 1, 99999), players, drandRound: round, drandSignature: ROUNDS[round],
    games: gameSizes.map((n) => ({ rolls: Array(n).fill('11') })),
  };
  diceV2Rolls(rec).forEach((rolls, g) => { rec.games[g].rolls = rolls; });
  return rec;
}

// Ids are plain ASCII here: nothing to percent-encode (testdata/dice_v2.md).
function diceV2Link(rec) {
  return [`v=2`, `s=${rec.serverSeed}`, `c=${rec.seal}`, ...(rec.sealedAt ? [`t=${rec.sealedAt}`] : []), `m=${rec.match}`,
    `a=${rec.players[0]}`, `b=${rec.players[1]}`, `d=${rec.drandRound}`, `x=${rec.drandSignature}`,
    `r=${rec.games.map((g) => g.rolls.join('')).join('.')}`].join('&');
}

// ---------------------------------------------------------------------------
// shoe_v1 (SPEC §3): the shoe of shoelib.mjs, as the shoe_v1 vectors deal it.

function shoeMatch(label, dealt, { decks = 1 } = {}) {
  const serverSeed = detHex(`${label}:server`, 32);
  const clientSeed = detString(`${label}:client`, 12, SEED_CHARS);
  const nonce = detInt(`${label}:nonce`, 0, 5000);
  const penetration = 0.75;
  const shoe = shoeDeal(serverSeed, clientSeed, nonce, decks, penetration);
  return {
    scheme: 'shoe_v1', serverSeed, commitment: sealOfHex(serverSeed), clientSeed, nonce, decks, penetration,
    cards: shoe.cards.slice(0, dealt), cut: shoe.cut,
  };
}

// Client seeds of SEED_CHARS need no escape (testdata/shoe_v1.md).
function shoeLink(rec) {
  return [`v=1`, `s=${rec.serverSeed}`, `h=${rec.commitment}`, `c=${rec.clientSeed}`, `n=${rec.nonce}`,
    `d=${rec.decks}`, `p=${rec.penetration}`, `k=${rec.cards.join(',')}`, `x=${rec.cut}`].join('&');
}

// ---------------------------------------------------------------------------
// match_seed_v2 (SPEC §4) and chess_colour_v1 (SPEC §6), on the draw stream
// of pf2lib.mjs.

function tableGame(label, game, n) {
  const rec = {
    scheme: 'match_seed_v2', game, matchId: `m-${detString(`${label}:match`, 10, '0123456789abcdef')}`,
    serverSeed: detHex(`${label}:server`, 32),
  };
  rec.commitment = hex(sha256(rec.serverSeed));
  rec.clientSeeds = [detString(`${label}:c0`, 16, SEED_CHARS), detString(`${label}:c1`, 16, SEED_CHARS)];
  const seeds = rec.clientSeeds.map((s, i) => `${i}=${s}`).join(',');
  const st = stream(rec.serverSeed, `pf2:${game}:${rec.matchId}:${seeds}:`);
  rec.seats = st.shuffle([0, 1]);
  if (game === 'backgammon') rec.dice = range(2 * n).map(() => st.die());
  if (game === 'bridge') rec.deals = range(n).map(() => st.shuffle(range(52)).map(card52));
  return rec;
}

// Texts of SEED_CHARS and hex need no escape (testdata/tablegames.md).
function gamesLink(rec) {
  const parts = ['v=1', `scheme=${rec.scheme}`, `game=${rec.game}`, `matchId=${rec.matchId}`,
    `serverSeed=${rec.serverSeed}`, `commitment=${rec.commitment}`, `clientSeeds=${rec.clientSeeds.join(',')}`,
    `seats=${rec.seats.join(',')}`];
  if (rec.dice) parts.push(`dice=${rec.dice.join('')}`);
  return parts.join('&');
}

function chessGame(label) {
  const seedA = detString(`${label}:seedA`, 24, SEED_CHARS);
  const seedB = detString(`${label}:seedB`, 24, SEED_CHARS);
  const clientA = detString(`${label}:clientA`, 12, SEED_CHARS);
  const clientB = detString(`${label}:clientB`, 12, SEED_CHARS);
  const commitA = hex(sha256(seedA));
  const commitB = hex(sha256(seedB));
  const m = (k) => `cc1:${commitA}:${commitB}:0=${clientA},1=${clientB}:${k}`;
  let k = 0;
  const d = drawer(() => {
    const msg = m(k++);
    return word(seedA, msg) ^ word(seedB, msg);
  });
  return { scheme: 'chess_colour_v1', seedA, commitA, clientA, seedB, commitB, clientB, colourA: d.int(2) === 0 ? 'white' : 'black' };
}

// ---------------------------------------------------------------------------
// The chi-square tests (testdata/audit.md, "Dice statistics"): Pearson's
// statistic over the 36 ordered rolls (35 degrees of freedom) and over the
// six faces of both dice of every roll (5), and P(X ≥ x) for X chi-square
// with k degrees of freedom, by Simpson's rule on the density after t = u²:
// ∫_√x^∞ 2u^(k−1) e^(−u²/2) du / (2^(k/2) Γ(k/2)), whose integrand is smooth.

function gammaHalf(k) {
  // Γ(k/2) for a whole k ≥ 1, from Γ(1/2) = √π and Γ(1) = 1.
  let g = k % 2 ? Math.sqrt(Math.PI) : 1;
  for (let a = k % 2 ? 0.5 : 1; a < k / 2; a++) g *= a;
  return g;
}

function chiSquareSurvival(x, k) {
  if (x <= 0) return 1;
  const lo = Math.sqrt(x);
  const hi = lo + 40; // e^(−u²/2) beyond is below 1e-340
  const n = 200000;
  const h = (hi - lo) / n;
  const f = (u) => 2 * Math.exp((k - 1) * Math.log(u) - (u * u) / 2);
  let sum = f(lo) + f(hi);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(lo + i * h);
  return (sum * h) / 3 / (2 ** (k / 2) * gammaHalf(k));
}

function chiSquare(observed, expected) {
  return observed.reduce((s, o) => s + ((o - expected) ** 2) / expected, 0);
}

function statistics(counts) {
  const rolls = counts.reduce((a, b) => a + b, 0);
  const faces = [0, 0, 0, 0, 0, 0];
  let doubles = 0;
  counts.forEach((c, i) => {
    faces[Math.floor(i / 6)] += c;
    faces[i % 6] += c;
    if (Math.floor(i / 6) === i % 6) doubles += c;
  });
  const stats = { rolls, faces, doubles };
  if (rolls > 0) {
    stats.chiSquare36 = chiSquare(counts, rolls / 36);
    stats.p36 = chiSquareSurvival(stats.chiSquare36, 35);
    stats.chiSquareFaces = chiSquare(faces, (2 * rolls) / 6);
    stats.pFaces = chiSquareSurvival(stats.chiSquareFaces, 5);
  }
  return stats;
}

// ---------------------------------------------------------------------------
// The warnings (testdata/audit.md, "Warnings"): what each record of a status
// match, mismatch or computed gives them. seals: its seal or commitment as
// computed from its seed and as given (any of them in another record:
// seed-reused); clients: the client seeds of a scheme that takes fresh ones
// each match (dice_v1, match_seed_v2, chess_colour_v1: client-seed-reused);
// shoe: a shoe's server seed, client seed and nonce (shoe-repeated); short:
// a dice_v1 client seed shorter than 32 hex digits or not hex; late: a
// dice_v2 record without sealedAt (round-not-after-seal).

const REUSE = ['seed-reused', 'client-seed-reused', 'shoe-repeated'];
const WARNINGS = ['seed-reused', 'client-seed-reused', 'client-seed-short', 'shoe-repeated', 'round-not-after-seal'];

function warningFacts(rec) {
  const lower = (v) => (typeof v === 'string' ? v.toLowerCase() : undefined);
  const sha = (text) => hex(sha256(text));
  switch (rec.scheme) {
    case 'dice_v1':
      return { seals: [sealOfHex(rec.serverSeed), lower(rec.seal)], clients: rec.clientSeeds,
        short: rec.clientSeeds.some((c) => !/^[0-9a-fA-F]{32,}$/.test(c)) };
    case 'dice_v2':
      return { seals: [sealOfHex(rec.serverSeed), lower(rec.seal)], late: rec.sealedAt === undefined };
    case 'shoe_v1':
      return { seals: [sealOfHex(rec.serverSeed), lower(rec.commitment)], shoe: `${rec.serverSeed.toLowerCase()} ${rec.nonce} ${rec.clientSeed}` };
    case 'match_seed_v2':
      return { seals: [sha(rec.serverSeed), lower(rec.commitment)], clients: rec.clientSeeds };
    case 'chess_colour_v1':
      return { seals: [sha(rec.seedA), lower(rec.commitA), rec.seedB && sha(rec.seedB), lower(rec.commitB)], clients: [rec.clientA, rec.clientB] };
    default:
      return {};
  }
}

// A link line's record, as far as the warnings read it: the keys of the
// links' tables (SPEC §1, testdata/dice_v2.md, shoe_v1.md, tablegames.md).
function linkRecord(text, page) {
  const f = Object.fromEntries(new URLSearchParams(text.slice(text.indexOf('#') + 1)));
  switch (page) {
    case 'check': return { scheme: 'dice_v1', serverSeed: f.s, seal: f.c, clientSeeds: f.p.split(',') };
    case 'dice': return { scheme: 'dice_v2', serverSeed: f.s, seal: f.c, sealedAt: f.t };
    case 'shoe': return { scheme: 'shoe_v1', serverSeed: f.s, commitment: f.h, clientSeed: f.c, nonce: f.n };
    default: return { ...f, clientSeeds: f.clientSeeds.split(',') };
  }
}

// The warnings of the records' facts, as a report gives them: a reuse
// warning's groups are the lines of each value in more than one record (one
// group for lines that share several values), in the order of their lines.
function warningsOf(facts) {
  const warnings = [];
  const byLines = (a, b) => a.map((n, i) => n - (b[i] ?? 0)).find((d) => d !== 0) ?? a.length - b.length;
  for (const code of WARNINGS) {
    if (REUSE.includes(code)) {
      const lines = new Map();
      for (const f of facts) {
        const values = code === 'seed-reused' ? f.seals : code === 'shoe-repeated' ? [f.shoe] : f.clients;
        for (const v of new Set((values ?? []).filter(Boolean))) lines.set(v, [...(lines.get(v) ?? []), f.line]);
      }
      const groups = new Map([...lines.values()].filter((l) => l.length > 1).map((l) => [...new Set(l)]).map((l) => [l.join(), l]));
      if (groups.size) warnings.push({ code, count: groups.size, groups: [...groups.values()].sort(byLines) });
    } else {
      const flag = code === 'client-seed-short' ? 'short' : 'late';
      const lines = facts.filter((f) => f[flag]).map((f) => f.line);
      if (lines.length) warnings.push({ code, count: lines.length, lines: [...new Set(lines)] });
    }
  }
  return warnings;
}

// ---------------------------------------------------------------------------
// An audit file and what its audit reports.

class AuditFile {
  constructor() {
    this.lines = [];
    this.expect = {
      lines: 0, records: 0, unreadable: 0, status: Object.fromEntries(STATUSES.map((s) => [s, 0])), schemes: {},
      rolls: { recorded: Array(36).fill(0), computed: Array(36).fill(0) }, problems: [], pages: {}, diagnoses: {},
    };
    this.facts = []; // of the warnings, a record's each
  }

  // One record's outcome: its status, scheme, and, unless it matched, its
  // first problem (error) or first difference and how many there are. What
  // holds no record (a line that is no JSON or no readable link, an item of
  // a JSON array that is no object) is listed as invalid but counted apart,
  // as unreadable, in no status (testdata/audit.md).
  count(line, item, o, rolls = [], recorded = true) {
    const e = this.expect;
    if (['line', 'record', 'link'].includes(o.error?.field)) {
      e.unreadable++;
    } else {
      e.records++;
      e.status[o.status]++;
      e.schemes[o.scheme] ??= Object.fromEntries(STATUSES.map((s) => [s, 0]));
      e.schemes[o.scheme][o.status]++;
    }
    if (o.status !== 'invalid' && o.status !== 'unsupported') {
      for (const r of rolls) e.rolls[recorded ? 'recorded' : 'computed'][(r[0] - 1) * 6 + (r[1] - 1)]++;
    }
    if (o.status === 'match') return;
    const p = { line, scheme: o.scheme, status: o.status, count: o.count ?? 0 };
    if (item) p.item = item;
    if (o.error) p.error = o.error;
    if (o.difference) p.difference = o.difference;
    if (o.status === 'mismatch') {
      // What the mismatch means (testdata/diagnosis.md): the slip the record
      // was made with, else the shape of the one change made in it.
      p.diagnosis = o.diagnosis ?? [{ code: shapeOf[o.difference.kind] ?? 'substituted' }];
      const slips = p.diagnosis.filter((d) => !Object.values(shapeOf).includes(d.code) && d.code !== 'substituted');
      const key = slips.length > 0 ? slips.map((d) => d.code).join(' ') : 'unexplained';
      e.diagnoses[key] = (e.diagnoses[key] ?? 0) + 1;
    }
    e.problems.push(p);
  }

  // A line of text and the outcome of each of its records; page is the
  // page that reads it where it is a link, array whether it is a JSON array
  // (its records are counted at their item, from 1).
  add(text, outcomes = [], { page = null, array = false } = {}) {
    this.lines.push(text);
    const line = this.lines.length;
    if (page) this.expect.pages[line] = page;
    outcomes.forEach((o, i) => this.count(line, array ? i + 1 : 0, o, o.rolls, o.recorded ?? true));
    const checked = outcomes.filter((o) => ['match', 'mismatch', 'computed'].includes(o.status));
    if (checked.length) {
      const item = text.trim();
      const recs = page ? [linkRecord(item, page)] : array ? JSON.parse(item) : [JSON.parse(item)];
      outcomes.forEach((o, i) => checked.includes(o) && this.facts.push({ line, ...warningFacts(recs[i]) }));
    }
  }

  write(path, extra = {}) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.lines.map((l) => l + '\n').join(''));
    this.expect.lines = this.lines.length;
    const counts = this.expect.rolls.recorded.map((c, i) => c + this.expect.rolls.computed[i]);
    const warnings = warningsOf(this.facts);
    const doc = { generator: GENERATOR, file: basename(path), ...extra, ...this.expect, warnings, statistics: statistics(counts) };
    const stem = path.replace(/\.txt$/, '');
    writeFileSync(`${stem}.expect.json`, formatJSON(doc, { tight: true }));
    writeFileSync(`${stem}.expect.csv`, csv(this.expect.problems, warnings));
  }
}

// The shape of a mismatch whose one difference is not a value of a list.
const shapeOf = { commitment: 'seal-differs', drandSignature: 'signature-invalid', sealedAt: 'round-not-after-seal', cut: 'cut-differs' };

// The listed lines as the report's CSV (testdata/audit.md): line, item,
// scheme, status, then for a mismatch the kind of the first differing value
// as field, "differs", its position, computed and recorded; for a refused
// record its first problem's field, code and at; the count; a mismatch's
// diagnosis codes. Then a row for each line of each warning: status
// "warning", its code, and for a reuse warning the first line of the group
// as at and its number of lines as count. No value here needs quoting.
function csv(problems, warnings) {
  const rows = [['line', 'item', 'scheme', 'status', 'field', 'code', 'at', 'computed', 'recorded', 'count', 'diagnosis']];
  for (const p of problems) {
    const d = p.difference;
    const e = p.error;
    const what = d ? [d.kind, 'differs', d.at ?? '', d.computed ?? '', d.recorded ?? '']
      : e ? [e.field, e.code, e.at ?? '', '', ''] : ['', '', '', '', ''];
    rows.push([p.line, p.item ?? '', p.scheme, p.status, ...what, p.count, (p.diagnosis ?? []).map((d) => d.code).join(' ')]);
  }
  for (const w of warnings) {
    for (const group of w.groups ?? [w.lines]) {
      for (const line of group) rows.push([line, '', '', 'warning', '', w.code, w.groups ? group[0] : '', '', '', w.groups ? group.length : '', '']);
    }
  }
  return rows.map((row) => row.join(',') + '\r\n').join('');
}

const rollsOf = (list) => list.map((r) => [Number(r[0]), Number(r[1])]);
const other = (roll) => (roll === '11' ? '22' : '11');
const match = (scheme, rolls = [], recorded = true) => ({ scheme, status: 'match', rolls, recorded });

// The first differing roll of a dice_v1 or dice_v2 record whose roll `at`
// (1-based over all games) was changed.
const rollDiff = (at, computed, recorded) => ({ kind: 'rolls', at, computed, recorded });

function season(out) {
  const f = new AuditFile();
  let m = 0;
  const label = (what) => `audit season ${what} ${m++}`;

  // dice_v1 matches, as JSON records and as links, whole URLs and fragments.
  const early = []; // the first two, whose seeds are used again at the end
  for (let i = 0; i < 40; i++) {
    const count = detInt(label('count'), 20, 140);
    const rec = diceV1Match(label('dice_v1'), count, { seal: i % 5 !== 4, seats: 1 + (i % 3 === 0) });
    if (i < 2) early.push(rec);
    const o = [match('dice_v1', rollsOf(rec.rolls))];
    if (i % 4 === 0) f.add(JSON.stringify(rec), o);
    else if (i % 4 === 1) f.add(`#${diceV1Link(rec)}`, o, { page: 'check' });
    else if (i % 4 === 2) f.add(`${ORIGIN}/de/check/#${diceV1Link(rec)}`, o, { page: 'check' });
    else f.add(diceV1Link(rec), o, { page: 'check' });
  }
  // A match of three games.
  {
    const rec = diceV1Match(label('dice_v1 games'), 90, { games: [30, 25, 35] });
    f.add(JSON.stringify(rec), [match('dice_v1', rollsOf(rec.rolls))]);
    f.add(`#${diceV1Link(rec)}`, [match('dice_v1', rollsOf(rec.rolls))], { page: 'check' });
  }
  // Nothing recorded: the rolls are computed, and counted as computed.
  for (let i = 0; i < 3; i++) {
    const rec = diceV1Match(label('dice_v1 computed'), 50 + 10 * i);
    const rolls = rec.rolls;
    delete rec.rolls;
    rec.count = rolls.length;
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v1', status: 'computed', rolls: rollsOf(rolls), recorded: false }]);
  }
  // A roll changed at a known position: a mismatch there.
  for (const [i, at] of [[0, 1], [1, 17], [2, 60], [3, 33]]) {
    const rec = diceV1Match(label('dice_v1 tampered'), 60);
    const computed = rec.rolls[at - 1];
    rec.rolls[at - 1] = other(computed);
    const o = [{ scheme: 'dice_v1', status: 'mismatch', rolls: rollsOf(rec.rolls), difference: rollDiff(at, computed, rec.rolls[at - 1]), count: 1 }];
    if (i % 2) f.add(`#${diceV1Link(rec)}`, o, { page: 'check' });
    else f.add(JSON.stringify(rec), o);
  }
  // Two rolls changed: the first is named, both are counted.
  {
    const rec = diceV1Match(label('dice_v1 two tampered'), 40);
    const computed = rec.rolls[9];
    rec.rolls[9] = other(computed);
    rec.rolls[29] = other(rec.rolls[29]);
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v1', status: 'mismatch', rolls: rollsOf(rec.rolls), difference: rollDiff(10, computed, rec.rolls[9]), count: 2 }]);
  }
  // An app that numbers its rolls from 0 (testdata/diagnosis.md): the slip
  // reproduces every roll, the mismatch stays one.
  {
    const rec = diceV1Match(label('dice_v1 numbered from 0'), 60);
    const spec = rec.rolls;
    rec.rolls = range(60).map((i) => diceV1Roll(Buffer.from(rec.serverSeed, 'hex'), rec.clientSeeds.join(':'), i));
    const differ = range(60).filter((i) => rec.rolls[i] !== spec[i]);
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v1', status: 'mismatch', rolls: rollsOf(rec.rolls), count: differ.length,
      difference: rollDiff(differ[0] + 1, spec[differ[0]], rec.rolls[differ[0]]), diagnosis: [{ code: 'numbered-from-0' }] }]);
  }
  // A seal that is not the seed's: a mismatch of the commitment.
  {
    const rec = diceV1Match(label('dice_v1 wrong seal'), 30);
    const computed = rec.seal;
    rec.seal = sealOfHex(detHex(label('another seed'), 32));
    f.add(`#${diceV1Link(rec)}`, [{ scheme: 'dice_v1', status: 'mismatch', rolls: rollsOf(rec.rolls), count: 1,
      difference: { kind: 'commitment', computed, recorded: rec.seal } }], { page: 'check' });
  }

  f.add('');

  // dice_v2: both real quicknet rounds, as records and links.
  for (let i = 0; i < 10; i++) {
    const round = i % 2 ? 123 : 1000;
    const sizes = range(1 + (i % 3)).map((g) => detInt(label(`dice_v2 game ${g}`), 15, 60));
    const rec = diceV2Match(label('dice_v2'), round, sizes);
    const o = [match('dice_v2', rollsOf(rec.games.flatMap((g) => g.rolls)))];
    if (i % 2) f.add(`${ORIGIN}/el/dice/#${diceV2Link(rec)}`, o, { page: 'dice' });
    else f.add(JSON.stringify(rec), o);
  }
  {
    // A roll of game 2 changed: its position counts over all games.
    const rec = diceV2Match(label('dice_v2 tampered'), 1000, [20, 30]);
    const computed = rec.games[1].rolls[4];
    rec.games[1].rolls[4] = other(computed);
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v2', status: 'mismatch', rolls: rollsOf(rec.games.flatMap((g) => g.rolls)),
      difference: rollDiff(25, computed, rec.games[1].rolls[4]), count: 1 }]);
  }
  {
    // Round 123 with round 1000's signature: it does not verify.
    const rec = diceV2Match(label('dice_v2 other round'), 123, [25]);
    rec.drandSignature = ROUNDS[1000];
    rec.games = [{ rolls: diceV2Rolls(rec)[0] }]; // the rolls that signature's anchor gives
    f.add(`#${diceV2Link(rec)}`, [{ scheme: 'dice_v2', status: 'mismatch', rolls: rollsOf(rec.games[0].rolls),
      difference: { kind: 'drandSignature' }, count: 1 }], { page: 'dice' });
  }
  {
    // Sealed after the round was public.
    const rec = diceV2Match(label('dice_v2 sealed late'), 123, [20]);
    rec.sealedAt = roundTime(123) + 3600;
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v2', status: 'mismatch', rolls: rollsOf(rec.games[0].rolls),
      difference: { kind: 'sealedAt' }, count: 1 }]);
  }

  // shoe_v1: cards dealt so far; no dice.
  let firstShoe;
  for (let i = 0; i < 4; i++) {
    const rec = shoeMatch(label('shoe'), 20 + 10 * i, { decks: 1 + i });
    firstShoe ??= rec;
    if (i % 2) f.add(`${ORIGIN}/fi/shoe/#${shoeLink(rec)}`, [match('shoe_v1')], { page: 'shoe' });
    else f.add(JSON.stringify(rec), [match('shoe_v1')]);
  }
  {
    // The 12th card changed (position 11 from 0, card 12 from 1).
    const rec = shoeMatch(label('shoe tampered'), 30, { decks: 2 });
    const computed = rec.cards[11];
    rec.cards[11] = computed === 'AS' ? 'KH' : 'AS';
    f.add(JSON.stringify(rec), [{ scheme: 'shoe_v1', status: 'mismatch', difference: { kind: 'cards', at: 12, computed, recorded: rec.cards[11] }, count: 1 }]);
  }
  {
    // A cut card other than the computed one.
    const rec = shoeMatch(label('shoe cut'), 25, { decks: 1 });
    rec.cut = rec.cut === 30 ? 31 : 30;
    f.add(`#${shoeLink(rec)}`, [{ scheme: 'shoe_v1', status: 'mismatch', difference: { kind: 'cut' }, count: 1 }], { page: 'shoe' });
  }

  // match_seed_v2: backgammon dice count as rolls, two per throw.
  for (let i = 0; i < 4; i++) {
    const rec = tableGame(label('backgammon'), 'backgammon', 30 + 5 * i);
    const throws = range(rec.dice.length / 2).map((t) => [rec.dice[2 * t], rec.dice[2 * t + 1]]);
    if (i % 2) f.add(`#${gamesLink(rec)}`, [match('match_seed_v2', throws)], { page: 'games' });
    else f.add(JSON.stringify(rec), [match('match_seed_v2', throws)]);
  }
  {
    // Die 7 changed (the first die of throw 4).
    const rec = tableGame(label('backgammon tampered'), 'backgammon', 20);
    const computed = rec.dice[6];
    rec.dice[6] = computed === 6 ? 1 : computed + 1;
    const throws = range(rec.dice.length / 2).map((t) => [rec.dice[2 * t], rec.dice[2 * t + 1]]);
    f.add(`#${gamesLink(rec)}`, [{ scheme: 'match_seed_v2', status: 'mismatch', rolls: throws,
      difference: { kind: 'dice', at: 7, computed: String(computed), recorded: String(rec.dice[6]) }, count: 1 }], { page: 'games' });
  }
  {
    const rec = tableGame(label('bridge'), 'bridge', 2);
    f.add(JSON.stringify(rec), [match('match_seed_v2')]);
  }

  // chess_colour_v1: the colour as drawn, and the other one.
  {
    const rec = chessGame(label('chess'));
    f.add(JSON.stringify(rec), [match('chess_colour_v1')]);
    const wrong = { ...chessGame(label('chess wrong')) };
    const computed = wrong.colourA;
    wrong.colourA = computed === 'white' ? 'black' : 'white';
    f.add(JSON.stringify(wrong), [{ scheme: 'chess_colour_v1', status: 'mismatch', difference: { kind: 'colourA', at: 1, computed, recorded: wrong.colourA }, count: 1 }]);
  }

  // A JSON array of records on one line: each is counted, at its item.
  {
    const a = diceV1Match(label('array a'), 25);
    const b = diceV1Match(label('array b'), 25);
    const computed = b.rolls[2];
    b.rolls[2] = other(computed);
    f.add(JSON.stringify([a, b, 42]), [
      match('dice_v1', rollsOf(a.rolls)),
      { scheme: 'dice_v1', status: 'mismatch', rolls: rollsOf(b.rolls), difference: rollDiff(3, computed, b.rolls[2]), count: 1 },
      { scheme: '', status: 'invalid', error: { field: 'record', code: 'wrong-type' }, count: 1 },
    ], { array: true });
  }
  f.add('[]'); // an array of no records: nothing to count

  // Records that cannot be checked here.
  f.add(JSON.stringify({ scheme: 'match_seed_v1', game: 'backgammon', matchId: 'm-1', serverSeed: 'x', clientSeeds: ['a', 'b'] }),
    [{ scheme: 'match_seed_v1', status: 'unsupported', error: { field: 'scheme', code: 'not-published' }, count: 1 }]);
  f.add(JSON.stringify({ scheme: 'dice_v9', serverSeed: '00' }),
    [{ scheme: 'dice_v9', status: 'unsupported', error: { field: 'scheme', code: 'unknown-scheme' }, count: 1 }]);

  // Malformed lines: each is counted and named, and the audit goes on.
  f.add('{"scheme": "dice_v1", "serverSeed": ', [{ scheme: '', status: 'invalid', error: { field: 'line', code: 'bad-json' }, count: 1 }]);
  f.add('hello world', [{ scheme: '', status: 'invalid', error: { field: 'link', code: 'malformed' }, count: 1 }], { page: 'check' });
  f.add(`#v=3&s=${detHex(label('newer'), 32)}`, [{ scheme: '', status: 'invalid', error: { field: 'link', code: 'newer-version' }, count: 1 }], { page: 'check' });
  {
    const rec = diceV1Match(label('dice_v1 bad seed'), 10);
    rec.serverSeed = 'zz' + rec.serverSeed.slice(2);
    f.add(JSON.stringify(rec), [{ scheme: 'dice_v1', status: 'invalid', error: { field: 'serverSeed', code: 'not-hex' }, count: 1 }]);
    const noSeeds = diceV1Match(label('dice_v1 no seeds'), 10);
    noSeeds.serverSeed = noSeeds.serverSeed.slice(0, 20); // 10 bytes: too short
    delete noSeeds.clientSeeds;
    f.add(JSON.stringify(noSeeds), [{ scheme: 'dice_v1', status: 'invalid', error: { field: 'serverSeed', code: 'too-short' }, count: 2 }]);
  }
  {
    const rec = shoeMatch(label('shoe bad seed'), 10);
    rec.serverSeed = rec.serverSeed.slice(0, 60);
    f.add(`#${shoeLink(rec)}`, [{ scheme: 'shoe_v1', status: 'invalid', error: { field: 'serverSeed', code: 'wrong-length' }, count: 1 }], { page: 'shoe' });
  }

  // White space around an item, and a line ended by CR LF, read as any other.
  {
    const rec = diceV1Match(label('dice_v1 spaces'), 24);
    f.add(`  \t#${diceV1Link(rec)}  `, [match('dice_v1', rollsOf(rec.rolls))], { page: 'check' });
    const crlf = diceV1Match(label('dice_v1 crlf'), 24);
    f.add(`${JSON.stringify(crlf)}\r`, [match('dice_v1', rollsOf(crlf.rolls))]);
  }
  f.add('');
  f.add('   ');
  // More matches after the problems, so that the list is not at the end only.
  for (let i = 0; i < 20; i++) {
    const rec = diceV1Match(label('dice_v1 late'), detInt(label('late count'), 30, 120));
    if (i % 2) f.add(JSON.stringify(rec), [match('dice_v1', rollsOf(rec.rolls))]);
    else f.add(`#${diceV1Link(rec)}`, [match('dice_v1', rollsOf(rec.rolls))], { page: 'check' });
  }

  // Matches, each a match, that a match does not prove fair: the warnings.
  const dice = (rec, changes) => {
    const r = { ...rec, ...changes };
    if (r.seal) r.seal = sealOfHex(r.serverSeed);
    r.rolls = diceV1Rolls(r.serverSeed, r.clientSeeds, r.rolls.length);
    return r;
  };
  {
    // The first match's server seed again (seed-reused), its two client
    // seeds again (client-seed-reused, one group), the second's one seed.
    const again = dice(diceV1Match(label('dice_v1 seed again'), 30), { serverSeed: early[0].serverSeed });
    f.add(JSON.stringify(again), [match('dice_v1', rollsOf(again.rolls))]);
    const clients = dice(diceV1Match(label('dice_v1 clients again'), 30), { clientSeeds: early[0].clientSeeds });
    f.add(JSON.stringify(clients), [match('dice_v1', rollsOf(clients.rolls))]);
    const one = dice(diceV1Match(label('dice_v1 client again'), 30), { clientSeeds: early[1].clientSeeds });
    f.add(`#${diceV1Link(one)}`, [match('dice_v1', rollsOf(one.rolls))], { page: 'check' });
    // Client seeds shorter than 32 hex digits, or not hex (client-seed-short).
    const short = dice(diceV1Match(label('dice_v1 short'), 30), { clientSeeds: ['a1b2c3d4', detHex(label('long'), 16)] });
    f.add(JSON.stringify(short), [match('dice_v1', rollsOf(short.rolls))]);
    const words = dice(diceV1Match(label('dice_v1 not hex'), 30), { clientSeeds: ['Player_One-2024-lucky-dice-forever'] });
    f.add(`#${diceV1Link(words)}`, [match('dice_v1', rollsOf(words.rolls))], { page: 'check' });
  }
  {
    // The first shoe dealt again (shoe-repeated, and its seed: seed-reused).
    const again = { ...firstShoe, cards: firstShoe.cards.slice(0, 10) };
    f.add(`#${shoeLink(again)}`, [match('shoe_v1')], { page: 'shoe' });
  }
  // dice_v2 without the seal's time (round-not-after-seal), a record and a link.
  for (let i = 0; i < 2; i++) {
    const rec = diceV2Match(label('dice_v2 no time'), 1000, [20]);
    delete rec.sealedAt;
    const o = [match('dice_v2', rollsOf(rec.games[0].rolls))];
    if (i) f.add(`#${diceV2Link(rec)}`, o, { page: 'dice' });
    else f.add(JSON.stringify(rec), o);
  }
  f.write(out);
}

// The benchmark file: n dice_v1 matches of r rolls, JSON records and links in
// turn, every 1000th with its first roll changed. Written line by line.
function bench(out, n, r) {
  mkdirSync(dirname(out), { recursive: true });
  const fd = openSync(out, 'w');
  const expect = { matches: n, rollsPerMatch: r, rolls: n * r, status: { match: 0, mismatch: 0 } };
  let chunk = [];
  for (let i = 0; i < n; i++) {
    const rec = diceV1Match(`audit bench ${i}`, r, { seats: 2 });
    if (i % 1000 === 999) {
      rec.rolls[0] = other(rec.rolls[0]);
      expect.status.mismatch++;
    } else {
      expect.status.match++;
    }
    chunk.push(i % 2 ? `#${diceV1Link(rec)}` : JSON.stringify(rec));
    if (chunk.length === 1000) {
      writeSync(fd, chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  if (chunk.length) writeSync(fd, chunk.join('\n') + '\n');
  closeSync(fd);
  writeFileSync(out.replace(/\.txt$/, '') + '.expect.json', formatJSON(expect));
}

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (option('--out')) {
  bench(option('--out'), Number(option('--matches') ?? 100000), Number(option('--rolls') ?? 100));
} else {
  season(join(dirname(fileURLToPath(import.meta.url)), '..', 'audit', 'season.txt'));
}
