'use strict';
// Which page reads a link: the one rule the landing page, every check page
// and the audit use to send a link where it belongs. All links say v=1 but
// the dice_v2 link, and a newer version of any may say v=2; the keys each
// format requires tell them apart (testdata/README.md, testdata/shoe_v1.md,
// testdata/dice_v2.md, testdata/tablegames.md), since any format ignores
// keys it does not know:
//   games  a scheme key, or keys spelled out (serverSeed=…) and no letter
//          key but v
//   shoe   any of h, n, i, k, keys no dice link has
//   dice   v=2, or the players (a, b) with the match (m)
//   shoe   decks (d), which the dice_v1 link does not have
//   check  everything else: dice_v1, and links no page reads, which the
//          check page then refuses with the reason.
// It reads a whole URL or a fragment (with or without "#"); it validates
// nothing: the page's verifier does.
function linkPage(link) {
  const hash = link.indexOf('#');
  const fragment = hash >= 0 ? link.slice(hash + 1) : link;
  const keys = new Map();
  for (const part of fragment.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) keys.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const has = (name) => keys.has(name);
  const letters = [...keys.keys()].filter((key) => key.length === 1 && key !== 'v');
  if (has('scheme') || (letters.length === 0 && keys.size > (has('v') ? 1 : 0))) return 'games';
  if (['h', 'n', 'i', 'k'].some(has)) return 'shoe';
  if (keys.get('v') === '2' || (has('m') && has('a') && has('b'))) return 'dice';
  if (has('d')) return 'shoe';
  return 'check';
}

// Whether the page was opened with a match: a link's fields are key=value
// pairs, so a fragment without one (#main, an anchor a bookmark kept) is no
// link, and the page opens as without one. base.html's first script, which
// runs before this one, applies the same rule.
function hasLink() {
  return location.hash.includes('=');
}
