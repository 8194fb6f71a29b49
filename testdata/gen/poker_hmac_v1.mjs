// Generates testdata/vectors/poker_hmac_v1.json: committed poker decks of
// seed 004 (SPEC.md §5) — hand value and its commitment, the deck, salts,
// leaves, the 64-leaf Merkle tree and proofs — written from the SPEC and the
// seed's Node code, not from the Go code. Deterministic.
//
// Run: node testdata/gen/poker_hmac_v1.mjs

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detHex, detInt, detString, writeVectorFile } from './lib.mjs';
import { card52, hmacHex, range, sha256hex, stream } from './pf2lib.mjs';

const SCHEME = 'poker_hmac_v1';
const OUT = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'vectors', SCHEME + '.json');
const SEED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** seats: [[seat number, client seed], …] in any order. */
function handValueOf(serverSeed, T, S, n) {
  return hmacHex(serverSeed, 'pk1:hand:' + T + ':' + S + ':' + n);
}

function deckOf(handValue, T, S, n, seats) {
  const joined = seats.slice().sort((a, b) => a[0] - b[0]).map(([s, c]) => s + '=' + c).join(',');
  const st = stream(handValue, 'pk1:' + T + ':' + S + ':' + n + ':' + joined + ':');
  return st.shuffle(range(52)).map(card52);
}

/** The tree over a deck (52 names) and the hand value: levels[0] = 64 leaves. */
function treeOf(deck, handValue) {
  const salts = deck.map((_, i) => hmacHex(handValue, 'pk1:salt:' + i));
  const pad = sha256hex('pk1:pad');
  const leaves = range(64).map((i) => (i < 52 ? sha256hex('pk1:leaf:' + i + ':' + deck[i] + ':' + salts[i]) : pad));
  const levels = [leaves];
  while (levels.at(-1).length > 1) {
    const l = levels.at(-1);
    const up = [];
    for (let i = 0; i < l.length; i += 2) up.push(sha256hex('pk1:node:' + l[i] + l[i + 1]));
    levels.push(up);
  }
  return { salts, levels, root: levels.at(-1)[0] };
}

/** The proof for position i: card, salt and the 6 siblings from the leaf level up. */
function proofOf(tree, deck, i) {
  return { position: i, card: deck[i], salt: tree.salts[i], path: range(6).map((d) => tree.levels[d][(i >> d) ^ 1]) };
}

/** Positions a leaving player gets in a hold'em hand: two hole cards and the board. */
function playerPositions(nSeats, seatIndex) {
  const h = 2 * nSeats;
  return [seatIndex, seatIndex + nSeats, h + 1, h + 2, h + 3, h + 5, h + 7];
}

function hand(label, nSeats) {
  const serverSeed = detHex(label + ':server', 32);
  const T = 't' + detInt(label + ':table', 1, 9999);
  const S = 's-' + detString(label + ':session', 8, '0123456789abcdef');
  const n = detInt(label + ':hand', 1, 500);
  // Seat numbers: nSeats distinct numbers of 1..9.
  const pool = range(9).map((i) => i + 1);
  const numbers = [];
  for (let i = 0; i < nSeats; i++) numbers.push(pool.splice(detInt(`${label}:seat:${i}`, 0, pool.length - 1), 1)[0]);
  const seats = numbers.map((s, i) => [s, detString(`${label}:client:${i}`, detInt(`${label}:len:${i}`, 8, 24), SEED_CHARS)]);
  const handValue = handValueOf(serverSeed, T, S, n);
  const deck = deckOf(handValue, T, S, n, seats);
  const tree = treeOf(deck, handValue);
  return { serverSeed, T, S, n, seats, handValue, deck, tree };
}

const seatsObject = (seats) => Object.fromEntries(seats.map(([s, c]) => [String(s), c]));
const proofView = (p, holds) => ({ position: p.position, card: p.card, holds });

const cases = [];
const add = (name, rec, expect) => cases.push({ name, record: rec, expect });
const mis = (kind, index, computed, recorded) => ({ kind, index, computed, recorded });

