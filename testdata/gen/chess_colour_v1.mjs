// Generates testdata/vectors/chess_colour_v1.json: who plays White (seed 004,
// SPEC.md §6), against another player and against a bot. Written from the
// SPEC and the seed's Node code, not from the Go code. Deterministic.
//
// Run: node testdata/gen/chess_colour_v1.mjs

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detHex, detInt, detString, writeVectorFile } from './lib.mjs';
import { drawer, sha256hex, word } from './pf2lib.mjs';

const SCHEME = 'chess_colour_v1';
const OUT = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'vectors', SCHEME + '.json');
const SEED_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** seedB null: a bot (no server seed, empty client seed). */
function colourA(seedA, clientA, seedB, clientB) {
  const commitA = sha256hex(seedA);
  const commitB = seedB === null ? null : sha256hex(seedB);
  const m = (k) => 'cc1:' + commitA + ':' + (commitB || '-') + ':0=' + clientA + ',1=' + clientB + ':' + k;
  let k = 0;
  const next = () => {
    const msg = m(k++);
    return seedB === null ? word(seedA, msg) : word(seedA, msg) ^ word(seedB, msg);
  };
  return drawer(next).int(2) === 0 ? 'white' : 'black';
}

const cases = [];
const add = (name, rec, expect) => cases.push({ name, record: rec, expect });
const client = (label) => detString(label, detInt(label + ':len', 8, 32), SEED_CHARS);

// 1. Against another player: both seeds committed, both colours occur.
const seen = { white: 0, black: 0 };
for (let i = 0; seen.white < 4 || seen.black < 4; i++) {
  const seedA = detHex(`pvp:${i}:A`, 32);
  const seedB = detHex(`pvp:${i}:B`, 32);
  const clientA = client(`pvp:${i}:clientA`);
  const clientB = client(`pvp:${i}:clientB`);
  const c = colourA(seedA, clientA, seedB, clientB);
  if (seen[c] >= 4) continue;
  seen[c]++;
  add(`player-${i}-a-${c}`, {
    scheme: SCHEME, seedA, commitA: sha256hex(seedA), clientA, seedB, commitB: sha256hex(seedB), clientB, colourA: c,
  }, {
    scheme: SCHEME, status: 'match', errors: [], mismatches: [], colourA: c, bot: false,
    commitment: { computed: sha256hex(seedA), given: sha256hex(seedA), matches: true },
    commitmentB: { computed: sha256hex(seedB), given: sha256hex(seedB), matches: true },
  });
}

// 2. Against a bot: no seedB, clientB absent or empty, "-" in the message.
const seenBot = { white: 0, black: 0 };
for (let i = 0; seenBot.white < 3 || seenBot.black < 3; i++) {
  const seedA = detHex(`bot:${i}:A`, 32);
  const clientA = client(`bot:${i}:clientA`);
  const c = colourA(seedA, clientA, null, '');
  if (seenBot[c] >= 3) continue;
  seenBot[c]++;
  const rec = { scheme: SCHEME, seedA, commitA: sha256hex(seedA), clientA, colourA: c };
  if (i % 2) rec.clientB = '';
  add(`bot-${i}-a-${c}`, rec, {
    scheme: SCHEME, status: 'match', errors: [], mismatches: [], colourA: c, bot: true,
    commitment: { computed: sha256hex(seedA), given: sha256hex(seedA), matches: true },
  });
}

// 3. Seeds as UTF-8 strings; an empty client seed for a human B; a key longer
//    than the HMAC block; nothing recorded to compare.
{
  const seedA = 'šakki-ユニコード';
  const seedB = detHex('long-B', 80);
  const clientA = 'ä:b,c=d';
  const c = colourA(seedA, clientA, seedB, '');
  add('utf8-seed-long-seed-empty-client-b-computed', { scheme: SCHEME, seedA, clientA, seedB }, {
    status: 'computed', mismatches: [], colourA: c, bot: false,
    commitment: { computed: sha256hex(seedA) }, commitmentB: { computed: sha256hex(seedB) },
  });
}

