'use strict';
// The card-shoe check page (shoe_v1, SPEC.md §3, seed 003): fills the form
// from the link's fragment, from the player's typing or, when the player
// presses the button, from the proof record the page's own server holds for
// a shoe (GET /api/shoe/<id>); asks the verifier and shows the shoe card by
// card. The fragment format is in testdata/shoe_v1.md, "Link".

start((pfcheck) => {
  const form = document.getElementById('shoe-form');
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
    if (event.target.name === 'mode') showMode();
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

  const verdict = document.getElementById('verdict');
  const resultBlock = document.querySelector('[data-result]');

  function showVerdict(status, text) {
    verdict.dataset.status = status;
    verdict.textContent = text.replace(/ {2,}/g, ' ').trim(); // an empty {details}
  }

  function clearResult() {
    resultBlock.hidden = true;
    document.querySelector('[data-shoe]').replaceChildren();
    document.querySelector('[data-mismatches]').replaceChildren();
  }

  function showInvalid(problems, status = 'invalid') {
    showProblems(problems);
    clearResult();
    showVerdict(status, msg(status === 'unsupported' ? 'msg.verdict.unsupported' : 'msg.verdict.invalid'));
  }

  // Checks record and shows the outcome; extraProblems (typed cards or link
  // values that could not be read) are shown with the record's own.
  function run(record, extraProblems = []) {
    const result = pfcheck.check(record);
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
  }

  function verdictText(result, record) {
    const n = Array.isArray(record.cards) ? record.cards.length : 0;
    const { given, matches } = result.commitment;
    const cutRecorded = Object.hasOwn(result, 'cutMatches');
    const commitmentPart = given ? msg(matches ? 'msg.shoe.detail.commitment-matches' : 'msg.shoe.detail.commitment-differs') : '';
    const cardsPart = n === 0 ? ''
      : result.mismatches.length > 0
        ? msg('msg.shoe.detail.cards-differ', { count: result.mismatches.length, n, first: result.mismatches[0].index })
        : msg('msg.shoe.detail.cards-match', { n });
    const cutPart = !cutRecorded ? ''
      : msg(result.cutMatches ? 'msg.shoe.detail.cut-matches' : 'msg.shoe.detail.cut-differs', { cut: result.cut, recorded: record.cut });
    const join = (parts) => parts.filter(Boolean).join(' ');
    if (result.status === 'mismatch') {
      return msg('msg.shoe.verdict.mismatch', {
        details: join([given && !matches && commitmentPart, result.mismatches.length > 0 && cardsPart, cutRecorded && !result.cutMatches && cutPart]),
      });
    }
    const noCommitment = given ? '' : msg('msg.shoe.detail.commitment-none');
    if (result.status === 'match') return msg('msg.shoe.verdict.match', { details: join([commitmentPart, cardsPart, cutPart, noCommitment]) });
    return msg('msg.shoe.verdict.computed', { total: result.cards.length, cut: result.cut, details: join([commitmentPart, noCommitment]) });
  }

  function render(result, record) {
    showVerdict(result.status, verdictText(result, record));
    const { computed, given, matches } = result.commitment;
    document.querySelector('[data-commitment]').textContent = computed;
    document.querySelector('[data-commitment-given]').textContent = given ?? '';
    document.querySelector('[data-commitment-verdict]').textContent =
      given ? msg(matches ? 'msg.shoe.commitment.matches' : 'msg.shoe.commitment.differs') : msg('msg.shoe.commitment.none');
    const tournament = has(record, 'tournamentId');
    // The nonce goes in first, so that a client seed holding "{nonce}" stays as it is.
    document.querySelector('[data-inputs]').textContent =
      msg(tournament ? 'msg.shoe.inputs.tournament' : 'msg.shoe.inputs.round', { nonce: result.nonce, clientSeed: result.clientSeed });
    const cutText = document.querySelector('[data-cut-text]');
    cutText.textContent = msg('msg.shoe.cut', { cut: result.cut });
    if (Object.hasOwn(result, 'cutMatches')) {
      cutText.append(' ', element('span', { 'data-cut-matches': String(result.cutMatches), class: result.cutMatches ? 'good' : 'bad' },
        msg(result.cutMatches ? 'msg.shoe.cut.matches' : 'msg.shoe.cut.differs', { recorded: record.cut })));
    }
    renderMismatches(result.mismatches);
    renderShoe(result, Array.isArray(record.cards) ? record.cards.length : 0);
    resultBlock.hidden = false;
  }

  function renderMismatches(mismatches) {
    const list = document.querySelector('[data-mismatches]');
    const items = mismatches.map((m) => {
      const li = element('li', { 'data-mismatch-index': String(m.index) }, msg('msg.shoe.mismatch.index', { index: m.index }));
      li.append(' ', msg('msg.shoe.mismatch.computed'), ' ', cardElement(m.computed), ' ', msg('msg.shoe.mismatch.recorded'), ' ', cardElement(m.recorded));
      return li;
    });
    list.replaceChildren(...items);
    document.querySelector('[data-mismatch-block]').hidden = items.length === 0;
  }

  // The whole shoe, index 0 first: each card an item with its index,
  // computed card and status; a differing recorded card beside it; the cut
  // card as its own item before the first card behind it.
  function renderShoe(result, recorded) {
    const total = result.cards.length;
    document.querySelector('[data-shoe-caption]').textContent =
      msg('msg.shoe.caption', { total, decks: total / 52 });
    const differing = new Map(result.mismatches.map((m) => [m.index, m.recorded]));
    const items = [];
    result.cards.forEach((card, i) => {
      if (i === result.cut) {
        items.push(element('li', { class: 'cut-marker', 'data-cut-marker': String(result.cut) }, msg('msg.shoe.cut-marker')));
      }
      const status = i >= recorded ? 'computed' : differing.has(i) ? 'mismatch' : 'match';
      const li = element('li', { 'data-index': String(i), 'data-card': card, 'data-status': status });
      if (i >= result.cut) li.dataset.behindCut = '';
      const mark = status === 'match' ? ' ✓' : status === 'mismatch' ? ' ✗' : '';
      li.append(element('span', { class: 'index', 'aria-hidden': 'true' }, `${i}${mark}`),
        element('span', { class: 'visually-hidden' }, msg('msg.shoe.card.index', { index: i })), cardElement(card));
      if (status === 'match') li.append(element('span', { class: 'visually-hidden' }, msg('msg.shoe.card.match')));
      if (status === 'mismatch') {
        li.append(element('span', { class: 'recorded-label' }, msg('msg.shoe.card.recorded')),
          cardElement(differing.get(i), { 'data-recorded': differing.get(i), class: `card recorded suit-${differing.get(i).slice(-1).toLowerCase()}` }));
      }
      items.push(li);
    });
    document.querySelector('[data-shoe]').replaceChildren(...items);
  }

  // ---- The link ----

  // The verifier reads the link (testdata/shoe_v1.md, "Link"): with
  // problems it still gives the fields that read, and each value that did
  // not as its problem's token, shown in its field as it stood.
  function runFromFragment() {
    if (location.hash.length <= 1) return;
    const { record, errors = [] } = pfcheck.parseLink(location.hash, 'shoe');
    if (!record) {
      showInvalid(errors);
      return;
    }
    const raw = Object.fromEntries(errors.filter((p) => Object.hasOwn(p, 'token')).map((p) => [p.field, p.token]));
    fill(record, raw);
    run(record, errors);
  }

  // ---- Typed ----

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { record, cardErrors } = recordFromForm();
    run(record, cardErrors);
  });

  for (const button of document.querySelectorAll('[data-copy]')) {
    button.addEventListener('click', async () => announceCopy(await copyText(field(button.dataset.copy).value)));
  }
  document.querySelector('[data-copy-link]').addEventListener('click', async () => {
    const { record, cardErrors } = recordFromForm();
    const fragment = (cardErrors.length === 0 && pfcheck.formatLink(record)) || location.hash.slice(1);
    announceCopy(await copyText(`${location.href.split('#')[0]}#${fragment}`));
  });

  // ---- Fetching inputs from the server (only when the player asks) ----

  const fetchForm = document.getElementById('fetch-form');
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
