// The draw stream of seed 004, shared by the generators of match_seed_v2,
// poker_hmac_v1 and chess_colour_v1 (SPEC.md §4–§6). Written from the seed's
// own Node code ("Tarkista itse"), not from the Go code. Writes nothing.
//
// Only node:crypto is used, through lib.mjs's primitives.

import { hex, hmacSha256, sha256 } from './lib.mjs';

/** hex(SHA-256(s)) of a UTF-8 string (or Buffer). */
export const sha256hex = (s) => hex(sha256(s));

/** hex(HMAC-SHA256(key, msg)); string keys and messages are UTF-8. */
export const hmacHex = (key, msg) => hex(hmacSha256(key, msg));

/** word(key, msg): the first 13 hex digits (52 bits) of HMAC(key, msg). */
export const word = (key, msg) => BigInt('0x' + hmacHex(key, msg).slice(0, 13));

const SPAN = 1n << 52n;

/**
 * A drawer over next(), a function returning the next 52-bit word (BigInt).
 * int(n): rejection sampling, limit = 2^52 − (2^52 mod n); shuffle: Fisher–Yates
 * from the top, on a copy, exactly as the seed's code.
 */
export function drawer(next) {
  let words = 0;
  function int(n) {
    const N = BigInt(n);
    const limit = SPAN - (SPAN % N);
    for (;;) {
      const w = next();
      words++;
      if (w < limit) return Number(w % N);
    }
  }
  const die = () => int(6) + 1;
  function shuffle(a) {
    a = a.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  return { int, die, shuffle, words: () => words };
}

/** The stream word(key, prefix + k) for k = 0, 1, 2, … */
export function stream(key, prefix) {
  let k = 0;
  return drawer(() => word(key, prefix + k++));
}

/** 52-card id → name: rank id mod 13 → 23456789TJQKA, suit id div 13 → c d h s. */
export const card52 = (id) => '23456789TJQKA'[id % 13] + 'cdhs'[Math.floor(id / 13)];

/** 32-card id (baloot) → name: rank id mod 8 → 789TJQKA, suit id div 8 → c d h s. */
export const card32 = (id) => '789TJQKA'[id % 8] + 'cdhs'[Math.floor(id / 8)];

/** [0, 1, …, n−1] */
export const range = (n) => [...Array(n).keys()];

/**
 * The mahjong wall in its fixed order: 1m..9m, 1p..9p, 1s..9s, 1z..7z, each ×4
 * with the copies adjacent, then 1f..8f once each (144 tiles).
 */
export function mahjongWall() {
  const wall = [];
  for (const suit of ['m', 'p', 's']) {
    for (let r = 1; r <= 9; r++) for (let c = 0; c < 4; c++) wall.push(r + suit);
  }
  for (let r = 1; r <= 7; r++) for (let c = 0; c < 4; c++) wall.push(r + 'z');
  for (let r = 1; r <= 8; r++) wall.push(r + 'f');
  return wall;
}
