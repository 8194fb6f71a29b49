// Checks one committed poker deck (scheme poker_hmac_v1) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
import { createHash, createHmac } from 'node:crypto';

// The hand, as the page read it (null: not given).
const table = @table@;
const session = @session@;
const hand = @hand@;
const root = @root@; // the deck commitment, before the deal
const proofs = @proofs@; // the cards you were given: position, card, salt, path
const serverSeed = @serverSeed@; // published when the session rotated
const handCommitment = @handCommitment@;
const seats = @seats@; // seat: client seed
const deck = @deck@; // the whole deck as published

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex');
const node = (left, right) => sha256('pk1:node:' + left + right);
const differences = [];
const later = []; // each kind in its order: deck, root, proofs, proofCards
let cards = null;

if (serverSeed !== null) {
  // 1. The hand value and its commitment, stored before the deal.
  const handValue = hmac(serverSeed, 'pk1:hand:' + table + ':' + session + ':' + hand);
  const computedCommitment = sha256(handValue);
  if (handCommitment !== null && computedCommitment !== handCommitment.toLowerCase()) differences.push('commitment');
  console.log('hand commitment ' + computedCommitment + (handCommitment === null ? '' : differences.length > 0 ? ' DIFFERS from ' + handCommitment : ' matches'));

  // 2. The deck: Fisher-Yates from the top over a stream of 52-bit words of
  // HMAC(handValue, "pk1:" + T + ":" + S + ":" + n + ":" + seats + ":" + k), seats ascending.
  const seatList = Object.keys(seats).sort((a, b) => Number(a) - Number(b)).map((s) => s + '=' + seats[s]).join(',');
  let k = 0;
  const next = () => BigInt('0x' + hmac(handValue, 'pk1:' + table + ':' + session + ':' + hand + ':' + seatList + ':' + k++).slice(0, 13));
  const SPAN = 1n << 52n;
  const int = (n) => { const limit = SPAN - (SPAN % BigInt(n)); for (;;) { const w = next(); if (w < limit) return Number(w % BigInt(n)); } };
  const ids = [...Array(52).keys()];
  for (let i = 51; i > 0; i--) { const j = int(i + 1); [ids[i], ids[j]] = [ids[j], ids[i]]; }
  cards = ids.map((id) => '23456789TJQKA'[id % 13] + 'cdhs'[Math.floor(id / 13)]);
  cards.forEach((card, i) => {
    const same = deck === null || deck[i] === card;
    if (!same) differences.push('deck ' + (i + 1));
    console.log('position ' + i + ': ' + card + (deck === null ? '' : same ? ' as published' : ' DIFFERS, published ' + deck[i]));
  });

  // 3. The root: 64 leaves (52..63 padding), each parent SHA-256("pk1:node:" + left + right).
  let level = cards.map((card, i) => sha256('pk1:leaf:' + i + ':' + card + ':' + hmac(handValue, 'pk1:salt:' + i)));
  while (level.length < 64) level.push(sha256('pk1:pad'));
  while (level.length > 1) level = level.filter((_, i) => i % 2 === 0).map((left, i) => node(left, level[2 * i + 1]));
  if (level[0] !== root.toLowerCase()) differences.push('root 1');
  console.log('root ' + level[0] + (level[0] === root.toLowerCase() ? ' matches' : ' DIFFERS from ' + root));
}

// 4. Each proof: its leaf, then the 6 siblings from the leaf level up, to the root.
(proofs ?? []).forEach((proof, p) => {
  let hash = sha256('pk1:leaf:' + proof.position + ':' + proof.card + ':' + proof.salt.toLowerCase());
  proof.path.forEach((sibling, level) => {
    const index = proof.position >> level;
    hash = index % 2 === 0 ? node(hash, sibling.toLowerCase()) : node(sibling.toLowerCase(), hash);
  });
  const holds = hash === root.toLowerCase();
  if (!holds) differences.push('proofs ' + (p + 1));
  console.log('proof ' + (p + 1) + ', position ' + proof.position + ', ' + proof.card + (holds ? ': leads to the root' : ': leads to ' + hash + ', NOT the root'));
  if (cards !== null && cards[proof.position] !== proof.card) later.push('proofCards ' + (p + 1));
});

// 5. The verdict: mismatch (and the first difference) or match.
differences.push(...later);
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : 'match');
