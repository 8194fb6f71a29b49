'use strict';
// The audit of many matches (testdata/audit.md), shared by the audit page and
// web/node/audit.mjs, which evaluates this same file: it reads a file as a
// stream, cuts its bytes into batches of whole lines, hands the batches to
// workers that each run the verifier's batch call (pfcheck.audit), and adds
// up what they find. Memory stays bounded whatever the file's size: at most a few batches
// are read ahead of the workers, and the outcome keeps counts and the first
// lines that are not a match, never a line that is.
//
// Nothing here touches the DOM; the workers need linkPage (links.js).

// About a tenth of a second of one core's work (500 matches of 100 rolls):
// progress and cancelling stay prompt, and a batch's overhead small.
const AUDIT_BATCH_BYTES = 256 * 1024;
// The buffers a file is read into: a batch, and a read beyond it (a batch
// ends at the last end of line read once it holds AUDIT_BATCH_BYTES).
const AUDIT_BUFFER_BYTES = AUDIT_BATCH_BYTES + AUDIT_BATCH_BYTES / 4;
// Batches given to a worker at once: one it works on, one waiting, so that
// it never idles while the next is read.
const AUDIT_IN_FLIGHT = 2;
// Lines that are not a match listed in a report; beyond, they are counted.
const AUDIT_MAX_PROBLEMS = 1000;
// audit.MaxLine, in bytes: a longer line is cut here and refused by the verifier.
const AUDIT_MAX_LINE = 4 * 1024 * 1024;

const auditStatuses = ['match', 'mismatch', 'computed', 'invalid', 'unsupported'];
// The warnings (testdata/audit.md), in the order a report gives them.
const auditWarningCodes = ['seed-reused', 'client-seed-reused', 'client-seed-short', 'shoe-repeated', 'round-not-after-seal'];
// Lines a warning lists, and groups a reuse warning lists; beyond, they are counted.
const AUDIT_WARNING_LINES = 100;

// The link format (verify.ParseLink) of a line for pfcheck.audit: that of
// the page that reads it (linkPage; the check page reads the dice format),
// '' for a JSON line or an empty one. Audit workers run it, so it uses
// nothing but linkPage.
function auditLineFormat(line) {
  const text = line.trim();
  if (text === '' || text[0] === '{' || text[0] === '[') return '';
  const page = linkPage(text);
  return page === 'check' ? 'dice' : page;
}

// Gathers the bytes of a file into batches of whole lines, {data, bytes}:
// data the batch's bytes (a Uint8Array to be transferred to a worker), bytes
// what was read of the file for it. The file is read (blobReader) straight
// into buffers that the workers hand back: the main thread neither decodes
// the lines nor counts them, it looks for the last end of line of each read
// and copies only what follows it into the next buffer. A buffer used again
// costs nothing, while a new one costs the page faults of its first write,
// which in this renderer cost more than a worker's audit of it. A UTF-8
// byte order mark at the start of the file is dropped, as TextDecoder drops
// it. A line over AUDIT_MAX_LINE is kept cut, just long enough to be
// refused, and the rest of it dropped as it arrives.
class AuditBatcher {
  // pool holds the ArrayBuffers handed back, to be read into again.
  constructor(pool) {
    this.pool = pool;
    this.buffer = this.take(0);
    this.size = 0; // bytes gathered: whole lines, then the start of the next
    this.tail = 0; // of those, the unfinished line's
    this.dropping = false; // the rest of an overlong line
    this.started = false;
    this.read = 0;
  }

  // space is where the next bytes of the file are to be read.
  space() {
    if (this.size === this.buffer.byteLength) this.grow(this.size + 1);
    return new Uint8Array(this.buffer, this.size);
  }

