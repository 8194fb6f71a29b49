// shownValue (web/static/values.js): a value a record carries as the pages
// show it, so that two values that differ never look the same (issue 35).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

const { shownValue } = runInNewContext(`${readFileSync(new URL('../static/values.js', import.meta.url), 'utf8')}; ({ shownValue })`);

test('a character that shows nothing is shown by its code point, and said to be there', () => {
  for (const [value, text] of [
    ['alice\u200b', 'alice⟨U+200B⟩'], // zero-width space
    ['\u202eecila\u202c', '⟨U+202E⟩ecila⟨U+202C⟩'], // RLO … PDF
    ['my-seed\u202e', 'my-seed⟨U+202E⟩'], // an RLO left open
    ['a\u2066b\u2069', 'a⟨U+2066⟩b⟨U+2069⟩'], // isolates
    ['bob\u00a0', 'bob⟨U+00A0⟩'], // a space but U+0020
    ['x\ny\u0000', 'x⟨U+000A⟩y⟨U+0000⟩'], // controls
    ['\u3164id', '⟨U+3164⟩id'], // a Hangul filler, a letter that draws nothing
    ['\u{e0041}seed', '⟨U+E0041⟩seed'], // a tag character, beyond U+FFFF
  ]) {
    assert.deepEqual({ ...shownValue(value) }, { text, whole: text, unseen: true }, JSON.stringify(value));
  }
});

test('what shows stays as it is: letters of any script, their marks, the space', () => {
  for (const value of ['alice', 'bob smith', 'e\u0301', 'e\u0323\u0302', 'علي', 'Ünïcödé', 'कि', '한글', 'my-seed']) {
    assert.deepEqual({ ...shownValue(value) }, { text: value, whole: value, unseen: false }, JSON.stringify(value));
  }
});

test('a combining mark with no character to carry it, or too many on one, is shown by its code point', () => {
  const accents = shownValue('\u0301'.repeat(128));
  assert.ok(accents.unseen);
  assert.equal(accents.whole, '⟨U+0301⟩'.repeat(128));
  assert.equal(shownValue('a\u0301\u0302\u0303\u0304').text, 'a\u0301\u0302\u0303⟨U+0304⟩');
  assert.equal(shownValue('\u200b\u0301').text, '⟨U+200B⟩⟨U+0301⟩', 'a mark after a code point has nothing to carry it');
});

test('no value spells out the sign of another', () => {
  const spelled = shownValue('alice⟨U+200B⟩');
  assert.equal(spelled.text, 'alice⟨U+27E8⟩U+200B⟩');
  assert.notEqual(spelled.text, shownValue('alice\u200b').text);
  assert.equal(spelled.unseen, false, '⟨ shows');
});

test('a long value is cut, visibly, never inside a code point; the whole stays', () => {
  const long = 'x'.repeat(100000);
  const shown = shownValue(long);
  assert.equal(shown.text, `${'x'.repeat(64)}…`);
  assert.equal(shown.whole, long);
  assert.equal(shownValue('y'.repeat(64)).text, 'y'.repeat(64), '64 characters are shown whole');
  const cut = shownValue(`${'z'.repeat(60)}\u200b${'z'.repeat(10)}`);
  assert.equal(cut.text, `${'z'.repeat(60)}…`);
  assert.equal(cut.unseen, true, 'an unseen character past the cut is still said');
  assert.equal(shownValue('\u0301'.repeat(128)).text, `${'⟨U+0301⟩'.repeat(8)}…`);
});
