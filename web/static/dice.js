'use strict';
// The dice page (dice_v2, SPEC.md §2, seed 001): checks a `#v=2&…` link or
// the typed values of a match with the verifier, and draws the page's tables
// of the 36 rolls. Only the verifier decides anything about a match; the
// tables of chance ask it too (pfcheck.reach, pfcheck.openingRolls). "Roll
// yourself" uses the browser's own randomness and nothing else.

// A 6×6 table of the ordered rolls (rollTable) with this page's words.
function diceTable(table, cell) {
  rollTable(table, element('caption', { class: 'hint' }, msg('msg.dice.table.axes')),
    msg('msg.dice.table.die1'), msg('msg.dice.table.die2'), cell);
}

const rollText = (roll) => `${roll[0]}-${roll[1]}`;

// The 256 values of a byte and the face each gives; 252..255 are skipped.
function drawByteGrid() {
  const grid = document.querySelector('[data-byte-grid]');
  for (let b = 0; b < 256; b++) {
    grid.append(b < 252
      ? element('span', { class: 'used', 'data-byte': String(b) }, String(b % 6 + 1))
      : element('span', { class: 'discarded', 'data-byte': String(b) }, '×'));
  }
}

// Roll yourself: ordered rolls from crypto.getRandomValues, unbiased by
// rejection (a byte below 252 = 7 × 36 picks one of the 36 rolls evenly).
function setUpSelfRoll() {
  const table = document.querySelector('[data-self-table]');
  const counts = new Map();
  let total = 0;
  let doubles = 0;
  diceTable(table, (a, b) => element('td', { 'data-roll': `${a}${b}`, 'data-rolled': '0', class: a === b ? 'double' : '' }));

  const pool = new Uint8Array(64);
  let next = pool.length;
  function randomByte() {
    if (next === pool.length) {
      crypto.getRandomValues(pool);
      next = 0;
    }
    return pool[next++];
  }
  function roll() {
    for (;;) {
      const byte = randomByte();
      if (byte < 252) {
        const v = byte % 36;
        return `${Math.floor(v / 6) + 1}${v % 6 + 1}`;
      }
    }
  }

  function show(last) {
    const expected = total / 36;
    let empty = 0;
    for (const td of table.querySelectorAll('td[data-roll]')) {
      const n = counts.get(td.dataset.roll) ?? 0;
      if (n === 0) empty++;
      td.dataset.rolled = String(n);
      td.textContent = n === 0 ? '' : String(n);
      td.style.setProperty('--ratio', expected > 0 ? Math.min(n / expected, 2).toFixed(2) : '0');
      td.classList.toggle('last', td.dataset.roll === last);
    }
    document.querySelector('[data-rolled-total]').textContent = String(total);
    document.querySelector('[data-rolled-doubles]').textContent = String(doubles);
    document.querySelector('[data-rolled-empty]').textContent = String(empty);
    document.querySelector('[data-rolled-last]').textContent = last ? rollText(last) : '–';
  }

  function rollTimes(times) {
    let last = '';
    for (let i = 0; i < times; i++) {
      last = roll();
      counts.set(last, (counts.get(last) ?? 0) + 1);
      total++;
      if (last[0] === last[1]) doubles++;
    }
    show(last);
  }

  document.querySelector('[data-roll-once]').addEventListener('click', () => rollTimes(1));
  const many = document.querySelector('[data-roll-many]');
  many.addEventListener('click', () => rollTimes(Number(many.dataset.rollMany)));
  document.querySelector('[data-roll-clear]').addEventListener('click', () => {
    counts.clear();
    total = 0;
    doubles = 0;
    show('');
  });
  show('');
}

