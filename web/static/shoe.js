'use strict';
// The card-shoe check page (shoe_v1, SPEC.md §3, seed 003): fills the form
// from the link's fragment, from the player's typing or, when the player
// presses the button, from the proof record the page's own server holds for
// a shoe (GET /api/shoe/<id>); asks the verifier and shows the shoe card by
// card. The fragment format is in testdata/shoe_v1.md, "Link".

start((pfcheck) => {
  const form = document.getElementById('shoe-form');
  /** @param {string} name */
  const field = (name) => form.elements[name];
  const scheme = 'shoe_v1';
  const maxCards = 416; // 8 decks of 52

  // ---- Case 1 (free round) or case 2 (tournament hand) ----

  function mode() {
    return form.elements.mode.value === 'tournament' ? 'tournament' : 'round';
  }

  function showMode() {
    const current = mode();
    for (const el of document.querySelectorAll('[data-mode-only]')) el.hidden = el.dataset.modeOnly !== current;
  }

  function setMode(value) {
    for (const radio of form.elements.mode) radio.checked = radio.value === value;
    showMode();
  }

  form.addEventListener('change', (event) => {
    if (/** @type {HTMLInputElement} */ (event.target).name === 'mode') showMode();
  });

  // ---- Form ↔ record ----

  const has = (obj, key) => Object.hasOwn(obj, key) && obj[key] !== undefined && obj[key] !== null;
  const asText = (v) => (v === undefined || v === null ? '' : String(v));

  // Sets every field from record (those it lacks are emptied); `raw` holds
  // link values that could not be read, shown as they stood.
  function fill(record, raw = {}, keepMode = false) {
    if (!keepMode) setMode(has(record, 'tournamentId') || has(record, 'hand') ? 'tournament' : 'round');
    for (const name of ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'tournamentId', 'hand', 'decks', 'penetration', 'cut']) {
      field(name).value = has(raw, name) ? raw[name] : asText(record[name]);
    }
    const cards = record.cards;
    field('cards').value = has(raw, 'cards') ? raw.cards : Array.isArray(cards) ? cards.map(asText).join(' ') : asText(cards);
  }

  // A typed whole number as a number; anything else as typed, which the
  // verifier refuses with the field's own sentence. Empty is absent.
  function wholeNumber(text) {
    const s = text.trim();
    if (s === '') return undefined;
    return /^[+-]?\d+$/.test(s) ? Number(s) : s;
  }

  // A typed decimal, with a point or a comma: 0.75 or 0,75.
  function decimal(text) {
    const s = text.trim();
    if (s === '') return undefined;
    return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s) ? Number(s.replace(',', '.')) : s;
  }

  // The record the form stands for; cardErrors holds the problems of the
  // typed cards, which then are left out of the record.
  function recordFromForm() {
    const record = { scheme, serverSeed: field('serverSeed').value.trim() };
    const commitment = field('commitment').value.trim();
    if (commitment) record.commitment = commitment;
    if (mode() === 'round') {
      record.clientSeed = field('clientSeed').value.trim();
      record.nonce = wholeNumber(field('nonce').value);
    } else {
      record.tournamentId = field('tournamentId').value.trim();
      record.hand = wholeNumber(field('hand').value);
    }
    record.decks = wholeNumber(field('decks').value);
    record.penetration = decimal(field('penetration').value);
    record.cut = wholeNumber(field('cut').value);
    for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
    let cardErrors = [];
    if (field('cards').value.trim()) {
      const parsed = pfcheck.parseCards(field('cards').value);
      if (parsed.errors) cardErrors = parsed.errors;
      else record.cards = parsed.cards;
    }
    return { record, cardErrors };
  }

  // ---- Verdict and result ----

  const cardId = (i) => `card-${i + 1}`;

  function clearResult() {
    stopDrawing();
    document.querySelector('[data-shoe]').replaceChildren();
    document.querySelector('[data-mismatches]').replaceChildren();
  }

  function showInvalid(problems, status = 'invalid') {
    clearResult();
    refuse(problems, status);
  }

  // Checks record and shows the outcome; extraProblems (typed cards or link
  // values that could not be read) are shown with the record's own.
  function run(record, extraProblems = []) {
    const result = pfcheck.check(record);
    if (checkedElsewhere(result, () => pfcheck.formatLink(record), clearResult)) return;
    if (extraProblems.length > 0) {
      const own = new Set(extraProblems.map((p) => p.field));
      const others = result.status === 'invalid' ? result.errors.filter((p) => !own.has(p.field)) : [];
      showInvalid([...others, ...extraProblems]);
      return;
    }
    if (result.status === 'invalid' || result.status === 'unsupported') {
      showInvalid(result.errors, result.status);
      return;
    }
    showProblems([]);
    render(result, record);
    verdictCalculated(record);
  }

  // One sentence: what was found and where, the first differing card a link
  // to it, counted from 1 as a player counts cards.
  function verdictText(result, record) {
    const n = Array.isArray(record.cards) ? record.cards.length : 0;
    const { given, matches } = result.commitment;
    const cutRecorded = Object.hasOwn(result, 'cutMatches');
    const commitmentPart = given ? [msg(matches ? 'msg.shoe.detail.commitment-matches' : 'msg.shoe.detail.commitment-differs')] : [];
    const ms = result.mismatches;
    const cardsPart = n === 0 ? []
      : ms.length > 0
        ? sentences(msgParts('msg.shoe.detail.cards-differ', { n, first: inPageLink(cardId(ms[0].index), msg('msg.shoe.where.card', { n: ms[0].index + 1 })) }),
          ms.length > 1 ? [msg('msg.shoe.detail.cards-others', { count: ms.length - 1 })] : [])
        : [msg('msg.shoe.detail.cards-match', { n })];
    const cutPart = !cutRecorded ? []
      : [msg(result.cutMatches ? 'msg.shoe.detail.cut-matches' : 'msg.shoe.detail.cut-differs', { cut: result.cut, recorded: record.cut })];
    if (result.status === 'mismatch') {
      return msgParts('msg.verdict.mismatch', {
        details: fragmentOf(sentences(given && !matches ? [inPageLink('commitment-given', commitmentPart[0])] : [],
          ms.length > 0 ? cardsPart : [], cutRecorded && !result.cutMatches ? cutPart : [])),
      });
    }
    const noCommitment = given ? [] : [msg('msg.shoe.detail.commitment-none')];
    if (result.status === 'match') return msg('msg.shoe.verdict.match', { details: sentences(commitmentPart, cardsPart, cutPart, noCommitment).join('') });
    return msg('msg.shoe.verdict.computed', { total: result.cards.length, cut: result.cut, details: sentences(commitmentPart, noCommitment).join('') });
  }

  function render(result, record) {
    clearResult();
    showVerdict(result.status, verdictText(result, record));
    showDiagnosis(result.scheme, result.diagnosis, (_kind, i) => msg('msg.shoe.where.card', { n: i + 1 }));
    showCommitment(document.querySelector('[data-commitment]'), document.querySelector('[data-commitment-given]'),
      document.querySelector('[data-commitment-verdict]'), result.commitment,
      { matches: 'msg.shoe.commitment.matches', differs: 'msg.shoe.commitment.differs', none: 'msg.shoe.commitment.none' });
    const tournament = has(record, 'tournamentId');
    document.querySelector('[data-inputs]').replaceChildren(
      ...msgParts(tournament ? 'msg.shoe.inputs.tournament' : 'msg.shoe.inputs.round', { nonce: result.nonce, clientSeed: valueElement(result.clientSeed) }));
    const cutText = document.querySelector('[data-cut-text]');
    cutText.textContent = msg('msg.shoe.cut', { cut: result.cut, next: result.cut + 1 });
    if (Object.hasOwn(result, 'cutMatches')) {
      cutText.append(' ', element('span', { 'data-cut-matches': String(result.cutMatches), class: result.cutMatches ? 'agrees' : 'differs' },
        msg(result.cutMatches ? 'msg.shoe.cut.matches' : 'msg.shoe.cut.differs', { recorded: record.cut })));
    }
    renderMismatches(result.mismatches);
    renderShoe(result, Array.isArray(record.cards) ? record.cards.length : 0);
  }

  function renderMismatches(mismatches) {
    const list = document.querySelector('[data-mismatches]');
    const items = mismatches.map((m) => {
      const li = element('li', { 'data-mismatch-index': String(m.index) });
      li.append(inPageLink(cardId(m.index), msg('msg.shoe.where.card', { n: m.index + 1 })), ': ',
        msg('msg.shoe.mismatch.computed'), ' ', cardElement(m.computed), ' ', msg('msg.shoe.mismatch.recorded'), ' ', cardElement(m.recorded));
      return li;
    });
    list.replaceChildren(...items);
    document.querySelector('[data-mismatch-block]').hidden = items.length === 0;
  }

  // The whole shoe, the first card dealt first, numbered from 1, a list
  // per deck, each a block laid out only near the screen: each card an item
  // with its computed card and status; a differing recorded card beside it;
  // the cut card as its own item before the first card behind it. Drawn in
  // slices after the verdict.
  function renderShoe(result, recorded) {
    const total = result.cards.length;
    document.querySelector('[data-shoe-caption]').textContent =
      msg('msg.shoe.caption', { total, decks: total / 52 });
    const differing = new Map(result.mismatches.map((m) => [m.index, m.recorded]));
    const container = document.querySelector('[data-shoe]');
    let list = null;
    drawInSlices(total, (from, to) => {
      for (let i = from; i < to; i++) {
        if (i % 52 === 0) {
          list = element('ol', { class: 'shoe', start: String(i + 1), 'aria-labelledby': 'shoe-title' });
          const block = listBlock('12rem');
          block.append(list);
          container.append(block);
        }
        const card = result.cards[i];
        if (i === result.cut) {
          list.append(element('li', { class: 'cut-marker', 'data-cut-marker': String(result.cut) }, msg('msg.shoe.cut-marker')));
        }
        const status = i >= recorded ? 'computed' : differing.has(i) ? 'mismatch' : 'match';
        const li = element('li', { id: cardId(i), 'data-index': String(i), 'data-card': card, 'data-status': status });
        if (i >= result.cut) li.dataset.behindCut = '';
        const mark = status === 'match' ? ' ✓' : status === 'mismatch' ? ' ✗' : '';
        li.append(element('span', { class: 'index', 'aria-hidden': 'true' }, `${i + 1}${mark}`),
          element('span', { class: 'visually-hidden' }, msg('msg.shoe.card.index', { n: i + 1 })), cardElement(card));
        if (status === 'match') li.append(element('span', { class: 'visually-hidden' }, msg('msg.shoe.card.match')));
        if (status === 'mismatch') {
          li.append(element('span', { class: 'recorded-label' }, msg('msg.shoe.card.recorded')),
            cardElement(differing.get(i), { 'data-recorded': differing.get(i), class: `card recorded suit-${differing.get(i).slice(-1).toLowerCase()}` }));
        }
        list.append(li);
      }
    });
  }

  // ---- The link ----

  // The verifier reads the link (testdata/shoe_v1.md, "Link"): with
  // problems it still gives the fields that read, and each value that did
  // not as its problem's token, shown in its field as it stood.
  const runFromFragment = answering(() => {
    if (!hasLink() || !linkIsHere()) {
      clearResult();
      return;
    }
    const { record, errors = [] } = pfcheck.parseLink(location.hash, 'shoe');
    if (!record) {
      showInvalid(errors);
      return;
    }
    const raw = Object.fromEntries(errors.filter((p) => Object.hasOwn(p, 'token')).map((p) => [p.field, p.token]));
    fill(record, raw);
    run(record, errors);
  }, clearResult);

  // ---- Typed ----

  form.addEventListener('submit', answering((event) => {
    event.preventDefault();
    const { record, cardErrors } = recordFromForm();
    run(record, cardErrors);
  }, clearResult));

  for (const button of document.querySelectorAll('[data-copy]')) {
    button.addEventListener('click', async () => announceCopy(await copyText(field(button.dataset.copy).value)));
  }
  document.querySelector('[data-copy-link]').addEventListener('click', async () => {
    const { record, cardErrors } = recordFromForm();
    await copyLink(cardErrors.length === 0 ? pfcheck.formatLink(record) : '');
  });

  // ---- Fetching inputs from the server (only when the player asks) ----

  const fetchForm = document.getElementById('fetch-form');
  /** @type {HTMLButtonElement} */
  const fetchButton = fetchForm.querySelector('[data-fetch]');
  const fetchStatus = document.querySelector('[data-fetch-status]');
  const proofId = /^[A-Za-z0-9_-]{1,64}$/;
  const maxAnswer = 1 << 20;

  function say(state, params = {}) {
    fetchStatus.dataset.fetchStatus = state;
    fetchStatus.textContent = msg(`msg.fetch.${state}`, params);
  }

  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isText = (v) => typeof v === 'string' && v.length <= 1024;
  const isWhole = (v) => Number.isSafeInteger(v);

  // The answer's shape, checked before anything is filled: {id, state,
  // record}, id the one asked for, record a shoe_v1 record; a running shoe
  // gives its commitment and never a seed. Returns {state, record} or null.
  function readAnswer(data, id) {
    if (!isObject(data) || data.id !== id || !isObject(data.record) || data.record.scheme !== scheme) return null;
    const r = data.record;
    if (data.state === 'running') {
      if (Object.hasOwn(r, 'serverSeed') || typeof r.commitment !== 'string' || !/^[0-9a-fA-F]{64}$/.test(r.commitment)) return null;
      return { state: 'running', record: { scheme, commitment: r.commitment } };
    }
    if (data.state !== 'revealed' || !isText(r.serverSeed) || !isText(r.commitment)) return null;
    const record = { scheme, serverSeed: r.serverSeed, commitment: r.commitment };
    const round = Object.hasOwn(r, 'clientSeed') || Object.hasOwn(r, 'nonce');
    const hand = Object.hasOwn(r, 'tournamentId') || Object.hasOwn(r, 'hand');
    if (round === hand) return null;
    if (round) {
      if (!isText(r.clientSeed) || !isWhole(r.nonce)) return null;
      Object.assign(record, { clientSeed: r.clientSeed, nonce: r.nonce });
    } else {
      if (!isText(r.tournamentId) || !isWhole(r.hand)) return null;
      Object.assign(record, { tournamentId: r.tournamentId, hand: r.hand });
    }
    if (!isWhole(r.decks) || typeof r.penetration !== 'number' || !Number.isFinite(r.penetration)) return null;
    Object.assign(record, { decks: r.decks, penetration: r.penetration });
    if (Object.hasOwn(r, 'cards')) {
      if (!Array.isArray(r.cards) || r.cards.length > maxCards || !r.cards.every((c) => typeof c === 'string' && c.length <= 8)) return null;
      record.cards = [...r.cards];
    }
    if (Object.hasOwn(r, 'cut')) {
      if (!isWhole(r.cut)) return null;
      record.cut = r.cut;
    }
    // Values the verifier refuses make the answer as unusable as a wrong shape.
    const { status } = pfcheck.check(record);
    if (status === 'invalid' || status === 'unsupported') return null;
    return { state: 'revealed', record };
  }

  // Asks the page's own origin; never throws. Returns {state, …}.
  async function ask(id) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 20000);
    try {
      let response;
      try {
        response = await fetch(`/api/shoe/${id}`, {
          method: 'GET', credentials: 'omit', cache: 'no-store', redirect: 'error',
          referrerPolicy: 'no-referrer', headers: { Accept: 'application/json' }, signal: controller.signal,
        });
      } catch {
        return { state: 'unreachable' };
      }
      if (response.status === 404) return { state: 'not-found' };
      if (response.status === 400) return { state: 'bad-id' };
      if (!response.ok) return { state: 'server-error', status: response.status };
      if (!/^application\/json\s*(;|$)/i.test(response.headers.get('Content-Type') ?? '')) return { state: 'malformed' };
      let text;
      try {
        text = await response.text();
      } catch {
        return { state: 'unreachable' };
      }
      if (text.length > maxAnswer) return { state: 'malformed' };
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        return { state: 'malformed' };
      }
      return readAnswer(data, id) ?? { state: 'malformed' };
    } finally {
      clearTimeout(timer);
    }
  }

  fetchForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const id = document.getElementById('proofId').value.trim();
    if (!proofId.test(id)) {
      say('bad-id');
      return;
    }
    if (location.protocol !== 'http:' && location.protocol !== 'https:') {
      say('file');
      return;
    }
    fetchButton.disabled = true;
    say('loading', { id });
    let answer;
    try {
      answer = await ask(id);
    } finally {
      fetchButton.disabled = false;
    }
    if (answer.state === 'revealed') {
      fill(answer.record);
      run(answer.record);
    } else if (answer.state === 'running') {
      fill(answer.record, {}, true);
      showProblems([]);
      clearResult();
      showVerdict('', msg('msg.shoe.verdict.running'));
    }
    say(answer.state === 'revealed' ? 'filled' : answer.state, { id, status: answer.status ?? '' });
  });

  addEventListener('hashchange', runFromFragment);
  showMode();
  runFromFragment();
});
