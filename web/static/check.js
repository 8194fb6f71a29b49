'use strict';
// The dice check page (dice_v1, SPEC.md §1): fills the form from the link's
// fragment or takes what the player typed, asks the verifier, shows the result.

start((pfcheck) => {
  const form = document.getElementById('check-form');
  /** @param {string} name */
  const field = (name) => form.elements[name];

  function fill(record) {
    field('serverSeed').value = record.serverSeed ?? '';
    field('seal').value = record.seal ?? '';
    field('clientSeeds').value = (record.clientSeeds ?? []).join('\n');
    field('rolls').value = (record.rolls ?? []).join(' ');
    field('games').value = (record.games ?? []).join(', ');
    field('count').value = record.count ?? ((record.rolls ?? []).length || '');
  }

  // The record the form stands for, or the problems of the typed rolls.
  function recordFromForm() {
    const record = { scheme: 'dice_v1', serverSeed: field('serverSeed').value.trim() };
    const seal = field('seal').value.trim();
    if (seal) record.seal = seal;
    record.clientSeeds = field('clientSeeds').value.split('\n').map((s) => s.trim()).filter((s) => s !== '');
    const count = field('count').value.trim();
    if (count) record.count = /^\d+$/.test(count) ? Number(count) : count;
    const games = field('games').value.trim();
    if (games) record.games = games.split(/[\s,]+/).filter(Boolean).map((g) => (/^\d+$/.test(g) ? Number(g) : g));
    const rollsText = field('rolls').value;
    if (rollsText.trim()) {
      const parsed = pfcheck.parseRolls(rollsText);
      if (parsed.errors) {
        // The other fields' problems too, in the record's order: with the
        // rolls as text, which it refuses, the check reads every other field.
        const others = pfcheck.check({ ...record, rolls: rollsText }).errors ?? [];
        const at = others.findIndex((p) => p.field === 'rolls');
        const rest = others.filter((p) => p.field !== 'rolls');
        return { errors: at < 0 ? [...rest, ...parsed.errors] : [...rest.slice(0, at), ...parsed.errors, ...rest.slice(at)] };
      }
      record.rolls = parsed.rolls;
    }
    return { record };
  }

  function clearResult() {
    stopDrawing();
    document.querySelector('[data-rolls]').replaceChildren();
  }

  function showInvalid(problems, status = 'invalid') {
    clearResult();
    refuse(problems, status);
  }

  function run(record) {
    const result = pfcheck.check(record);
    if (checkedElsewhere(result, () => pfcheck.formatLink(record), clearResult)) return;
    if (result.status === 'invalid' || result.status === 'unsupported') {
      showInvalid(result.errors, result.status);
      return;
    }
    showProblems([]);
    render(result);
    verdictCalculated(record);
  }

  const rowId = (n) => `roll-${n}`;

  // One sentence: what was found and where, the first differing roll a
  // link to its row, and how many others differ.
  function verdictText(result) {
    const n = result.rolls.length;
    const { given, matches } = result.commitment;
    if (result.status === 'mismatch') {
      const seal = given && !matches ? [inPageLink('seal-given', msg('msg.verdict.mismatch-seal'))] : [];
      const rolls = [];
      if (result.mismatches.length > 0) {
        const first = result.mismatches[0].index;
        rolls.push(...msgParts('msg.verdict.mismatch-rolls', { first: inPageLink(rowId(first), msg('msg.where.roll', { n: first })) }));
      }
      const others = result.mismatches.length > 1 ? [msg('msg.verdict.mismatch-others', { count: result.mismatches.length - 1 })] : [];
      return msgParts('msg.verdict.mismatch', { details: fragmentOf(sentences(seal, rolls, others)) });
    }
    if (result.status === 'match') return msg(given ? 'msg.verdict.match' : 'msg.verdict.match-noseal', { n });
    return msg('msg.verdict.computed', { n });
  }

  function render(result) {
    clearResult();
    showVerdict(result.status, verdictText(result));
    showDiagnosis(result.scheme, result.diagnosis, (_kind, n) => msg('msg.where.roll', { n }));
    showCommitment(document.querySelector('[data-seal]'), document.querySelector('[data-seal-given]'),
      document.querySelector('[data-seal-verdict]'), result.commitment,
      { matches: 'msg.seal.matches', differs: 'msg.seal.differs', none: 'msg.seal.none' });
    renderGrid(result.rolls);
    renderRolls(result.rolls);
  }

  // How often each of the 36 ordered rolls fell, against the expected n/36.
  function renderGrid(rolls) {
    const counts = new Map();
    for (const r of rolls) counts.set(r.dice, (counts.get(r.dice) ?? 0) + 1);
    const expected = rolls.length / 36;
    // At most 10,000 rolls: no grouping needed.
    document.querySelector('[data-grid-caption]').textContent =
      msg('msg.grid.caption', { n: rolls.length, expected: oneDecimal(expected) });
    const table = document.querySelector('[data-grid]');
    const caption = table.querySelector('caption');
    const head = element('tr', {}, '');
    head.append(element('th', { scope: 'col' }, '·'));
    for (let d2 = 1; d2 <= 6; d2++) head.append(element('th', { scope: 'col' }, String(d2)));
    const rows = [element('thead'), element('tbody')];
    rows[0].append(head);
    for (let d1 = 1; d1 <= 6; d1++) {
      const tr = element('tr');
      tr.append(element('th', { scope: 'row' }, String(d1)));
      for (let d2 = 1; d2 <= 6; d2++) {
        const dice = `${d1}${d2}`;
        const count = counts.get(dice) ?? 0;
        const ratio = expected > 0 ? count / expected : 0;
        tr.append(withStyle(element('td', { 'data-cell': dice, 'data-count': String(count) }, String(count)), '--ratio', Math.min(ratio, 2).toFixed(2)));
      }
      rows[1].append(tr);
    }
    table.replaceChildren(caption, ...rows);
  }

  // Every roll by game, drawn in slices after the verdict is shown, in
  // tables of at most 100 rows, each a block laid out only near the screen.
  function renderRolls(rolls) {
    const container = document.querySelector('[data-rolls]');
    const perTable = 100;
    let tbody = null;
    let game = 0;
    let rows = 0;
    drawInSlices(rolls.length, (from, to) => {
      for (const r of rolls.slice(from, to)) {
        if (r.game !== game || rows === perTable) {
          const first = r.game !== game;
          game = r.game;
          rows = 0;
          const table = element('table', { class: 'rolls', 'data-game-table': String(game) });
          if (first) table.append(element('caption', {}, msg('msg.table.game', { g: game })));
          else table.setAttribute('aria-label', msg('msg.table.game', { g: game }));
          const head = element('tr');
          for (const key of ['n', 'dice', 'recorded', 'status']) head.append(element('th', { scope: 'col' }, msg(`msg.table.${key}`)));
          const thead = element('thead');
          thead.append(head);
          tbody = element('tbody');
          table.append(thead, tbody);
          const block = listBlock(`${2.2 * Math.min(perTable, rolls.length - r.n + 1)}rem`);
          block.append(table);
          container.append(block);
        }
        rows++;
        const tr = element('tr', {
          id: rowId(r.n), 'data-roll-index': String(r.n), 'data-dice': r.dice, 'data-status': r.status,
          'data-game': String(r.game), 'data-opening': String(r.opening),
        });
        const dice = element('td', {}, `${r.dice[0]}-${r.dice[1]}`);
        if (r.opening) dice.append(' ', element('span', { class: 'badge' }, msg('msg.table.opening')));
        const recorded = r.recorded ? `${r.recorded[0]}-${r.recorded[1]}` : '';
        tr.append(element('td', {}, String(r.n)), dice, element('td', {}, recorded), element('td', {}, msg(`msg.roll.${r.status}`)));
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
      showInvalid(parsed.errors);
      return;
    }
    fill(parsed.record);
    run(parsed.record);
  }, clearResult);

  form.addEventListener('submit', answering((event) => {
    event.preventDefault();
    const { record, errors } = recordFromForm();
    if (errors) showInvalid(errors);
    else run(record);
  }, clearResult));

  for (const button of document.querySelectorAll('[data-copy]')) {
    button.addEventListener('click', async () => announceCopy(await copyText(field(button.dataset.copy).value)));
  }
  document.querySelector('[data-copy-link]').addEventListener('click', async () => {
    const { record } = recordFromForm();
    await copyLink(record ? pfcheck.formatLink(record) : '');
  });

  addEventListener('hashchange', runFromFragment);
  runFromFragment();
});