// The distance table: which rolls carry one checker exactly d pips.
function setUpReach(pfcheck) {
  const table = document.querySelector('[data-reach-table]');
  const count = document.querySelector('[data-reach-count]');
  function update(value) {
    const cells = table.querySelectorAll('td[data-roll]');
    if (value === '') {
      for (const td of cells) {
        td.removeAttribute('data-reaches');
        td.replaceChildren(rollText(td.dataset.roll));
      }
      count.dataset.reachCount = '';
      count.textContent = msg('msg.dice.reach.none');
      return;
    }
    const answer = pfcheck.reach(Number(value));
    if (answer.errors) return;
    const reaching = new Set(answer.rolls);
    for (const td of cells) {
      const hit = reaching.has(td.dataset.roll);
      td.dataset.reaches = String(hit);
      td.replaceChildren(rollText(td.dataset.roll));
      if (hit) {
        td.append(element('span', { class: 'mark', 'aria-hidden': 'true' }, '✓'),
          element('span', { class: 'visually-hidden' }, ` ${msg('msg.dice.table.reaches')}`));
      }
    }
    const distinct = answer.rolls.filter((r) => r[0] <= r[1]).length;
    const doubles = answer.rolls.filter((r) => r[0] === r[1]).length;
    count.dataset.reachCount = String(answer.count);
    count.textContent = answer.count === 0
      ? msg('msg.dice.reach.zero', { d: answer.distance })
      : msg('msg.dice.reach.count', { count: answer.count, d: answer.distance, distinct, doubles });
  }
  document.querySelector('[data-reach-form]').addEventListener('change', (event) => {
    const { name, value } = /** @type {HTMLInputElement} */ (event.target);
    if (name === 'distance') update(value);
  });
  document.querySelector('[data-reach-form]').addEventListener('submit', (event) => event.preventDefault());
  /** @type {HTMLInputElement} */
  const checked = document.querySelector('input[name=distance]:checked');
  update(checked ? checked.value : '');
}

function setUpOpening(pfcheck) {
  const { rolls, count } = pfcheck.openingRolls();
  const opening = new Set(rolls);
  for (const td of document.querySelectorAll('[data-opening-table] td[data-roll]')) {
    td.dataset.opening = String(opening.has(td.dataset.roll));
  }
  const line = document.querySelector('[data-opening-count]');
  line.dataset.openingCount = String(count);
  line.textContent = msg('msg.dice.opening.count', { count });
}

