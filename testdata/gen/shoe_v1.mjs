// Writes testdata/vectors/shoe_v1.json: test vectors for the card shoe of
// seed 003, written from SPEC.md §3 and the seed page — not from the Go code.
//
//   node testdata/gen/shoe_v1.mjs [output file]
//
// Deterministic: every seed and client seed is derived from SHA-256 of a
// label, never from Math.random. The generator asserts that the vectors
// exercise what they claim (a multi-byte read spanning two HMAC blocks, a
// rejected read, a rejected read that spans two blocks, both clamps of the
// cut card), so a change that loses them fails here.

import { createHash, createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { markPageCases } from "./lib.mjs";
import { Stream, commitment, deal, orderedShoe, tournament } from "./shoelib.mjs";

const SCHEME = "shoe_v1";
const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, "..", "vectors", `${SCHEME}.json`);

function assert(cond, what) {
  if (!cond) throw new Error(`assertion failed: ${what}`);
}

const sha256hex = (data) => createHash("sha256").update(data).digest("hex");

// A 32-byte server seed as 64 lowercase hex digits, derived from a label.
const seedFor = (label) => sha256hex(`shoe_v1 vectors seed ${label}`);

// --- cases --------------------------------------------------------------

const cases = [];
const names = new Set();
function add(name, input, expect) {
  assert(!names.has(name), `unique case name ${name}`);
  names.add(name);
  cases.push({ name, ...input, expect });
}

// A computed case: the record and what check must return. recordOnly fields
// (commitment, cards, cut) are added by the caller.
function dealFor(rec) {
  const { clientSeed, nonce } =
    rec.tournamentId !== undefined ? tournament(rec.tournamentId, rec.hand) : rec;
  return deal(rec.serverSeed, clientSeed, nonce, rec.decks, rec.penetration);
}

function computedExpect(rec, d, extra = {}) {
  const { clientSeed, nonce } =
    rec.tournamentId !== undefined ? tournament(rec.tournamentId, rec.hand) : rec;
  return {
    status: "computed",
    errors: [],
    mismatches: [],
    commitment: { computed: commitment(rec.serverSeed), matches: false },
    cards: d.cards,
    cut: d.cut,
    clientSeed,
    nonce,
    ...extra,
  };
}

const free = (label, nonce, decks, penetration, more = {}) => ({
  scheme: SCHEME,
  serverSeed: seedFor(label),
  clientSeed: `player-${sha256hex(`client ${label}`).slice(0, 12)}`,
  nonce,
  decks,
  penetration,
  ...more,
});

const seen = { rejected: 0, rejectedMulti: 0, clampLow: 0, clampHigh: 0, unclamped: 0 };
function tally(d) {
  assert(d.stats.spanning === 0, "no read in a shoe spans two blocks");
  seen.rejected += d.stats.rejected;
  seen.rejectedMulti += d.stats.rejectedMulti;
  if (d.raw < d.lo) seen.clampLow++;
  else if (d.raw > d.hi) seen.clampHigh++;
  else seen.unclamped++;
}

// 1. Every deck count 1..8, penetrations 0.5–0.9: the whole shoe and the cut.
const grid = [
  [1, 0.5], [1, 0.75], [1, 0.9],
  [2, 0.5], [2, 0.65], [2, 0.8],
  [3, 0.7], [4, 0.75], [5, 0.8],
  [6, 0.5], [6, 0.75], [6, 0.85],
  [7, 0.6], [8, 0.5], [8, 0.7], [8, 0.9],
];
grid.forEach(([decks, pen], i) => {
  const rec = free(`grid ${decks} ${pen}`, i + 1, decks, pen);
  const d = dealFor(rec);
  tally(d);
  assert(d.cards.length === 52 * decks, "shoe size");
  add(`decks${decks}-pen${pen}`, { record: rec }, computedExpect(rec, d));
});

