// linkPage (web/static/links.js), the rule that sends a link to its page,
// against every link the vectors hold and every record a link can carry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { load, vectorFiles } from './pfcheck.mjs';

const { linkPage } = runInNewContext(`${readFileSync(new URL('../static/links.js', import.meta.url), 'utf8')}; ({ linkPage })`);
const pfcheck = await load();
const pageOf = {
  dice_v1: 'check', dice_v2: 'dice', shoe_v1: 'shoe', match_seed_v2: 'games', poker_hmac_v1: 'games', chess_colour_v1: 'games',
};

test('every link a page reads, or refuses for its own reasons, is sent to that page', () => {
  let links = 0;
  for (const file of vectorFiles()) {
    for (const c of file.cases) {
      const link = c.link ?? (c.record ? pfcheck.formatLink(c.record) : '');
      // A link refused as a link (no version, a newer one, malformed) may
      // carry no page's meaning; one refused for its fields is its page's.
      if (!link || (c.expect.errors ?? []).some((p) => p.field === 'link')) continue;
      links++;
      assert.equal(linkPage(link), pageOf[file.scheme], `${file.scheme}/${c.name}: ${link.slice(0, 80)}`);
      assert.equal(linkPage(`https://example.org/de/x/index.html#${link.replace(/^#/, '')}`), pageOf[file.scheme]);
    }
  }
  assert.ok(links > 200, `only ${links} links`);
});

test('unknown keys and newer versions stay with their format', () => {
  assert.equal(linkPage('#v=1&s=aa&p=b&r=63&lang=de&future=1'), 'check');
  assert.equal(linkPage('#v=2&s=aa&c=b&n=42&d=2&p=0.75'), 'shoe'); // a newer shoe link: the shoe page says so
  assert.equal(linkPage('#v=3&scheme=match_seed_v3'), 'games');
  assert.equal(linkPage('#v=9'), 'check');
  assert.equal(linkPage(''), 'check');
});