// Unix seconds as a UTC date and time in the page's language.
function formatTime(unix) {
  const date = new Date(unix * 1000);
  if (!Number.isFinite(unix) || Number.isNaN(date.getTime())) return String(unix);
  const text = date.toLocaleString(intlLocale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  return msg('msg.dice.time', { date: text, unix });
}

// A length of time in the largest unit that fits, to one decimal, in the
// page's words (msg.dice.duration.*, as Intl's long units say it, which
// the verdict's task cannot afford: oneDecimal).
function formatDuration(seconds) {
  const [unit, size] = /** @type {[string, number][]} */ ([['day', 86400], ['hour', 3600], ['minute', 60]]).find(([, size]) => seconds >= size) ?? ['second', 1];
  const value = Math.round(seconds / size * 10) / 10;
  return msg(`msg.dice.duration.${unit}`, { count: value, n: oneDecimal(value) });
}

drawByteGrid();
diceTable(document.querySelector('[data-reach-table]'), (a, b) =>
  element('td', { 'data-roll': `${a}${b}`, class: a === b ? 'double' : '' }, rollText(`${a}${b}`)));
diceTable(document.querySelector('[data-opening-table]'), (a, b) =>
  element('td', { 'data-roll': `${a}${b}`, class: a === b ? 'double' : '' }, rollText(`${a}${b}`)));
setUpSelfRoll();
document.querySelector('[data-download-again]').addEventListener('click', () => document.querySelector('[data-download]').click());
document.querySelector('[data-go-check]').addEventListener('click', () => {
  const verdict = document.getElementById('verdict');
  if (verdict.dataset.status) {
    verdict.focus();
  } else {
    document.getElementById('inputs').open = true;
    document.getElementById('serverSeed').focus();
  }
});

start((pfcheck) => {
  setUpReach(pfcheck);
  setUpOpening(pfcheck);

  const form = document.getElementById('dice-form');
  /** @param {string} name */
  const field = (name) => form.elements[name];
  const hexFields = ['serverSeed', 'seal', 'drandSignature'];
  const numberFields = ['sealedAt', 'match', 'drandRound'];

  function fill(record) {
    for (const name of [...hexFields, ...numberFields]) field(name).value = record[name] === undefined ? '' : String(record[name]);
    const players = Array.isArray(record.players) ? record.players : [];
    field('playerA').value = players[0] ?? '';
    field('playerB').value = players[1] ?? '';
    const games = Array.isArray(record.games) ? record.games : [];
    field('games').value = games.map((g) => (Array.isArray(g?.rolls) ? g.rolls.join(' ') : '')).join('\n');
  }

  // One game per line: rolls as 63, 6-3, 6:3 or a run of digit pairs.
  function parseGames(text) {
    const games = [];
    const errors = [];
    text.split('\n').forEach((line, i) => {
      const tokens = line.trim().split(/[\s,;]+/).filter(Boolean);
      if (tokens.length === 0) return;
      const rolls = [];
      for (const token of tokens) {
        const pair = /^(\d)[-–:xX×]?(\d)$/.exec(token);
        if (pair) {
          rolls.push(pair[1] + pair[2]);
        } else if (/^(\d\d)+$/.test(token)) {
          for (let j = 0; j < token.length; j += 2) rolls.push(token.slice(j, j + 2));
        } else {
          errors.push({ field: 'games', code: 'bad-line', at: i + 1 });
          return;
        }
      }
      games.push({ rolls });
    });
    return { games, errors };
  }

  // The record the form stands for, or the problems of the typed rolls.
  function recordFromForm() {
    const record = { scheme: 'dice_v2' };
    for (const name of hexFields) {
      const value = field(name).value.replace(/\s+/g, '');
      if (value) record[name] = value;
    }
    for (const name of numberFields) {
      const value = field(name).value.trim();
      if (value) record[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
    }
    // Ids exactly as typed: they are bound into every roll byte for byte.
    const a = field('playerA').value;
    const b = field('playerB').value;
    if (a !== '' || b !== '') record.players = [a, b];
    if (field('games').value.trim()) {
      const { games, errors } = parseGames(field('games').value);
      if (errors.length > 0) return { errors };
      record.games = games;
    }
    return { record };
  }

  function clearResult() {
    stopDrawing();
    document.querySelector('[data-games]').replaceChildren();
  }

  function showInvalid(problems, status = 'invalid') {
    clearResult();
    if (status === 'unsupported') {
      refuse(problems, status);
      return;
    }
    const forged = problems.some((p) => p.field === 'drandSignature' && p.code === 'not-a-point');
    refuse(problems, 'invalid', (forged ? `${msg('msg.dice.verdict.invalid-signature')} ` : '') + msg('msg.verdict.invalid'));
  }

  function run(record) {
    const result = pfcheck.check(record);
    if (checkedElsewhere(result, () => pfcheck.formatLink(record), clearResult)) return;
    if (result.status === 'invalid' || result.status === 'unsupported' || result.scheme !== 'dice_v2') {
      showInvalid(result.errors ?? [], result.status === 'invalid' ? 'invalid' : 'unsupported');
      return;
    }
    showProblems([]);
    render(result, record);
    verdictCalculated(record);
  }

  // The game and roll number of a position counted over all games.
  function locate(games, index) {
    let pos = index;
    for (const g of games) {
      if (pos <= g.rolls.length) return { game: g.game, n: pos };
      pos -= g.rolls.length;
    }
    return { game: 0, n: index };
  }

  const rowId = (game, n) => `roll-${game}-${n}`;

  // What was found and where: each failed check a link to its line below,
  // the first differing roll a link to its row, and how many others differ.
  function verdictText(result, record) {
    const round = record.drandRound;
    const { given, matches } = result.commitment;
    const n = result.games.reduce((sum, g) => sum + g.rolls.length, 0);
    if (result.status === 'mismatch') {
      const failed = (id, text) => [inPageLink(id, text)];
      const seal = given && !matches ? failed('seal-given', msg('msg.dice.verdict.mismatch-seal')) : [];
      const signature = result.signatureValid === false ? failed('fact-signature', msg('msg.dice.verdict.mismatch-signature', { round })) : [];
      const timing = result.roundAfterSeal === false
        ? failed('fact-timing', msg('msg.dice.verdict.mismatch-timing', { round, delay: formatDuration(record.sealedAt - result.roundTime) })) : [];
      const rolls = [];
      if (result.mismatches.length > 0) {
        const first = locate(result.games, result.mismatches[0].index);
        rolls.push(...msgParts('msg.dice.verdict.mismatch-rolls', {
          first: inPageLink(rowId(first.game, first.n), msg('msg.dice.where.roll', { game: first.game, n: first.n })),
        }));
      }
      const others = result.mismatches.length > 1 ? [msg('msg.verdict.mismatch-others', { count: result.mismatches.length - 1 })] : [];
      return msgParts('msg.verdict.mismatch', { details: fragmentOf(sentences(seal, signature, timing, rolls, others)) });
    }
    const matched = result.games.length === 1 ? 'msg.dice.verdict.match-one-game' : 'msg.dice.verdict.match';
    const texts = [result.status === 'match'
      ? msg(matched, { n, games: result.games.length, round })
      : msg('msg.dice.verdict.computed')];
    texts.push(msg(given ? 'msg.dice.verdict.seal-ok' : 'msg.dice.verdict.seal-unchecked'));
    if (result.roundAfterSeal === true) {
      texts.push(msg('msg.dice.verdict.timing-ok', { delay: formatDuration(result.roundTime - record.sealedAt) }));
    } else if (result.roundAfterSeal === undefined) {
      texts.push(msg('msg.dice.verdict.timing-unchecked'));
    }
    return texts.join(' ');
  }

  function setFact(name, value, text) {
    const dd = document.querySelector(`[data-${name}]`);
    dd.setAttribute(`data-${name}`, value);
    dd.textContent = text;
  }

  function render(result, record) {
    clearResult();
    showVerdict(result.status, verdictText(result, record));
    showDiagnosis(result.scheme, result.diagnosis, (_kind, index) => {
      const { game, n } = locate(result.games, index);
      return msg('msg.dice.where.roll', { game, n });
    });
    const round = record.drandRound;
    const { given, matches } = result.commitment;
    const sealVerdict = document.querySelector('[data-seal-verdict]');
    showCommitment(document.querySelector('[data-seal]'), document.querySelector('[data-seal-given]'), sealVerdict, result.commitment,
      { matches: 'msg.seal.matches', differs: 'msg.seal.differs', none: 'msg.dice.seal.none' });
    sealVerdict.dataset.sealVerdict = given ? String(matches) : 'none';
    setFact('sealed-at', record.sealedAt ? String(record.sealedAt) : '',
      record.sealedAt ? formatTime(record.sealedAt) : msg('msg.dice.sealedAt.none'));
    setFact('round', String(round), String(round));
    setFact('round-time', result.roundTime === undefined ? '' : String(result.roundTime),
      result.roundTime === undefined ? msg('msg.dice.signature.unchecked') : formatTime(result.roundTime));
    const signature = result.signatureValid === undefined ? 'unchecked' : String(result.signatureValid);
    setFact('signature-valid', signature, msg(`msg.dice.signature.${{ true: 'valid', false: 'invalid', unchecked: 'unchecked' }[signature]}`, { round }));
    const timing = result.roundAfterSeal === undefined ? 'unchecked' : String(result.roundAfterSeal);
    const delay = record.sealedAt ? formatDuration(Math.abs(result.roundTime - record.sealedAt)) : '';
    setFact('round-after-seal', timing, msg(`msg.dice.timing.${{ true: 'after', false: 'not-after', unchecked: 'unchecked' }[timing]}`, { delay }));
    document.querySelector('[data-anchor]').textContent = result.anchor;
    setFact('match', String(record.match), String(record.match));
    document.querySelector('[data-players]').replaceChildren(`${msg('msg.dice.playerA')}: `, valueElement(record.players[0]),
      ` · ${msg('msg.dice.playerB')}: `, valueElement(record.players[1]));
    renderGames(result.games);
  }

  // Every roll by game, drawn in slices after the verdict is shown, in
  // tables of at most 100 rows, each a block laid out only near the screen.
  function renderGames(games) {
    const container = document.querySelector('[data-games]');
    const rows = games.flatMap((g) => g.rolls.map((r) => ({ g, r })));
    const perTable = 100;
    let block = null;
    let tbody = null;
    drawInSlices(rows.length, (from, to) => {
      for (const { g, r } of rows.slice(from, to)) {
        if (r.n === 1) {
          block = element('div', { class: 'game', 'data-game-block': String(g.game) });
          const binding = element('p', { class: 'hint binding' }, `${msg('msg.dice.binding')} `);
          binding.append(element('code', { 'data-binding': String(g.game) }, g.binding));
          block.append(binding);
          container.append(block);
        }
        if (r.n % perTable === 1) {
          const table = element('table', { class: 'rolls', 'data-game-table': String(g.game) });
          if (r.n === 1) table.append(element('caption', {}, msg('msg.table.game', { g: g.game })));
          else table.setAttribute('aria-label', msg('msg.table.game', { g: g.game }));
          const head = element('tr');
          for (const key of ['n', 'dice', 'recorded', 'status']) head.append(element('th', { scope: 'col' }, msg(`msg.dice.table.${key}`)));
          const thead = element('thead');
          thead.append(head);
          tbody = element('tbody');
          table.append(thead, tbody);
          const part = listBlock(`${2.2 * Math.min(perTable, g.rolls.length - r.n + 1)}rem`);
          part.append(table);
          block.append(part);
        }
        const tr = element('tr', {
          id: rowId(g.game, r.n), 'data-game': String(g.game), 'data-roll-index': String(r.n), 'data-dice': r.dice,
          'data-recorded': r.recorded, 'data-status': r.status,
        });
        tr.append(element('td', {}, String(r.n)), element('td', {}, rollText(r.dice)),
          element('td', {}, rollText(r.recorded)), element('td', {}, msg(`msg.roll.${r.status}`)));
        tbody.append(tr);
      }
    });
  }

  const runFromFragment = answering(() => {
    if (!hasLink() || !linkIsHere()) {
      clearResult();
      return;
    }
    const parsed = pfcheck.parseLink(location.hash);
    if (parsed.errors) {
      fill(parsed.record ?? {}); // what the link said, beside its problems
      showInvalid(parsed.errors);
      return;
    }
    if (!checkedOnAnotherPage(parsed.record.scheme)) fill(parsed.record); // the form holds this page's records only
    run(parsed.record);
  }, clearResult);

  form.addEventListener('submit', answering((event) => {
    event.preventDefault();
    const { record, errors } = recordFromForm();
    if (errors) showInvalid(errors);
    else run(record);
  }, clearResult));

  document.querySelector('[data-copy-link]').addEventListener('click', async () => {
    const { record } = recordFromForm();
    await copyLink(record ? pfcheck.formatLink(record) : '');
  });

  addEventListener('hashchange', runFromFragment);
  runFromFragment();
});
