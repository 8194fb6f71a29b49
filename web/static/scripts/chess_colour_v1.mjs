// Checks who plays White (scheme chess_colour_v1) without the pfcheck page.
// Save as check.mjs and run: node check.mjs  (Node.js 18 or later, node:crypto only)
import { createHash, createHmac } from 'node:crypto';

// The game, as the page read it (null: not given). A owns the seek or challenge.
const seedA = @seedA@;
const commitA = @commitA@; // shown before the seek
const clientA = @clientA@;
const seedB = @seedB@; // none: B is a bot
const commitB = @commitB@;
const clientB = @clientB@ ?? ''; // a bot's is empty
const colourA = @colourA@; // the colour A played

// 1. The commitments: SHA-256 of each seed text.
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const differences = [];
const computedA = sha256(seedA);
if (commitA !== null && computedA !== commitA.toLowerCase()) differences.push('commitment');
console.log('commitment A ' + computedA + (commitA === null ? '' : differences.includes('commitment') ? ' DIFFERS from ' + commitA : ' matches'));
const computedB = seedB === null ? null : sha256(seedB);
if (seedB !== null) {
  if (commitB !== null && computedB !== commitB.toLowerCase()) differences.push('commitmentB');
  console.log('commitment B ' + computedB + (commitB === null ? '' : differences.includes('commitmentB') ? ' DIFFERS from ' + commitB : ' matches'));
}

// 2. m(k) = "cc1:" + commitA + ":" + (commitB or "-") + ":0=" + clientA + ",1=" + clientB + ":" + k;
// w = word(seedA, m(k)) XOR word(seedB, m(k)), a word the first 52 bits of the HMAC.
const word = (key, msg) => BigInt('0x' + createHmac('sha256', key).update(msg, 'utf8').digest('hex').slice(0, 13));
let k = 0;
function next() {
  const m = 'cc1:' + computedA + ':' + (computedB ?? '-') + ':0=' + clientA + ',1=' + clientB + ':' + k++;
  return seedB === null ? word(seedA, m) : word(seedA, m) ^ word(seedB, m);
}
const SPAN = 1n << 52n;
function int(n) {
  const limit = SPAN - (SPAN % BigInt(n));
  for (;;) { const w = next(); if (w < limit) return Number(w % BigInt(n)); }
}

// 3. int(2): 0 means A plays White.
const colour = int(2) === 0 ? 'white' : 'black';
if (colourA !== null && colourA !== colour) differences.push('colour 1');
console.log('A plays ' + colour + (colourA === null ? '' : colourA === colour ? ', as played' : ', DIFFERS: A played ' + colourA));

// 4. The verdict: mismatch (and the first difference), match, or computed (no colour to compare).
console.log(differences.length > 0 ? 'mismatch ' + differences[0] : colourA !== null ? 'match' : 'computed');
