'use strict';
// The table-games page (seed 004): match_seed_v2 (SPEC.md §4), the poker
// proofs of poker_hmac_v1 (§5) and the chess colours of chess_colour_v1 (§6).
// It reads a record from the link's fragment, from the form or from a pasted
// record, asks the verifier, and shows every compared item. Values from the
// link, the form or a paste are only ever set as text.

// gamesPage holds what the page parses without the verifier: the pasted
// texts and a strict JSON reader. Each parser returns {value} or {problem:
// {field, code, at?, …}}. The link (testdata/tablegames.md, "Link") is the
// verifier's: pfcheck.parseLink(hash, 'games') and pfcheck.formatLink(record).
const gamesPage = (() => {
  const GAME_KIND = {
    backgammon: 'dice', checkers: '', xiangqi: '', tarneeb: 'deals', trix: 'deals', bridge: 'deals', baloot: 'hands', mahjong: 'draws',
  };
  const TEXT_MAX = 262144; // characters of one pasted text
  const JSON_DEPTH = 8;
  const RANKS52 = '23456789TJQKA';
  const RANKS32 = '789TJQKA';
  const SUITS = { c: 'c', d: 'd', h: 'h', s: 's', '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's', '♧': 'c', '♢': 'd', '♡': 'h', '♤': 's' };

  const problem = (p) => ({ problem: p });

  // lines splits a pasted text; a line may begin with a label that ends in ':'.
  const lines = (text) => text.replace(/\r\n?/g, '\n').split('\n');
  const withoutLabel = (line) => line.slice(line.indexOf(':') + 1);
  const tokens = (line) => line.split(/[\s,;]+/u).filter(Boolean);

  function cardName(token, ranks) {
    const m = /^(10|[2-9TJQKA])(.)$/iu.exec(token.replace(/\uFE0F/gu, ''));
    if (!m) return '';
    const rank = m[1] === '10' ? 'T' : m[1].toUpperCase();
    const suit = SUITS[m[2].toLowerCase()];
    return suit && ranks.includes(rank) ? rank + suit : '';
  }

  // readItems reads the tokens of a pasted text with read, naming the line,
  // the item on it and the text of the first token that is not an item.
  function readItems(text, field, code, read) {
    if (text.length > TEXT_MAX) return problem({ field, code: 'text-too-long' });
    const out = [];
    for (const [i, line] of lines(text).entries()) {
      for (const [j, token] of tokens(withoutLabel(line)).entries()) {
        const item = read(token);
        if (!item) return problem({ field, code, at: i + 1, pos: j + 1, token });
        out.push(item);
      }
    }
    return { value: out };
  }

  // parseCards reads the cards of deals (52 each), baloot hands (32 each:
  // the first deal's 20, then the second deal's 12) or a poker deck.
  function parseCards(text, field) {
    const ranks = field === 'hands' ? RANKS32 : RANKS52;
    const read = readItems(text, field, 'bad-card-text', (t) => cardName(t, ranks));
    if (read.problem || field === 'deck') return read;
    const per = field === 'hands' ? 32 : 52;
    const cards = read.value;
    if (cards.length % per !== 0) return problem({ field, code: 'card-count', count: cards.length });
    const out = [];
    for (let i = 0; i < cards.length; i += per) {
      const chunk = cards.slice(i, i + per);
      out.push(field === 'hands' ? { first: chunk.slice(0, 20), second: chunk.slice(20) } : chunk);
    }
    return { value: out };
  }

  function parseTiles(text, field = 'draws') {
    return readItems(text, field, 'bad-tile-text', (t) => {
      const m = /^([1-9])([mpszf])$/iu.exec(t);
      if (!m) return '';
      const name = m[1] + m[2].toLowerCase();
      const top = { m: 9, p: 9, s: 9, z: 7, f: 8 }[name[1]];
      return Number(name[0]) <= top ? name : '';
    });
  }

  // parseSeatOrder reads "1, 0" or "1 0".
  function parseSeatOrder(text, field = 'seats') {
    const read = readItems(text, field, 'not-a-number', (t) => (/^\d{1,3}$/.test(t) ? t : ''));
    return read.problem ? read : { value: read.value.map(Number) };
  }

  // parseSeeds reads client seeds, one per line, trimmed; an empty line is an
  // empty seed, but a final line break ends the last line and starts no
  // seed: "human\n" is one seed, "human\n\n" is "human" and an empty seed.
  function parseSeeds(text) {
    if (text.trim() === '') return { value: [] };
    const seeds = lines(text).map((s) => s.trim());
    if (seeds.length > 1 && seeds[seeds.length - 1] === '') seeds.pop();
    return { value: seeds };
  }

  function formatSeeds(seeds) {
    const text = seeds.join('\n');
    return seeds.length > 1 && seeds[seeds.length - 1] === '' ? text + '\n' : text;
  }

  // parsePokerSeats reads "3: seed" or "3=seed", one seat per line.
  function parsePokerSeats(text, field = 'seats') {
    if (text.length > TEXT_MAX) return problem({ field, code: 'text-too-long' });
    const entries = [];
    const seen = new Set();
    for (const [i, line] of lines(text).entries()) {
      if (line.trim() === '') continue;
      const m = /^\s*([^\s:=]+)\s*[:=]\s*(.*?)\s*$/u.exec(line);
      if (!m) return problem({ field, code: 'bad-line', at: i + 1 });
      if (seen.has(m[1])) return problem({ field, code: 'duplicate-seat', at: i + 1, token: m[1] });
      seen.add(m[1]);
      entries.push([m[1], m[2]]);
    }
    return { value: Object.fromEntries(entries) };
  }

  // parseJSON reads JSON strictly: at most TEXT_MAX characters and
  // JSON_DEPTH levels, and a key given twice in one object is refused. A
  // problem names the line (at) and the character on it (pos).
  function parseJSON(text, field) {
    if (text.length > TEXT_MAX) return problem({ field, code: 'text-too-long' });
    let i = 0;
    const where = (k) => {
      const before = text.slice(0, k);
      const line = before.split('\n').length;
      return { at: line, pos: k - before.lastIndexOf('\n') };
    };
    const fail = (code, extra = {}) => {
      throw Object.assign(new SyntaxError(code), { problem: { field, code, ...where(Math.min(i, text.length)), ...extra } });
    };
    const space = () => {
      while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    };
    const expect = (c) => {
      if (text[i] !== c) fail('bad-json');
      i++;
    };
    const string = () => {
      expect('"');
      let out = '';
      for (;;) {
        if (i >= text.length) fail('bad-json');
        const c = text[i];
        if (c === '"') {
          i++;
          return out;
        }
        if (c < ' ') fail('bad-json');
        if (c !== '\\') {
          out += c;
          i++;
          continue;
        }
        const e = text[i + 1];
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail('bad-json');
        }
      }
    };
    const value = (depth) => {
      space();
      if (depth > JSON_DEPTH) fail('json-too-deep');
      const c = text[i];
      if (c === '{') {
        i++;
        const entries = [];
        const seen = new Set();
        space();
        if (text[i] === '}') {
          i++;
          return {};
        }
        for (;;) {
          space();
          const at = i;
          const key = string();
          if (seen.has(key)) {
            i = at;
            fail('json-duplicate-key', { token: key });
          }
          seen.add(key);
          space();
          expect(':');
          entries.push([key, value(depth + 1)]);
          space();
          if (text[i] === ',') {
            i++;
            continue;
          }
          expect('}');
          return Object.fromEntries(entries);
        }
      }
      if (c === '[') {
        i++;
        const list = [];
        space();
        if (text[i] === ']') {
          i++;
          return list;
        }
        for (;;) {
          list.push(value(depth + 1));
          space();
          if (text[i] === ',') {
            i++;
            continue;
          }
          expect(']');
          return list;
        }
      }
      if (c === '"') return string();
      for (const [word, v] of /** @type {[string, boolean | null][]} */ ([['true', true], ['false', false], ['null', null]])) {
        if (text.startsWith(word, i)) {
          i += word.length;
          return v;
        }
      }
      const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
      number.lastIndex = i;
      const m = number.exec(text);
      if (!m || !Number.isFinite(Number(m[0]))) fail('bad-json'); // 1e400: no number a record holds
      i += m[0].length;
      return Number(m[0]);
    };
    try {
      const v = value(0);
      space();
      if (i < text.length) fail('bad-json');
      return { value: v };
    } catch (err) {
      if (err.problem) return problem(err.problem);
      throw err;
    }
  }

  return {
    GAME_KIND, parseCards, parseTiles, parseSeatOrder, parseSeeds, formatSeeds, parsePokerSeats, parseJSON, cardName,
  };
})();

