// Checks one match's dice bound to both players and a drand round (scheme
// dice_v2) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
//
// Not checked here: the round's BLS signature. drand's own tools check it:
// the JavaScript client drand-client (npm install drand-client; fetchBeacon
// verifies every beacon against the chain's key) or the drand command-line
// tool, for the League of Entropy "quicknet" chain
// 52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971.
import { createHash, createHmac } from 'node:crypto';

// The match, as the page read it (null: not given).
const serverSeed = @serverSeed@; // 64 hex digits; the HMAC key is its bytes
const seal = @seal@; // published before the match
const sealedAt = @sealedAt@; // when the seal was published, Unix seconds
const match = @match@;
const players = @players@; // player A, player B
const drandRound = @drandRound@;
const drandSignature = @drandSignature@;
const games = @games@; // the rolls that were played, game by game, "63" = 6 then 3

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();
const key = Buffer.from(serverSeed, 'hex');
const differences = [];

// 1. The seal: SHA-256 of the seed's bytes.
const computedSeal = sha256(key).toString('hex');
if (seal !== null && computedSeal !== seal.toLowerCase()) differences.push('seal');
console.log('seal ' + computedSeal + (seal === null ? '' : differences.includes('seal') ? ' DIFFERS from ' + seal : ' matches'));

// 2. The round: its time must be later than the seal's; its randomness, the
// anchor, is SHA-256 of its signature.
const roundTime = 1692803367 + (drandRound - 1) * 3;
if (sealedAt !== null && !(roundTime > sealedAt)) differences.push('timing');
console.log('drand round ' + drandRound + ' at Unix time ' + roundTime +
  (sealedAt === null ? '' : roundTime > sealedAt ? ', after the seal' : ', NOT after the seal (' + sealedAt + ')'));
const anchor = sha256(Buffer.from(drandSignature, 'hex'));
console.log('anchor ' + anchor.toString('hex'));
console.log('signature: not checked here; check round ' + drandRound + ' with drand-client or the drand CLI');

// 3. binding = lp(match) lp(game) lp(player A) lp(player B) lp(anchor), lp(x) = uint32be(length of x) x.
const uint32be = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const uint64be = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };
const lp = (bytes) => Buffer.concat([uint32be(bytes.length), bytes]);
const binding = (game) => Buffer.concat([lp(Buffer.from(String(match))), lp(Buffer.from(String(game))),
  lp(Buffer.from(players[0], 'utf8')), lp(Buffer.from(players[1], 'utf8')), lp(anchor)]);

// 4. Roll n of a game: HMAC(seed, binding uint64be(n)), then HMAC(seed, binding uint64be(n) uint32be(j))
// for j = 1, 2, ...; bytes of 252 and above skipped, the first two kept give the dice (b mod 6 + 1).
function roll(game, n) {
  const kept = [];
  for (let j = 0; kept.length < 2; j++) {
    const message = Buffer.concat([binding(game), uint64be(n), j === 0 ? Buffer.alloc(0) : uint32be(j)]);
    for (const b of createHmac('sha256', key).update(message).digest()) if (b < 252) kept.push(b % 6 + 1);
  }
  return String(kept[0]) + String(kept[1]);
}

// 5. Every roll, counted from 1 within its game, against the one played.
(games ?? []).forEach(({ rolls }, i) => {
  rolls.forEach((played, k) => {
    const dice = roll(i + 1, k + 1);
    if (played !== dice) differences.push('game ' + (i + 1) + ' roll ' + (k + 1));
    console.log('game ' + (i + 1) + ' roll ' + (k + 1) + ': ' + dice[0] + '-' + dice[1] + (played === dice ? ' as played' : ' DIFFERS, played ' + played[0] + '-' + played[1]));
  });
});

// 6. The verdict: mismatch (and the first difference), match, or computed (no rolls to compare).
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : games !== null && games.length > 0 ? 'match' : 'computed');
