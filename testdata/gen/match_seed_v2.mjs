// Generates testdata/vectors/match_seed_v2.json: the table games of seed 004
// (SPEC.md §4), written from the SPEC and the seed's Node code, not from the
// Go code. Deterministic: every input comes from lib.mjs's counter-mode SHA-256.
//
// Run: node testdata/gen/match_seed_v2.mjs

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detHex, detInt, detString, writeVectorFile } from './lib.mjs';
import { card32, card52, mahjongWall, range, sha256hex, stream } from './pf2lib.mjs';

const SCHEME = 'match_seed_v2';
const OUT = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'vectors', SCHEME + '.json');
const SEED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

const CARD52 = ['tarneeb', 'trix', 'bridge'];
const KIND = {
  backgammon: 'dice', checkers: null, xiangqi: null, tarneeb: 'deals', trix: 'deals',
  bridge: 'deals', baloot: 'hands', mahjong: 'draws',
};

/**
 * Plays n draws of the game's kind after the seat order: n dice, n deals,
 * n baloot hands or n mahjong tiles. Returns the values in record form.
 */
function play(game, matchId, serverSeed, clientSeeds, n) {
  const seeds = clientSeeds.map((s, i) => i + '=' + s).join(',');
  const st = stream(serverSeed, 'pf2:' + game + ':' + matchId + ':' + seeds + ':');
  const out = { seats: st.shuffle([0, 1]) };
  if (game === 'backgammon') {
    out.dice = range(n).map(() => st.die());
  } else if (CARD52.includes(game)) {
    out.deals = range(n).map(() => st.shuffle(range(52)).map(card52));
    out.seatHands = out.deals.map((d) => range(4).map((i) => d.slice(13 * i, 13 * i + 13)));
  } else if (game === 'baloot') {
    out.hands = range(n).map(() => {
      const d = st.shuffle(range(32));
      const second = st.shuffle(d.slice(20));
      return { first: d.slice(0, 20).map(card32), second: second.map(card32) };
    });
    out.seatHands = out.hands.map((h) => range(4).map((i) => h.first.slice(5 * i, 5 * i + 5)));
  } else if (game === 'mahjong') {
    const wall = mahjongWall();
    out.draws = range(n).map(() => wall.splice(st.int(wall.length), 1)[0]);
  }
  return out;
}

function inputs(label, nSeeds) {
  return {
    matchId: 'm-' + detString(label + ':match', 10, '0123456789abcdef'),
    serverSeed: detHex(label + ':server', 32),
    clientSeeds: range(nSeeds).map((i) => detString(`${label}:client:${i}`, detInt(`${label}:len:${i}`, 8, 32), SEED_CHARS)),
  };
}

function record(game, inp, played, { commitment = true, seats = true } = {}) {
  const rec = { scheme: SCHEME, game, matchId: inp.matchId, serverSeed: inp.serverSeed };
  if (commitment) rec.commitment = sha256hex(inp.serverSeed);
  rec.clientSeeds = inp.clientSeeds;
  if (seats) rec.seats = played.seats;
  const kind = KIND[game];
  if (kind) rec[kind] = played[kind];
  return rec;
}

function expectMatch(game, inp, played, { commitment = true } = {}) {
  const e = { scheme: SCHEME, status: 'match', errors: [], mismatches: [], seats: played.seats };
  e.commitment = commitment
    ? { computed: sha256hex(inp.serverSeed), given: sha256hex(inp.serverSeed), matches: true }
    : { computed: sha256hex(inp.serverSeed) };
  const kind = KIND[game];
  if (kind) e[kind] = played[kind];
  if (played.seatHands) e.seatHands = played.seatHands;
  return e;
}

const cases = [];
const add = (name, rec, expect) => cases.push({ name, record: rec, expect });

// 1. Every game, several sizes and numbers of client seeds: everything agrees.
const sizes = {
  backgammon: [2, 40, 400], checkers: [0, 0], xiangqi: [0, 0], tarneeb: [1, 3], trix: [1, 2],
  bridge: [1, 4], baloot: [1, 3], mahjong: [1, 13, 144],
};
for (const [game, ns] of Object.entries(sizes)) {
  ns.forEach((n, i) => {
    const nSeeds = [2, 1, 4][i % 3];
    const label = `${game}:${i}`;
    const inp = inputs(label, nSeeds);
    const played = play(game, inp.matchId, inp.serverSeed, inp.clientSeeds, n);
    const commitment = i !== 1;
    const what = KIND[game] ? `${n}-${KIND[game]}` : 'seats';
    add(`${game}-${what}-${nSeeds}-seeds${commitment ? '' : '-no-commitment'}`,
      record(game, inp, played, { commitment }), expectMatch(game, inp, played, { commitment }));
  });
}

