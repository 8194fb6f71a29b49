// The card shoe of seed 003 as SPEC.md §3 defines it, for the generators of
// shoe_v1.json and of the audit files. Writes nothing.

import { createHash, createHmac } from "node:crypto";

const sha256hex = (data) => createHash("sha256").update(data).digest("hex");

// --- SPEC.md §3 ---------------------------------------------------------

export const SUITS = "SHDC"; // Pik, Herz, Karo, Kreuz
export const RANKS = "A23456789TJQK";

export function orderedShoe(decks) {
  const shoe = [];
  for (let d = 0; d < decks; d++)
    for (const s of SUITS) for (const r of RANKS) shoe.push(r + s);
  return shoe;
}

// The byte stream: block c = HMAC(key = the server seed's 64-character hex
// text, msg = clientSeed + ":" + nonce + ":" + c). The key text is the
// lowercase hex of the 32 seed bytes (SPEC's hex() is lowercase), whatever
// case the record uses.
export class Stream {
  constructor(seedHex, clientSeed, nonce) {
    this.key = Buffer.from(seedHex.toLowerCase(), "utf8");
    this.prefix = `${clientSeed}:${nonce}:`;
    this.c = 0;
    this.block = Buffer.alloc(0);
    this.pos = 0;
    this.blocks = 0;
    // What the reads did, for the assertions below.
    this.stats = { reads: 0, rejected: 0, rejectedMulti: 0, multiByte: 0, spanning: 0, rejectedSpanning: 0, acceptedSpanning: 0 };
  }
  byte() {
    if (this.pos === this.block.length) {
      this.block = createHmac("sha256", this.key).update(this.prefix + this.c, "utf8").digest();
      this.c++;
      this.blocks++;
      this.pos = 0;
    }
    return this.block[this.pos++];
  }
  // Index in [0, n): the smallest k with 256^k >= n; read k bytes big-endian
  // as x; if x >= 256^k - (256^k mod n) read again; else x mod n.
  index(n) {
    let k = 0;
    let span = 1;
    while (span < n) {
      span *= 256;
      k++;
    }
    const limit = span - (span % n);
    for (;;) {
      const blockBefore = this.blocks;
      const posBefore = this.pos;
      let x = 0;
      for (let i = 0; i < k; i++) x = x * 256 + this.byte();
      // The read spans two blocks when its first byte came from one block
      // and its last from the next.
      const firstInOld = posBefore < this.block.length && blockBefore > 0;
      const spanned = k > 1 && firstInOld && this.blocks > blockBefore;
      this.stats.reads++;
      if (k > 1) this.stats.multiByte++;
      if (spanned) this.stats.spanning++;
      if (x >= limit) {
        this.stats.rejected++;
        if (k > 1) this.stats.rejectedMulti++;
        if (spanned) this.stats.rejectedSpanning++;
        continue;
      }
      if (spanned) this.stats.acceptedSpanning++;
      return x % n;
    }
  }
}

export const round = (x) => Math.floor(x + 0.5);

export function deal(seedHex, clientSeed, nonce, decks, penetration) {
  const stream = new Stream(seedHex, clientSeed, nonce);
  const shoe = orderedShoe(decks);
  // Fisher–Yates from the top.
  for (let i = shoe.length - 1; i >= 1; i--) {
    const j = stream.index(i + 1);
    [shoe[i], shoe[j]] = [shoe[j], shoe[i]];
  }
  // The cut card, from the same stream right after the shuffle.
  const total = shoe.length;
  const base = round(total * penetration);
  const spread = Math.max(1, round(total * 0.02));
  const raw = base + stream.index(2 * spread + 1) - spread;
  const lo = Math.max(20, round(total * 0.5));
  const hi = total - 15;
  const cut = Math.min(Math.max(raw, lo), hi);
  return { cards: shoe, cut, raw, lo, hi, stats: stream.stats };
}

// Tournament hand h: clientSeed = tournamentId + ":" + h, nonce = h.
export const tournament = (tournamentId, hand) => ({ clientSeed: `${tournamentId}:${hand}`, nonce: hand });

// Commitment: SHA-256 of the 32 decoded seed bytes (not of the hex text).
export const commitment = (seedHex) => sha256hex(Buffer.from(seedHex, "hex"));
