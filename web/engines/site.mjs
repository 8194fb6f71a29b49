// The pages as the engine tests open them: built (web/dist, make build),
// from file:// and served by serve.go itself, the server a player's
// `make serve` runs.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const dist = join(root, 'web', 'dist');
// The pages' languages (locales/languages.json), the first the landing
// page's for a browser that asks for none of them.
export const languages = JSON.parse(readFileSync(join(root, 'locales', 'languages.json'), 'utf8')).map((l) => l.code);
// What the tests open, as [page, language, 'file' or 'served']: the pages
// and the languages in turn, each page from file:// and served, each
// language once, so that the tests do not grow with the languages (the
// loader's path is the same for every page and language).
export const pageVisits = (pages) => Array.from({ length: Math.max(languages.length, 2 * pages.length) },
  (_, i) => [pages[i % pages.length], languages[i % languages.length], Math.floor(i / pages.length) % 2 ? 'served' : 'file']);

export const fileURL = (lang, page) => pathToFileURL(join(dist, lang, page, 'index.html')).href;

// The server binary, built once per test process.
let binary;
function serverBinary() {
  if (!binary) {
    const dir = mkdtempSync(join(tmpdir(), 'pfcheck-serve-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    binary = join(dir, 'serve');
    execFileSync('go', ['build', '-o', binary, 'serve.go'], { cwd: root, stdio: 'inherit' });
  }
  return binary;
}

// serve starts serve.go on a port of its own, so that each server is an
// origin of its own (a service worker, a cache), serving the build (or
// another dist), and resolves to {url, example, stop()} once it has said
// all it says before serving (example: its example match's link); stop
// resolves once the server has exited. Its output is read to the end: a
// server whose stdout is closed would die of SIGPIPE at its next line.
export function serve(served = dist) {
  const child = spawn(serverBinary(), ['-addr', '127.0.0.1:0', '-dist', served, '-proofs', join(root, 'testdata', 'proofs')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving .* on (http:\/\/127\.0\.0\.1:\d+)\/\n(?:an example match: (\S+)\n)?shoe proofs/);
      if (m) resolve({ url: m[1], example: m[2] ?? '', stop: () => (child.kill(), exited) });
    });
    exited.then((code) => reject(new Error(`serve.go exited (${code}) before it served: ${out}`)));
  });
}

// The rows of BenchmarkFirstTap (web/firsttap_test.go), written by its
// TestFirstTapRows (go test -short: no browser) into a directory removed at
// exit: {floor, rows}, the directory of its floor (the hello page, for
// serve(floor)) and each page's row, {name, link, status}, with the link
// and the verdict's status the benchmark opens it with.
export function tapRows() {
  const dir = mkdtempSync(join(tmpdir(), 'pfcheck-taprows-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('go', ['test', '-short', '-count=1', '-run', '^TestFirstTapRows$', './web/'],
    { cwd: root, stdio: ['ignore', 2, 'inherit'], env: { ...process.env, PFCHECK_TAP_ROWS: dir } });
  /** @type {{ name: string, link: string, status: string }[]} */
  const rows = JSON.parse(readFileSync(join(dir, 'rows.json'), 'utf8'));
  return { floor: join(dir, 'floor'), rows };
}

// The vector cases of a scheme (testdata/vectors).
export function vectors(scheme) {
  return JSON.parse(readFileSync(join(root, 'testdata', 'vectors', `${scheme}.json`), 'utf8')).cases;
}

export const vectorCase = (scheme, name) => {
  const found = vectors(scheme).find((c) => c.name === name);
  if (!found) throw new Error(`no vector ${scheme}/${name}`);
  return found;
};

// A page's words in one language, merged as the build merges them
// (web/locales.go): the shared file, then the page's own; an isolate of a
// right-to-left sentence as its scripts set it, between U+2066 and U+2069
// (web.LocaleText).
export function words(page, lang) {
  const dir = join(root, 'locales');
  const files = [`${lang}.json`, `${lang}.${page}.json`].filter((f) => readdirSync(dir).includes(f));
  const merged = Object.assign({}, ...files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))));
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, v.replaceAll('<bdi dir="ltr">', '\u2066').replaceAll('</bdi>', '\u2069')]));
}
