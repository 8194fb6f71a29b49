'use strict';
// The loader of a page's Go program, inlined in every page before its data
// (base.html) and in the hello-world floor of make bench
// (web/testdata/hello.html), which times what any Go page pays: the program
// is in the page as ASCII text, a byte a character or two (web/blob.go),
// which blob.js decodes (the build puts it after this).

// The first element of the blob id and its parts (web/blob.go).
function blobParts(id) {
  return [document.getElementById(id), ...document.querySelectorAll(`[data-part-of="${id}"]`)];
}

// A page's verifier comes ahead of the rest (base.html calls this before
// its parts; no script stands between them, which cost the parser time):
// as it arrives (streamed), or from the service worker, which opened the
// page without it (fromWorker). Nothing runs before loadVerifier has hashed
// all that came.
const arriving = {};

function receive(id) {
  // Only where the worker that opened the page keeps it (a copy of the
  // page saved elsewhere has no such cache).
  const kept = document.documentElement.dataset.keptVerifier;
  const coming = kept && navigator.serviceWorker?.controller ? fromWorker(kept) : streamed(id);
  if (!coming) return;
  // A cut or missing part rejects the compile, which loadVerifier reports
  // (its bytes fail their hash); a page that stops before it reads one must
  // not leave it unhandled.
  coming.module.catch(() => {});
  coming.bytes.catch(() => {});
  arriving[id] = coming;
}

// A page's verifier is in parts (web/blob.go: the element id, then elements
// data-part-of=id). While the rest of a served page still comes over the
// network, each part is decoded and fed to the engine's streaming compile
// as soon as the parser has passed its end (BenchmarkFirstTap: on a phone's
// network most of that work is done by the time the last byte comes). A
// page that is all there at once (from file://, or the HTTP cache) takes
// the parts at the end (unpack, compileGo; this answers undefined): there
// one compile of the whole took less time than parts fed between the
// parser's tasks (BenchmarkColdVerdict, BenchmarkFirstTap's warm visits);
// so does an engine without compileStreaming.
function streamed(id) {
  const page = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
  if (!location.protocol.startsWith('http') || !page || page.responseEnd > 0 ||
    typeof WebAssembly.compileStreaming !== 'function') return undefined;
  /** @type {ReadableStreamDefaultController<Uint8Array>} */
  let stream;
  const [toCompile, toKeep] = new ReadableStream({ start(controller) { stream = controller; } }).tee();
  // Between the parser's tasks, which on a phone's network mostly wait for
  // the next bytes, every part the parser has passed the end of (it has
  // added what follows) is fed; the rest when the page has been parsed. A
  // MutationObserver's records came only at the end.
  let fed = null; // the last part fed
  let shift = 0;
  const feed = (all) => {
    for (;;) {
      const part = fed ? fed.nextElementSibling : document.getElementById(id);
      if (!part || fed && part.dataset.partOf !== id || !all && !part.nextSibling) return;
      if (!fed) shift = Number(part.dataset.shift);
      const text = part.textContent;
      const bytes = new Uint8Array(text.length);
      stream.enqueue(bytes.subarray(0, decodeBlob(text, shift, bytes, 0)));
      fed = part;
    }
  };
  const timer = setInterval(feed, 50);
  document.addEventListener('DOMContentLoaded', () => {
    clearInterval(timer);
    feed(true);
    stream.close();
  }, { once: true });
  return {
    module: WebAssembly.compileStreaming(new Response(toCompile, { headers: { 'Content-Type': 'application/wasm' } })),
    bytes: new Response(toKeep).arrayBuffer().then((buffer) => new Uint8Array(buffer)),
  };
}

// A verifier the service worker keeps apart from a page it opens without
// the verifier's text (sw.js: keepLight), read whole from the worker's
// cache (no request: the page's policy allows none), then compiled as
// compileGo compiles, off this thread, while loadVerifier hashes the same
// bytes, which runs nothing that is not the build's. Streamed into
// compileStreaming instead, in the hope that the engine keeps what it
// compiled, it fed the engine through this thread and returned later
// (BenchmarkFirstTap, the dice page's return: 1.37 against 1.16× the
// floor); and Chromium keeps no compiled code of a response from Cache
// Storage (web/BENCHMARKS.md, "no engine keeps compiled code").
function fromWorker(url) {
  const bytes = caches.match(url).then((r) => r.arrayBuffer()).then((buffer) => new Uint8Array(buffer));
  return { module: bytes.then((b) => WebAssembly.compile(b)), bytes };
}

// The bytes of the blob id (web/blob.go, with its parts): as they arrived
// (receive), else decoded into one buffer of the size its data-size gives.
// A blob cut short or grown fails its hash in loadVerifier.
async function unpack(id) {
  if (arriving[id]) return arriving[id].bytes;
  const parts = blobParts(id);
  return decodeTexts(parts.map((part) => part.textContent), Number(parts[0].dataset.shift));
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