// 2. Edges of penetration (open interval) and of the nonce.
for (const [name, decks, pen, nonce] of [
  ["decks1-pen-tiny-clamped-low", 1, 1e-9, 0],
  ["decks8-pen0.01-clamped-low", 8, 0.01, 7],
  ["decks1-pen0.99-clamped-high", 1, 0.99, 2 ** 50],
  ["decks6-pen0.999999-clamped-high", 6, 0.999999, 123456789],
]) {
  const rec = free(name, nonce, decks, pen);
  const d = dealFor(rec);
  tally(d);
  add(name, { record: rec }, computedExpect(rec, d));
}

// 3. Reads that span two HMAC blocks, and rejected reads.
//
// In a shoe (at most 416 cards) every 2-byte index read comes before every
// 1-byte one: Fisher–Yates from the top needs n = total, total-1, …, and n > 256
// only at the start. Those reads start at byte 0 of the stream and take 2
// bytes each (rejected ones too), so they sit at even offsets of the 32-byte
// blocks and never span two blocks; the cut card's index is 1 byte. A shoe
// therefore cannot exercise a read spanning blocks — asserted below for every
// shoe in this file. The stream cases exercise it directly: a sequence of
// index reads ("reads": the n of each read, in order) over the same byte
// stream, and the indices they return.
{
  // First, a real 8-deck shoe in which a 2-byte read is rejected.
  let found = null;
  for (let i = 0; i < 1000 && !found; i++) {
    const rec = free(`rejected two-byte ${i}`, i, 8, 0.75);
    const d = dealFor(rec);
    if (d.stats.rejectedMulti > 0) found = { rec, d };
  }
  assert(found, "found an 8-deck shoe with a rejected 2-byte read");
  const { rec, d } = found;
  assert(d.stats.rejectedMulti > 0 && d.stats.rejected > d.stats.rejectedMulti, "rejected 2-byte and 1-byte reads");
  tally(d);
  add("decks8-rejected-two-byte-read", { record: rec }, computedExpect(rec, d));

  // Then the stream itself: 1-byte reads shift the offset so that 2- and
  // 3-byte reads start at the last byte(s) of a block. n = 40000 rejects
  // x >= 40000 (39% of 2-byte values); n = 10^7 rejects 40% of 3-byte ones.
  const pattern = [];
  for (let i = 0; i < 40; i++) pattern.push(52, 40000, 10000000);
  let streams = 0;
  for (let i = 0; streams < 2 && i < 1000; i++) {
    const serverSeed = seedFor(`stream ${i}`);
    const clientSeed = `stream-${i}`;
    const s = new Stream(serverSeed, clientSeed, i);
    const indices = pattern.map((n) => s.index(n));
    indices.forEach((x, j) => assert(x >= 0 && x < pattern[j], "index in range"));
    if (s.stats.rejectedSpanning === 0 || s.stats.acceptedSpanning === 0) continue;
    streams++;
    add(`stream-spanning-and-rejected-${streams}`,
      { stream: { serverSeed, clientSeed, nonce: i, reads: pattern } }, { indices });
  }
  assert(streams === 2, "two stream cases with a rejected read spanning two blocks");
  // A short stream whose first block ends inside a 2-byte read: 31 one-byte
  // reads of n = 256 (never rejected: 256 divides 256), then n = 65536.
  {
    const serverSeed = seedFor("stream boundary");
    const s = new Stream(serverSeed, "boundary", 1);
    const reads = [...Array(31).fill(256), 65536, 65536, 2];
    const indices = reads.map((n) => s.index(n));
    assert(s.stats.spanning === 1 && s.stats.rejected === 0, "exactly one spanning read");
    // 256-ary reads return the bytes themselves: compare with the raw blocks.
    const b0 = createHmac("sha256", serverSeed).update("boundary:1:0").digest();
    const b1 = createHmac("sha256", serverSeed).update("boundary:1:1").digest();
    assert(indices[31] === b0[31] * 256 + b1[0], "spanning read = last byte of block 0, first of block 1");
    add("stream-two-byte-read-across-block-0-1", { stream: { serverSeed, clientSeed: "boundary", nonce: 1, reads } }, { indices });
  }
}

