// A worker of web/node/audit.mjs: auditWorkerMain of web/static/audit-core.js
// (the same as the audit page's workers run) around worker_threads'
// parentPort, with the wasm_exec.js of web/dist.
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

await import(new URL('../dist/wasm_exec.js', import.meta.url)); // defines globalThis.Go
vm.runInThisContext(readFileSync(new URL('../static/audit-core.js', import.meta.url), 'utf8'));
auditWorkerMain({
  postMessage: (message) => parentPort.postMessage(message),
  set onmessage(handle) {
    parentPort.on('message', (data) => handle({ data }));
  },
});
