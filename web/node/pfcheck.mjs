// Loads the pfcheck verifier (web/dist/verifier.wasm, built by `make wasm`)
// into Node and returns the same `pfcheck` object the pages use:
//
//   import { load, vectorFiles } from './web/node/pfcheck.mjs';
//   const pfcheck = await load();
//   pfcheck.selfTest(vectorFiles());            // { passed: …, failed: [] }
//   pfcheck.check({ scheme: 'dice_v1', serverSeed: '…', clientSeeds: ['…'], count: 10 });
//
// wasm_exec.js must come from the same Go toolchain as the wasm; `make wasm`
// copies both into web/dist.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

let memory;

export async function load(dist = new URL('../dist/', import.meta.url)) {
  await import(new URL('wasm_exec.js', dist).href); // defines globalThis.Go
  const go = new globalThis.Go();
  go.env = { GOGC: '400' }; // as the pages run it: see startGo in web/static/loader.js
  const wasm = await readFile(new URL('verifier.wasm', dist));
  const { instance } = await WebAssembly.instantiate(wasm, go.importObject);
  memory = instance.exports.mem;
  go.run(instance); // main registers globalThis.pfcheck, then waits for calls
  return globalThis.pfcheck;
}

// The bytes of wasm memory the loaded verifier holds; it never shrinks.
export const memoryBytes = () => memory.buffer.byteLength;

// The test-vector files of testdata/vectors, parsed, as selfTest takes them.
export function vectorFiles(dir = new URL('../../testdata/vectors/', import.meta.url)) {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));
}