// 1. Tables of 2..9 seats: the player who left checks their proofs against
//    the root alone; after the session rotates, everything is recomputed.
for (let nSeats = 2; nSeats <= 9; nSeats++) {
  const h = hand(`seats:${nSeats}`, nSeats);
  const who = detInt(`seats:${nSeats}:who`, 0, nSeats - 1);
  const proofs = playerPositions(nSeats, who).map((i) => proofOf(h.tree, h.deck, i));
  const base = { scheme: SCHEME, table: h.T, session: h.S, hand: h.n, root: h.tree.root };

  add(`left-table-${nSeats}-seats`, { ...base, proofs }, {
    scheme: SCHEME, status: 'match', errors: [], mismatches: [], proofs: proofs.map((p) => proofView(p, true)),
  });

  // After rotation the proofs of the hole cards are enough to show the link.
  const hole = proofs.slice(0, 2);
  const full = {
    ...base, proofs: hole, serverSeed: h.serverSeed, handCommitment: sha256hex(h.handValue), seats: seatsObject(h.seats), deck: h.deck,
  };
  add(`rotated-${nSeats}-seats`, full, {
    scheme: SCHEME, status: 'match', errors: [], mismatches: [],
    commitment: { computed: sha256hex(h.handValue), given: sha256hex(h.handValue), matches: true },
    deck: h.deck, computedRoot: h.tree.root, proofs: hole.map((p) => proofView(p, true)),
  });
}

// 2. Positions whose bits take both values at every level of the tree,
//    including 0, 51 and 31/32 (the halves meet at the root).
{
  const h = hand('all-positions', 6);
  const proofs = [0, 3, 12, 21, 31, 32, 42, 44, 48, 51].map((i) => proofOf(h.tree, h.deck, i));
  add('proofs-both-sides-at-every-level', { scheme: SCHEME, table: h.T, session: h.S, hand: h.n, root: h.tree.root, proofs }, {
    status: 'match', mismatches: [], proofs: proofs.map((p) => proofView(p, true)),
  });
}

// 3. The server seed alone, no proofs and no deck recorded: recomputed, the root compared.
{
  const h = hand('seed-only', 4);
  add('seed-only-root-compared', {
    scheme: SCHEME, table: h.T, session: h.S, hand: h.n, root: h.tree.root.toUpperCase(),
    serverSeed: h.serverSeed, seats: seatsObject(h.seats),
  }, {
    status: 'match', mismatches: [], deck: h.deck, computedRoot: h.tree.root, proofs: [],
    commitment: { computed: sha256hex(h.handValue) },
  });
}

// 4. A proof changed in any way fails. The proof's root is what its path leads to.
function leadsTo(p) {
  let node = sha256hex('pk1:leaf:' + p.position + ':' + p.card + ':' + p.salt);
  for (let d = 0; d < 6; d++) {
    node = (p.position >> d) & 1 ? sha256hex('pk1:node:' + p.path[d] + node) : sha256hex('pk1:node:' + node + p.path[d]);
  }
  return node;
}
const flipHex = (h, bit) => {
  const i = h.length - 1 - (bit >> 2);
  return h.slice(0, i) + (parseInt(h[i], 16) ^ (1 << (bit & 3))).toString(16) + h.slice(i + 1);
};
{
  const h = hand('broken', 3);
  const good = playerPositions(3, 1).slice(0, 3).map((i) => proofOf(h.tree, h.deck, i));
  const base = { scheme: SCHEME, table: h.T, session: h.S, hand: h.n, root: h.tree.root };
  const otherCard = (c) => (c === 'Ah' ? 'Kh' : 'Ah');
  const breaks = [
    ['card', (p) => ({ ...p, card: otherCard(p.card) })],
    ['salt-bit', (p) => ({ ...p, salt: flipHex(p.salt, 0) })],
    ['path-bit', (p) => ({ ...p, path: p.path.map((x, d) => (d === 3 ? flipHex(x, 255) : x)) })],
    ['position', (p) => ({ ...p, position: 51 - p.position })],
    ['path-order', (p) => ({ ...p, path: [p.path[1], p.path[0], ...p.path.slice(2)] })],
  ];
  breaks.forEach(([what, brk], k) => {
    const proofs = good.slice();
    const at = k % proofs.length;
    proofs[at] = brk(good[at]);
    add(`left-table-broken-${what}`, { ...base, proofs }, {
      status: 'mismatch',
      mismatches: [mis('proofs', at + 1, leadsTo(proofs[at]), h.tree.root)],
      proofs: proofs.map((p, i) => proofView(p, i !== at)),
    });
  });
  const root = flipHex(h.tree.root, 100);
  add('left-table-root-bit-flipped', { ...base, root, proofs: good }, {
    status: 'mismatch',
    mismatches: good.map((p, i) => mis('proofs', i + 1, h.tree.root, root)),
    proofs: good.map((p) => proofView(p, false)),
  });
}

