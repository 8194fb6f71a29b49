'use strict';
// The loader of a page's Go program, inlined in every page before its data
// (base.html) and in the hello-world floor of make bench
// (web/testdata/hello.html), which times what any Go page pays: the program
// is gzip in base64 in the page.

// Uint8Array.fromBase64 where the browser has it (several times faster on the
// megabyte of the verifier), else atob.
function decodeBase64(base64) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// A page's verifier is in parts (web/build: the element id, then elements
// data-part-of=id). While the rest of a served page still comes over the
// network, each part is unpacked and fed to the engine's streaming compile
// as soon as the parser has passed its end (BenchmarkFirstTap: on a phone's
// network most of that work is done by the time the last byte comes).
// Nothing runs before loadVerifier has hashed all that arrived. A page that
// is all there at once (from file://, or the HTTP cache) takes the parts at
// the end (unpack, compileGo): there one compile of the whole took less
// time than parts fed between the parser's tasks (BenchmarkColdVerdict,
// BenchmarkFirstTap's warm visits); so does an engine without the streams.
// base.html calls this before the parts; no script stands between them,
// which cost the parser time.
const arriving = {};

function receive(id) {
  const page = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
  if (!location.protocol.startsWith('http') || !page || page.responseEnd > 0 ||
    typeof DecompressionStream !== 'function' || typeof WebAssembly.compileStreaming !== 'function') return;
  const gunzip = new DecompressionStream('gzip');
  const [toCompile, toKeep] = gunzip.readable.tee();
  const writer = gunzip.writable.getWriter();
  arriving[id] = {
    module: WebAssembly.compileStreaming(new Response(toCompile, { headers: { 'Content-Type': 'application/wasm' } })),
    bytes: new Response(toKeep).arrayBuffer().then((buffer) => new Uint8Array(buffer)),
  };
  // A corrupt or missing part rejects both, which loadVerifier reports; a
  // page that stops before it reads one must not leave it unhandled.
  arriving[id].module.catch(() => {});
  arriving[id].bytes.catch(() => {});
  // Between the parser's tasks, which on a phone's network mostly wait for
  // the next bytes, every part the parser has passed the end of (it has
  // added what follows) is fed; the rest when the page has been parsed. A
  // MutationObserver's records came only at the end.
  let fed = null; // the last part fed
  const feed = (all) => {
    for (;;) {
      const part = fed ? fed.nextElementSibling : document.getElementById(id);
      if (!part || fed && part.dataset.partOf !== id || !all && !part.nextSibling) return;
      writer.write(decodeBase64(part.textContent.trim())).catch(() => {});
      fed = part;
    }
  };
  const timer = setInterval(feed, 50);
  document.addEventListener('DOMContentLoaded', () => {
    clearInterval(timer);
    feed(true);
    writer.close().catch(() => {});
  }, { once: true });
}

// The text of the element id (gzip in base64) and of its parts.
function blobText(id) {
  const parts = [document.getElementById(id), ...document.querySelectorAll(`[data-part-of="${id}"]`)];
  return parts.map((part) => part.textContent.trim()).join('');
}

// The blob of the element id (gzip in base64, with its parts) unpacked: as it
// arrived (receive), else into one buffer of the size its data-size gives
// (grown if it is larger), read chunk by chunk: one write of the whole blob
// into the DecompressionStream and a reader loop took less time than
// reading a Response of the stream (make bench, both in one run). A corrupt
// blob rejects; the writer's own rejections say the same and are dropped.
async function unpack(id) {
  if (arriving[id]) return arriving[id].bytes;
  const blob = document.getElementById(id);
  const gunzip = new DecompressionStream('gzip');
  const writer = gunzip.writable.getWriter();
  writer.write(decodeBase64(blobText(id))).catch(() => {});
  writer.close().catch(() => {});
  const reader = gunzip.readable.getReader();
  let bytes = new Uint8Array(Number(blob.dataset.size) || 1 << 16);
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes.subarray(0, length);
    if (length + value.length > bytes.length) {
      const larger = new Uint8Array(2 * (length + value.length));
      larger.set(bytes.subarray(0, length));
      bytes = larger;
    }
    bytes.set(value, length);
    length += value.length;
  }
}

// Compiles a Go program, off the main thread as far as the engine can. The
// whole buffer at once: compileStreaming of a Response of it feeds the
// engine chunk by chunk through this thread, and took more of its time.
// A program that arrived in parts was compiled meanwhile (receive).
function compileGo(wasm, id) {
  return arriving[id]?.module ?? WebAssembly.compile(wasm);
}

// Runs the compiled Go program's main, which returns once it has registered
// what it offers.
/** @param {WebAssembly.Module} module */
async function runGo(module) {
  const go = new Go();
  // Go's collector runs when the heap has grown to five times what is live
  // (Go's default: twice). The self-test makes a few MB of short-lived values
  // while the engine still runs unoptimised code, where each collection is
  // dear: this makes it about a third faster, and what is live stays small.
  // web/node/pfcheck.mjs sets the same.
  go.env = { GOGC: '400' };
  const instance = await WebAssembly.instantiate(module, go.importObject);
  performance.mark('pfcheck:compiled');
  go.run(instance);
  performance.mark('pfcheck:started');
}
