// A worker of web/node/audit.mjs: auditWorkerMain of web/static/audit-core.js
// with linkPage of links.js (the same as the audit page's workers run)
// around worker_threads' parentPort, with the wasm_exec.js of web/dist.
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

await import(new URL('../dist/wasm_exec.js', import.meta.url).href); // defines globalThis.Go
for (const script of ['links.js', 'audit-core.js']) {
  vm.runInThisContext(readFileSync(new URL(`../static/${script}`, import.meta.url), 'utf8'));
}
auditWorkerMain({
  postMessage: (message, transfer) => parentPort.postMessage(message, transfer),
  set onmessage(handle) {
    parentPort.on('message', (data) => handle({ data }));
  },
});
