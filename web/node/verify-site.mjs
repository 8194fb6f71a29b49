// An auditor's check of a live site (issue 39): fetches its integrity
// manifest (integrity.json), its signatures (integrity.sig.json) and every
// file the manifest names, and checks that each file is the bytes the
// manifest says and each signature is a signer's Ed25519 signature of the
// manifest. With --rebuild it then runs `make build` here, with the site's
// support address, and compares the site's manifest with the local one: a
// file that differs was not built from these sources (or with other
// operator vectors, which the manifest names by hash). --against DIR
// compares with a build already in DIR instead of building.
//
//   node web/node/verify-site.mjs <origin> [--rebuild | --against DIR]
//
// A page a player saved from a kept page ("download this checker") carries
// its build's manifest and signatures in its second line (web/static/
// common.js, keptWithIntegrity); --file checks that the file without that
// line is the page the manifest names, and the signatures, as of a site:
//
//   node web/node/verify-site.mjs --file pfcheck-en-check.html
//
// Exit status: 0 everything agrees, 1 something differs (each named), 2 it
// cannot run (the site cannot be reached, no manifest, a build fails).
// Nothing the site sends is printed but as JSON-escaped text.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const quote = (text) => JSON.stringify(String(text));

function cannotRun(message) {
  console.error(`verify-site: cannot run: ${message}`);
  process.exit(2);
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

// Adds to differences what is wrong with the signatures (signed, the
// bytes of integrity.sig.json, or undefined) of manifestBytes, and prints
// each good signer's fingerprint (as make sign and the pages' foot name it).
function checkSignatures(manifestBytes, signed, differences) {
  if (!signed) {
    console.log('verify-site: not signed (no integrity.sig.json): no one vouches for this build');
    return;
  }
  let s;
  try {
    s = JSON.parse(signed.toString('utf8'));
  } catch {
    s = undefined;
  }
  if (!Array.isArray(s?.signatures)) {
    differences.push('/integrity.sig.json: not a list of signatures');
    return;
  }
  if (s.manifest !== sha256(manifestBytes)) {
    differences.push(`/integrity.sig.json: signs another manifest (${quote(s.manifest)})`);
    return;
  }
  for (const g of s.signatures) {
    const raw = Buffer.from(String(g?.publicKey), 'base64');
    const fingerprint = sha256(raw).slice(0, 16);
    let good = false;
    try {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
      good = raw.length === 32 && verify(null, manifestBytes, key, Buffer.from(String(g.signature), 'base64'));
    } catch {
      good = false;
    }
    if (good) console.log(`verify-site: signed by ${fingerprint}`);
    else differences.push(`/integrity.sig.json: the signature of ${fingerprint} is not good`);
  }
}

function finish(differences) {
  for (const d of differences) console.log(`DIFFERS ${d}`);
  console.log(differences.length === 0 ? 'verify-site: all agree' : `verify-site: ${differences.length} differ`);
  process.exit(differences.length === 0 ? 0 : 1);
}

const usage = 'usage: node web/node/verify-site.mjs <origin> [--rebuild | --against DIR], or --file <saved page>';
const args = process.argv.slice(2);
if (args[0] === '--file') {
  if (args.length !== 2) cannotRun(usage);
  checkSavedPage(args[1]);
}

// The saved page's second line, <!--pfcheck-saved <origin> <manifest>
// <signatures>-->, each in base64 (the signatures '' where the build had none).
function checkSavedPage(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    cannotRun(`${quote(file)}: ${quote(err.code ?? err.message)}`);
  }
  const first = bytes.indexOf(10) + 1;
  const second = bytes.indexOf(10, first) + 1;
  const saved = /^<!--pfcheck-saved ([A-Za-z0-9+/=]*) ([A-Za-z0-9+/=]+) ([A-Za-z0-9+/=]*)-->\n$/.exec(bytes.subarray(first, second).toString('latin1'));
  if (first === 0 || second === 0 || !saved) cannotRun(`${quote(file)} carries no manifest (a page saved from a page its service worker kept does)`);
  const manifestBytes = Buffer.from(saved[2], 'base64');
  let manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    cannotRun('its manifest is not JSON');
  }
  const page = Buffer.concat([bytes.subarray(0, first), bytes.subarray(second)]);
  const named = Object.entries(manifest?.files ?? {}).find(([, sum]) => sum === sha256(page));
  const differences = [];
  if (named) console.log(`verify-site: the page ${quote('/' + named[0])} of version ${quote(manifest.version)}, saved from ${quote(Buffer.from(saved[1], 'base64').toString('utf8'))}`);
  else differences.push(`${quote(file)}: SHA-256 ${sha256(page)} (without its second line), which the manifest names for no file`);
  checkSignatures(manifestBytes, saved[3] ? Buffer.from(saved[3], 'base64') : undefined, differences);
  finish(differences);
}

