// An example of an operator's own vectors (testdata/operator/), written as
// the game's server would write them: for each match the records it kept —
// seeds, seal, the outcomes it dealt — each expecting "match". `make build
// OPERATOR_VECTORS=testdata/operator` puts them into the pages beside ours;
// `make conformance` runs them alone (testdata/README.md, "For operators").
//
// The "server" below derives every outcome from SPEC.md (§1 dice_v1, §2
// dice_v2, §3 shoe_v1, §4 match_seed_v2, §6 chess_colour_v1) with
// node:crypto, as an operator's server in any language would; never from
// the Go code. Usage: node testdata/gen/operator.mjs [output directory]
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detHex, detInt, detString, formatJSON } from './lib.mjs';
import { deal, commitment as shoeCommitment } from './shoelib.mjs';
import { drawer, stream, word } from './pf2lib.mjs';

const out = process.argv[2] ?? new URL('../operator/', import.meta.url).pathname;
const sha256 = (data) => createHash('sha256').update(data).digest();
const hmac = (key, msg) => createHmac('sha256', key).update(msg).digest();
const SEED_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';

// SPEC §1: roll n of a nard match.
function diceV1Roll(key, clientSeeds, n) {
  for (let t = 0; ; t++) {
    const b = hmac(key, clientSeeds.join(':') + '+'.repeat(t) + ':' + n).find((x) => x < 252);
    if (b !== undefined) return `${Math.floor((b % 36) / 6) + 1}${(b % 36) % 6 + 1}`;
  }
}

function diceV1Match(label, seats, games) {
  const serverSeed = detHex(`operator:dice_v1:${label}`, 32);
  const key = Buffer.from(serverSeed, 'hex');
  const clientSeeds = Array.from({ length: seats }, (_, i) => detHex(`operator:dice_v1:${label}:phone:${i}`, 16));
  const count = games.reduce((a, b) => a + b, 0);
  const rolls = Array.from({ length: count }, (_, i) => diceV1Roll(key, clientSeeds, i + 1));
  const record = { scheme: 'dice_v1', serverSeed, seal: sha256(key).toString('hex'), clientSeeds, rolls };
  if (games.length > 1) record.games = games;
  return { name: `server-${label}`, record, expect: { status: 'match' } };
}

// SPEC §2: dice bound to both players and a drand quicknet round.
const lp = (bytes) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
};
const u64 = (n) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

function diceV2Roll(key, binding, n) {
  const kept = [];
  for (let j = 0; kept.length < 2; j++) {
    const tail = j === 0 ? Buffer.alloc(0) : Buffer.from([j >>> 24, j >>> 16 & 255, j >>> 8 & 255, j & 255]);
    for (const b of hmac(key, Buffer.concat([binding, u64(n), tail]))) if (b < 252) kept.push(b);
  }
  return `${kept[0] % 6 + 1}${kept[1] % 6 + 1}`;
}

