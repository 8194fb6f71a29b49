// Checks one table-game match (scheme match_seed_v2) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
import { createHash, createHmac } from 'node:crypto';

// The match, as the page read it (null: not given).
const game = @game@;
const matchId = @matchId@;
const serverSeed = @serverSeed@; // text; the HMAC key is its UTF-8 bytes
const commitment = @commitment@; // shown before the first card or die
const clientSeeds = @clientSeeds@; // in seat order
const seats = @seats@; // what was played: the seat order,
const dice = @dice@; // backgammon: every die in draw order,
const deals = @deals@; // tarneeb, trix, bridge: 52 cards per deal,
const hands = @hands@; // baloot: per hand the first deal (20 cards) and the second (12),
const draws = @draws@; // mahjong: the tiles in draw order

// 1. The commitment: SHA-256 of the server seed text.
const computedCommitment = createHash('sha256').update(serverSeed, 'utf8').digest('hex');
const differences = commitment !== null && computedCommitment !== commitment.toLowerCase() ? ['commitment'] : [];
console.log('commitment ' + computedCommitment + (commitment === null ? '' : differences.length > 0 ? ' DIFFERS from ' + commitment : ' matches'));

// 2. The draw stream: one counter k per match; a word is the first 13 hex
// digits (52 bits) of HMAC(server seed, "pf2:" + game + ":" + matchId + ":" + seeds + ":" + k).
const seedList = clientSeeds.map((s, i) => i + '=' + s).join(',');
let k = 0;
const next = () => BigInt('0x' + createHmac('sha256', serverSeed).update('pf2:' + game + ':' + matchId + ':' + seedList + ':' + k++).digest('hex').slice(0, 13));

// 3. A whole number below n, no modulo bias; die; Fisher-Yates from the top.
const SPAN = 1n << 52n;
function int(n) {
  const limit = SPAN - (SPAN % BigInt(n));
  for (;;) { const w = next(); if (w < limit) return Number(w % BigInt(n)); }
}
const die = () => int(6) + 1;
function shuffle(a) {
  a = a.slice();
  for (let i = a.length - 1; i > 0; i--) { const j = int(i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}
const range = (n) => [...Array(n).keys()];
const card52 = (id) => '23456789TJQKA'[id % 13] + 'cdhs'[Math.floor(id / 13)];
const card32 = (id) => '789TJQKA'[id % 8] + 'cdhs'[Math.floor(id / 8)];

// Compares computed values with played ones (kind: seats, dice, deals, hands, draws; n from 1).
function compare(kind, computed, played, offset = 0) {
  computed.forEach((value, i) => {
    const same = String(value) === String(played[i]);
    if (!same) differences.push(kind + ' ' + (offset + i + 1));
    console.log(kind + ' ' + (offset + i + 1) + ': ' + value + (same ? ' as played' : ' DIFFERS, played ' + played[i]));
  });
}

// 4. Every game first draws its seat order, then what the game draws.
const seatOrder = shuffle([0, 1]);
if (seats !== null) compare('seats', seatOrder, seats);
else console.log('seats ' + seatOrder.join(', '));
if (game === 'backgammon' && dice !== null) compare('dice', dice.map(() => die()), dice);
if (['tarneeb', 'trix', 'bridge'].includes(game) && deals !== null) {
  deals.forEach((deal, d) => compare('deals', shuffle(range(52)).map(card52), deal, 52 * d));
}
if (game === 'baloot' && hands !== null) {
  hands.forEach((hand, h) => {
    const d = shuffle(range(32));
    compare('hands', d.slice(0, 20).map(card32), hand.first, 32 * h);
    compare('hands', shuffle(d.slice(20)).map(card32), hand.second, 32 * h + 20);
  });
}
if (game === 'mahjong' && draws !== null) {
  // The wall in its fixed order: 1m..9m, 1p..9p, 1s..9s, 1z..7z four times each, then 1f..8f.
  const wall = [];
  for (const suit of 'mpsz') for (let r = 1; r <= (suit === 'z' ? 7 : 9); r++) wall.push(...Array(4).fill(r + suit));
  for (let r = 1; r <= 8; r++) wall.push(r + 'f');
  compare('draws', draws.map(() => wall.splice(int(wall.length), 1)[0]), draws);
}

// 5. The verdict: mismatch (and the first difference), match, or computed (nothing played to compare).
const played = [seats, dice, deals, hands, draws].some((list) => list !== null && list.length > 0);
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : played ? 'match' : 'computed');
