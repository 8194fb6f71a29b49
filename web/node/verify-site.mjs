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

const args = process.argv.slice(2);
let against;
const at = args.indexOf('--against');
if (at >= 0) against = args.splice(at, 2)[1];
const rebuild = args.includes('--rebuild');
const rest = args.filter((a) => a !== '--rebuild');
if (rest.length !== 1 || (at >= 0 && !against) || (rebuild && against)) {
  cannotRun('usage: node web/node/verify-site.mjs <origin> [--rebuild | --against DIR]');
}
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
const signed = await get('/integrity.sig.json');
if (!signed) {
  console.log('verify-site: not signed (no /integrity.sig.json): no one vouches for this build');
} else {
  let s;
  try {
    s = JSON.parse(signed.toString('utf8'));
  } catch {
    s = undefined;
  }
  if (!Array.isArray(s?.signatures)) differences.push('/integrity.sig.json: not a list of signatures');
  else if (s.manifest !== sha256(manifestBytes)) differences.push(`/integrity.sig.json: signs another manifest (${quote(s.manifest)})`);
  else {
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
}

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

for (const d of differences) console.log(`DIFFERS ${d}`);
console.log(differences.length === 0 ? 'verify-site: all agree' : `verify-site: ${differences.length} differ`);
process.exit(differences.length === 0 ? 0 : 1);
