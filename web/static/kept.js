'use strict';
// My checked matches: on a served page, once the player has turned on the
// switch [data-keep] (off until then; the choice is remembered), every
// verdict that came from a calculation is kept in IndexedDB on the page's
// origin: the match's link, its status, its first difference, when it was
// checked and the SHA-256 of the verifier that checked it. The audit page lists them, audits them and forgets them
// (audit.js). Nothing of it leaves the device, and the service worker never
// sees it: it stores pages only. A page opened from a file keeps nothing
// (a saved page's origin is the file's, and no one would find it again).

const keepingPossible = served && typeof indexedDB === 'object';
const keepChoice = 'pfcheck.keep';

// Runs act(store) on the kept matches (keyPath: the link, so that a match
// checked again is kept once, as last checked) in one transaction and
// resolves to its request's result once the transaction is done.
function keptMatchesStore(mode, act) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('pfcheck', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('matches', { keyPath: 'link' });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const tx = db.transaction('matches', mode);
      const request = act(tx.objectStore('matches'));
      tx.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

// The kept matches, in the order they were checked.
async function keptMatches() {
  const all = await keptMatchesStore('readonly', (store) => store.getAll());
  return all.sort((a, b) => a.checked.localeCompare(b.checked));
}

const forgetKeptMatch = (link) => keptMatchesStore('readwrite', (store) => store.delete(link));
const forgetKeptMatches = () => keptMatchesStore('readwrite', (store) => store.clear());

function keepingOn() {
  try {
    return keepingPossible && localStorage.getItem(keepChoice) === 'on';
  } catch {
    return false; // storage refused (a private window): nothing is kept
  }
}

// Says whether the match was kept (none on the audit page, which keeps none).
const keepStatus = document.querySelector('[data-keep-status]');

// The match of the verdict just shown: the record it was calculated on,
// the verdict's status and, for a mismatch, the first difference as the
// verdict names it (its first in-page link), in the language it was checked
// in. Kept if the player keeps their checks, under its link as this page
// writes it (formatLink of the record, whether it came from the link or the
// form), which is made only then: for a 10,000-roll match it took the
// verdict's task 140 ms past the verdict.
let lastCalculated = null;
async function keepMatch() {
  if (!lastCalculated || !keepingOn()) return;
  const { record, status, difference, checked, verifier } = lastCalculated;
  const fragment = globalThis.pfcheck.formatLink(record);
  if (!fragment) return;
  const match = { link: new URL(`#${fragment}`, location.href).href, page: pageName, lang: pageLang, status, difference, checked, verifier };
  try {
    await keptMatchesStore('readwrite', (store) => store.put(match));
    keepStatus.textContent = msg('msg.keep.kept');
  } catch (err) {
    console.info('pfcheck: the match was not kept:', err);
    keepStatus.textContent = msg('msg.keep.failed');
  }
}

// Called after every verdict: record is what a calculated verdict was
// calculated on (showVerdict passes null first, for any verdict).
function verdictCalculated(record) {
  offerScripts(record);
  warnOfUnseen(record);
  const status = verdictBox.dataset.status;
  lastCalculated = record && keepingPossible ? {
    record, status,
    difference: status === 'mismatch' ? verdictBox.querySelector('[data-verdict-text] a[data-goto]')?.textContent ?? '' : '',
    checked: new Date().toISOString(),
    // Which verifier checked it (issue 39): the SHA-256 the foot shows.
    verifier: document.querySelector('[data-verifier-sha256]').textContent,
  } : null;
  if (keepStatus) keepStatus.textContent = '';
  keepMatch();
}

// The switch under the verdict, shown on served pages only. Turning it on
// keeps the verdict on screen too.
function setUpKeepSwitch() {
  const line = document.querySelector('[data-keep-switch]');
  if (!line || !keepingPossible) return;
  /** @type {HTMLInputElement} */
  const input = line.querySelector('[data-keep]');
  input.checked = keepingOn();
  line.hidden = false;
  input.addEventListener('change', () => {
    try {
      localStorage.setItem(keepChoice, input.checked ? 'on' : 'off');
    } catch {
      input.checked = false;
    }
    keepStatus.textContent = '';
    keepMatch();
  });
}

setUpKeepSwitch();