// 4. Tournament hands: the same seed, hands 0, 1, 2 and 1000; hand h equals
// a free round with clientSeed = id + ":" + h and nonce = h.
{
  const serverSeed = seedFor("tournament");
  const tournamentId = "spring-cup-2024";
  for (const [hand, decks, pen] of [[0, 6, 0.75], [1, 6, 0.75], [2, 6, 0.75], [1000, 1, 0.5]]) {
    const rec = { scheme: SCHEME, serverSeed, tournamentId, hand, decks, penetration: pen };
    const d = dealFor(rec);
    tally(d);
    add(`tournament-hand${hand}-decks${decks}`, { record: rec }, computedExpect(rec, d));
    const same = { scheme: SCHEME, serverSeed, clientSeed: `${tournamentId}:${hand}`, nonce: hand, decks, penetration: pen };
    const d2 = dealFor(same);
    assert(JSON.stringify(d2.cards) === JSON.stringify(d.cards) && d2.cut === d.cut, "tournament = free round");
    if (hand === 1) add(`tournament-hand1-as-free-round`, { record: same }, computedExpect(same, d2));
  }
  // The hands differ from each other.
  const a = dealFor({ serverSeed, tournamentId, hand: 0, decks: 6, penetration: 0.75 });
  const b = dealFor({ serverSeed, tournamentId, hand: 1, decks: 6, penetration: 0.75 });
  assert(a.cards.join() !== b.cards.join(), "hands differ");

  // A played tournament hand: the first 12 cards, matching.
  const rec = { scheme: SCHEME, serverSeed, commitment: commitment(serverSeed), tournamentId, hand: 2, decks: 6, penetration: 0.75 };
  const d = dealFor(rec);
  add("tournament-hand2-prefix-match", { record: { ...rec, cards: d.cards.slice(0, 12) } },
    { ...computedExpect(rec, d), status: "match", commitment: { computed: rec.commitment, given: rec.commitment, matches: true } });
}

// 5. The key is the seed's hex TEXT; the commitment hashes the decoded BYTES.
{
  const rec = free("key text", 5, 2, 0.75);
  const d = dealFor(rec);
  // Keying with the decoded bytes gives another shoe: the asymmetry matters.
  const byBytes = createHmac("sha256", Buffer.from(rec.serverSeed, "hex")).update(`${rec.clientSeed}:5:0`).digest("hex");
  const byText = createHmac("sha256", Buffer.from(rec.serverSeed, "utf8")).update(`${rec.clientSeed}:5:0`).digest("hex");
  assert(byBytes !== byText, "key text and key bytes differ");
  assert(commitment(rec.serverSeed) !== sha256hex(rec.serverSeed), "commitment of bytes, not text");
  add("key-is-hex-text", { record: rec }, computedExpect(rec, d));
  // Upper and mixed case seeds name the same 32 bytes, hence the same
  // canonical (lowercase) key text and the same shoe.
  const upper = { ...rec, serverSeed: rec.serverSeed.toUpperCase() };
  add("seed-uppercase-same-shoe", { record: upper }, computedExpect(rec, d));
  const mixed = { ...rec, serverSeed: rec.serverSeed.slice(0, 32).toUpperCase() + rec.serverSeed.slice(32) };
  add("seed-mixed-case-same-shoe", { record: mixed }, computedExpect(rec, d));
}

// 6. Client seeds are any UTF-8 text, ":" included.
{
  const rec = { ...free("utf8", 3, 1, 0.75), clientSeed: "Spieler:Ω 🂡 ä" };
  const d = dealFor(rec);
  add("client-seed-utf8-with-colon", { record: rec }, computedExpect(rec, d));
  const long = { ...free("long", 4, 1, 0.75), clientSeed: "x".repeat(256) };
  add("client-seed-256-bytes", { record: long }, computedExpect(long, dealFor(long)));
}

