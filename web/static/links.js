'use strict';
// Which page reads a link: the one rule the landing page, every check page
// and the audit use to send a link where it belongs. All links say v=1 but
// the dice_v2 link; their keys tell them apart (testdata/README.md,
// testdata/shoe_v1.md, testdata/tablegames.md, testdata/dice_v2.md):
//   games  keys spelled out (scheme=…, serverSeed=…), single letters nowhere else
//   dice   v=2
//   shoe   any of d (decks), h, n, t, i, k, x, which dice_v1 does not have
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
  if ([...keys.keys()].some((key) => key.length > 1)) return 'games';
  if (keys.get('v') === '2') return 'dice';
  if (['d', 'h', 'n', 't', 'i', 'k', 'x'].some((key) => keys.has(key))) return 'shoe';
  return 'check';
}