  // took takes what a read into space() gave back (the same memory, maybe
  // fewer bytes) and returns the batch it completes, if any.
  took(value) {
    this.buffer = value.buffer;
    this.read += value.length;
    const bytes = new Uint8Array(this.buffer);
    let from = this.size;
    let to = this.size + value.length;
    if (!this.started && to >= 3) {
      this.started = true;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        [this.size, this.tail, from] = [0, 0, 3];
      }
    }
    if (this.dropping) {
      const end = bytes.subarray(from, to).indexOf(0x0a);
      from = end < 0 ? to : from + end; // the "\n" that ends the cut line is kept
      this.dropping = end < 0;
    }
    if (from > this.size) {
      bytes.copyWithin(this.size, from, to);
      to -= from - this.size;
    }
    const last = bytes.subarray(this.size, to).lastIndexOf(0x0a);
    this.tail = last < 0 ? this.tail + to - this.size : to - this.size - last - 1;
    this.size = to;
    const batch = this.size - this.tail >= AUDIT_BATCH_BYTES ? this.flush() : null;
    if (this.tail > AUDIT_MAX_LINE) {
      this.size -= this.tail - AUDIT_MAX_LINE - 1;
      this.tail = AUDIT_MAX_LINE + 1;
      this.dropping = true;
    }
    return batch;
  }

  // end returns the last batch, if any: an unfinished last line is a line.
  end() {
    if (this.tail > 0) {
      this.space()[0] = 0x0a;
      this.size++;
      this.tail = 0;
    }
    return this.size > 0 ? this.flush() : null;
  }

  // flush returns the whole lines gathered as a batch and goes on in another
  // buffer with the unfinished line. Every line of a batch ends in "\n", so
  // that a batch of one empty line is one line.
  flush() {
    const whole = this.size - this.tail;
    const next = this.take(this.tail);
    new Uint8Array(next).set(new Uint8Array(this.buffer, whole, this.tail));
    const batch = { data: new Uint8Array(this.buffer, 0, whole), bytes: this.read };
    this.buffer = next;
    this.size = this.tail;
    this.read = 0;
    return batch;
  }

  // take returns a buffer of the pool, or a new one, that holds more than n bytes.
  take(n) {
    const i = this.pool.findIndex((buffer) => buffer.byteLength > n);
    return i >= 0 ? this.pool.splice(i, 1)[0] : new ArrayBuffer(Math.max(AUDIT_BUFFER_BYTES, 2 * n));
  }

  grow(n) {
    const bigger = this.take(n);
    new Uint8Array(bigger).set(new Uint8Array(this.buffer, 0, this.size));
    this.buffer = bigger;
  }
}

