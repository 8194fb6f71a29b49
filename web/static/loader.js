'use strict';
// The loader of a page's Go program, inlined before common.js in every page
// and in the hello-world floor of make bench (web/testdata/hello.html), which
// times what any Go page pays: the program is gzip in base64 in the page.

// Uint8Array.fromBase64 where the browser has it (several times faster on the
// megabyte of the verifier), else atob.
function decodeBase64(base64) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The blob of the element id (gzip in base64) unpacked into one buffer of
// the size its data-size gives (grown if it is larger), read chunk by chunk:
// one write of the whole blob into the DecompressionStream and a reader loop
// took less time than reading a Response of the stream (make bench, both in
// one run). A corrupt blob rejects; the writer's own rejections say the same
// and are dropped.
async function unpack(id) {
  const blob = document.getElementById(id);
  const gunzip = new DecompressionStream('gzip');
  const writer = gunzip.writable.getWriter();
  writer.write(decodeBase64(blob.textContent.trim())).catch(() => {});
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
function compileGo(wasm) {
  return WebAssembly.compile(wasm);
}

// Runs the compiled Go program's main, which returns once it has registered
// what it offers.
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
