'use strict';
// The audit page (testdata/audit.md): audits a file, or pasted lines, on one
// Web Worker per core with the verifier this page carries, and shows the
// answer at the top, the lines that are not a match, the dice statistics and
// the report to save. audit-core.js reads the file and adds the batches up,
// as for web/node/audit.mjs; this file starts the workers and shows what they
// found. Nothing from the file is ever inserted as HTML.

// Number formats by their options: making one is slow, and the progress
// formats its numbers several times a second.
const numberFormats = new Map();
/** @type {(n: number, options?: Intl.NumberFormatOptions) => string} */
const formatNumber = (n, options = { maximumFractionDigits: 0 }) => {
  const key = JSON.stringify(options);
  if (!numberFormats.has(key)) numberFormats.set(key, new Intl.NumberFormat(intlLocale, options));
  return numberFormats.get(key).format(n);
};
const svgElement = (tag, attributes = {}) => {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
};

// Starts n audit workers from a Blob URL of this page's own wasm_exec.js,
// linkPage, auditLineFormat and auditWorkerMain (the page's policy allows
// workers from blob: only), each with the compiled verifier. Resolves to
// [{audit(batch), stop()}].
async function startWorkers(module, n) {
  const code = [document.getElementById('wasm-exec').textContent, linkPage, auditLineFormat, auditWorkerMain];
  const source = `${code.join('\n')}\nauditWorkerMain(self);\n`;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const started = [];
  try {
    return await Promise.all(Array.from({ length: n }, async () => {
      const worker = new Worker(scriptURL(url));
      started.push(worker);
      const client = await auditWorkerClient(worker, (onData, onError) => {
        worker.onmessage = (event) => onData(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          onError(new Error(event.message));
        };
      }, module);
      return { ...client, stop: () => worker.terminate() };
    }));
  } catch (err) {
    for (const worker of started) worker.terminate();
    throw new AuditFailure('start', err);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function duration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  return s < 60 ? msg('msg.audit.seconds', { n: s }) : msg('msg.audit.minutes', { m: Math.floor(s / 60), s: s % 60 });
}

// Matches per second: one decimal below 10, so that a slow or short audit
// does not read "0 matches per second".
function rate(matches, seconds) {
  const r = matches / Math.max(seconds, 0.001);
  const digits = r < 10 ? 1 : 0;
  return msg('msg.audit.rate', { rate: formatNumber(r, { minimumFractionDigits: digits, maximumFractionDigits: digits }) });
}

// A count in words whose form follows it (key.one for one).
const counted = (key, n) => msg(key, { count: n, number: formatNumber(n) });

// A value of a difference as the scheme's page shows it: a roll as 6-3, a
// card with its suit symbol, a chess colour in words.
const cardKinds = new Set(['cards', 'deals', 'hands', 'deck', 'proofCards']);
function differenceValue(scheme, kind, value) {
  if (value === '') return value;
  if (kind === 'rolls' && /^[1-6]{2}$/.test(value)) return `${value[0]}-${value[1]}`;
  if (cardKinds.has(kind)) return cardElement(value);
  const colour = `${scheme}/msg.colour.${value}`;
  if (kind === 'colourA' && colour in messages) return msg(colour);
  return valueElement(value);
}

start((pfcheck, module) => {
  const form = document.getElementById('audit-form');
  /** @type {HTMLInputElement} */
  const fileInput = document.querySelector('[data-audit-file]');
  /** @type {HTMLTextAreaElement} */
  const textInput = document.querySelector('[data-audit-text]');
  /** @type {HTMLButtonElement} */
  const startButton = document.querySelector('[data-audit-start]');
  /** @type {HTMLButtonElement} */
  const cancelButton = document.querySelector('[data-audit-cancel]');
  // The answer box at the top is the audit's summary.
  const summary = verdictBox;
  summary.setAttribute('data-audit-summary', '');
  summary.dataset.state = 'idle';
  const progress = document.querySelector('[data-audit-progress]');
  const workerCount = Math.max(1, navigator.hardwareConcurrency || 2);
  let running = null;
  let report = null;

  function setRunning(on) {
    startButton.disabled = on;
    fileInput.disabled = on;
    textInput.disabled = on;
    cancelButton.disabled = !on;
  }

  // The answer, in one sentence, then the counts, in the answer box, which
  // takes the focus. Its status colours it: mismatch where a match differs,
  // computed where some record could not be compared, match where all did,
  // invalid where none could be checked. The sentence links the list.
  function showSummary(state, outcome, failure) {
    const s = outcome.status;
    const counts = { lines: outcome.lines, records: outcome.records, unreadable: outcome.unreadable, ...s };
    summary.dataset.state = state;
    for (const [key, value] of Object.entries(counts)) summary.dataset[key] = String(value);
    const list = () => inPageLink('lines-title', msg('msg.audit.list'));
    const checked = s.match + s.mismatch + s.computed;
    let status = 'match';
    let answer;
    if (state === 'failed') [status, answer] = ['invalid', [msg(failure?.stage ? `msg.audit.failed.${failure.stage}` : 'msg.audit.failed')]];
    else if (outcome.records + outcome.unreadable === 0) [status, answer] = ['invalid', [msg('msg.audit.answer.empty')]];
    else if (checked === 0) [status, answer] = ['invalid', msgParts('msg.audit.answer.none', { list: list() })];
    else if (s.mismatch > 0) [status, answer] = ['mismatch', msgParts('msg.audit.answer.mismatch', { mismatch: formatNumber(s.mismatch), count: s.mismatch, list: list() })];
    else if (s.invalid + s.unsupported + s.computed + outcome.unreadable > 0) [status, answer] = ['computed', msgParts('msg.audit.answer.unchecked', { list: list() })];
    else answer = [msg('msg.audit.answer.clean', { match: formatNumber(s.match), count: s.match })];
    const before = state === 'cancelled' ? [msg('msg.audit.cancelled')] : [];
    const statuses = [...auditStatuses, 'unreadable'].filter((k) => counts[k] > 0).map((k) => counted(`msg.audit.count.${k}`, counts[k]));
    const after = state === 'failed' || statuses.length === 0 ? [] : [msg('msg.audit.counts', {
      records: counted('msg.audit.count.records', outcome.records), lines: counted('msg.audit.count.lines', outcome.lines), statuses: statuses.join(msg('msg.audit.count.separator')),
    })];
    // "310 numbered from 0, 2 unexplained": one slip in many matches is
    // one fault of the app, not many tampered games.
    const groups = diagnosisGroups(outcome.diagnoses).map(([key, n]) => msg('msg.audit.diagnosis.group', {
      count: n, number: formatNumber(n), slips: key === 'unexplained' ? msg('msg.audit.diagnosis.unexplained')
        : key.split(' ').map((code) => msg(`msg.diagnosis.${code}.name`)).join(' + '),
    }));
    if (state !== 'failed' && groups.length > 0) after.push(msg('msg.audit.diagnosis', { groups: groups.join(msg('msg.audit.count.separator')) }));
    summary.dataset.diagnoses = diagnosisGroups(outcome.diagnoses).map(([key, n]) => `${n} ${key}`).join(', ');
    // The warnings change no status: they follow the answer, linked.
    const warnings = state === 'failed' || !report?.warnings.length ? [] : msgParts('msg.audit.answer.warnings', {
      count: report.warnings.length, list: inPageLink('warnings-title', document.getElementById('warnings-title').textContent),
    });
    // Whom to tell of a mismatch: with the file audited, or the kept
    // matches saved as one.
    showVerdict(status, sentences(before, answer, after, warnings), [], auditedKept ? 'msg.audit.kept.report' : 'msg.report');
  }

  let shown = 0;
  function showProgress({ done, total, outcome }, started, force = false) {
    const now = performance.now();
    if (!force && now - shown < 150) return;
    shown = now;
    progress.dataset.done = String(done);
    progress.dataset.total = String(total);
    progress.querySelector('progress').value = total > 0 ? done / total : 1;
    const seconds = (now - started) / 1000;
    progress.querySelector('[data-audit-rate]').textContent = done === 0 ? msg('msg.audit.reading') : msg('msg.audit.progress', {
      percent: percent(done, total), rate: rate(outcome.records, seconds),
      left: duration(((total - done) * seconds) / done),
    });
  }

  const percent = (done, total) => formatNumber(total > 0 ? (100 * done) / total : 100);

  // What a listed line says (text and nodes): its first difference or
  // problem, in the words of its scheme's page.
  function lineParts(p) {
    const d = p.difference;
    if (d) {
      const value = (v) => differenceValue(p.scheme, d.kind, v ?? '');
      // dice_v2 counts its rolls over all games, where its page names game
      // and roll: the sentence says so.
      const key = [`msg.audit.diff.${p.scheme}.${d.kind}`, `msg.audit.diff.${d.kind}`].find((k) => k in messages) ?? 'msg.audit.diff';
      const text = msgParts(key, { kind: d.kind, at: d.at ?? '', computed: value(d.computed), recorded: value(d.recorded) });
      const diagnosis = p.diagnosis ? diagnosisParts(p.scheme, p.diagnosis, (_kind, at) => msg('msg.diagnosis.place', { at })) : [];
      return sentences(text, p.count > 1 ? [msg('msg.audit.more', { count: p.count - 1 })] : [], diagnosis);
    }
    // A problem with the line itself, or with the link as a whole, names no
    // field; a field is named as its page's form labels it.
    if (p.error) {
      const text = problemText(p.error, p.scheme ? `${p.scheme}/` : '');
      const label = messages[`${p.scheme}/label.${String(p.error.field).split('.')[0]}`];
      return [label ? `${label}${afterLabel(label)}${text}` : text];
    }
    return [msg('msg.audit.computed')];
  }

  // A scheme in words (msg.audit.scheme.<id>); one this page does not know,
  // by the id the line gave, as a value.
  const schemeName = (scheme) => (scheme ? messages[`msg.audit.scheme.${scheme}`] ?? valueElement(scheme) : msg('msg.audit.noScheme'));

  function showLines(report) {
    const items = report.problems.map((p) => {
      const li = element('li', {
        'data-audit-line': '', 'data-line': String(p.line), 'data-status': p.status, 'data-scheme': p.scheme,
        ...(p.item ? { 'data-item': String(p.item) } : {}),
        ...(p.difference ? { 'data-kind': p.difference.kind, 'data-at': String(p.difference.at ?? '') } : {}),
        ...(p.error ? { 'data-field': p.error.field, 'data-code': p.error.code } : {}),
        ...(p.diagnosis ? { 'data-diagnosis': p.diagnosis.map((f) => f.code).join(' ') } : {}),
      });
      const where = msg(p.item ? 'msg.audit.item' : 'msg.audit.line', { line: formatNumber(p.line), item: p.item });
      li.append(element('strong', {}, where), ' · ', schemeName(p.scheme), ' · ',
        element('span', { class: 'status' }, msg(`msg.audit.status.${p.status}`)), ': ', ...lineParts(p));
      const href = p.link ? pageURL(linkPage(p.link), pageLang, `#${p.link}`) : '';
      if (href) li.append(' ', element('a', { href, 'data-audit-open': '' }, msg('msg.audit.open')));
      // A saved page knows no site to open the match on: the link is copied,
      // to open on a check page.
      else if (p.link) li.append(' ', element('button', { type: 'button', 'data-audit-copy': `#${p.link}` }, msg('msg.audit.copy')));
      return li;
    });
    document.querySelector('[data-audit-lines]').replaceChildren(...items);
    const omitted = document.querySelector('[data-audit-omitted]');
    omitted.hidden = report.omitted === 0;
    omitted.textContent = report.omitted > 0 ? msg('msg.audit.omitted', { count: report.omitted }) : '';
    document.querySelector('[data-audit-problems]').hidden = items.length === 0;
  }

  // The warnings, each with its count and the lines it concerns: a reuse
  // warning's lines by the value they share ("1, 114; 41, 42").
  function showWarnings(warnings) {
    const lines = (list) => list.map((n) => formatNumber(n)).join(', ');
    const items = warnings.map((w) => {
      const shown = w.groups ? w.groups.flat().length : w.lines.length;
      const where = msg('msg.audit.warning.lines', { count: shown, lines: w.groups ? w.groups.map(lines).join('; ') : lines(w.lines) });
      const li = element('li', { 'data-audit-warning': '', 'data-code': w.code, 'data-count': String(w.count) });
      li.append(counted(`msg.audit.warning.${w.code}`, w.count), ' ', element('span', { 'data-audit-warning-lines': '' }, where));
      return li;
    });
    document.querySelector('[data-audit-warning-list]').replaceChildren(...items);
    document.querySelector('[data-audit-warnings]').hidden = items.length === 0;
  }

  // The 36 ordered rolls against the expected count, die 1 in the rows.
  function heatMap(stats) {
    const expected = stats.expected36;
    const caption = element('caption', { class: 'hint' }, msg('msg.audit.heatmap.caption', { expected: formatNumber(expected, { maximumFractionDigits: 1 }) }));
    rollTable(document.querySelector('[data-audit-heatmap]'), caption, msg('msg.audit.heatmap.die1'), msg('msg.audit.heatmap.die2'), (a, b) => {
      const count = stats.counts[(a - 1) * 6 + (b - 1)];
      const ratio = expected > 0 ? Math.min(count / expected, 2) : 0;
      return withStyle(element('td', { 'data-roll': `${a}${b}`, 'data-count': String(count) }, formatNumber(count)), '--ratio', ratio.toFixed(3));
    });
  }

  // The six faces as bars against the expected count (a dashed line).
  function faceBars(stats) {
    const svg = document.querySelector('[data-audit-faces]');
    const [width, height, base, top] = [320, 170, 145, 20];
    const most = Math.max(...stats.faces, stats.expectedFaces) || 1;
    const y = (n) => base - ((base - top) * n) / most;
    const bars = stats.faces.map((count, i) => {
      const x = 20 + i * 50;
      const g = svgElement('g');
      const title = svgElement('title');
      title.textContent = msg('msg.audit.faces.bar', { face: i + 1, count: formatNumber(count) });
      g.append(title, svgElement('rect', { x, y: y(count), width: 30, height: base - y(count), class: 'bar', 'data-face': i + 1, 'data-count': count }));
      const label = svgElement('text', { x: x + 15, y: base + 18, 'text-anchor': 'middle' });
      label.textContent = String(i + 1);
      const value = svgElement('text', { x: x + 15, y: y(count) - 4, 'text-anchor': 'middle', class: 'value' });
      value.textContent = formatNumber(count);
      g.append(label, value);
      return g;
    });
    const line = svgElement('line', { x1: 10, x2: width - 10, y1: y(stats.expectedFaces), y2: y(stats.expectedFaces), class: 'expected' });
    svg.replaceChildren(...bars, line);
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    document.querySelector('[data-audit-faces-caption]').textContent = msg('msg.audit.faces.caption', {
      dice: formatNumber(2 * stats.rolls), expected: formatNumber(stats.expectedFaces, { maximumFractionDigits: 1 }),
    });
  }

  function showStats(stats) {
    const section = document.querySelector('[data-audit-stats]');
    // No match read, no statistics to speak of.
    section.hidden = report.summary.records === 0;
    if (section.hidden) return;
    const p = (v) => (v >= 0.001 ? formatNumber(v, { maximumSignificantDigits: 3 }) : `< ${formatNumber(0.001, { maximumFractionDigits: 3 })}`);
    const chi = (v) => formatNumber(v, { maximumFractionDigits: 2 });
    Object.assign(section.dataset, {
      rolls: String(stats.rolls), recorded: String(stats.recorded), computed: String(stats.computed), doubles: String(stats.doubles),
    });
    for (const name of ['chi2-36', 'p-36', 'chi2-faces', 'p-faces']) section.removeAttribute(`data-${name}`);
    const rollsLine = section.querySelector('[data-audit-stats-rolls]');
    const parts = section.querySelectorAll('h3, .scroll, figure, [data-audit-doubles], [data-audit-test36], [data-audit-test-faces], [data-audit-reading]');
    if (stats.rolls === 0) {
      rollsLine.textContent = msg('msg.audit.stats.none');
      for (const el of parts) el.hidden = true;
      return;
    }
    for (const el of parts) el.hidden = false;
    section.setAttribute('data-chi2-36', String(stats.chiSquare36));
    section.setAttribute('data-p-36', String(stats.p36));
    section.setAttribute('data-chi2-faces', String(stats.chiSquareFaces));
    section.setAttribute('data-p-faces', String(stats.pFaces));
    rollsLine.textContent = msg('msg.audit.stats.rolls', {
      rolls: formatNumber(stats.rolls), recorded: formatNumber(stats.recorded), computed: formatNumber(stats.computed),
    });
    section.querySelector('[data-audit-reading]').textContent =
      msg(Math.min(stats.p36, stats.pFaces) < 0.01 ? 'msg.audit.stats.reading.low' : 'msg.audit.stats.reading.ok');
    heatMap(stats);
    faceBars(stats);
    section.querySelector('[data-audit-doubles]').textContent = msg('msg.audit.stats.doubles', {
      doubles: formatNumber(stats.doubles), rolls: formatNumber(stats.rolls), expected: formatNumber(stats.expectedDoubles, { maximumFractionDigits: 1 }),
    });
    section.querySelector('[data-audit-test36]').textContent = msg('msg.audit.stats.test36', { chi2: chi(stats.chiSquare36), p: p(stats.p36) });
    section.querySelector('[data-audit-test-faces]').textContent = msg('msg.audit.stats.testFaces', { chi2: chi(stats.chiSquareFaces), p: p(stats.pFaces) });
  }

  function finish(outcome, state) {
    report = auditReport(outcome, pfcheck.rollStats(playedRolls(outcome)), state === 'cancelled');
    showSummary(state, outcome);
    showWarnings(report.warnings);
    showLines(report);
    showStats(report.statistics);
  }

  // Audits blob: a file, the pasted lines or the kept matches.
  async function audit(blob) {
    showProblems([]);
    const controller = new AbortController();
    let workers = [];
    running = () => {
      controller.abort();
      for (const w of workers) w.stop();
    };
    setRunning(true);
    summary.dataset.state = 'running';
    summary.dataset.status = '';
    summary.querySelector('[data-verdict-text]').textContent = msg('msg.audit.running');
    progress.hidden = false;
    const started = performance.mark('pfcheck:audit-start').startTime; // make bench times the audit
    showProgress({ done: 0, total: blob.size, outcome: newAuditOutcome() }, started, true);
    try {
      workers = await startWorkers(module, workerCount);
      if (controller.signal.aborted) for (const w of workers) w.stop();
      const { outcome, cancelled } = await runAudit(blob, workers, {
        signal: controller.signal, progress: (state) => showProgress(state, started),
      });
      const seconds = (performance.mark('pfcheck:audit-end').startTime - started) / 1000;
      const done = cancelled ? Number(progress.dataset.done) : blob.size;
      showProgress({ done, total: blob.size, outcome }, started, true);
      // No time left once stopped: where it stopped, or what it took.
      const matches = counted('msg.audit.done.matches', outcome.records);
      const cores = counted('msg.audit.cores', workers.length);
      progress.querySelector('[data-audit-rate]').textContent = cancelled ? msg('msg.audit.progress.cancelled', { percent: percent(done, blob.size) })
        : seconds < 1 ? msg('msg.audit.progress.done.quick', { matches, cores })
          : msg('msg.audit.progress.done', { matches, time: duration(seconds), rate: rate(outcome.records, seconds), cores });
      finish(outcome, cancelled ? 'cancelled' : 'done');
    } catch (err) {
      // A file that went away or cannot be read is a problem of the field.
      if (err?.stage === 'read' && ['NotReadableError', 'NotFoundError'].includes(err.cause?.name)) {
        summary.dataset.state = 'idle';
        refuse([{ field: 'file', code: 'unreadable' }]);
      } else {
        console.info('pfcheck: the audit stopped:', err);
        showSummary('failed', newAuditOutcome(), err);
      }
    } finally {
      for (const w of workers) w.stop();
      running = null;
      setRunning(false);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (running) return;
    const file = fileInput.files[0];
    auditedKept = false;
    if (file || textInput.value.trim() !== '') audit(file ?? new Blob([textInput.value]));
    else refuse([{ field: 'file', code: 'missing' }]);
  });
  cancelButton.addEventListener('click', () => running?.());

  // A file dropped anywhere on the page is the file to audit.
  addEventListener('dragover', (event) => {
    if (!running && event.dataTransfer?.types.includes('Files')) {
      event.preventDefault();
      form.classList.add('dragging');
    }
  });
  addEventListener('dragleave', () => form.classList.remove('dragging'));
  addEventListener('drop', (event) => {
    form.classList.remove('dragging');
    if (running || !event.dataTransfer?.files.length) return;
    event.preventDefault();
    fileInput.files = event.dataTransfer.files;
    showProblems([]);
  });

  document.querySelector('[data-audit-lines]').addEventListener('click', async (event) => {
    const button = /** @type {Element} */ (event.target).closest('[data-audit-copy]');
    if (button) announceCopy(await copyText(button.dataset.auditCopy));
  });

  // ---- My checked matches (kept.js): listed, audited as a file of their
  // links would be, exported as that file, forgotten. ----

  const keptSection = document.querySelector('[data-kept-matches]');
  const keptList = keptSection.querySelector('[data-kept-list]');
  const keptSaid = keptSection.querySelector('[data-kept-said]');
  const checkedAt = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'medium' });
  let kept = [];
  let auditedKept = false; // whether the answer at the top is the kept matches'

  // The kept matches as an audit file (testdata/audit.md): a link per line.
  const keptFile = () => new Blob([kept.map((m) => `${m.link}\n`).join('')], { type: 'text/plain' });

  // What tells apart matches kept in the same minute: the start of the
  // match's server seed, which the game showed when it revealed it (every
  // scheme's link has one, by one of these keys).
  function keptSeed(link) {
    const fields = new URLSearchParams(new URL(link).hash.slice(1));
    return (fields.get('s') ?? fields.get('serverSeed') ?? fields.get('seedA') ?? fields.get('root') ?? '').slice(0, 8);
  }

  async function showKept() {
    try {
      kept = await keptMatches();
    } catch (err) {
      console.info('pfcheck: the kept matches could not be read:', err);
      kept = [];
      keptSaid.textContent = msg('msg.keep.failed');
    }
    keptList.replaceChildren(...kept.map((m, i) => {
      const li = element('li', { 'data-kept-match': '', 'data-status': m.status, 'data-page': m.page });
      // Opened in this page's language, as the audit's own list opens them.
      const open = element('a', { href: pageURL(m.page, pageLang, new URL(m.link).hash), 'data-kept-open': '' },
        [checkedAt.format(new Date(m.checked)), msg(`msg.page.${m.page}`), msg(`msg.audit.status.${m.status}`)].join(' · '));
      const seed = keptSeed(m.link);
      if (seed) {
        const code = element('code', { 'data-kept-seed': '' });
        code.append(valueElement(seed), '…');
        open.append(' · ', code);
      }
      if (m.difference) open.append(': ', element('span', { lang: m.lang }, m.difference));
      const forget = element('button', { type: 'button', 'data-forget': m.link }, msg('msg.audit.kept.forget'));
      forget.append(element('span', { class: 'visually-hidden' }, ` (${msg('msg.audit.kept.number', { n: i + 1 })})`));
      li.append(open, ' ', forget);
      return li;
    }));
    keptSection.querySelector('[data-kept-none]').hidden = kept.length > 0;
    keptSection.querySelector('[data-kept-actions]').hidden = kept.length === 0;
  }

  function auditKept() {
    if (running || kept.length === 0) return;
    auditedKept = true;
    audit(keptFile());
  }

  // After a forgetting, the answer at the top, if it was the kept matches',
  // is theirs again, or says that none are left.
  async function forgotten(said) {
    await showKept();
    keptSaid.textContent = said;
    if (!auditedKept || running) return;
    if (kept.length > 0) {
      auditKept();
      return;
    }
    auditedKept = false;
    report = null;
    summary.dataset.state = 'idle';
    keptSaid.textContent = ''; // said once, in the answer at the top
    showVerdict('', said);
  }

  keptList.addEventListener('click', async (event) => {
    const button = /** @type {Element} */ (event.target).closest('[data-forget]');
    if (!button || running) return;
    await forgetKeptMatch(button.dataset.forget);
    await forgotten(msg('msg.audit.kept.forgot'));
  });
  keptSection.querySelector('[data-forget-all]').addEventListener('click', async () => {
    if (running) return;
    await forgetKeptMatches();
    await forgotten(msg('msg.audit.kept.forgotAll'));
  });
  keptSection.querySelector('[data-kept-audit]').addEventListener('click', auditKept);
  keptSection.querySelector('[data-kept-export]').addEventListener('click', () =>
    saveFile(`pfcheck-my-matches-${pageLang}.txt`, 'text/plain', [keptFile()]));

  // A player who keeps their checks opens this page to see them: they are
  // audited at once.
  if (keepingPossible) {
    keptSection.hidden = false;
    showKept().then(auditKept);
  }

  document.querySelector('[data-audit-export-csv]').addEventListener('click', () => {
    if (report) saveFile(`pfcheck-audit-${pageLang}.csv`, 'text/csv', [auditCSV(report)]);
  });
  document.querySelector('[data-audit-export-json]').addEventListener('click', () => {
    if (report) saveFile(`pfcheck-audit-${pageLang}.json`, 'application/json', [auditJSON(report)]);
  });
});