// 5. After rotation: a recorded deck that differs, a wrong hand commitment,
//    and a server that committed to another deck than its seed gives.
{
  const h = hand('rotated-mismatch', 5);
  const proofs = playerPositions(5, 0).map((i) => proofOf(h.tree, h.deck, i));
  const full = {
    scheme: SCHEME, table: h.T, session: h.S, hand: h.n, root: h.tree.root, proofs,
    serverSeed: h.serverSeed, handCommitment: sha256hex(h.handValue), seats: seatsObject(h.seats),
  };
  const deck = h.deck.slice();
  [deck[20], deck[45]] = [deck[45], deck[20]];
  add('rotated-recorded-deck-two-swapped', { ...full, deck }, {
    status: 'mismatch', deck: h.deck, computedRoot: h.tree.root,
    mismatches: [mis('deck', 21, h.deck[20], deck[20]), mis('deck', 46, h.deck[45], deck[45])],
    proofs: proofs.map((p) => proofView(p, true)),
  });

  const wrong = sha256hex(h.handValue + '0');
  add('rotated-wrong-hand-commitment', { ...full, handCommitment: wrong }, {
    status: 'mismatch', mismatches: [],
    commitment: { computed: sha256hex(h.handValue), given: wrong, matches: false },
  });

  // The server committed to a deck with the cards at positions 0 and 11 swapped;
  // its proofs hold against that root, but the seed says otherwise.
  const fake = h.deck.slice();
  [fake[0], fake[11]] = [fake[11], fake[0]];
  const ft = treeOf(fake, h.handValue);
  const fproofs = playerPositions(5, 0).map((i) => proofOf(ft, fake, i));
  add('rotated-committed-to-another-deck', { ...full, root: ft.root, proofs: fproofs }, {
    status: 'mismatch', computedRoot: h.tree.root,
    mismatches: [
      mis('root', 1, h.tree.root, ft.root),
      ...fproofs.flatMap((p, i) => (h.deck[p.position] === p.card ? [] : [mis('proofCards', i + 1, h.deck[p.position], p.card)])),
    ],
    proofs: fproofs.map((p) => proofView(p, true)),
  });

  // Seats are joined in ascending order whatever order the record lists them in,
  // and a wrong client seed gives another deck.
  const reversed = Object.fromEntries(h.seats.slice().reverse().map(([s, c]) => [String(s), c]));
  add('rotated-seats-listed-in-reverse', { ...full, seats: reversed, deck: h.deck }, {
    status: 'match', mismatches: [], deck: h.deck,
  });
  const changed = h.seats.map(([s, c], i) => [s, i === 2 ? c + 'x' : c]);
  const other = deckOf(h.handValue, h.T, h.S, h.n, changed);
  const ot = treeOf(other, h.handValue);
  add('rotated-one-client-seed-changed', { ...full, seats: seatsObject(changed) }, {
    status: 'mismatch', deck: other, computedRoot: ot.root,
    mismatches: [
      mis('root', 1, ot.root, h.tree.root),
      ...proofs.flatMap((p, i) => (other[p.position] === p.card ? [] : [mis('proofCards', i + 1, other[p.position], p.card)])),
    ],
  });
}

// 6. UTF-8 server seed, table and session with separators, hand 0.
{
  const serverSeed = 'pöytä-ユニコード';
  const T = 'table:1';
  const S = 'sess,2=3';
  const n = 0;
  const seats = [[0, 'a'], [8, 'ÿ']];
  const handValue = handValueOf(serverSeed, T, S, n);
  const deck = deckOf(handValue, T, S, n, seats);
  const tree = treeOf(deck, handValue);
  add('utf8-seed-separators-hand-0', {
    scheme: SCHEME, table: T, session: S, hand: n, root: tree.root, serverSeed,
    handCommitment: sha256hex(handValue), seats: seatsObject(seats), deck, proofs: [proofOf(tree, deck, 51)],
  }, { status: 'match', mismatches: [], deck, computedRoot: tree.root });
}

// 7. Bad input.
const h0 = hand('invalid', 2);
const p0 = proofOf(h0.tree, h0.deck, 7);
const base = () => ({
  scheme: SCHEME, table: 't1', session: 's1', hand: 3, root: h0.tree.root,
  proofs: [{ ...p0, path: p0.path.slice() }],
});
const err = (field, code, at) => (at ? { field, code, at } : { field, code });
const invalid = (name, change, errors) => {
  const rec = base();
  change(rec);
  add(name, rec, { scheme: SCHEME, status: 'invalid', errors, mismatches: [] });
};
const withSeed = (r) => Object.assign(r, { serverSeed: 'x', seats: { 1: 'a', 2: 'b' } });

