// The one decoder of the text web/blob.go writes, the one reader of a
// page's verifier elements, and the hash of what it decodes, which the build puts after the pages' loader (loader.js) and into
// the service worker (sw.js), which keeps a page's verifier apart from the
// page: functions and nothing else, so that they run in either.

// Writes the bytes of a blob's text (web/blob.go: BlobElements; shift is
// its first element's data-shift) into bytes from at, which has room for
// the text, and returns where they end. The text is ASCII: the engine
// copies it in as it is, and the loop decodes it in place (it never writes
// ahead of what it reads), which took the dice page's 4.5 MB 88 ms on a
// phone's CPU where charCodeAt took 101 (BenchmarkFirstTap, kept).
/** @param {string} text @param {number} shift @param {Uint8Array} bytes @param {number} at */
function decodeBlob(text, shift, bytes, at) {
  const end = at + new TextEncoder().encodeInto(text, bytes.subarray(at)).written;
  for (let i = at; i < end; i++) {
    let c = bytes[i];
    if (c === 0x21) c = bytes[++i] + 0x41; // '!': 0x80 and on, from '?'
    else if (c === 0x22) c = bytes[++i] + 0x81; // '"': 0xC0 and on
    else if (c === 0x23) c = bytes[++i] - 0x40; // '#': escaped
    bytes[at++] = c - shift;
  }
  return at;
}

// The bytes of a blob's texts, its first element's and its parts', whose
// shift is the first's data-shift.
/** @param {string[]} texts @param {number} shift */
function decodeTexts(texts, shift) {
  const bytes = new Uint8Array(texts.reduce((size, text) => size + text.length, 0));
  let length = 0;
  for (const text of texts) length = decodeBlob(text, shift, bytes, length);
  return bytes.subarray(0, length);
}

// The elements of a page's verifier in the page's text, as web/blob.go
// writes them: the first, with its shift, then its parts, one after
// another. Their texts and shift, and where they start and end in html;
// undefined for a page without them. (\x3c is '<': the loader is inline in
// the pages, whose scripts name no element.)
/** @param {string} html */
function verifierElements(html) {
  const first = /\x3cscript type="[^"]*" id="verifier" data-shift="(\d+)">([^<]*)\x3c\/script>\n/g;
  const part = /\x3cscript type="[^"]*" data-part-of="verifier">([^<]*)\x3c\/script>\n/y;
  const found = first.exec(html);
  if (!found) return undefined;
  const texts = [found[2]];
  let end = part.lastIndex = first.lastIndex;
  for (let next; (next = part.exec(html)); end = part.lastIndex) texts.push(next[1]);
  return { texts, shift: Number(found[1]), start: found.index, end };
}

// The SHA-256 of bytes in hex, as the build names a blob and a kept file.
/** @param {BufferSource} bytes */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
