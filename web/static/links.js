'use strict';
// Which page reads a link: the one rule the landing page, every check page
// and the audit use to send a link where it belongs. All links say v=1 but
// the dice_v2 link, and a newer version of any may say v=2; their keys tell
// them apart (testdata/README.md, testdata/shoe_v1.md, testdata/dice_v2.md,
// testdata/tablegames.md):
//   games  keys spelled out (scheme=…, serverSeed=…); all others are letters
//   shoe   any of h, n, i, k, which no dice link has; or, without v=2, any
//          of d, t, x, which the dice_v1 link does not have
//   dice   v=2, or any of m, a, b
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
  const has = (...names) => names.some((name) => keys.has(name));
  if ([...keys.keys()].some((key) => key.length > 1)) return 'games';
  if (has('h', 'n', 'i', 'k')) return 'shoe';
  if (keys.get('v') === '2' || has('m', 'a', 'b')) return 'dice';
  if (has('d', 't', 'x')) return 'shoe';
  return 'check';
}