// 7. Recorded cards, cut and commitment: match and every kind of mismatch.
{
  const rec = free("recorded", 42, 2, 0.75);
  const d = dealFor(rec);
  const c = commitment(rec.serverSeed);
  const base = computedExpect(rec, d);
  const committed = { computed: c, given: c, matches: true };

  add("recorded-whole-shoe-match", { record: { ...rec, commitment: c, cards: d.cards, cut: d.cut } },
    { ...base, status: "match", commitment: committed, cutMatches: true });
  add("recorded-one-card-match", { record: { ...rec, cards: d.cards.slice(0, 1) } }, { ...base, status: "match" });
  add("recorded-prefix-match", { record: { ...rec, cards: d.cards.slice(0, 9) } }, { ...base, status: "match" });
  add("commitment-uppercase-match", { record: { ...rec, commitment: c.toUpperCase() } },
    { ...base, status: "computed", commitment: committed });
  add("cut-only-match", { record: { ...rec, cut: d.cut } }, { ...base, status: "match", cutMatches: true });

  // One changed card: the mismatch at exactly that position, 0-based.
  const other = (card) => d.cards.find((x) => x !== card);
  for (const at of [0, 5, d.cards.length - 1]) {
    const cards = d.cards.slice();
    cards[at] = other(cards[at]);
    add(`one-card-changed-at-${at}`, { record: { ...rec, cards } },
      { ...base, status: "mismatch", mismatches: [{ index: at, recorded: cards[at], computed: d.cards[at] }] });
  }
  // Two adjacent cards swapped: both positions.
  {
    const cards = d.cards.slice(0, 10);
    let i = 3;
    while (cards[i] === cards[i + 1]) i++;
    [cards[i], cards[i + 1]] = [cards[i + 1], cards[i]];
    add("two-cards-swapped", { record: { ...rec, cards } }, {
      ...base, status: "mismatch",
      mismatches: [
        { index: i, recorded: cards[i], computed: d.cards[i] },
        { index: i + 1, recorded: cards[i + 1], computed: d.cards[i + 1] },
      ],
    });
  }
  add("cut-differs", { record: { ...rec, cut: d.cut + 1 } }, { ...base, status: "mismatch", cutMatches: false, mismatches: [] });
  const wrongC = sha256hex("not the seed");
  add("commitment-differs", { record: { ...rec, commitment: wrongC, cards: d.cards.slice(0, 4) } },
    { ...base, status: "mismatch", commitment: { computed: c, given: wrongC, matches: false }, mismatches: [] });
  // Recorded cards as players paste them: normalised before comparing.
  const loose = d.cards.slice(0, 8).map((x, i) => {
    const r = x[0] === "T" ? "10" : x[0];
    const s = { S: "♠", H: "♥", D: "♦", C: "♣" }[x[1]];
    return i % 2 ? (r + x[1]).toLowerCase() : r + s;
  });
  add("recorded-loose-card-names", { record: { ...rec, cards: loose } }, { ...base, status: "match" });
  // A loose name that differs is shown in canonical form.
  const looseBad = loose.slice();
  const swapIn = other(d.cards[2]);
  looseBad[2] = swapIn.toLowerCase();
  add("recorded-loose-card-differs", { record: { ...rec, cards: looseBad } },
    { ...base, status: "mismatch", mismatches: [{ index: 2, recorded: swapIn, computed: d.cards[2] }] });
  add("cards-empty-list-is-absent", { record: { ...rec, cards: [] } }, { ...base, status: "computed" });
}