// Reads blob's bytes into the views handed to read(view), which resolves to
// {done, value}, value the bytes read in view's memory. Where blob streams
// are byte streams (Chromium, Firefox, Node) it is a BYOB reader, which reads
// straight into the view; WebKit's are not, and getReader({mode: 'byob'})
// throws a TypeError there: then the default reader's chunks are copied into
// the views, a chunk that does not fit kept for the next read, so that
// memory stays as bounded as with BYOB reads.
function blobReader(blob) {
  const stream = blob.stream();
  try {
    return stream.getReader({ mode: 'byob' });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
  const reader = stream.getReader();
  let rest = new Uint8Array(0); // what the last chunk held beyond its view
  return {
    async read(view) {
      if (rest.length === 0) {
        const { done, value } = await reader.read();
        if (done) return { done, value: view.subarray(0, 0) };
        rest = value;
      }
      const n = Math.min(view.length, rest.length);
      view.set(rest.subarray(0, n));
      rest = rest.subarray(n);
      return { done: false, value: view.subarray(0, n) };
    },
    cancel: () => reader.cancel(),
  };
}

// Why an audit stopped, for the page to say (msg.audit.failed.<stage>):
// reading the file ('read'), starting a worker ('start'), or a worker's
// fault ('worker').
class AuditFailure extends Error {
  constructor(stage, cause) {
    super(`${stage}: ${cause?.message ?? cause}`, { cause });
    this.stage = stage;
  }
}

// The values of a reuse warning seen in a whole file, by their hash (16 hex
// digits, pfcheck.audit's seen), each with the line it was first seen in:
// a table in typed arrays (open addressing), some 24 bytes a value, where a
// Map of strings took over 100 and a file of a million matches has three
// million values. The few values seen again keep their first lines in
// `again`, which is what the warnings read.
class AuditSeen {
  constructor() {
    this.size = 0;
    this.again = new Map();
    this.resize(4096);
  }

  // add notes that the value of hash was seen in line (≥ 1).
  add(hash, line) {
    const hi = parseInt(hash.slice(0, 8), 16);
    const lo = parseInt(hash.slice(8, 16), 16);
    const i = this.find(hi, lo);
    if (this.lines[i] === 0) {
      [this.hashes[2 * i], this.hashes[2 * i + 1], this.lines[i]] = [hi, lo, line];
      if (++this.size * 3 > this.lines.length * 2) this.resize(2 * this.lines.length);
      return;
    }
    const lines = this.again.get(hash) ?? [this.lines[i]];
    if (lines.length < AUDIT_WARNING_LINES) lines.push(line);
    this.again.set(hash, lines);
  }

  // find returns the slot of the hash hi‖lo, or the empty one where it goes.
  find(hi, lo) {
    const mask = this.lines.length - 1;
    let i = lo & mask;
    while (this.lines[i] !== 0 && (this.hashes[2 * i] !== hi || this.hashes[2 * i + 1] !== lo)) i = (i + 1) & mask;
    return i;
  }

  resize(slots) {
    const [hashes, lines] = [this.hashes, this.lines];
    this.hashes = new Uint32Array(2 * slots);
    this.lines = new Int32Array(slots); // 0: an empty slot
    for (let j = 0; j < (lines?.length ?? 0); j++) {
      if (lines[j] === 0) continue;
      const i = this.find(hashes[2 * j], hashes[2 * j + 1]);
      [this.hashes[2 * i], this.hashes[2 * i + 1], this.lines[i]] = [hashes[2 * j], hashes[2 * j + 1], lines[j]];
    }
  }
}

// An empty outcome, in the shape of pfcheck.audit's.
function newAuditOutcome() {
  return {
    lines: 0, records: 0, unreadable: 0, status: Object.fromEntries(auditStatuses.map((s) => [s, 0])), schemes: {},
    rolls: { recorded: Array(36).fill(0), computed: Array(36).fill(0) }, problems: [], omitted: 0, diagnoses: {}, seen: {}, flagged: {},
  };
}

// Adds a batch's outcome to total. Batches are added in the file's order,
// so the first AUDIT_MAX_PROBLEMS lines listed are those of the whole file
// (a batch lists its own first ones).
//
// The warnings' lines are numbered in the file here, after the lines of the
// batches before (a batch numbers its own from 1). A reuse warning's values
// (batch.seen: code → short hash → lines) are kept for the whole file, in an
// AuditSeen per code.
function addAuditOutcome(total, batch) {
  const before = total.lines;
  for (const [code, hashes] of Object.entries(batch.seen)) {
    const seen = (total.seen[code] ??= new AuditSeen());
    for (const [hash, lines] of Object.entries(hashes)) {
      for (const n of lines) seen.add(hash, n + before);
    }
  }
  for (const [code, { count, lines }] of Object.entries(batch.flagged)) {
    const flagged = (total.flagged[code] ??= { count: 0, lines: [] });
    flagged.count += count;
    flagged.lines = flagged.lines.concat(lines.map((n) => n + before)).slice(0, AUDIT_WARNING_LINES);
  }
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
  for (const [key, n] of Object.entries(batch.diagnoses)) total.diagnoses[key] = (total.diagnoses[key] ?? 0) + n;
  const problems = total.problems.concat(batch.problems);
  total.omitted += batch.omitted + Math.max(0, problems.length - AUDIT_MAX_PROBLEMS);
  total.problems = problems.slice(0, AUDIT_MAX_PROBLEMS);
}

// Audits a Blob (a File, or pasted text as a Blob) on workers: each worker
// is {audit(batch) → Promise of {result, data}} (auditWorkerClient).
// progress(state) is called as batches end, with {done, total} in bytes and
// the outcome so far. Aborting signal stops reading and waiting at once (the caller stops
// the workers). Returns {outcome, cancelled}.
/**
 * @param {Blob} blob
 * @param {{ audit(batch: object): Promise<object>, stop(): void }[]} workers
 * @param {{ signal?: AbortSignal, progress?: (state: object) => void }} [options]
 */
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

  // Batches end in any order and are added up in the file's: a worker
  // numbers a batch's lines from 1, and they are numbered in the file once
  // the lines before them are counted. At most the batches in flight wait.
  const ended = new Map(); // a batch's number → its outcome and bytes read
  let sent = 0;
  let added = 0;
  let linesBefore = 0;
  function addEnded() {
    for (let next; (next = ended.get(added)); added++) {
      ended.delete(added);
      for (const p of next.result.problems) p.line += linesBefore;
      linesBefore += next.result.lines;
      addAuditOutcome(outcome, next.result);
      state.done += next.bytes;
    }
    progress(state);
  }

  const pool = [];
  async function send({ data, bytes }) {
    const i = await free();
    if (i < 0) return;
    const number = sent++;
    const job = workers[i].audit({ data }).then(({ result, data: handedBack }) => {
      busy[i].delete(job);
      pool.push(handedBack.buffer);
      if (result.errors) throw new Error(`pfcheck.audit: ${JSON.stringify(result.errors)}`);
      ended.set(number, { result, bytes });
      addEnded();
    }).catch((err) => {
      busy[i].delete(job);
      failure ??= new AuditFailure('worker', err);
    });
    busy[i].add(job);
  }

  const batcher = new AuditBatcher(pool);
  let reader;
  try {
    reader = blobReader(blob);
  } catch (err) {
    throw new AuditFailure('read', err);
  }
  const read = (view) => reader.read(view).catch((err) => {
    throw new AuditFailure('read', err);
  });
  try {
    while (!signal?.aborted && !failure) {
      const { done, value } = await Promise.race([read(batcher.space()), aborted.then(() => ({ done: true }))]);
      const batch = value && batcher.took(value);
      if (batch) await send(batch);
      if (done) break;
    }
    const last = !signal?.aborted && !failure && batcher.end();
    if (last) await send(last);
  } finally {
    reader.cancel().catch(() => {});
  }
  while (!signal?.aborted && busy.some((b) => b.size > 0)) {
    await Promise.race([aborted, ...busy.flatMap((b) => [...b])]);
  }
  if (failure) throw failure;
  return { outcome, cancelled: Boolean(signal?.aborted) };
}

