// Shared helpers for the test-vector generators in this folder.
//
// Generic on purpose: deterministic pseudo-random bytes and values, hex, and
// writing a vector file in one fixed layout. Nothing here knows a scheme.
// Only node:crypto, node:fs and node:path are used.

import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Lowercase hex of a Buffer or Uint8Array. */
export function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** SHA-256 of a Buffer or UTF-8 string, as a Buffer. */
export function sha256(data) {
  return createHash('sha256').update(data).digest();
}

/** HMAC-SHA256(key, msg), as a Buffer. Strings are taken as UTF-8. */
export function hmacSha256(key, msg) {
  return createHmac('sha256', key).update(msg).digest();
}

/**
 * Deterministic bytes: SHA-256 in counter mode over a label,
 * block i = SHA-256("pfcheck-vectors\0" + label + "\0" + i).
 * The same label always gives the same bytes, so adding a case elsewhere never
 * changes the inputs of another case.
 */
export function detBytes(label, n) {
  const out = [];
  let have = 0;
  for (let i = 0; have < n; i++) {
    const block = sha256(`pfcheck-vectors\0${label}\0${i}`);
    out.push(block);
    have += block.length;
  }
  return Buffer.concat(out).subarray(0, n);
}

/** Deterministic lowercase hex string of n bytes (2n digits). */
export function detHex(label, n) {
  return hex(detBytes(label, n));
}

/** Deterministic integer in [lo, hi], without modulo bias. */
export function detInt(label, lo, hi) {
  const range = hi - lo + 1;
  if (!(range >= 1 && range <= 2 ** 32)) throw new Error('detInt: bad range');
  const limit = 2 ** 32 - (2 ** 32 % range);
  for (let i = 0; ; i++) {
    const x = detBytes(`${label}\0int\0${i}`, 4).readUInt32BE(0);
    if (x < limit) return lo + (x % range);
  }
}

/** Deterministic string of n characters drawn from alphabet, without bias. */
export function detString(label, n, alphabet) {
  const chars = [...alphabet];
  if (chars.length < 1 || chars.length > 256) throw new Error('detString: bad alphabet');
  const limit = 256 - (256 % chars.length);
  let out = '';
  for (let i = 0; out.length < n; i++) {
    for (const b of detBytes(`${label}\0str\0${i}`, 64)) {
      if (b < limit && [...out].length < n) out += chars[b % chars.length];
    }
  }
  return out;
}

function isScalar(v) {
  return v === null || typeof v !== 'object';
}

function compact(v, tight) {
  // One-line JSON; with a space after ':' and ',' unless tight.
  const [colon, comma] = tight ? [':', ','] : [': ', ', '];
  if (isScalar(v)) return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map((x) => compact(x, tight)).join(comma) + ']';
  return '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + colon + compact(x, tight)).join(comma) + '}';
}

/**
 * Pretty JSON with a fixed layout: 1-space indentation; a list or object
 * that fits on one line (width columns) and holds only scalars is written on
 * one line (without spaces inside when tight, to keep big files small); a
 * long list of scalars is wrapped, several items per line.
 * Always the same output for the same value.
 */
export function formatJSON(value, { width = 100, tight = false } = {}) {
  const unit = ' ';
  function fmt(v, ind) {
    if (isScalar(v)) return JSON.stringify(v);
    const entries = Array.isArray(v) ? v.map((x) => [null, x]) : Object.entries(v);
    if (entries.length === 0) return Array.isArray(v) ? '[]' : '{}';
    const flat = entries.every(([, x]) => isScalar(x) || (Array.isArray(x) && x.length === 0));
    const one = compact(v, tight);
    if (flat && ind.length + one.length <= width) return one;
    const inner = ind + unit;
    if (Array.isArray(v) && flat) {
      // Wrap scalars, several per line.
      const lines = [];
      let line = '';
      for (const [, x] of entries) {
        const s = JSON.stringify(x);
        if (line && inner.length + line.length + 2 + s.length > width) {
          lines.push(inner + line + ',');
          line = s;
        } else {
          line = line ? line + ', ' + s : s;
        }
      }
      lines.push(inner + line);
      return '[\n' + lines.join('\n') + '\n' + ind + ']';
    }
    const parts = entries.map(([k, x]) => inner + (k === null ? '' : JSON.stringify(k) + ': ') + fmt(x, inner));
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    return open + '\n' + parts.join(',\n') + '\n' + ind + close;
  }
  return fmt(value, '') + '\n';
}