// 4. Mismatches.
{
  const seedA = detHex('mis:A', 32);
  const seedB = detHex('mis:B', 32);
  const clientA = client('mis:clientA');
  const clientB = client('mis:clientB');
  const c = colourA(seedA, clientA, seedB, clientB);
  const other = c === 'white' ? 'black' : 'white';
  const rec = { scheme: SCHEME, seedA, clientA, seedB, clientB };
  add('colour-recorded-wrong', { ...rec, colourA: other }, {
    status: 'mismatch', colourA: c, mismatches: [{ index: 1, computed: c, recorded: other }],
  });
  const wrongA = sha256hex(seedA + '\n');
  add('commit-a-wrong', { ...rec, commitA: wrongA, colourA: c }, {
    status: 'mismatch', colourA: c, mismatches: [],
    commitment: { computed: sha256hex(seedA), given: wrongA, matches: false },
  });
  const wrongB = sha256hex(seedA);
  add('commit-b-wrong', { ...rec, commitB: wrongB.toUpperCase(), colourA: c }, {
    status: 'mismatch', colourA: c, mismatches: [],
    commitmentB: { computed: sha256hex(seedB), given: wrongB, matches: false },
  });
  // The roles matter: swapping A and B (and their client seeds) is another message.
  const swapped = colourA(seedB, clientB, seedA, clientA);
  add('roles-swapped', { scheme: SCHEME, seedA: seedB, clientA: clientB, seedB: seedA, clientB: clientA }, {
    status: 'computed', colourA: swapped,
  });
  // A bot game recorded as if B had played: another message ("-" and no seed B).
  const vsBot = colourA(seedA, clientA, null, '');
  add('same-seed-against-bot', { scheme: SCHEME, seedA, clientA }, { status: 'computed', colourA: vsBot, bot: true });
}

// 5. Bad input.
const err = (field, code, at) => (at ? { field, code, at } : { field, code });
const base = () => ({ scheme: SCHEME, seedA: 'a', clientA: 'b', seedB: 'c', clientB: 'd' });
const invalid = (name, change, errors) => {
  const rec = base();
  change(rec);
  add(name, rec, { scheme: SCHEME, status: 'invalid', errors, mismatches: [] });
};
invalid('seed-a-missing', (r) => delete r.seedA, [err('seedA', 'missing')]);
invalid('seed-a-wrong-type', (r) => { r.seedA = 1; }, [err('seedA', 'wrong-type')]);
invalid('seed-a-too-long', (r) => { r.seedA = 'a'.repeat(257); }, [err('seedA', 'too-long')]);
invalid('commit-a-not-hex', (r) => { r.commitA = 'x'.repeat(64); }, [err('commitA', 'not-hex')]);
invalid('commit-a-wrong-type', (r) => { r.commitA = 64; }, [err('commitA', 'wrong-type')]);
invalid('commit-a-short', (r) => { r.commitA = 'a'.repeat(32); }, [err('commitA', 'wrong-length')]);
invalid('client-a-missing', (r) => { r.clientA = ''; }, [err('clientA', 'missing')]);
invalid('client-a-too-long', (r) => { r.clientA = 'é'.repeat(129); }, [err('clientA', 'too-long')]);
invalid('seed-b-wrong-type', (r) => { r.seedB = true; }, [err('seedB', 'wrong-type')]);
invalid('seed-b-too-long', (r) => { r.seedB = 'b'.repeat(257); }, [err('seedB', 'too-long')]);
invalid('commit-b-without-seed-b', (r) => { delete r.seedB; delete r.clientB; r.commitB = 'a'.repeat(64); }, [err('seedB', 'missing')]);
invalid('commit-b-not-hex', (r) => { r.commitB = 'x'.repeat(64); }, [err('commitB', 'not-hex')]);
invalid('commit-b-wrong-type', (r) => { r.commitB = ['a'.repeat(64)]; }, [err('commitB', 'wrong-type')]);
invalid('commit-b-wrong-length', (r) => { r.commitB = 'a'.repeat(65); }, [err('commitB', 'wrong-length')]);
invalid('client-b-for-bot', (r) => { delete r.seedB; }, [err('clientB', 'unexpected')]);
invalid('client-b-wrong-type', (r) => { r.clientB = 3; }, [err('clientB', 'wrong-type')]);
invalid('client-b-too-long', (r) => { r.clientB = 'd'.repeat(257); }, [err('clientB', 'too-long')]);
invalid('colour-capitalised', (r) => { r.colourA = 'White'; }, [err('colourA', 'bad-colour')]);
invalid('colour-red', (r) => { r.colourA = 'red'; }, [err('colourA', 'bad-colour')]);
invalid('colour-wrong-type', (r) => { r.colourA = 0; }, [err('colourA', 'wrong-type')]);
invalid('several-fields-in-order', (r) => {
  r.seedA = ''; r.commitA = 'g'; r.clientA = 2; delete r.seedB; r.commitB = 'a'.repeat(64); r.colourA = 'w';
}, [
  err('seedA', 'missing'), err('commitA', 'not-hex'), err('clientA', 'wrong-type'), err('seedB', 'missing'),
  err('colourA', 'bad-colour'),
]);

