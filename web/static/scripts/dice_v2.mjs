// Checks one match's dice bound to both players and a drand round (scheme
// dice_v2) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
//
// The drand round's signature is what fixes the anchor, and so the rolls: any
// other 48 bytes give other rolls. This script cannot verify the signature
// itself (that takes BLS12-381 pairings), so without the network it never
// says match. Run it as  node check.mjs --drand  and it asks drand's public
// relays for the round (of the League of Entropy "quicknet" chain, by its
// hash; only with --drand does it connect anywhere) and compares their
// signature with the match's, byte for byte: then it can say match.
// PFCHECK_DRAND_RELAYS (comma-separated base URLs) replaces the relays.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

// 2. The round's signature, as drand's relays give round R of quicknet: the
// same bytes from every relay that answers (at least two), or not checked.
const CHAIN = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const RELAYS = 'https://api.drand.sh,https://api2.drand.sh,https://api3.drand.sh,https://drand.cloudflare.com';
// What a relay sends is shown escaped: a control or non-ASCII character as
// \u{...}, so that no answer can write to the terminal.
const shown = (text) => String(text).replace(/[^\x20-\x5b\x5d-\x7e]/gu, (c) => c === '\\' ? '\\\\' : '\\u{' + c.codePointAt(0).toString(16) + '}');
// A relay's answer: at most 64 KB, all of it within 10 s (the deadline holds
// for the body too), a signature of 96 hex digits and nothing else.
async function beaconSignature(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10000) });
  if (!response.ok) throw new Error('HTTP ' + response.status + ' ' + response.statusText);
  const reader = response.body?.getReader();
  const chunks = [];
  for (let size = 0; reader;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > 65536) {
      await reader.cancel();
      throw new Error('over 64 KB');
    }
    chunks.push(value);
  }
  const beacon = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (beacon?.round !== drandRound || typeof beacon.signature !== 'string' || !/^[0-9a-fA-F]{96}$/.test(beacon.signature)) throw new Error('not round ' + drandRound);
  return Buffer.from(beacon.signature, 'hex');
}
let signatureChecked = false;
if (process.argv.includes('--drand')) {
  const answers = [];
  for (const relay of (process.env.PFCHECK_DRAND_RELAYS ?? RELAYS).split(',')) {
    const url = relay.replace(/\/+$/, '') + '/' + CHAIN + '/public/' + drandRound;
    try {
      const signature = await beaconSignature(url);
      answers.push(signature);
      console.log('drand relay ' + shown(url) + ': signature ' + signature.toString('hex'));
    } catch (err) {
      console.log('drand relay ' + shown(url) + ': no answer (' + shown(err.message) + ')');
    }
  }
  const theirs = answers[0];
  if (answers.length < 2 || !answers.every((a) => timingSafeEqual(a, theirs))) {
    console.log('signature: NOT CHECKED: fewer than two relays answered, or they differ');
  } else {
    const ours = Buffer.from(drandSignature, 'hex');
    signatureChecked = ours.length === theirs.length && timingSafeEqual(ours, theirs);
    if (!signatureChecked) differences.push('signature');
    console.log('signature ' + (signatureChecked ? 'is round ' + drandRound + "'s, as drand's relays give it" : 'DIFFERS from round ' + drandRound + "'s, as drand's relays give it"));
  }
} else {
  console.log('signature: not checked (no network); run node check.mjs --drand to compare it with drand\'s relays');
}

// 3. The round: its time must be later than the seal's; its randomness, the
// anchor, is SHA-256 of its signature.
const roundTime = 1692803367 + (drandRound - 1) * 3;
if (sealedAt !== null && !(roundTime > sealedAt)) differences.push('timing');
console.log('drand round ' + drandRound + ' at Unix time ' + roundTime +
  (sealedAt === null ? '' : roundTime > sealedAt ? ', after the seal' : ', NOT after the seal (' + sealedAt + ')'));
const anchor = sha256(Buffer.from(drandSignature, 'hex'));
console.log('anchor ' + anchor.toString('hex'));

// 4. binding = lp(match) lp(game) lp(player A) lp(player B) lp(anchor), lp(x) = uint32be(length of x) x.
const uint32be = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const uint64be = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; };
const lp = (bytes) => Buffer.concat([uint32be(bytes.length), bytes]);
const binding = (game) => Buffer.concat([lp(Buffer.from(String(match))), lp(Buffer.from(String(game))),
  lp(Buffer.from(players[0], 'utf8')), lp(Buffer.from(players[1], 'utf8')), lp(anchor)]);

// 5. Roll n of a game: HMAC(seed, binding uint64be(n)), then HMAC(seed, binding uint64be(n) uint32be(j))
// for j = 1, 2, ...; bytes of 252 and above skipped, the first two kept give the dice (b mod 6 + 1).
function roll(game, n) {
  const kept = [];
  for (let j = 0; kept.length < 2; j++) {
    const message = Buffer.concat([binding(game), uint64be(n), j === 0 ? Buffer.alloc(0) : uint32be(j)]);
    for (const b of createHmac('sha256', key).update(message).digest()) if (b < 252) kept.push(b % 6 + 1);
  }
  return String(kept[0]) + String(kept[1]);
}

// 6. Every roll, counted from 1 within its game, against the one played.
(games ?? []).forEach(({ rolls }, i) => {
  rolls.forEach((played, k) => {
    const dice = roll(i + 1, k + 1);
    if (played !== dice) differences.push('game ' + (i + 1) + ' roll ' + (k + 1));
    console.log('game ' + (i + 1) + ' roll ' + (k + 1) + ': ' + dice[0] + '-' + dice[1] + (played === dice ? ' as played' : ' DIFFERS, played ' + played[0] + '-' + played[1]));
  });
});

// 7. The verdict: mismatch (and the first difference), match, or computed (no rolls to compare);
// never match or computed while the signature is not checked.
if (differences.length > 0) console.log('mismatch ' + differences[0]);
else if (!signatureChecked) console.log('not checked: the signature of drand round ' + drandRound + '; run node check.mjs --drand');
else console.log(games !== null && games.length > 0 ? 'match' : 'computed');