// 8. Malformed records: exact error lists.
{
  const ok = free("errors", 9, 1, 0.75);
  const inv = (errors) => ({ status: "invalid", errors });
  const e = (field, code, at) => (at ? { field, code, at } : { field, code });
  const without = (rec, ...keys) => Object.fromEntries(Object.entries(rec).filter(([k]) => !keys.includes(k)));
  const bad = [
    ["serverSeed-missing", without(ok, "serverSeed"), [e("serverSeed", "missing")]],
    ["serverSeed-empty", { ...ok, serverSeed: "" }, [e("serverSeed", "missing")]],
    ["serverSeed-number", { ...ok, serverSeed: 12 }, [e("serverSeed", "wrong-type")]],
    ["serverSeed-not-hex", { ...ok, serverSeed: "g" + ok.serverSeed.slice(1) }, [e("serverSeed", "not-hex")]],
    ["serverSeed-62-digits", { ...ok, serverSeed: ok.serverSeed.slice(2) }, [e("serverSeed", "wrong-length")]],
    ["serverSeed-63-digits", { ...ok, serverSeed: ok.serverSeed.slice(1) }, [e("serverSeed", "wrong-length")]],
    ["serverSeed-66-digits", { ...ok, serverSeed: ok.serverSeed + "00" }, [e("serverSeed", "wrong-length")]],
    ["serverSeed-spaces", { ...ok, serverSeed: ` ${ok.serverSeed}` }, [e("serverSeed", "not-hex")]],
    ["commitment-number", { ...ok, commitment: 5 }, [e("commitment", "wrong-type")]],
    ["commitment-not-hex", { ...ok, commitment: "x".repeat(64) }, [e("commitment", "not-hex")]],
    ["commitment-short", { ...ok, commitment: "ab".repeat(31) }, [e("commitment", "wrong-length")]],
    ["clientSeed-number", { ...ok, clientSeed: 7 }, [e("clientSeed", "wrong-type")]],
    ["clientSeed-257-bytes", { ...ok, clientSeed: "x".repeat(257) }, [e("clientSeed", "too-long")]],
    ["clientSeed-too-long-utf8", { ...ok, clientSeed: "ä".repeat(129) }, [e("clientSeed", "too-long")]],
    ["nonce-string", { ...ok, nonce: "9" }, [e("nonce", "wrong-type")]],
    ["nonce-fraction", { ...ok, nonce: 1.5 }, [e("nonce", "wrong-type")]],
    ["nonce-negative", { ...ok, nonce: -1 }, [e("nonce", "out-of-range")]],
    ["nonce-above-2^50", { ...ok, nonce: 2 ** 50 + 2 }, [e("nonce", "wrong-type")]],
    ["nonce-missing", without(ok, "nonce"), [e("nonce", "missing")]],
    ["clientSeed-missing", without(ok, "clientSeed"), [e("clientSeed", "missing")]],
    ["neither-round-nor-tournament", without(ok, "clientSeed", "nonce"), [e("clientSeed", "missing"), e("nonce", "missing")]],
    ["both-round-and-tournament", { ...ok, tournamentId: "cup", hand: 1 }, [e("tournamentId", "conflict")]],
    ["nonce-and-hand", without({ ...ok, hand: 1 }, "clientSeed"), [e("clientSeed", "missing"), e("hand", "conflict")]],
    ["tournament-hand-missing", { ...without(ok, "clientSeed", "nonce"), tournamentId: "cup" }, [e("hand", "missing")]],
    ["tournament-id-missing", { ...without(ok, "clientSeed", "nonce"), hand: 3 }, [e("tournamentId", "missing")]],
    ["tournament-id-number", { ...without(ok, "clientSeed", "nonce"), tournamentId: 5, hand: 3 }, [e("tournamentId", "wrong-type")]],
    ["tournament-id-too-long", { ...without(ok, "clientSeed", "nonce"), tournamentId: "t".repeat(257), hand: 3 }, [e("tournamentId", "too-long")]],
    ["tournament-hand-negative", { ...without(ok, "clientSeed", "nonce"), tournamentId: "cup", hand: -2 }, [e("hand", "out-of-range")]],
    ["tournament-hand-string", { ...without(ok, "clientSeed", "nonce"), tournamentId: "cup", hand: "2" }, [e("hand", "wrong-type")]],
    ["decks-missing", without(ok, "decks"), [e("decks", "missing")]],
    ["decks-0", { ...ok, decks: 0 }, [e("decks", "out-of-range")]],
    ["decks-9", { ...ok, decks: 9 }, [e("decks", "out-of-range")]],
    ["decks-fraction", { ...ok, decks: 2.5 }, [e("decks", "wrong-type")]],
    ["decks-string", { ...ok, decks: "6" }, [e("decks", "wrong-type")]],
    ["penetration-missing", without(ok, "penetration"), [e("penetration", "missing")]],
    ["penetration-0", { ...ok, penetration: 0 }, [e("penetration", "out-of-range")]],
    ["penetration-1", { ...ok, penetration: 1 }, [e("penetration", "out-of-range")]],
    ["penetration-negative", { ...ok, penetration: -0.5 }, [e("penetration", "out-of-range")]],
    ["penetration-75", { ...ok, penetration: 75 }, [e("penetration", "out-of-range")]],
    ["penetration-string", { ...ok, penetration: "0.75" }, [e("penetration", "wrong-type")]],
    ["cards-string", { ...ok, cards: "AS TD" }, [e("cards", "wrong-type")]],
    ["cards-item-number", { ...ok, cards: ["AS", 10] }, [e("cards", "wrong-type", 2)]],
    ["cards-unknown-card", { ...ok, cards: ["AS", "TD", "1S"] }, [e("cards", "unknown-card", 3)]],
    ["cards-unknown-suit", { ...ok, cards: ["AX"] }, [e("cards", "unknown-card", 1)]],
    ["cards-empty-item", { ...ok, cards: ["AS", ""] }, [e("cards", "unknown-card", 2)]],
    ["cards-item-with-space", { ...ok, cards: ["AS TD"] }, [e("cards", "unknown-card", 1)]],
    ["cards-53-of-1-deck", { ...ok, cards: Array(53).fill("AS") }, [e("cards", "too-many")]],
    ["cards-417-of-bad-decks", { ...ok, decks: 0, cards: Array(417).fill("AS") }, [e("decks", "out-of-range"), e("cards", "too-many")]],
    ["cut-string", { ...ok, cut: "30" }, [e("cut", "wrong-type")]],
    ["cut-negative", { ...ok, cut: -1 }, [e("cut", "out-of-range")]],
    ["cut-past-shoe", { ...ok, cut: 53 }, [e("cut", "out-of-range")]],
    ["everything-wrong", {
      scheme: SCHEME, serverSeed: "abc", commitment: "zz", clientSeed: ["a"], nonce: -3,
      decks: 12, penetration: 1.2, cards: ["AS", "ZZ"], cut: 1.5,
    }, [
      e("serverSeed", "wrong-length"), e("commitment", "not-hex"), e("clientSeed", "wrong-type"),
      e("nonce", "out-of-range"), e("decks", "out-of-range"), e("penetration", "out-of-range"),
      e("cards", "unknown-card", 2), e("cut", "wrong-type"),
    ]],
  ];
  for (const [name, rec, errors] of bad) add(`invalid-${name}`, { record: rec }, inv(errors));

  // Edge values that are valid.
  const edge = [
    ["nonce-0", { ...ok, nonce: 0 }],
    ["decks-8-cut-0", { ...ok, decks: 8, cut: 0 }],
    ["cut-equals-total", { ...ok, cut: 52 }],
  ];
  for (const [name, rec] of edge) {
    const d = dealFor(rec);
    const ex = computedExpect(rec, d);
    if (rec.cut !== undefined) Object.assign(ex, { status: rec.cut === d.cut ? "match" : "mismatch", cutMatches: rec.cut === d.cut });
    add(`edge-${name}`, { record: rec }, ex);
  }
}