// The input kinds of a case (testdata/README.md and the schemes' notes).
const INPUTS = ['record', 'link', 'rollsText', 'cardsText', 'stream'];

// The kind of a record's value, as far as it decides a path: hex with an
// upper-case digit and an empty text or list are read apart.
function valueKind(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length === 0 ? 'empty list' : 'list';
  if (typeof v === 'string') {
    if (v === '') return 'empty text';
    return /^[0-9a-fA-F]+$/.test(v) && /[A-F]/.test(v) ? 'upper-case hex' : 'text';
  }
  return typeof v;
}

/**
 * The paths a case takes, as labels: its input (a link with its format) and
 * the status or the shape of what it expects; each problem it expects
 * (field/code, and whether it names an item); each mismatch kind; each field
 * its record gives, with the kind of its value; and what the generator's own
 * labels(c) add.
 */
function pathsOf(c, labels) {
  const input = INPUTS.find((k) => k in c);
  const kind = input === 'link' && c.format ? `link:${c.format}` : input;
  const e = c.expect;
  const paths = [`${kind} ${e.status ?? (e.errors ? 'errors' : 'ok')}`];
  for (const p of e.errors ?? []) paths.push(`${p.field}/${p.code}`, `${p.field}/${p.code}${'at' in p ? ' at an item' : ''}`);
  for (const m of e.mismatches ?? []) if (m.kind) paths.push(`mismatch ${m.kind}`);
  if (input === 'record' && !isScalar(c.record) && !Array.isArray(c.record)) {
    for (const [field, v] of Object.entries(c.record)) paths.push(`record.${field}: ${valueKind(v)}`);
  }
  paths.push(...labels(c));
  return paths;
}

/**
 * Marks the page's cases: a page's self-test runs one case for every path
 * (pathsOf), not every case. Each marked case gets "covers", the paths it was
 * chosen for. Chosen greedily: the case that covers the most paths not yet
 * covered per byte, until every path is covered; then every case named in
 * keep (name: the path it alone takes, in words).
 */
export function markPageCases(cases, { labels = () => [], keep = {} } = {}) {
  const paths = cases.map((c) => new Set(pathsOf(c, labels)));
  const cost = cases.map((c) => JSON.stringify(c).length + 500); // a case's own work
  const covered = new Set();
  const chosen = new Map();
  for (;;) {
    let best = -1;
    let bestScore = 0;
    cases.forEach((c, i) => {
      const fresh = [...paths[i]].filter((p) => !covered.has(p)).length;
      if (fresh / cost[i] > bestScore) [best, bestScore] = [i, fresh / cost[i]];
    });
    if (best < 0) break;
    const fresh = [...paths[best]].filter((p) => !covered.has(p));
    fresh.forEach((p) => covered.add(p));
    chosen.set(best, fresh);
  }
  for (const [name, why] of Object.entries(keep)) {
    const i = cases.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`keep: no case ${name}`);
    chosen.set(i, [...(chosen.get(i) ?? []), why]);
  }
  for (const [i, covers] of chosen) cases[i].covers = covers.sort();
}

/**
 * Writes a vector file: checks that case names are unique and that the text
 * parses back to the same value, marks the cases the page runs (options.page,
 * see markPageCases), then writes it with a trailing newline. The other
 * options go to formatJSON.
 */
export function writeVectorFile(path, doc, { page = {}, ...options } = {}) {
  const names = new Set();
  for (const c of doc.cases) {
    if (typeof c.name !== 'string' || !c.name) throw new Error('case without a name');
    if (names.has(c.name)) throw new Error(`duplicate case name: ${c.name}`);
    names.add(c.name);
  }
  markPageCases(doc.cases, page);
  const text = formatJSON(doc, options);
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(doc)) {
    throw new Error('formatJSON does not round-trip');
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return text;
}