// Round 1000 of quicknet (SPEC §2's table): its time is genesis + 999 × 3 s.
const ROUND = { number: 1000, signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39' };
const ROUND_TIME = 1692803367 + (ROUND.number - 1) * 3;

function diceV2Match(label, match, players, gameLengths) {
  const serverSeed = detHex(`operator:dice_v2:${label}`, 32);
  const key = Buffer.from(serverSeed, 'hex');
  const anchor = sha256(Buffer.from(ROUND.signature, 'hex'));
  const games = gameLengths.map((length, g) => {
    const binding = Buffer.concat([String(match), String(g + 1), ...players].map((s) => lp(Buffer.from(s, 'utf8'))).concat(lp(anchor)));
    return { rolls: Array.from({ length }, (_, i) => diceV2Roll(key, binding, i + 1)) };
  });
  const record = {
    scheme: 'dice_v2', serverSeed, seal: sha256(key).toString('hex'), sealedAt: ROUND_TIME - 60,
    match, players, drandRound: ROUND.number, drandSignature: ROUND.signature, games,
  };
  return { name: `server-${label}`, record, expect: { status: 'match' } };
}

// SPEC §3: a free round of the shoe, and a tournament hand.
function shoeRound(label, { clientSeed, nonce, tournamentId, hand }, decks, dealt) {
  const serverSeed = detHex(`operator:shoe_v1:${label}`, 32);
  const shoe = tournamentId === undefined
    ? deal(serverSeed, clientSeed, nonce, decks, 0.75)
    : deal(serverSeed, `${tournamentId}:${hand}`, hand, decks, 0.75);
  const record = {
    scheme: 'shoe_v1', serverSeed, commitment: shoeCommitment(serverSeed),
    ...(tournamentId === undefined ? { clientSeed, nonce } : { tournamentId, hand }),
    decks, penetration: 0.75, cards: shoe.cards.slice(0, dealt), cut: shoe.cut,
  };
  return { name: `server-${label}`, record, expect: { status: 'match' } };
}

// SPEC §4: a backgammon match's seat order and dice (opening throw first).
function backgammon(label, throws) {
  const serverSeed = detString(`operator:match_seed_v2:${label}`, 40, SEED_CHARS);
  const clientSeeds = [0, 1].map((i) => detString(`operator:match_seed_v2:${label}:${i}`, detInt(`operator:len:${label}:${i}`, 8, 24), SEED_CHARS));
  const matchId = `m-${detHex(`operator:match_seed_v2:${label}:id`, 5)}`;
  const seeds = clientSeeds.map((s, i) => `${i}=${s}`).join(',');
  const draw = stream(serverSeed, `pf2:backgammon:${matchId}:${seeds}:`);
  const seats = draw.shuffle([0, 1]);
  const dice = Array.from({ length: 2 * throws }, () => draw.die());
  const record = {
    scheme: 'match_seed_v2', game: 'backgammon', matchId, serverSeed,
    commitment: sha256(serverSeed).toString('hex'), clientSeeds, seats, dice,
  };
  return { name: `server-${label}`, record, expect: { status: 'match' } };
}

// SPEC §6: who plays White, A against B.
function chessColours(label) {
  const [seedA, seedB] = ['a', 'b'].map((x) => detHex(`operator:chess:${label}:${x}`, 32));
  const [clientA, clientB] = ['a', 'b'].map((x) => detString(`operator:chess:${label}:client:${x}`, 20, SEED_CHARS));
  const [commitA, commitB] = [seedA, seedB].map((s) => sha256(s).toString('hex'));
  const m = (k) => `cc1:${commitA}:${commitB}:0=${clientA},1=${clientB}:${k}`;
  let k = 0;
  const draw = drawer(() => {
    const w = word(seedA, m(k)) ^ word(seedB, m(k));
    k++;
    return w;
  });
  const colour = draw.int(2) === 0 ? 'white' : 'black';
  const record = { scheme: 'chess_colour_v1', seedA, commitA, clientA, seedB, commitB, clientB, colourA: colour };
  return { name: `server-${label}`, record, expect: { status: 'match' } };
}

const files = {
  dice_v1: [diceV1Match('match-1001', 2, [31]), diceV1Match('match-1002-three-games', 2, [24, 30, 19]), diceV1Match('offline-2001', 1, [40])],
  dice_v2: [diceV2Match('match-7', 7, ['alice', 'bob'], [14, 11])],
  shoe_v1: [shoeRound('table-4-round-12', { clientSeed: 'table-4', nonce: 12 }, 6, 40), shoeRound('cup-hand-3', { tournamentId: 'winter-cup', hand: 3 }, 2, 25)],
  match_seed_v2: [backgammon('backgammon-5001', 12)],
  chess_colour_v1: [chessColours('game-6001'), chessColours('game-6002')],
};

mkdirSync(out, { recursive: true });
for (const [scheme, cases] of Object.entries(files)) {
  writeFileSync(join(out, `${scheme}.json`), formatJSON({ scheme, generator: 'testdata/gen/operator.mjs', cases }));
}
