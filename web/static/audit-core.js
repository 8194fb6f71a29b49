'use strict';
// The audit of many matches (testdata/audit.md), shared by the audit page and
// web/node/audit.mjs, which evaluates this same file: it reads a file as a
// stream, cuts it into lines and batches, hands the batches to workers that
// each run the verifier's batch call (pfcheck.audit), and adds up what they
// find. Memory stays bounded whatever the file's size: at most a few batches
// are read ahead of the workers, and the outcome keeps counts and the first
// lines that are not a match, never a line that is.
//
// Nothing here touches the DOM; linkPage (links.js) must be defined.

// About a tenth of a second of one core's work (500 matches of 100 rolls):
// progress and cancelling stay prompt, and a batch's overhead small.
const AUDIT_BATCH_BYTES = 256 * 1024;
// Batches given to a worker at once: one it works on, one waiting, so that
// it never idles while the next is read.
const AUDIT_IN_FLIGHT = 2;
// Lines that are not a match listed in a report; beyond, they are counted.
const AUDIT_MAX_PROBLEMS = 1000;
// audit.MaxLine: a longer line is cut here and refused by the verifier.
const AUDIT_MAX_LINE = 4 * 1024 * 1024;

const auditStatuses = ['match', 'mismatch', 'computed', 'invalid', 'unsupported'];

// The link format (verify.ParseLink) each page reads.
const auditLinkFormats = { check: 'dice', dice: 'dice', shoe: 'shoe', games: 'games' };

// The link format of a line for pfcheck.audit: that of the page that reads
// it (linkPage), '' for a JSON line or an empty one.
function auditLineFormat(line) {
  const text = line.trim();
  if (text === '' || text[0] === '{' || text[0] === '[') return '';
  return auditLinkFormats[linkPage(text)];
}

// Cuts text arriving in pieces into batches of whole lines: {first, text,
// formats, bytes}, first the number of its first line, bytes what was read
// of the file for it. A line over AUDIT_MAX_LINE is kept cut, just long
// enough to be refused, and the rest of it dropped as it arrives.
class AuditBatcher {
  constructor() {
    this.partial = '';
    this.dropping = false; // the rest of an overlong line
    this.next = 1; // number of the next line
    this.lines = [];
    this.size = 0;
    this.bytes = 0;
  }

  // push takes the next piece of text and the bytes it came from, and
  // returns the batches it completes.
  push(text, bytes) {
    this.bytes += bytes;
    const batches = [];
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      this.take(text.slice(start, end));
      this.line(batches);
      start = end + 1;
    }
    this.take(text.slice(start));
    return batches;
  }

  // end returns the last batch, if any.
  end() {
    const batches = [];
    if (this.partial !== '' || this.dropping) this.line(batches);
    if (this.lines.length > 0) batches.push(this.flush());
    return batches;
  }

  take(piece) {
    if (this.dropping) return;
    this.partial += piece;
    if (this.partial.length > AUDIT_MAX_LINE) {
      this.partial = this.partial.slice(0, AUDIT_MAX_LINE + 1);
      this.dropping = true;
    }
  }

  line(batches) {
    this.lines.push(this.partial);
    this.size += this.partial.length + 1;
    this.partial = '';
    this.dropping = false;
    if (this.size >= AUDIT_BATCH_BYTES) batches.push(this.flush());
  }

  // Every line of a batch ends in "\n", so that a batch of one empty line
  // is one line, not none.
  flush() {
    const batch = {
      first: this.next, text: this.lines.join('\n') + '\n', formats: this.lines.map(auditLineFormat), bytes: this.bytes,
    };
    this.next += this.lines.length;
    this.lines = [];
    this.size = 0;
    this.bytes = 0;
    return batch;
  }
}

// An empty outcome, in the shape of pfcheck.audit's.
function newAuditOutcome() {
  return {
    lines: 0, records: 0, unreadable: 0, status: Object.fromEntries(auditStatuses.map((s) => [s, 0])), schemes: {},
    rolls: { recorded: Array(36).fill(0), computed: Array(36).fill(0) }, problems: [], omitted: 0,
  };
}