// 9. Card lists as players paste them: cardsText → parseCards.
{
  const text = (name, cardsText, expect) => add(`text-${name}`, { cardsText }, expect);
  const ok = (cards) => ({ cards });
  const err = (code, at) => ({ errors: [at ? { field: "cards", code, at } : { field: "cards", code }] });
  text("spaces", "AS TD 9H", ok(["AS", "TD", "9H"]));
  text("commas", "AS,TD,9H", ok(["AS", "TD", "9H"]));
  text("comma-space", "AS, TD, 9H", ok(["AS", "TD", "9H"]));
  text("lines-and-tabs", "AS\r\nTD\t9H\n\n", ok(["AS", "TD", "9H"]));
  text("lowercase", "as td 9h kc", ok(["AS", "TD", "9H", "KC"]));
  text("mixed-case", "aS Td jD qc", ok(["AS", "TD", "JD", "QC"]));
  text("ten-as-10", "10S 10h,10D 10c", ok(["TS", "TH", "TD", "TC"]));
  text("suit-symbols", "A♠ 10♥ K♦ 2♣", ok(["AS", "TH", "KD", "2C"]));
  text("white-suit-symbols", "A♤ 10♡ K♢ 2♧", ok(["AS", "TH", "KD", "2C"]));
  text("emoji-suits", "A\u2660\ufe0f 10\u2665\ufe0f K\u2666\ufe0f 2\u2663\ufe0e", ok(["AS", "TH", "KD", "2C"]));
  text("nbsp", "AS\u00a0TD", ok(["AS", "TD"]));
  text("surrounding-separators", " ,AS ,, TD, ", ok(["AS", "TD"]));
  text("empty", "", ok([]));
  text("only-separators", " , \n", ok([]));
  text("all-52", orderedShoe(1).join(" "), ok(orderedShoe(1)));
  text("all-416", orderedShoe(8).join(","), ok(orderedShoe(8)));
  text("too-many", orderedShoe(8).join(" ") + " AS", err("too-many"));
  text("unknown-rank", "AS 1S", err("unknown-card", 2));
  text("unknown-suit", "AS TD 9X", err("unknown-card", 3));
  text("rank-only", "A", err("unknown-card", 1));
  text("three-letters", "ASS", err("unknown-card", 1));
  text("suit-first", "♠A", err("unknown-card", 1));
  text("eleven", "11H", err("unknown-card", 1));
  text("ten-as-1-0-letter-O", "1OH", err("unknown-card", 1));
  text("semicolon", "AS;TD", err("unknown-card", 1));
  text("variation-selector-after-letter", "AS\ufe0f", err("unknown-card", 1));
  text("german-bube", "BH", err("unknown-card", 1));
  text("first-bad-wins", "AS XX YY", err("unknown-card", 2));
}