invalid('table-missing', (r) => delete r.table, [err('table', 'missing')]);
invalid('table-number', (r) => { r.table = 5; }, [err('table', 'wrong-type')]);
invalid('table-too-long', (r) => { r.table = 't'.repeat(257); }, [err('table', 'too-long')]);
invalid('session-missing', (r) => { r.session = ''; }, [err('session', 'missing')]);
invalid('session-number', (r) => { r.session = 1; }, [err('session', 'wrong-type')]);
invalid('session-too-long', (r) => { r.session = 's'.repeat(257); }, [err('session', 'too-long')]);
invalid('hand-missing', (r) => delete r.hand, [err('hand', 'missing')]);
invalid('hand-string', (r) => { r.hand = '3'; }, [err('hand', 'wrong-type')]);
invalid('hand-fraction', (r) => { r.hand = 3.5; }, [err('hand', 'wrong-type')]);
invalid('hand-negative', (r) => { r.hand = -1; }, [err('hand', 'out-of-range')]);
invalid('root-missing', (r) => delete r.root, [err('root', 'missing')]);
invalid('root-number', (r) => { r.root = 0; }, [err('root', 'wrong-type')]);
invalid('root-not-hex', (r) => { r.root = 'z' + r.root.slice(1); }, [err('root', 'not-hex')]);
invalid('root-short', (r) => { r.root = r.root.slice(2); }, [err('root', 'wrong-length')]);
invalid('server-seed-wrong-type', (r) => { r.serverSeed = 7; }, [err('serverSeed', 'wrong-type'), err('seats', 'missing')]);
invalid('server-seed-too-long', (r) => { withSeed(r); r.serverSeed = 'x'.repeat(257); }, [err('serverSeed', 'too-long')]);
invalid('hand-commitment-without-seed', (r) => { r.handCommitment = 'a'.repeat(64); }, [err('serverSeed', 'missing')]);
invalid('deck-without-seed', (r) => { r.deck = h0.deck; }, [err('serverSeed', 'missing')]);
invalid('hand-commitment-not-hex', (r) => { withSeed(r); r.handCommitment = '0x' + 'a'.repeat(62); }, [err('handCommitment', 'not-hex')]);
invalid('hand-commitment-number', (r) => { withSeed(r); r.handCommitment = 1; }, [err('handCommitment', 'wrong-type')]);
invalid('hand-commitment-long', (r) => { withSeed(r); r.handCommitment = 'a'.repeat(66); }, [err('handCommitment', 'wrong-length')]);
invalid('seats-missing-with-seed', (r) => { withSeed(r); delete r.seats; }, [err('seats', 'missing')]);
invalid('seats-empty-with-seed', (r) => { withSeed(r); r.seats = {}; }, [err('seats', 'missing')]);
invalid('seats-list', (r) => { withSeed(r); r.seats = ['a', 'b']; }, [err('seats', 'wrong-type')]);
invalid('seats-seed-number', (r) => { withSeed(r); r.seats = { 1: 'a', 2: 2 }; }, [err('seats', 'wrong-type')]);
invalid('seats-leading-zero', (r) => { withSeed(r); r.seats = { 1: 'a', '01': 'b' }; }, [err('seats', 'bad-seat')]);
invalid('seats-negative', (r) => { withSeed(r); r.seats = { '-1': 'a', 2: 'b' }; }, [err('seats', 'bad-seat')]);
invalid('seats-not-a-number', (r) => { withSeed(r); r.seats = { one: 'a' }; }, [err('seats', 'bad-seat')]);
invalid('seats-hundred', (r) => { withSeed(r); r.seats = { 100: 'a' }; }, [err('seats', 'bad-seat')]);
invalid('seats-too-many', (r) => { withSeed(r); r.seats = Object.fromEntries(range(11).map((i) => [String(i), 'c'])); }, [err('seats', 'too-many')]);
invalid('seats-seed-too-long', (r) => { withSeed(r); r.seats = { 3: 'c'.repeat(257) }; }, [err('seats', 'too-long')]);
invalid('deck-51-cards', (r) => { withSeed(r); r.deck = h0.deck.slice(1); }, [err('deck', 'wrong-count')]);
invalid('deck-bad-card', (r) => { withSeed(r); r.deck = h0.deck.slice(); r.deck[30] = '1s'; }, [err('deck', 'bad-card', 31)]);
invalid('deck-wrong-type', (r) => { withSeed(r); r.deck = h0.deck.join(' '); }, [err('deck', 'wrong-type')]);
invalid('no-proofs-no-seed', (r) => delete r.proofs, [err('proofs', 'missing')]);
invalid('empty-proofs-no-seed', (r) => { r.proofs = []; }, [err('proofs', 'missing')]);
invalid('proofs-not-objects', (r) => { r.proofs = [p0.card]; }, [err('proofs', 'wrong-type', 1)]);
invalid('proofs-too-many', (r) => { r.proofs = Array(53).fill({}); }, [err('proofs', 'too-many')]);
invalid('proof-position-missing', (r) => { delete r.proofs[0].position; }, [err('proofs.position', 'missing', 1)]);
invalid('proof-position-52', (r) => { r.proofs[0].position = 52; }, [err('proofs.position', 'out-of-range', 1)]);
invalid('proof-position-negative', (r) => { r.proofs[0].position = -1; }, [err('proofs.position', 'out-of-range', 1)]);
invalid('proof-position-string', (r) => { r.proofs[0].position = '7'; }, [err('proofs.position', 'wrong-type', 1)]);
invalid('proof-position-duplicate', (r) => { r.proofs.push({ ...p0 }); }, [err('proofs.position', 'duplicate', 2)]);
invalid('proof-card-bad', (r) => { r.proofs[0].card = 'AH'; }, [err('proofs.card', 'bad-card', 1)]);
invalid('proof-card-number', (r) => { r.proofs[0].card = 7; }, [err('proofs.card', 'wrong-type', 1)]);
invalid('proof-card-missing', (r) => { delete r.proofs[0].card; }, [err('proofs.card', 'missing', 1)]);
invalid('proof-salt-not-hex', (r) => { r.proofs[0].salt = 'g' + p0.salt.slice(1); }, [err('proofs.salt', 'not-hex', 1)]);
invalid('proof-salt-short', (r) => { r.proofs[0].salt = p0.salt.slice(1); }, [err('proofs.salt', 'wrong-length', 1)]);
invalid('proof-salt-number', (r) => { r.proofs[0].salt = 7; }, [err('proofs.salt', 'wrong-type', 1)]);
invalid('proof-salt-missing', (r) => { delete r.proofs[0].salt; }, [err('proofs.salt', 'missing', 1)]);
invalid('proof-path-five', (r) => { r.proofs[0].path.pop(); }, [err('proofs.path', 'wrong-count', 1)]);
invalid('proof-path-seven', (r) => { r.proofs[0].path.push(p0.path[0]); }, [err('proofs.path', 'wrong-count', 1)]);
invalid('proof-path-not-hex', (r) => { r.proofs[0].path[2] = p0.path[2].replace(/.$/, 'x'); }, [err('proofs.path', 'not-hex', 1)]);
invalid('proof-path-element-short', (r) => { r.proofs[0].path[5] = p0.path[5].slice(0, 62); }, [err('proofs.path', 'wrong-length', 1)]);
invalid('proof-path-wrong-type', (r) => { r.proofs[0].path = p0.path.join(''); }, [err('proofs.path', 'wrong-type', 1)]);
invalid('proof-path-missing', (r) => { delete r.proofs[0].path; }, [err('proofs.path', 'missing', 1)]);
invalid('second-proof-bad-first-reported', (r) => {
  r.proofs.push({ ...p0, position: 8, salt: 'x' }, { ...p0, position: 99 });
}, [err('proofs.salt', 'not-hex', 2)]);
// The empty deck is no deck (testdata/README.md, "Empty values").
invalid('several-fields-in-order', (r) => {
  r.table = 1; r.hand = -3; r.root = 'abc'; r.serverSeed = 'x'; r.handCommitment = 'q'; r.seats = {};
  r.deck = []; r.proofs = [{}];
}, [
  err('table', 'wrong-type'), err('hand', 'out-of-range'), err('root', 'wrong-length'),
  err('handCommitment', 'not-hex'), err('seats', 'missing'), err('proofs.position', 'missing', 1),
]);

// The page runs one case for every path (lib.mjs, markPageCases); these
// take a path no label names.
const pageKeep = {
  'hand-fraction': 'a hand number with a fraction',
  'seats-negative': 'a negative seat number',
  'seats-seed-number': 'a client seed that is not text',
  'rotated-seats-listed-in-reverse': 'seats listed out of order, sorted for the hand value',
};
writeVectorFile(OUT, { scheme: SCHEME, generator: 'testdata/gen/poker_hmac_v1.mjs', cases }, { page: { keep: pageKeep } });