// Adds a batch's outcome to total. Batches end in any order: the listed
// lines are kept sorted and the first AUDIT_MAX_PROBLEMS of them kept, which
// are the first of the whole file (a batch lists its own first ones).
function addAuditOutcome(total, batch) {
  total.lines += batch.lines;
  total.records += batch.records;
  total.unreadable += batch.unreadable;
  for (const s of auditStatuses) total.status[s] += batch.status[s];
  for (const [scheme, counts] of Object.entries(batch.schemes)) {
    total.schemes[scheme] ??= Object.fromEntries(auditStatuses.map((s) => [s, 0]));
    for (const s of auditStatuses) total.schemes[scheme][s] += counts[s];
  }
  for (let i = 0; i < 36; i++) {
    total.rolls.recorded[i] += batch.rolls.recorded[i];
    total.rolls.computed[i] += batch.rolls.computed[i];
  }
  const problems = total.problems.concat(batch.problems);
  problems.sort((a, b) => a.line - b.line || (a.item ?? 0) - (b.item ?? 0));
  total.omitted += batch.omitted + Math.max(0, problems.length - AUDIT_MAX_PROBLEMS);
  total.problems = problems.slice(0, AUDIT_MAX_PROBLEMS);
}

// Audits a Blob (a File, or pasted text as a Blob) on workers: each worker
// is {audit(batch) → Promise of pfcheck.audit's outcome}. progress(state)
// is called as batches end, with {done, total} in bytes and the outcome so
// far. Aborting signal stops reading and waiting at once (the caller stops
// the workers). Returns {outcome, cancelled}.
async function runAudit(blob, workers, { signal, progress = () => {} } = {}) {
  const outcome = newAuditOutcome();
  const state = { done: 0, total: blob.size, outcome };
  const busy = workers.map(() => new Set());
  const aborted = new Promise((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', resolve, { once: true });
  });
  let failure = null;

  // Waits until a worker can take a batch (or the audit was stopped).
  async function free() {
    for (;;) {
      const i = busy.findIndex((b) => b.size < AUDIT_IN_FLIGHT);
      if (i >= 0 || signal?.aborted) return i;
      await Promise.race([aborted, ...busy.flatMap((b) => [...b])]);
    }
  }

  async function send(batch) {
    const i = await free();
    if (i < 0) return;
    const { bytes, ...call } = batch;
    const job = workers[i].audit(call).then((result) => {
      busy[i].delete(job);
      if (result.errors) throw new Error(`pfcheck.audit: ${JSON.stringify(result.errors)}`);
      addAuditOutcome(outcome, result);
      state.done += bytes;
      progress(state);
    }).catch((err) => {
      busy[i].delete(job);
      failure ??= err;
    });
    busy[i].add(job);
  }

  const batcher = new AuditBatcher();
  const decoder = new TextDecoder();
  const reader = blob.stream().getReader();
  try {
    while (!signal?.aborted && !failure) {
      const { done, value } = await Promise.race([reader.read(), aborted.then(() => ({ done: true }))]);
      if (done) break;
      for (const batch of batcher.push(decoder.decode(value, { stream: true }), value.byteLength)) await send(batch);
    }
    if (!signal?.aborted && !failure) {
      const last = batcher.push(decoder.decode(), 0).concat(batcher.end());
      for (const batch of last) await send(batch);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  while (!signal?.aborted && busy.some((b) => b.size > 0)) {
    await Promise.race([aborted, ...busy.flatMap((b) => [...b])]);
  }
  if (failure) throw failure;
  return { outcome, cancelled: Boolean(signal?.aborted) };
}

// The report of an audit: the summary, the dice statistics (pfcheck.rollStats
// over the rolls as played, recorded and computed together, and how many of
// each), the listed lines and how many more there were. Node prints it, the
// page offers it for download; both write it the same.
function auditReport(outcome, stats, cancelled) {
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  return {
    summary: {
      lines: outcome.lines, records: outcome.records, unreadable: outcome.unreadable, ...outcome.status, schemes: outcome.schemes, cancelled,
    },
    statistics: { ...stats, recorded: sum(outcome.rolls.recorded), computed: sum(outcome.rolls.computed) },
    problems: outcome.problems,
    omitted: outcome.omitted,
  };
}

// The report as the JSON file both write.
function auditJSON(report) {
  return `${JSON.stringify(report, null, 1)}\n`;
}

// The rolls as played of an outcome, for pfcheck.rollStats.
function playedRolls(outcome) {
  return outcome.rolls.recorded.map((n, i) => n + outcome.rolls.computed[i]);
}

// The listed lines as CSV (RFC 4180, CRLF): line, item, scheme, status, and
// what differs or is wrong: for a mismatch the value's kind as field, the
// code "differs", its position (from 1) as at, computed and recorded; for an
// invalid or unsupported record its first problem's field, code and at; count
// is how many differences or problems the record has.
function auditCSV(report) {
  const rows = [['line', 'item', 'scheme', 'status', 'field', 'code', 'at', 'computed', 'recorded', 'count']];
  for (const p of report.problems) {
    const d = p.difference;
    const what = d ? [d.kind, 'differs', d.at ?? '', d.computed ?? '', d.recorded ?? '']
      : p.error ? [p.error.field, p.error.code, p.error.at ?? '', '', ''] : ['', '', '', '', ''];
    rows.push([p.line, p.item ?? '', p.scheme, p.status, ...what, p.count]);
  }
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

// A CSV field, quoted where it must be; text that a spreadsheet would take
// for a formula (= + - @ at the start) is quoted with a leading apostrophe,
// since values come from the audited file.
function csvField(value) {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The caller's side of an audit worker (a Web Worker, or a worker_threads
// Worker: both have postMessage): listen(onData, onError) must pass on the
// data of each message it sends back and any error it raises. Sends it the
// verifier's compiled module and resolves, once the verifier runs there, to
// {version, audit(batch) → Promise of pfcheck.audit's outcome}.
function auditWorkerClient(worker, listen, module) {
  return new Promise((resolve, reject) => {
    const pending = new Map();
    let next = 0;
    const fail = (err) => {
      reject(err);
      for (const { reject: stop } of pending.values()) stop(err);
      pending.clear();
    };
    listen((data) => {
      if (data.id === undefined && data.error) {
        fail(new Error(data.error)); // the verifier did not start
        return;
      }
      if (data.ready) {
        resolve({
          version: data.ready,
          audit: (batch) => new Promise((done, stop) => {
            const id = next++;
            pending.set(id, { resolve: done, reject: stop });
            worker.postMessage({ id, maxProblems: AUDIT_MAX_PROBLEMS, ...batch });
          }),
        });
        return;
      }
      const job = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) job?.reject(new Error(data.error));
      else job?.resolve(data.result);
    }, fail);
    worker.postMessage({ module });
  });
}

// The body of an audit worker: it starts the verifier from the compiled
// module it is sent first ({module}, answered with {ready: version}), then
// answers each batch {id, text, formats, first, maxProblems} with {id,
// result}, the outcome of pfcheck.audit, or {id, error}. port is the
// worker's own global scope, or an object like it around worker_threads'
// parentPort. It is sent to a Web Worker as its source text, so it uses
// nothing but its argument and Go (wasm_exec.js).
function auditWorkerMain(port) {
  let pfcheck;
  port.onmessage = async ({ data }) => {
    const { id, text, formats, first, maxProblems } = data;
    try {
      if (data.module) {
        // Go's own GOGC (100), not the 400 of the pages' self-test: a batch's
        // live heap is small, so collecting more often costs no measurable
        // time and keeps each worker's memory at about 10 MB instead of 22.
        const go = new Go();
        const instance = await WebAssembly.instantiate(data.module, go.importObject);
        go.run(instance);
        pfcheck = globalThis.pfcheck;
        port.postMessage({ ready: pfcheck.version });
        return;
      }
      port.postMessage({ id, result: pfcheck.audit(text, { formats, first, maxProblems }) });
    } catch (err) {
      port.postMessage({ id, error: String(err) });
    }
  };
}