// 2. Backgammon: an opening double is re-thrown, and the recorded list holds
//    the tied throw too: the first match whose first throw is a double.
for (let t = 0; ; t++) {
  const inp = inputs(`backgammon:tie:${t}`, 2);
  const played = play('backgammon', inp.matchId, inp.serverSeed, inp.clientSeeds, 8);
  if (played.dice[0] !== played.dice[1]) continue;
  add('backgammon-opening-tie-rethrown', record('backgammon', inp, played), expectMatch('backgammon', inp, played));
  break;
}

// 3. Seeds as UTF-8 strings: non-ASCII, a key longer than the HMAC block
//    (hashed first), a match id with the message's separators, an empty client seed.
{
  const odd = [
    ['utf8-server-seed', { matchId: 'ottelu-ä', serverSeed: 'siemen-äöå-ユニコード-🂡', clientSeeds: ['pelaaja-ö', 'Δ'] }],
    ['long-server-seed', { matchId: '77', serverSeed: detHex('long-seed', 100), clientSeeds: ['a'] }],
    ['separators-in-ids', { matchId: 'a:b,c=d', serverSeed: 'x:y', clientSeeds: ['1=2', ':'] }],
    ['empty-client-seed', { matchId: 'bot-1', serverSeed: detHex('bot-seed', 32), clientSeeds: ['human', ''] }],
  ];
  const games = ['backgammon', 'bridge', 'mahjong', 'baloot'];
  odd.forEach(([name, inp], i) => {
    const game = games[i];
    const played = play(game, inp.matchId, inp.serverSeed, inp.clientSeeds, game === 'backgammon' ? 20 : 2);
    add(`${game}-${name}`, record(game, inp, played), expectMatch(game, inp, played));
  });
}

// 4. Only a commitment, no draws recorded: the seats are computed, no verdict.
{
  const inp = inputs('xiangqi:computed', 2);
  const played = play('xiangqi', inp.matchId, inp.serverSeed, inp.clientSeeds, 0);
  const e = expectMatch('xiangqi', inp, played);
  e.status = 'computed';
  add('xiangqi-commitment-only-computed', record('xiangqi', inp, played, { seats: false }), e);
}