// 6. Links as the games page reads them (tablegames.md, "Link"): link →
//    pfcheck.parseLink(link, "games"), then check on its record. Every chess
//    value is text: percent-encoded, decoded once.
{
  const link = (name, fragment, expect) => cases.push({ name: `link-${name}`, link: fragment, format: 'games', expect });
  const fragment = (rec) => '#v=1&scheme=' + SCHEME + Object.entries(rec).filter(([k]) => k !== 'scheme')
    .map(([k, v]) => `&${k}=${encodeURIComponent(v)}`).join('');
  for (const name of ['player-0-a-black', 'bot-0-a-white', 'utf8-seed-long-seed-empty-client-b-computed']) {
    const c = cases.find((x) => x.name === name);
    if (!c) continue;
    link(name, fragment(c.record) + '&later=1', { ...c.expect, record: c.record });
  }
  // An empty value is an absent key: a bot's link with player B's keys empty.
  const bot = cases.find((x) => x.name === 'bot-0-a-white');
  link('empty-values-are-absent', fragment(bot.record) + '&seedB=&commitB=&clientB=', { ...bot.expect, record: bot.record });
  const c = cases.find((x) => x.name.startsWith('player-'));
  const good = fragment(c.record);
  const inv = (...errors) => ({ status: 'invalid', errors: errors.map(([field, code]) => ({ field, code })) });
  link('lowercase-escapes', '#v=1&scheme=' + SCHEME + `&seedA=${c.record.seedA}&clientA=%c3%a4%3a+`, { record: { seedA: c.record.seedA, clientA: 'ä:+' } });
  link('unknown-scheme-unsupported', '#v=1&scheme=chess_colour_v9&seedA=a', {
    status: 'unsupported', record: { scheme: 'chess_colour_v9' }, errors: [{ field: 'scheme', code: 'unknown-scheme' }],
  });
  link('seed-a-twice', good + '&seedA=00', inv(['seedA', 'duplicate']));
  link('key-of-another-scheme-twice', good + '&deck=a&deck=b', inv(['deck', 'duplicate']));
  link('version-twice', good + '&v=1', inv(['link', 'duplicate']));
  link('no-version', good.replace('v=1&', ''), inv(['link', 'missing-version']));
  link('newer-version', good.replace('v=1', 'v=2'), inv(['link', 'newer-version']));
  link('part-without-equals', good + '&oops', inv(['link', 'malformed']));
  link('no-scheme', good.replace('scheme=' + SCHEME, 'scheme='), inv(['scheme', 'missing']));
  link('scheme-bad-escape', good.replace('scheme=' + SCHEME, 'scheme=%ZZ'), inv(['scheme', 'bad-escape']));
  link('seed-a-bad-escape', good.replace('&seedA=', '&seedA=%E0%A4%Z'), inv(['seedA', 'bad-escape']));
  link('client-a-not-utf8', good.replace('&clientA=', '&clientA=%FF'), inv(['clientA', 'bad-escape']));
}

// The page runs one case for every path (lib.mjs, markPageCases); these
// take a path no label names.
const pageKeep = {
  'colour-recorded-wrong': 'a recorded colour that differs',
};
writeVectorFile(OUT, { scheme: SCHEME, generator: 'testdata/gen/chess_colour_v1.mjs', cases }, { page: { keep: pageKeep } });