// 10. Links as the shoe page reads them (shoe_v1.md, "Link"): link →
// pfcheck.parseLink(link, "shoe"), then check on its record.
{
  const link = (name, fragment, expect) => add(`link-${name}`, { link: fragment, format: "shoe" }, expect);
  const inv = (...errors) => ({ status: "invalid", errors: errors.map(([field, code]) => ({ field, code })) });
  const round = free("link-round", 7, 1, 0.75, { clientSeed: "café: a+b" });
  const d = dealFor(round);
  // Escapes in either case, and "+" stands for itself.
  const good = `#v=1&s=${round.serverSeed}&c=caf%c3%A9%3A%20a+b&n=7&d=1&p=0.75`;
  link("round-escaped-client-seed", good + "&later=1", {
    status: "computed", record: round, cards: d.cards, cut: d.cut, clientSeed: round.clientSeed, nonce: 7,
  });
  const hand = { scheme: SCHEME, serverSeed: seedFor("link-hand"), tournamentId: "spring cup", hand: 3, decks: 2, penetration: 0.75 };
  const dh = dealFor(hand);
  link("tournament-hand-cut-match", `#v=1&s=${hand.serverSeed}&t=spring%20cup&i=3&d=2&p=0.75&x=${dh.cut}`, {
    status: "match", record: { ...hand, cut: dh.cut }, cut: dh.cut, cutMatches: true,
  });
  const handLink = `#v=1&s=${hand.serverSeed}&t=spring%20cup&i=3&d=2&p=0.75`;
  link("tournament-id-bad-escape", handLink.replace("&t=spring", "&t=%G0spring"), inv(["tournamentId", "bad-escape"]));
  link("hand-fraction", handLink.replace("&i=3", "&i=3.5"), inv(["hand", "not-a-number"]));
  // Cards as the page reads them: either case, a suit symbol escaped.
  const symbol = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const cards = [d.cards[0].toLowerCase(), d.cards[1][0] + symbol[d.cards[1][1]], d.cards[2]];
  link("cards-lowercase-and-symbol", good + `&k=${cards.map(encodeURIComponent).join(",")}`, {
    status: "match", record: { ...round, cards },
  });
  // An empty value is an absent key.
  link("empty-values-are-absent", good + "&h=&t=&i=&k=&x=", { status: "computed", record: round });
  link("penetration-exponent-form", `#v=1&s=${round.serverSeed}&c=x&n=7&d=1&p=1e-7`, { record: { penetration: 1e-7 } });
  link("client-seed-bad-escape", good.replace("&c=caf", "&c=%ZZcaf"), inv(["clientSeed", "bad-escape"]));
  link("client-seed-not-utf8", good.replace("&c=caf", "&c=%FFcaf"), inv(["clientSeed", "bad-escape"]));
  link("cards-bad-escape", good + "&k=AS,9%E2%99", inv(["cards", "bad-escape"]));
  link("nonce-with-sign", good.replace("&n=7", "&n=+7"), inv(["nonce", "not-a-number"]));
  link("decks-leading-zero", good.replace("&d=1", "&d=01"), inv(["decks", "not-a-number"]));
  link("cut-16-digits", good + "&x=1234567890123456", inv(["cut", "not-a-number"]));
  link("penetration-comma", good.replace("&p=0.75", "&p=0,75"), inv(["penetration", "not-a-number"]));
  link("penetration-negative-exponent", good.replace("&p=0.75", "&p=7.5e-1&p2=1"), { record: { penetration: 0.75 } });
  link("penetration-positive-exponent", good.replace("&p=0.75", "&p=75e+2"), inv(["penetration", "not-a-number"]));
  link("two-problems-in-key-order", good.replace("&n=7", "&n=x").replace("&c=caf", "&c=%caf") + "&s=00",
    inv(["serverSeed", "duplicate"], ["clientSeed", "bad-escape"], ["nonce", "not-a-number"]));
  link("seed-twice", good + "&s=00", inv(["serverSeed", "duplicate"]));
  link("version-twice", good + "&v=1", inv(["link", "duplicate"]));
  link("newer-version", good.replace("v=1", "v=2"), inv(["link", "newer-version"]));
  link("no-version", good.replace("v=1&", ""), inv(["link", "missing-version"]));
  link("part-without-equals", good + "&oops", inv(["link", "malformed"]));
  link("too-long", good + "&zz=" + "a".repeat(8192), inv(["link", "too-long"]));
}

assert(seen.rejected > 0 && seen.rejectedMulti > 0, "rejected reads covered in shoes");
assert(seen.clampLow > 0 && seen.clampHigh > 0 && seen.unclamped > 0, "both clamps and an unclamped cut covered");

// The page runs one case for every path (lib.mjs, markPageCases); these
// take a path no label names.
markPageCases(cases, { keep: {
  "text-suit-symbols": "cards typed with suit symbols",
  "recorded-loose-card-differs": "a recorded card in another spelling that differs",
  "text-rank-only": "a rank without a suit",
  "link-penetration-positive-exponent": "a penetration with a positive exponent",
  "invalid-cards-empty-item": "an empty card in the list",
  "link-cards-lowercase-and-symbol": "cards in a link in lower case and with a suit symbol",
  "text-too-many": "more cards typed than the largest shoe has",
} });
const body =
  `{\n"scheme": ${JSON.stringify(SCHEME)},\n"generator": "testdata/gen/${SCHEME}.mjs",\n"cases": [\n` +
  cases.map((c) => JSON.stringify(c)).join(",\n") +
  "\n]\n}\n";
assert(Buffer.byteLength(body) < 400 * 1024, "vectors file under 400 KB");
writeFileSync(out, body);