// 5. Mismatches: exactly the changed positions, counted from 1 in the flat list.
const mis = (kind, index, computed, recorded) => ({ kind, index, computed: String(computed), recorded: String(recorded) });
{
  const inp = inputs('mis:backgammon', 2);
  const played = play('backgammon', inp.matchId, inp.serverSeed, inp.clientSeeds, 30);
  const rec = record('backgammon', inp, played);
  rec.dice = played.dice.slice();
  rec.dice[16] = rec.dice[16] % 6 + 1;
  const e = expectMatch('backgammon', inp, played);
  Object.assign(e, { status: 'mismatch', mismatches: [mis('dice', 17, played.dice[16], rec.dice[16])] });
  add('backgammon-one-die-changed', rec, e);
}
{
  const inp = inputs('mis:checkers', 2);
  const played = play('checkers', inp.matchId, inp.serverSeed, inp.clientSeeds, 0);
  const rec = record('checkers', inp, played);
  rec.seats = played.seats.slice().reverse();
  const e = expectMatch('checkers', inp, played);
  Object.assign(e, {
    status: 'mismatch',
    mismatches: [mis('seats', 1, played.seats[0], rec.seats[0]), mis('seats', 2, played.seats[1], rec.seats[1])],
  });
  add('checkers-seats-swapped', rec, e);
}
{
  const inp = inputs('mis:bridge', 3);
  const played = play('bridge', inp.matchId, inp.serverSeed, inp.clientSeeds, 3);
  const rec = record('bridge', inp, played);
  rec.deals = played.deals.map((d) => d.slice());
  [rec.deals[1][7], rec.deals[1][40]] = [rec.deals[1][40], rec.deals[1][7]];
  const e = expectMatch('bridge', inp, played);
  Object.assign(e, {
    status: 'mismatch',
    mismatches: [mis('deals', 52 + 8, played.deals[1][7], rec.deals[1][7]), mis('deals', 52 + 41, played.deals[1][40], rec.deals[1][40])],
  });
  add('bridge-two-cards-swapped-in-deal-2', rec, e);
}
{
  const inp = inputs('mis:seats-and-trix', 2);
  const played = play('trix', inp.matchId, inp.serverSeed, inp.clientSeeds, 1);
  const rec = record('trix', inp, played);
  rec.seats = played.seats.slice().reverse();
  rec.deals = [played.deals[0].slice()];
  rec.deals[0][51] = played.deals[0][51] === 'Ac' ? 'Kc' : 'Ac';
  const e = expectMatch('trix', inp, played);
  Object.assign(e, {
    status: 'mismatch',
    mismatches: [
      mis('seats', 1, played.seats[0], rec.seats[0]), mis('seats', 2, played.seats[1], rec.seats[1]),
      mis('deals', 52, played.deals[0][51], rec.deals[0][51]),
    ],
  });
  add('trix-seats-and-last-card', rec, e);
}
{
  const inp = inputs('mis:baloot', 4);
  const played = play('baloot', inp.matchId, inp.serverSeed, inp.clientSeeds, 2);
  const rec = record('baloot', inp, played);
  rec.hands = played.hands.map((h) => ({ first: h.first.slice(), second: h.second.slice() }));
  rec.hands[1].second[11] = played.hands[1].second[11] === '7c' ? '8c' : '7c';
  const e = expectMatch('baloot', inp, played);
  Object.assign(e, {
    status: 'mismatch',
    mismatches: [mis('hands', 32 + 20 + 12, played.hands[1].second[11], rec.hands[1].second[11])],
  });
  add('baloot-last-card-of-second-deal', rec, e);
}
{
  const inp = inputs('mis:mahjong', 2);
  const played = play('mahjong', inp.matchId, inp.serverSeed, inp.clientSeeds, 20);
  const rec = record('mahjong', inp, played);
  rec.draws = played.draws.slice();
  rec.draws[0] = played.draws[0] === '8f' ? '1f' : '8f';
  const e = expectMatch('mahjong', inp, played);
  Object.assign(e, { status: 'mismatch', mismatches: [mis('draws', 1, played.draws[0], rec.draws[0])] });
  add('mahjong-first-tile-changed', rec, e);
}
{
  const inp = inputs('mis:commitment', 2);
  const played = play('backgammon', inp.matchId, inp.serverSeed, inp.clientSeeds, 6);
  const rec = record('backgammon', inp, played);
  rec.commitment = sha256hex(inp.serverSeed + ' ');
  const e = expectMatch('backgammon', inp, played);
  Object.assign(e, {
    status: 'mismatch',
    commitment: { computed: sha256hex(inp.serverSeed), given: rec.commitment, matches: false },
  });
  add('backgammon-wrong-commitment', rec, e);
}
{
  // The commitment is compared whatever the case of its hex digits.
  const inp = inputs('upper-commitment', 1);
  const played = play('tarneeb', inp.matchId, inp.serverSeed, inp.clientSeeds, 1);
  const rec = record('tarneeb', inp, played);
  rec.commitment = rec.commitment.toUpperCase();
  add('tarneeb-uppercase-commitment', rec, expectMatch('tarneeb', inp, played));
}
{
  // A wrong client seed: every value is drawn from another stream.
  const inp = inputs('mis:client', 1);
  const played = play('mahjong', inp.matchId, inp.serverSeed, inp.clientSeeds, 3);
  const other = play('mahjong', inp.matchId, inp.serverSeed, [inp.clientSeeds[0] + 'x'], 3);
  const rec = record('mahjong', inp, other, { seats: false });
  const e = expectMatch('mahjong', inp, played);
  e.status = 'mismatch';
  e.mismatches = played.draws.flatMap((t, i) => (t === other.draws[i] ? [] : [mis('draws', i + 1, t, other.draws[i])]));
  add('mahjong-draws-of-another-client-seed', rec, e);
}

// 6. Bad input: every code, each field alone; then several fields at once.
const base = () => ({
  scheme: SCHEME, game: 'backgammon', matchId: 'm-1', serverSeed: 'seed', clientSeeds: ['c0', 'c1'],
});
const invalid = (name, change, errors) => {
  const rec = base();
  change(rec);
  add(name, rec, { scheme: SCHEME, status: 'invalid', errors, mismatches: [] });
};
const err = (field, code, at) => (at ? { field, code, at } : { field, code });
const cards = (n, name = '2c') => Array(n).fill(name);

