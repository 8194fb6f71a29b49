// Benchmarks the verifier wasm in Node (make bench): rolls per second
// through pfcheck.check, and the self-test of every vector file.
import { load, vectorFiles } from './pfcheck.mjs';

const pfcheck = await load();
const record = {
  scheme: 'dice_v1',
  serverSeed: '27e795d5b1c6e5b2f88978406f9d9003483b8de4842a1372a8b9ba819e9481b5',
  clientSeeds: ['8f84d76efde8e13847ab604ce1087268', 'd927d1e393f8ee59885bcc54a20e5a2f'],
  count: 10000,
};

function median(f, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

pfcheck.check(record); // warm up
const checkMs = median(() => pfcheck.check(record), 15);
console.log(`wasm in Node: check of ${record.count} rolls: ${checkMs.toFixed(1)} ms median, ${Math.round(record.count / checkMs * 1000)} rolls/s (results included)`);
const vectors = vectorFiles();
const cases = vectors.reduce((n, f) => n + f.cases.length, 0);
const selfTestMs = median(() => pfcheck.selfTest(vectors), 5);
console.log(`wasm in Node: self-test of ${cases} vector cases: ${selfTestMs.toFixed(0)} ms median`);
