// Checks one card shoe (scheme shoe_v1) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
import { createHash, createHmac } from 'node:crypto';

// The shoe, as the page read it (null: not given).
const serverSeed = @serverSeed@; // 64 hex digits
const commitment = @commitment@; // shown at the table before the deal
const tournamentId = @tournamentId@; // a tournament hand has this and hand,
const hand = @hand@;
const clientSeed = tournamentId === null ? @clientSeed@ : tournamentId + ':' + hand; // a free round clientSeed and nonce
const nonce = tournamentId === null ? @nonce@ : hand;
const decks = @decks@;
const penetration = @penetration@;
const recorded = @cards@; // the cards dealt, first card first
const recordedCut = @cut@;

// 1. The commitment: SHA-256 of the seed's 32 bytes.
const computedCommitment = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
const commitmentDiffers = commitment !== null && computedCommitment !== commitment.toLowerCase();
console.log('commitment ' + computedCommitment + (commitment === null ? '' : commitmentDiffers ? ' DIFFERS from ' + commitment : ' matches'));

// 2. The byte stream: block c = HMAC(key = the seed as lowercase hex TEXT,
// clientSeed + ":" + nonce + ":" + c); a read may span two blocks.
const key = serverSeed.toLowerCase();
let block = Buffer.alloc(0);
let blocks = 0;
let at = 0;
function nextByte() {
  if (at === block.length) {
    block = createHmac('sha256', key).update(clientSeed + ':' + nonce + ':' + blocks++).digest();
    at = 0;
  }
  return block[at++];
}

// 3. A whole number below n: k bytes big-endian with 256^k >= n, read again
// where x would favour the lowest numbers.
function index(n) {
  let k = 1;
  while (256 ** k < n) k++;
  const limit = 256 ** k - (256 ** k % n);
  for (;;) {
    let x = 0;
    for (let i = 0; i < k; i++) x = x * 256 + nextByte();
    if (x < limit) return x % n;
  }
}

// 4. The ordered shoe (per deck S H D C, ranks A..K), then Fisher-Yates from the top.
const cards = [];
for (let d = 0; d < decks; d++) for (const suit of 'SHDC') for (const rank of 'A23456789TJQK') cards.push(rank + suit);
for (let i = cards.length - 1; i > 0; i--) {
  const j = index(i + 1);
  [cards[i], cards[j]] = [cards[j], cards[i]];
}

// 5. The cut card, from the same stream, round(x) = floor(x + 0.5).
const total = cards.length;
const round = (x) => Math.floor(x + 0.5);
const spread = Math.max(1, round(total * 0.02));
let cut = round(total * penetration) + index(2 * spread + 1) - spread;
cut = Math.min(Math.max(cut, Math.max(20, round(total * 0.5))), total - 15);
console.log('cut card ' + cut + (recordedCut === null ? '' : recordedCut === cut ? ' as recorded' : ' DIFFERS, recorded ' + recordedCut));

// 6. Every card against the one dealt (names as typed: 10h, A\u2660 and AH are one card).
const suits = { '\u2660': 'S', '\u2664': 'S', '\u2665': 'H', '\u2661': 'H', '\u2666': 'D', '\u2662': 'D', '\u2663': 'C', '\u2667': 'C' };
function canonical(name) {
  const card = name.replace(/[\ufe0e\ufe0f]$/, '');
  const rank = card.slice(0, -1).toUpperCase();
  return (rank === '10' ? 'T' : rank) + (suits[card.slice(-1)] ?? card.slice(-1).toUpperCase());
}
const differences = commitmentDiffers ? ['commitment'] : [];
cards.forEach((card, i) => {
  const dealt = recorded && i < recorded.length ? canonical(recorded[i]) : null;
  if (dealt !== null && dealt !== card) differences.push(String(i + 1));
  console.log('card ' + (i + 1) + ': ' + card + (dealt === null ? '' : dealt === card ? ' as dealt' : ' DIFFERS, dealt ' + dealt));
});
if (recordedCut !== null && recordedCut !== cut) differences.push('cut');

// 7. The verdict: mismatch (and the first difference), match, or computed (nothing dealt to compare).
const played = (recorded !== null && recorded.length > 0) || recordedCut !== null;
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : played ? 'match' : 'computed');