invalid('game-missing', (r) => delete r.game, [err('game', 'missing')]);
invalid('game-unknown', (r) => { r.game = 'chess'; }, [err('game', 'unknown-game')]);
invalid('game-wrong-case', (r) => { r.game = 'Backgammon'; }, [err('game', 'unknown-game')]);
invalid('game-wrong-type', (r) => { r.game = 3; }, [err('game', 'wrong-type')]);
invalid('match-id-missing', (r) => { r.matchId = ''; }, [err('matchId', 'missing')]);
invalid('match-id-number', (r) => { r.matchId = 12; }, [err('matchId', 'wrong-type')]);
invalid('match-id-too-long', (r) => { r.matchId = 'm'.repeat(257); }, [err('matchId', 'too-long')]);
invalid('server-seed-missing', (r) => delete r.serverSeed, [err('serverSeed', 'missing')]);
invalid('server-seed-wrong-type', (r) => { r.serverSeed = ['x']; }, [err('serverSeed', 'wrong-type')]);
invalid('server-seed-too-long-utf8', (r) => { r.serverSeed = 'ä'.repeat(129); }, [err('serverSeed', 'too-long')]);
invalid('commitment-not-hex', (r) => { r.commitment = 'g'.repeat(64); }, [err('commitment', 'not-hex')]);
invalid('commitment-short', (r) => { r.commitment = 'a'.repeat(63); }, [err('commitment', 'wrong-length')]);
invalid('commitment-wrong-type', (r) => { r.commitment = 1; }, [err('commitment', 'wrong-type')]);
invalid('client-seeds-missing', (r) => delete r.clientSeeds, [err('clientSeeds', 'missing')]);
invalid('client-seeds-empty-list', (r) => { r.clientSeeds = []; }, [err('clientSeeds', 'missing')]);
invalid('client-seeds-not-a-list', (r) => { r.clientSeeds = 'c0'; }, [err('clientSeeds', 'wrong-type')]);
invalid('client-seeds-number-item', (r) => { r.clientSeeds = ['a', 2]; }, [err('clientSeeds', 'wrong-type', 2)]);
invalid('client-seeds-too-many', (r) => { r.clientSeeds = range(17).map(String); }, [err('clientSeeds', 'too-many')]);
invalid('client-seed-too-long', (r) => { r.clientSeeds = ['a', 'b', 'c'.repeat(257)]; }, [err('clientSeeds', 'too-long', 3)]);
invalid('seats-one', (r) => { r.seats = [0]; }, [err('seats', 'wrong-count')]);
invalid('seats-three', (r) => { r.seats = [0, 1, 1]; }, [err('seats', 'wrong-count')]);
invalid('seats-out-of-range', (r) => { r.seats = [0, 2]; }, [err('seats', 'out-of-range', 2)]);
invalid('seats-same', (r) => { r.seats = [1, 1]; }, [err('seats', 'same', 2)]);
invalid('seats-wrong-type', (r) => { r.seats = ['0', '1']; }, [err('seats', 'wrong-type', 1)]);
invalid('dice-odd-count', (r) => { r.dice = [1, 2, 3]; }, [err('dice', 'odd-count')]);
invalid('dice-zero', (r) => { r.dice = [1, 0]; }, [err('dice', 'out-of-range', 2)]);
invalid('dice-seven', (r) => { r.dice = [7, 1]; }, [err('dice', 'out-of-range', 1)]);
invalid('dice-fraction', (r) => { r.dice = [1, 2.5]; }, [err('dice', 'wrong-type', 2)]);
invalid('dice-too-many', (r) => { r.dice = Array(10002).fill(3); }, [err('dice', 'too-many')]);
invalid('dice-not-in-checkers', (r) => { r.game = 'checkers'; r.dice = [1, 2]; }, [err('dice', 'not-in-game')]);
invalid('deals-not-in-backgammon', (r) => { r.deals = [cards(52)]; }, [err('deals', 'not-in-game')]);
invalid('hands-not-in-bridge', (r) => { r.game = 'bridge'; r.hands = [[]]; }, [err('hands', 'not-in-game')]);
invalid('draws-not-in-baloot', (r) => { r.game = 'baloot'; r.draws = ['1m']; }, [err('draws', 'not-in-game')]);
invalid('deals-wrong-count', (r) => { r.game = 'tarneeb'; r.deals = [cards(52), cards(51)]; }, [err('deals', 'wrong-count', 2)]);
invalid('deals-bad-card', (r) => {
  r.game = 'trix'; r.deals = [cards(52)]; r.deals[0][9] = '10d';
}, [err('deals', 'bad-card', 1)]);
invalid('deals-lowercase-rank', (r) => {
  r.game = 'trix'; r.deals = [cards(52)]; r.deals[0][0] = 'td';
}, [err('deals', 'bad-card', 1)]);
invalid('deals-bad-card-in-deal-2', (r) => {
  r.game = 'bridge'; r.deals = [cards(52), cards(52, 'Zs')];
}, [err('deals', 'bad-card', 2)]);
invalid('deals-not-lists', (r) => { r.game = 'bridge'; r.deals = ['Ac']; }, [err('deals', 'wrong-type', 1)]);
invalid('deals-card-not-string', (r) => {
  r.game = 'bridge'; r.deals = [cards(52)]; r.deals[0][3] = 5;
}, [err('deals', 'wrong-type', 1)]);
invalid('deals-too-many', (r) => { r.game = 'bridge'; r.deals = Array(101).fill([]); }, [err('deals', 'too-many')]);
invalid('hands-not-objects', (r) => { r.game = 'baloot'; r.hands = [cards(32, '7c')]; }, [err('hands', 'wrong-type', 1)]);
invalid('hands-first-missing', (r) => {
  r.game = 'baloot'; r.hands = [{ second: cards(12, '7c') }];
}, [err('hands', 'wrong-type', 1)]);
invalid('hands-second-short', (r) => {
  r.game = 'baloot'; r.hands = [{ first: cards(20, '7c'), second: cards(12, '7c') }, { first: cards(20, '7c'), second: cards(11, '7c') }];
}, [err('hands', 'wrong-count', 2)]);
invalid('hands-52-card-name', (r) => {
  r.game = 'baloot'; r.hands = [{ first: cards(20, '7c'), second: cards(12, '2c') }];
}, [err('hands', 'bad-card', 1)]);
invalid('hands-too-many', (r) => {
  r.game = 'baloot'; r.hands = Array(101).fill({});
}, [err('hands', 'too-many')]);
invalid('draws-bad-tile', (r) => { r.game = 'mahjong'; r.draws = ['1m', '8z']; }, [err('draws', 'bad-tile', 2)]);
invalid('draws-flower-nine', (r) => { r.game = 'mahjong'; r.draws = ['9f']; }, [err('draws', 'bad-tile', 1)]);
invalid('draws-too-many', (r) => { r.game = 'mahjong'; r.draws = Array(145).fill('1m'); }, [err('draws', 'too-many')]);
invalid('draws-wrong-type', (r) => { r.game = 'mahjong'; r.draws = [['1m']]; }, [err('draws', 'wrong-type', 1)]);
invalid('several-fields-in-order', (r) => {
  r.game = 'go'; r.matchId = 5; delete r.serverSeed; r.commitment = 'xyz'; r.clientSeeds = []; r.seats = [0, 0];
  r.dice = [9]; r.draws = ['0m'];
}, [
  err('game', 'unknown-game'), err('matchId', 'wrong-type'), err('serverSeed', 'missing'),
  err('commitment', 'not-hex'), err('clientSeeds', 'missing'), err('seats', 'same', 2),
  err('dice', 'out-of-range', 1), err('draws', 'bad-tile', 1),
]);

// 7. match_seed_v1 (earlier matches): its derivation is not published, so the
//    answer is "unsupported", never a verdict.
add('match-seed-v1-unsupported', {
  scheme: 'match_seed_v1', game: 'backgammon', matchId: 'm-1', serverSeed: 'seed', clientSeeds: ['c0'], dice: [1, 2],
}, { scheme: 'match_seed_v1', status: 'unsupported', errors: [err('scheme', 'not-published')], mismatches: [] });

// The page runs one case for every path (lib.mjs, markPageCases); these
// take a path no label names.
const pageKeep = {
  'mahjong-first-tile-changed': 'a recorded tile that differs',
  'client-seeds-missing': 'no clientSeeds at all',
  'hands-not-objects': 'a baloot hand that is not an object',
  'deals-card-not-string': 'a card of a deal that is not text',
};
writeVectorFile(OUT, { scheme: SCHEME, generator: 'testdata/gen/match_seed_v2.mjs', cases }, { page: { keep: pageKeep } });
