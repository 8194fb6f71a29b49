'use strict';
// A value a record carries (an id, a seed, a scheme's name) as the pages
// show it: as what it is. Two ids that differ only by a character that
// draws nothing (a zero-width space, a bidi override) would otherwise look
// the same, and an operator could pick among their rolls while the page
// shows the player's own id; so such a character is shown by its code
// point, and the check still uses the value byte for byte (SPEC). Plain
// text only: common.js makes the node that shows it (valueElement).

// What draws nothing or changes how the text around it is drawn: controls
// (Cc), format characters (Cf: bidi controls, zero-width spaces and
// joiners), line and paragraph separators, the spaces but U+0020, and what
// a font may draw as nothing (Default_Ignorable_Code_Point: Hangul fillers,
// variation selectors, the combining grapheme joiner).
const unseenCharacter = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\p{Default_Ignorable_Code_Point}]$/u;
const combiningMark = /^\p{M}$/u;
// Combining marks a shown character keeps: as many as a letter of any
// script stacks (Vietnamese two), too few to draw over the lines around it.
const marksPerBase = 3;
// A value is shown whole up to this many characters (a 64-digit seed),
// and cut after them.
const shownLength = 64;

// value as a page shows it (text: cut after shownLength characters, with
// "…"; whole: uncut): each unseen character as ⟨U+XXXX⟩, as is a combining
// mark with no shown character before it or beyond marksPerBase on one,
// and ⟨ itself, so that no value spells out another's sign. unseen says
// whether value holds any of those but ⟨: a character that shows nothing.
function shownValue(value) {
  const parts = []; // a shown character with its marks, or a code point
  let unseen = false;
  let marks = -1; // on the last shown character; -1: none to carry one
  for (const c of value) {
    const mark = combiningMark.test(c);
    if (mark && marks >= 0 && marks < marksPerBase) {
      parts[parts.length - 1] += c;
      marks++;
    } else if (mark || unseenCharacter.test(c) || c === '\u27e8') {
      parts.push(`\u27e8U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}\u27e9`);
      unseen ||= c !== '\u27e8';
      marks = -1;
    } else {
      parts.push(c);
      marks = 0;
    }
  }
  const whole = parts.join('');
  if (whole.length <= shownLength) return { text: whole, whole, unseen };
  let text = '';
  for (const part of parts) {
    if (text.length + part.length > shownLength) break;
    text += part;
  }
  return { text: `${text}…`, whole, unseen };
}