// The warnings of an outcome, as a report gives them: [{code, count, groups}]
// for a reuse warning, count the values seen in more than one record and
// groups the lines of each (a list of client seeds used again is one
// group, not one per seed); [{code, count, lines}] for another, count the
// records. Only the codes found, in the order of auditWarningCodes.
function auditWarnings(outcome) {
  const warnings = [];
  const byLines = (a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  };
  for (const code of auditWarningCodes) {
    const groups = new Map();
    for (const lines of outcome.seen[code]?.again.values() ?? []) {
      const distinct = [...new Set(lines)]; // the records of a JSON list share its line
      groups.set(distinct.join(), distinct);
    }
    if (groups.size > 0) warnings.push({ code, count: groups.size, groups: [...groups.values()].sort(byLines).slice(0, AUDIT_WARNING_LINES) });
    const flagged = outcome.flagged[code];
    if (flagged) warnings.push({ code, count: flagged.count, lines: [...new Set(flagged.lines)] });
  }
  return warnings;
}

// The report of an audit: the summary, the warnings, the dice statistics (pfcheck.rollStats
// over the rolls as played, recorded and computed together, and how many of
// each), the listed lines and how many more there were. Node prints it, the
// page offers it for download; both write it the same.
function auditReport(outcome, stats, cancelled) {
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  return {
    summary: {
      lines: outcome.lines, records: outcome.records, unreadable: outcome.unreadable, ...outcome.status, schemes: outcome.schemes,
      diagnoses: outcome.diagnoses, cancelled,
    },
    warnings: auditWarnings(outcome),
    statistics: { ...stats, recorded: sum(outcome.rolls.recorded), computed: sum(outcome.rolls.computed) },
    problems: outcome.problems,
    omitted: outcome.omitted,
  };
}

