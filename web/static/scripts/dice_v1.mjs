// Checks one nard match (scheme dice_v1) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
import { createHash, createHmac } from 'node:crypto';

// The match, as the page read it (null: not given).
const serverSeed = @serverSeed@; // hex; the HMAC key is its bytes
const seal = @seal@; // published before the match
const clientSeeds = @clientSeeds@; // in seat order
const recorded = @rolls@; // the rolls that were played, "63" = 6 then 3
const games = @games@; // rolls per game
const count = @count@ ?? (recorded ? recorded.length : games.reduce((a, b) => a + b, 0));

// 1. The seal: SHA-256 of the seed's bytes.
const key = Buffer.from(serverSeed, 'hex');
const computedSeal = createHash('sha256').update(key).digest('hex');
console.log('seal ' + computedSeal + (seal === null ? '' : computedSeal === seal.toLowerCase() ? ' matches' : ' DIFFERS from ' + seal));
const differences = seal !== null && computedSeal !== seal.toLowerCase() ? ['seal'] : [];

// 2. Roll n: HMAC(seed bytes, seeds joined by ":" + "+" t times + ":" + n);
// the first byte below 252 of the first t that has one, v = byte mod 36.
function roll(n) {
  for (let t = 0; ; t++) {
    const mac = createHmac('sha256', key).update(clientSeeds.join(':') + '+'.repeat(t) + ':' + n).digest();
    const b = mac.find((byte) => byte < 252);
    if (b !== undefined) return String(Math.floor((b % 36) / 6) + 1) + String((b % 36) % 6 + 1);
  }
}

// 3. Every roll, numbered from 1 over the whole match, against the one played.
let game = 1;
let left = games ? games[0] : count;
for (let n = 1; n <= count; n++) {
  if (left === 0) left = games[game++];
  left--;
  const dice = roll(n);
  const played = recorded ? recorded[n - 1] : null;
  if (played !== null && played !== dice) differences.push(String(n));
  console.log('game ' + game + ' roll ' + n + ': ' + dice[0] + '-' + dice[1] + (played === null ? '' : played === dice ? ' as played' : ' DIFFERS, played ' + played[0] + '-' + played[1]));
}

// 4. The verdict: mismatch (and the first difference), match, or computed (no rolls to compare).
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : recorded ? 'match' : 'computed');