let against;
const at = args.indexOf('--against');
if (at >= 0) against = args.splice(at, 2)[1];
const rebuild = args.includes('--rebuild');
const rest = args.filter((a) => a !== '--rebuild');
if (rest.length !== 1 || (at >= 0 && !against) || (rebuild && against)) cannotRun(usage);
let origin;
try {
  origin = new URL(rest[0]);
} catch {
  cannotRun(`${quote(rest[0])} is not a URL`);
}

// The body of path at the origin, or undefined for a 404; any other
// answer, or none within 30 s, stops the check.
async function get(path) {
  let response;
  try {
    response = await fetch(new URL(path, origin), { signal: AbortSignal.timeout(30_000), redirect: 'error' });
  } catch (err) {
    cannotRun(`${path}: ${quote(err.cause?.code ?? err.message)}`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) cannotRun(`${path}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const manifestBytes = await get('/integrity.json');
if (!manifestBytes) cannotRun('the site has no /integrity.json');
let manifest;
try {
  manifest = JSON.parse(manifestBytes.toString('utf8'));
} catch {
  cannotRun('/integrity.json is not JSON');
}
if (typeof manifest?.files !== 'object' || manifest.files === null) cannotRun('/integrity.json names no files');

const differences = [];
const files = Object.entries(manifest.files);
for (const [path, want] of files) {
  const body = await get('/' + path);
  if (!body) differences.push(`${quote('/' + path)}: missing (404)`);
  else if (sha256(body) !== want) differences.push(`${quote('/' + path)}: SHA-256 ${sha256(body)}, the manifest says ${quote(want)}`);
}
console.log(`verify-site: ${files.length} files of version ${quote(manifest.version)} at ${origin.origin}`);

// The signatures: each must be good, and of this manifest.
checkSignatures(manifestBytes, await get('/integrity.sig.json'), differences);

// The local build of these sources, with the site's inputs.
if (rebuild || against) {
  const root = join(import.meta.dirname, '..', '..');
  const dist = against ?? join(root, 'web', 'dist');
  if (rebuild) {
    try {
      execFileSync('make', ['-s', 'build', `SUPPORT=${manifest.support ?? ''}`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      cannotRun('make build failed');
    }
  }
  let local;
  try {
    local = JSON.parse(readFileSync(join(dist, 'integrity.json'), 'utf8'));
  } catch (err) {
    cannotRun(`the local build: ${err.message}`);
  }
  if (local.version !== manifest.version) differences.push(`version: the site's ${quote(manifest.version)}, the local build's ${quote(local.version)}`);
  if (JSON.stringify(local.operatorVectors) !== JSON.stringify(manifest.operatorVectors)) {
    differences.push(`operator vectors: the site's ${quote(JSON.stringify(manifest.operatorVectors))}, the local build's ${quote(JSON.stringify(local.operatorVectors))}`);
  }
  for (const path of new Set([...Object.keys(local.files), ...files.map(([p]) => p)])) {
    if (local.files[path] !== manifest.files[path]) differences.push(`${quote('/' + path)}: not the local build's (${local.files[path] ?? 'not in it'})`);
  }
  console.log(`verify-site: compared with the local build in ${dist}`);
}

finish(differences);