// The mismatches grouped by diagnosis, the largest group first: [key,
// count], the key the codes of the slips that explain them, separated by
// spaces, or "unexplained" (testdata/diagnosis.md).
/** @param {Record<string, number>} diagnoses */
function diagnosisGroups(diagnoses) {
  return Object.entries(diagnoses).sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
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
// is how many differences or problems the record has; diagnosis the codes
// of a mismatch's diagnosis (testdata/diagnosis.md), separated by spaces.
// Then a row per line of each warning: status "warning", its code, and of a
// reuse warning the first line of the group as at and the group's lines as
// count.
function auditCSV(report) {
  const rows = [['line', 'item', 'scheme', 'status', 'field', 'code', 'at', 'computed', 'recorded', 'count', 'diagnosis']];
  for (const p of report.problems) {
    const d = p.difference;
    const what = d ? [d.kind, 'differs', d.at ?? '', d.computed ?? '', d.recorded ?? '']
      : p.error ? [p.error.field, p.error.code, p.error.at ?? '', '', ''] : ['', '', '', '', ''];
    rows.push([p.line, p.item ?? '', p.scheme, p.status, ...what, p.count, (p.diagnosis ?? []).map((f) => f.code).join(' ')]);
  }
  for (const w of report.warnings) {
    for (const group of w.groups ?? [w.lines]) {
      const [at, count] = w.groups ? [group[0], group.length] : ['', ''];
      for (const line of group) rows.push([line, '', '', 'warning', '', w.code, at, '', '', count, '']);
    }
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
// {version, audit({data}) → Promise of {result, data}}: result the outcome
// of pfcheck.audit, data the batch's bytes, handed over to the worker and
// back, to be read into again.
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
            worker.postMessage({ id, maxProblems: AUDIT_MAX_PROBLEMS, ...batch }, [batch.data.buffer]);
          }),
        });
        return;
      }
      const job = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) job?.reject(new Error(data.error));
      else job?.resolve(data);
    }, fail);
    worker.postMessage({ module });
  });
}

// The body of an audit worker: it starts the verifier from the compiled
// module it is sent first ({module}, answered with {ready: version}), then
// answers each batch {id, data, maxProblems} (data the batch's bytes,
// AuditBatcher) with {id, result, data}: the outcome of pfcheck.audit, its
// lines numbered from 1, and the bytes handed back; or with {id, error}.
// It decodes a batch only to apply the pages' rule to its lines
// (auditLineFormat); the verifier reads the bytes themselves. port is the
// worker's own global scope, or an object like it around worker_threads'
// parentPort. It is sent to a Web Worker as its source text, so it uses
// nothing but its argument, Go (wasm_exec.js), auditLineFormat and linkPage.
function auditWorkerMain(port) {
  let pfcheck;
  // The byte order mark was dropped once, at the start of the file.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  port.onmessage = async ({ data }) => {
    const { id, maxProblems } = data;
    try {
      if (data.module) {
        // Go's own GOGC (100), not the 400 of the pages' self-test: a batch's
        // live heap is small, so collecting more often costs no measurable
        // time and keeps each worker's memory at about 10 MB instead of 22.
        const go = new Go();
        const instance = await WebAssembly.instantiate(/** @type {WebAssembly.Module} */ (data.module), go.importObject);
        go.run(instance);
        pfcheck = globalThis.pfcheck;
        port.postMessage({ ready: pfcheck.version });
        return;
      }
      const formats = decoder.decode(data.data).split('\n').map(auditLineFormat);
      const result = pfcheck.audit(data.data, { formats, maxProblems });
      port.postMessage({ id, result, data: data.data }, [data.data.buffer]);
    } catch (err) {
      port.postMessage({ id, error: String(err) });
    }
  };
}