// The tiles as the page shows them: the character the tile carries and, for
// a reader, its name in this page's language (msg.tile.*).
const tileFaces = {
  m: '萬', p: '筒', s: '索',
  '1z': '東', '2z': '南', '3z': '西', '4z': '北', '5z': '白', '6z': '發', '7z': '中',
  '1f': '梅', '2f': '蘭', '3f': '菊', '4f': '竹', '5f': '春', '6f': '夏', '7f': '秋', '8f': '冬',
};

function tileName(tile) {
  const suit = tile[1];
  return 'mps'.includes(suit) ? msg(`msg.tile.${suit}`, { n: tile[0] }) : msg(`msg.tile.${tile}`);
}

function tileElement(tile) {
  const suit = tile[1];
  const face = 'mps'.includes(suit) ? `${tile[0]} ${tileFaces[suit]}` : tileFaces[tile] ?? tile;
  const name = tileName(tile);
  const el = element('span', { class: `tile tile-${suit}`, 'data-tile': tile, title: name });
  el.append(element('span', { class: 'tile-face', 'aria-hidden': 'true' }, face), element('span', { class: 'tile-name' }, name));
  return el;
}

start((pfcheck) => {
  const form = document.getElementById('games-form');
  const what = document.getElementById('what');
  const resultItems = document.querySelector('[data-result-items]');
  const groups = Object.fromEntries([...form.querySelectorAll('[data-group]')].map((g) => [g.dataset.group, g]));
  const SCHEME_GROUP = { match_seed_v2: 'table', match_seed_v1: 'table', poker_hmac_v1: 'poker', chess_colour_v1: 'chess' };
  let activeGroup = 'table';

  /** @type {(group: string, name: string) => HTMLInputElement} */
  const control = (group, name) => groups[group].querySelector(`[name="${name}"]`);
  const value = (group, name) => control(group, name).value;
  const setValue = (group, name, v) => {
    control(group, name).value = v;
  };

  function showGroup(group, game) {
    activeGroup = group;
    for (const [name, g] of Object.entries(groups)) g.hidden = name !== group;
    const kind = gamesPage.GAME_KIND[game] ?? '';
    for (const f of groups.table.querySelectorAll('[data-kind-field]')) f.hidden = f.dataset.kindField !== kind;
  }

  function selectionChanged() {
    const v = what.value;
    showGroup(v === 'poker' || v === 'chess' ? v : 'table', v);
  }

  // Problems: each next to its field in the shown group, else in the
  // page-wide slots (game, scheme, record, link). Returns them with their
  // fields, as showProblems does.
  function showFieldProblems(problems) {
    for (const slot of document.querySelectorAll('[data-error-for]')) slot.textContent = '';
    for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    const scope = groups[activeGroup];
    return problems.map((p) => {
      const base = String(p.field).split('.')[0];
      const find = (root, f) => root.querySelector(`[data-error-for="${CSS.escape(f)}"]`);
      const slot = find(scope, p.field) ?? find(scope, base) ?? find(form, p.field) ?? find(form, base) ?? find(form, 'record');
      slot.textContent = (slot.textContent ? slot.textContent + ' ' : '') + problemText(p);
      // A field the chosen game does not use is shown when it holds a problem.
      const hiddenField = slot.closest('[data-kind-field]');
      if (hiddenField) hiddenField.hidden = false;
      const details = slot.closest('details');
      if (details) details.open = true;
      form.querySelector(`[aria-describedby~="${CSS.escape(slot.id)}"]`)?.setAttribute('aria-invalid', 'true');
      return { problem: p, field: slot.closest('.field') };
    });
  }

  function clearResult() {
    resultItems.replaceChildren();
  }

  function showInvalid(problems, status = 'invalid') {
    clearResult();
    const notPublished = problems.some((p) => p.field === 'scheme' && p.code === 'not-published');
    refuse(problems, status, status === 'unsupported' && notPublished ? msg('msg.verdict.not-published') : undefined, showFieldProblems);
  }

  // ---- form ↔ record ----

  const text = (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const list = (v) => (Array.isArray(v) ? v : []);
  const spaced = (cards, n) => {
    const rows = [];
    for (let i = 0; i < cards.length; i += n) rows.push(cards.slice(i, i + n).map(text).join(' '));
    return rows.join('\n');
  };

  function fill(record) {
    for (const g of Object.values(groups)) for (const c of g.querySelectorAll(/** @type {'input'} */ ('input, textarea, select'))) c.value = '';
    const group = SCHEME_GROUP[record.scheme] ?? 'table';
    if (group === 'table') {
      what.value = text(record.game);
      setValue('table', 'serverSeed', text(record.serverSeed));
      setValue('table', 'commitment', text(record.commitment));
      setValue('table', 'matchId', text(record.matchId));
      setValue('table', 'clientSeeds', gamesPage.formatSeeds(list(record.clientSeeds).map(text)));
      setValue('table', 'seats', list(record.seats).map(text).join(', '));
      setValue('table', 'dice', spaced(list(record.dice), 2).replace(/(\S) (\S)/g, '$1-$2'));
      setValue('table', 'deals', list(record.deals).map((d) => spaced(list(d), 13)).join('\n\n'));
      setValue('table', 'hands', list(record.hands).map((h) => `${spaced(list(h?.first), 5)}\n${spaced(list(h?.second), 12)}`).join('\n\n'));
      setValue('table', 'draws', spaced(list(record.draws), 12));
    } else if (group === 'poker') {
      what.value = 'poker';
      for (const f of ['table', 'session', 'hand', 'root', 'serverSeed', 'handCommitment']) setValue('poker', f, text(record[f]));
      setValue('poker', 'proofs', record.proofs === undefined ? '' : JSON.stringify(record.proofs, null, 1));
      const seats = record.seats && typeof record.seats === 'object' ? Object.entries(record.seats) : [];
      setValue('poker', 'seats', seats.map(([s, seed]) => `${s}: ${text(seed)}`).join('\n'));
      setValue('poker', 'deck', spaced(list(record.deck), 13));
    } else {
      what.value = 'chess';
      for (const f of ['seedA', 'commitA', 'clientA', 'seedB', 'commitB', 'clientB', 'colourA']) setValue('chess', f, text(record[f]));
    }
    showGroup(group, text(record.game));
  }

  // recordFromForm returns the record the shown group stands for and the
  // problems of its pasted texts; a field whose text does not parse is left
  // out of the record, so the verifier still reports the others.
  function recordFromForm() {
    const problems = [];
    const take = (record, field, raw, parse) => {
      if (raw.trim() === '') return;
      const read = parse(raw, field);
      if (read.problem) problems.push(read.problem);
      else record[field] = read.value;
    };
    const trimmed = (group, field, record) => {
      const v = value(group, field).trim();
      if (v !== '') record[field] = v;
    };
    /** @type {PfRecord} */
    let record;
    if (activeGroup === 'table') {
      record = { scheme: 'match_seed_v2', game: what.value };
      for (const f of ['matchId', 'serverSeed', 'commitment']) trimmed('table', f, record);
      record.clientSeeds = gamesPage.parseSeeds(value('table', 'clientSeeds')).value;
      take(record, 'seats', value('table', 'seats'), gamesPage.parseSeatOrder);
      const kind = gamesPage.GAME_KIND[what.value];
      if (kind === 'dice') take(record, 'dice', value('table', 'dice'), parseDice);
      if (kind === 'deals' || kind === 'hands') take(record, kind, value('table', kind), gamesPage.parseCards);
      if (kind === 'draws') take(record, 'draws', value('table', 'draws'), gamesPage.parseTiles);
    } else if (activeGroup === 'poker') {
      record = { scheme: 'poker_hmac_v1' };
      const pasted = value('poker', 'proofs');
      if (pasted.trim() !== '') {
        const read = gamesPage.parseJSON(pasted, 'proofs');
        if (read.problem) problems.push(read.problem);
        else if (Array.isArray(read.value)) record.proofs = read.value;
        else if (read.value && typeof read.value === 'object' && 'proofs' in read.value) {
          // The whole export: its other fields fill the fields left empty.
          record.proofs = read.value.proofs;
          for (const f of ['table', 'session', 'hand', 'root']) {
            if (value('poker', f).trim() === '' && read.value[f] !== undefined) setValue('poker', f, text(read.value[f]));
          }
        } else problems.push({ field: 'proofs', code: 'not-proofs' });
      }
      for (const f of ['table', 'session', 'root', 'serverSeed', 'handCommitment']) trimmed('poker', f, record);
      const hand = value('poker', 'hand').trim();
      if (hand !== '') record.hand = /^-?\d{1,15}$/.test(hand) ? Number(hand) : hand;
      take(record, 'seats', value('poker', 'seats'), gamesPage.parsePokerSeats);
      take(record, 'deck', value('poker', 'deck'), gamesPage.parseCards);
    } else {
      record = { scheme: 'chess_colour_v1' };
      for (const f of ['seedA', 'commitA', 'clientA', 'seedB', 'commitB', 'clientB']) trimmed('chess', f, record);
      if (value('chess', 'colourA') !== '') record.colourA = value('chess', 'colourA');
    }
    return { record, problems };
  }

  // Dice are read by the verifier's own parser of typed rolls (one throw
  // per line: 6-3, 63, 1. 6-3, Zug 1: 6-3 …), then laid out die by die.
  function parseDice(raw) {
    const parsed = pfcheck.parseRolls(raw);
    if (parsed.errors) {
      const p = parsed.errors[0];
      return { problem: { field: 'dice', code: `text-${p.code}`, at: p.at } };
    }
    return { value: parsed.rolls.flatMap((r) => [Number(r[0]), Number(r[1])]) };
  }

  // ---- check and show ----

  function run(record, parseProblems = []) {
    const result = pfcheck.check(record);
    if (checkedElsewhere(result, () => pfcheck.formatLink(record), clearResult)) return;
    if (result.status === 'unsupported') {
      showInvalid(result.errors, 'unsupported');
      return;
    }
    if (parseProblems.length > 0 || result.status === 'invalid') {
      const parsed = new Set(parseProblems.map((p) => p.field));
      showInvalid([...parseProblems, ...(result.errors ?? []).filter((p) => !parsed.has(p.field))]);
      return;
    }
    showFieldProblems([]);
    const view = { match_seed_v2: renderMatch, poker_hmac_v1: renderPoker, chess_colour_v1: renderChess }[result.scheme];
    const { items, verdict } = view(result, record);
    resultItems.replaceChildren(...items);
    // The verdict names the game in the player's words (the picker's), not the scheme.
    showVerdict(result.status, [`${what.selectedOptions[0]?.textContent ?? ''} — `, ...[verdict].flat()]);
    showDiagnosis(result.scheme, result.diagnosis, (kind, index) => where({ kind, index }));
    verdictCalculated(record);
  }

  const mismatchesOf = (result) => new Map((result.mismatches ?? []).map((m) => [`${m.kind ?? 'colour'}:${m.index}`, m]));

  // item is one compared value: data-kind and data-index as the result's
  // mismatch (testdata/tablegames.md), data-status match, mismatch or
  // computed (nothing recorded to compare with).
  const itemId = (kind, index) => `item-${kind}-${index}`;

  function item(kind, index, computed, recorded, status, render) {
    const el = element('span', {
      id: itemId(kind, index), class: 'item', 'data-kind': kind, 'data-index': String(index), 'data-status': status, 'data-computed': computed,
    });
    el.append(render(computed));
    if (status === 'mismatch') {
      el.dataset.recorded = recorded ?? '';
      const r = element('span', { class: 'recorded' });
      r.append(element('span', { class: 'visually-hidden' }, msg('msg.item.recorded')), render(recorded ?? '?'));
      el.append(r);
    }
    return el;
  }

  const die = (d) => element('span', { class: 'die' }, String(d));
  const card = (c) => cardElement(c);
  const plain = (s) => element('code', {}, s);

  // A seal (commitment): computed and given, the first differing digit
  // marked in both.
  function commitmentBlock(label, givenLabel, c, index) {
    const dl = element('dl', { class: 'commitment' });
    const status = c.given ? (c.matches ? 'match' : 'mismatch') : 'computed';
    const computed = element('code');
    const dd = element('dd', { 'data-kind': 'commitment', 'data-index': String(index), 'data-status': status });
    dd.append(computed);
    dl.append(element('dt', {}, label), dd);
    const givenCode = element('code');
    const verdict = element('span');
    const given = element('dd', { id: itemId('commitment', index) });
    given.append(givenCode, ' ', verdict);
    showCommitment(computed, givenCode, verdict, c, { matches: 'msg.commitment.matches', differs: 'msg.commitment.differs', none: 'msg.commitment.none' });
    if (!c.given) given.replaceChildren(verdict);
    dl.append(element('dt', {}, givenLabel), given);
    return dl;
  }

  function heading(key, params) {
    return element('h3', {}, msg(key, params));
  }

  // where names the place of a mismatch in the player's words.
  function where(m) {
    const i = m.index - 1;
    switch (m.kind) {
      case 'dice':
        return msg('msg.where.dice', { throw: Math.floor(i / 2) + 1, die: (i % 2) + 1 });
      case 'deals':
        return msg('msg.where.deals', { deal: Math.floor(i / 52) + 1, seat: Math.floor((i % 52) / 13) + 1, card: (i % 13) + 1 });
      case 'hands': {
        const r = i % 32;
        const hand = Math.floor(i / 32) + 1;
        return r < 20 ? msg('msg.where.hands-first', { hand, seat: Math.floor(r / 5) + 1, card: (r % 5) + 1 })
          : msg('msg.where.hands-second', { hand, card: r - 19 });
      }
      case 'deck':
        return msg('msg.where.deck', { position: m.index });
      default:
        return msg(`msg.where.${m.kind ?? 'colour'}`, { n: m.index });
    }
  }

  // One sentence: what was found and where, the first differing value a
  // link to it and how many others differ; texts[status] otherwise.
  function verdictFor(result, texts) {
    if (result.status !== 'mismatch') return texts[result.status];
    const c = result.commitment;
    const differs = (commitment, index, key) => (commitment?.given && !commitment.matches ? [inPageLink(itemId('commitment', index), msg(key))] : []);
    const ms = result.mismatches ?? [];
    const first = ms.length > 0 ? msgParts('msg.verdict.differences', { first: inPageLink(itemId(ms[0].kind ?? 'colour', ms[0].index), where(ms[0])) }) : [];
    const others = ms.length > 1 ? [msg('msg.verdict.differences-others', { count: ms.length - 1 })] : [];
    return msgParts('msg.verdict.mismatch', {
      details: fragmentOf(sentences(differs(c, 1, 'msg.verdict.commitment-differs'), differs(result.commitmentB, 2, 'msg.verdict.commitmentB-differs'), first, others)),
    });
  }

  function seatsBlock(result, record, ms) {
    const wrap = element('div', { class: 'seats' });
    wrap.append(heading('msg.seats.title'));
    const row = element('p', { class: 'row' });
    for (let i = 0; i < 2; i++) {
      const recorded = Array.isArray(record.seats) ? String(record.seats[i]) : undefined;
      const key = `seats:${i + 1}`;
      const status = ms.has(key) ? 'mismatch' : recorded !== undefined ? 'match' : 'computed';
      const label = element('span', { class: 'label' }, msg('msg.seats.place', { n: i + 1 }));
      row.append(label, item('seats', i + 1, String(result.seats[i]), recorded, status, plain), ' ');
    }
    wrap.append(row, element('p', { class: 'hint' }, msg('msg.seats.hint')));
    return wrap;
  }

  function renderMatch(result, record) {
    const ms = mismatchesOf(result);
    const status = (kind, i) => (ms.has(`${kind}:${i}`) ? 'mismatch' : 'match');
    const recorded = (kind, i) => ms.get(`${kind}:${i}`)?.recorded;
    const out = [commitmentBlock(msg('msg.commitment.computed'), msg('msg.commitment.given'), result.commitment, 1), seatsBlock(result, record, ms)];
    let n = 0;
    if (result.dice) {
      n = result.dice.length;
      out.push(heading('msg.dice.title', { n }));
      const ol = element('ol', { class: 'throws' });
      let opening = true;
      for (let t = 0; 2 * t < result.dice.length; t++) {
        const [a, b] = [result.dice[2 * t], result.dice[2 * t + 1]];
        const li = element('li', { 'data-throw': String(t + 1), 'data-opening': String(opening) });
        li.append(element('span', { class: 'n' }, `${t + 1}.`),
          item('dice', 2 * t + 1, String(a), recorded('dice', 2 * t + 1), status('dice', 2 * t + 1), die),
          item('dice', 2 * t + 2, String(b), recorded('dice', 2 * t + 2), status('dice', 2 * t + 2), die));
        if (opening) li.append(' ', element('span', { class: 'badge' }, msg(a === b ? 'msg.dice.opening-tie' : 'msg.dice.opening')));
        opening = opening && a === b;
        ol.append(li);
      }
      out.push(ol);
    }
    if (result.deals) {
      n = result.deals.length * 52;
      result.deals.forEach((deal, d) => {
        const box = element('section', { class: 'deal', 'data-deal': String(d + 1) });
        box.append(heading('msg.deal.title', { n: d + 1 }));
        for (let s = 0; s < 4; s++) {
          const row = element('div', { class: 'hand-row' });
          row.append(element('span', { class: 'label' }, msg('msg.seat', { n: s + 1 })));
          const cards = element('span', { class: 'cards' });
          for (let p = 13 * s; p < 13 * s + 13; p++) {
            const index = 52 * d + p + 1;
            cards.append(item('deals', index, deal[p], recorded('deals', index), status('deals', index), card));
          }
          row.append(cards);
          box.append(row);
        }
        out.push(box);
      });
    }
    if (result.hands) {
      n = result.hands.length * 32;
      result.hands.forEach((hand, h) => {
        const box = element('section', { class: 'deal', 'data-hand': String(h + 1) });
        box.append(heading('msg.hand.title', { n: h + 1 }), element('h4', {}, msg('msg.hand.first')));
        for (let s = 0; s < 4; s++) {
          const row = element('div', { class: 'hand-row' });
          row.append(element('span', { class: 'label' }, msg('msg.seat', { n: s + 1 })));
          const cards = element('span', { class: 'cards' });
          for (let p = 5 * s; p < 5 * s + 5; p++) {
            const index = 32 * h + p + 1;
            cards.append(item('hands', index, hand.first[p], recorded('hands', index), status('hands', index), card));
          }
          row.append(cards);
          box.append(row);
        }
        box.append(element('h4', {}, msg('msg.hand.second')));
        const cards = element('p', { class: 'cards' });
        hand.second.forEach((c, p) => {
          const index = 32 * h + 21 + p;
          cards.append(item('hands', index, c, recorded('hands', index), status('hands', index), card));
        });
        box.append(cards);
        out.push(box);
      });
    }
    if (result.draws) {
      n = result.draws.length;
      out.push(heading('msg.draws.title', { n }));
      const ol = element('ol', { class: 'tiles' });
      result.draws.forEach((t, i) => {
        const li = element('li');
        li.append(element('span', { class: 'n' }, `${i + 1}.`), item('draws', i + 1, t, recorded('draws', i + 1), status('draws', i + 1), tileElement));
        ol.append(li);
      });
      out.push(ol);
    }
    const given = result.commitment.given;
    const seatsOnly = !result.dice && !result.deals && !result.hands && !result.draws;
    return {
      items: out,
      verdict: verdictFor(result, {
        match: msg(seatsOnly ? 'msg.verdict.match-seats' : 'msg.verdict.match', { n: n + (Array.isArray(record.seats) ? 2 : 0) }) + ' ' + msg(given ? 'msg.verdict.commitment-ok' : 'msg.verdict.commitment-compare'),
        computed: msg('msg.verdict.computed') + ' ' + msg(given ? 'msg.verdict.commitment-ok' : 'msg.verdict.commitment-compare'),
      }),
    };
  }

  function renderPoker(result, record) {
    const ms = mismatchesOf(result);
    const out = [];
    const proofs = result.proofs ?? [];
    if (proofs.length > 0) {
      out.push(heading('msg.proofs.title', { n: proofs.length }));
      const ul = element('ul', { class: 'proofs' });
      proofs.forEach((p, k) => {
        const n = k + 1;
        const li = element('li', {
          id: itemId('proofs', n), 'data-proof': String(n), 'data-holds': String(p.holds), 'data-kind': 'proofs', 'data-index': String(n),
          'data-status': p.holds ? 'match' : 'mismatch', 'data-card': p.card,
        });
        li.append(cardElement(p.card), ' ', element('span', {}, msg('msg.proofs.position', { position: p.position + 1 })), ' ',
          element('strong', {}, msg(p.holds ? 'msg.proofs.holds' : 'msg.proofs.fails')));
        if (!p.holds) li.append(' ', element('span', { class: 'hint' }, msg('msg.proofs.leadsTo')), ' ', element('code', {}, ms.get(`proofs:${n}`)?.computed ?? ''));
        if (result.deck) {
          const key = `proofCards:${n}`;
          const recomputed = element('span', { class: 'recomputed' }, msg('msg.proofs.recomputed') + ' ');
          recomputed.append(item('proofCards', n, result.deck[p.position], p.card, ms.has(key) ? 'mismatch' : 'match', card));
          li.append(' ', recomputed);
        }
        ul.append(li);
      });
      out.push(ul);
    }
    const root = element('dl', { class: 'commitment' });
    const givenRoot = element('code', {}, String(record.root ?? ''));
    root.append(element('dt', {}, msg('msg.root.given')), element('dd', {}, ''));
    root.lastChild.append(givenRoot);
    if (result.computedRoot) {
      const rootStatus = ms.has('root:1') ? 'mismatch' : 'match';
      const dd = element('dd', { id: itemId('root', 1), 'data-kind': 'root', 'data-index': '1', 'data-status': rootStatus });
      const computedRoot = element('code');
      const verdict = element('span');
      showCommitment(computedRoot, givenRoot, verdict, { computed: result.computedRoot, given: String(record.root ?? ''), matches: rootStatus === 'match' },
        { matches: 'msg.commitment.matches', differs: 'msg.commitment.differs', none: 'msg.commitment.none' });
      dd.append(computedRoot, ' ', verdict);
      root.append(element('dt', {}, msg('msg.root.computed')), dd);
    }
    out.push(root);
    if (result.commitment) out.push(commitmentBlock(msg('msg.handCommitment.computed'), msg('msg.handCommitment.given'), result.commitment, 1));
    if (result.deck) {
      out.push(heading('msg.deck.title'));
      const proven = new Set(proofs.map((p) => p.position));
      const hasDeck = Array.isArray(record.deck);
      const cards = element('p', { class: 'cards deck' });
      for (let pos = 0; pos < 52; pos++) {
        const key = `deck:${pos + 1}`;
        const st = ms.has(key) ? 'mismatch' : hasDeck ? 'match' : 'computed';
        const it = item('deck', pos + 1, result.deck[pos], ms.get(key)?.recorded, st, card);
        it.title = msg('msg.where.deck', { position: pos + 1 });
        if (proven.has(pos)) it.classList.add('proven');
        cards.append(it);
      }
      out.push(cards);
      out.push(element('p', { class: 'hint' }, msg('msg.deck.hint')));
    }
    return {
      items: out,
      verdict: verdictFor(result, {
        match: msg(result.deck ? 'msg.verdict.poker-deck' : 'msg.verdict.poker-proofs', { n: proofs.length }),
      }),
    };
  }

  function renderChess(result, record) {
    const ms = mismatchesOf(result);
    const colourName = (c) => msg(`msg.colour.${c}`);
    const out = [];
    const who = element('p', { class: 'colour-line' });
    const recorded = record.colourA;
    const status = ms.has('colour:1') ? 'mismatch' : recorded ? 'match' : 'computed';
    who.append(msg('msg.chess.a'), ' ', item('colour', 1, result.colourA, recorded, status, (c) => element('strong', { class: `colour-${c}` }, colourName(c))));
    out.push(heading('msg.chess.title'), who);
    out.push(element('p', {}, msg(result.colourA === 'white' ? 'msg.chess.aWhite' : 'msg.chess.aBlack')));
    out.push(element('p', {}, msg(result.bot ? 'msg.chess.whyBot' : 'msg.chess.why')));
    const commitB = result.commitmentB?.computed ?? '-';
    const message = element('code', {}, `cc1:${result.commitment.computed}:${commitB}:0=`);
    message.append(valueElement(record.clientA ?? ''), ',1=', valueElement(record.clientB ?? ''), ':k');
    out.push(element('p', { class: 'hint' }, msg('msg.chess.message')), element('pre', { class: 'message' }, ''));
    out[out.length - 1].append(message);
    out.push(commitmentBlock(msg('msg.chess.commitA'), msg('msg.chess.commitAGiven'), result.commitment, 1));
    if (result.commitmentB) out.push(commitmentBlock(msg('msg.chess.commitB'), msg('msg.chess.commitBGiven'), result.commitmentB, 2));
    return {
      items: out,
      verdict: verdictFor(result, {
        match: msg('msg.verdict.chess-match', { colour: colourName(result.colourA) }),
        computed: msg('msg.verdict.chess-computed', { colour: colourName(result.colourA) }),
      }),
    };
  }

  // ---- where records come from ----

  function runRecord(record) {
    if (!checkedOnAnotherPage(record.scheme)) fill(record); // the form holds this page's records only
    run(record);
  }

  const runFromFragment = answering(() => {
    if (!hasLink() || !linkIsHere()) {
      clearResult();
      return;
    }
    const parsed = pfcheck.parseLink(location.hash, 'games');
    if (parsed.errors) {
      // With problems, the record (when there is one) still names the scheme.
      const group = SCHEME_GROUP[parsed.record?.scheme];
      if (group) showGroup(group, what.value);
      showInvalid(parsed.errors);
      return;
    }
    runRecord(parsed.record);
  }, clearResult);

  const runPasted = answering(() => {
    const read = gamesPage.parseJSON(document.getElementById('paste-record').value, 'record');
    if (read.problem) {
      showInvalid([read.problem]);
      return;
    }
    if (!read.value || typeof read.value !== 'object' || Array.isArray(read.value)) {
      showInvalid([{ field: 'record', code: 'not-a-record' }]);
      return;
    }
    runRecord(read.value);
  }, clearResult);

  what.addEventListener('change', selectionChanged);
  form.addEventListener('submit', answering((event) => {
    event.preventDefault();
    const { record, problems } = recordFromForm();
    run(record, problems);
  }, clearResult));
  document.querySelector('[data-check-pasted]').addEventListener('click', runPasted);
  document.querySelector('[data-copy-link]').addEventListener('click', async () => {
    const { record, problems } = recordFromForm();
    await copyLink(problems.length === 0 ? pfcheck.formatLink(record) : '');
  });

  selectionChanged();
  addEventListener('hashchange', runFromFragment);
  runFromFragment();
});
