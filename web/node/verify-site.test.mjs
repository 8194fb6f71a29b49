// node web/node/verify-site.mjs: an auditor's check of a live site, against
// the project's own server (serve.go) on 127.0.0.1 serving the build (make
// build) as it is, signed, and with a file changed; each exit status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dist, root, serve } from '../engines/site.mjs';

const script = fileURLToPath(new URL('verify-site.mjs', import.meta.url));

// A site to serve: the build's files (links to them, no copies of their
// megabytes) with the icons copied, so that one can be changed, and
// signatures written beside them.
const site = mkdtempSync(join(tmpdir(), 'pfcheck-site-'));
process.on('exit', () => rmSync(site, { recursive: true, force: true }));
for (const name of readdirSync(dist)) {
  if (name !== 'icons' && name !== 'integrity.sig.json') symlinkSync(join(dist, name), join(site, name));
}
mkdirSync(join(site, 'icons'));
cpSync(join(dist, 'icons'), join(site, 'icons'), { recursive: true });

// The script, run apart (its fetches are not this process's).
function verifySite(...args) {
  return new Promise((resolve) => {
    const run = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    run.stdout.on('data', (chunk) => { out += chunk; });
    run.stderr.on('data', (chunk) => { out += chunk; });
    run.on('exit', (status) => resolve({ status, out }));
  });
}

test('verify-site against serve.go: exit 0 for the build, signed or not; 1 naming a changed file or a bad signature; 2 for no site', async () => {
  const server = await serve(site);
  test.after(server.stop);
  const origin = server.url;

  let { status, out } = await verifySite(origin, '--against', dist);
  assert.equal(status, 0, out);
  assert.match(out, /not signed/);
  assert.match(out, /all agree/);

  // Signed by a key as openssl writes it (PKCS#8 PEM), by make sign's command.
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = join(site, 'key.pem');
  writeFileSync(key, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const sign = spawnSync('go', ['run', './web/build', '-dist', site, '-sign', key], { cwd: root, encoding: 'utf8' });
  assert.equal(sign.status, 0, sign.stderr);
  const raw = publicKey.export({ format: 'jwk' }).x;
  const fingerprint = createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);
  ({ status, out } = await verifySite(origin));
  assert.equal(status, 0, out);
  assert.match(out, new RegExp(`signed by ${fingerprint}`));

  // A changed icon, and a signature of other bytes.
  writeFileSync(join(site, 'icons', 'icon-192.png'), 'not the icon');
  const sigs = join(site, 'integrity.sig.json');
  const signed = JSON.parse(readFileSync(sigs, 'utf8'));
  signed.signatures[0].signature = Buffer.alloc(64).toString('base64');
  writeFileSync(sigs, JSON.stringify(signed));
  ({ status, out } = await verifySite(origin, '--against', dist));
  assert.equal(status, 1, out);
  assert.match(out, /^DIFFERS "\/icons\/icon-192\.png": SHA-256 /m);
  assert.match(out, new RegExp(`^DIFFERS /integrity.sig.json: the signature of ${fingerprint} is not good`, 'm'));
  assert.doesNotMatch(out, /not the local build's/); // the manifest itself is the build's

  ({ status, out } = await verifySite('http://127.0.0.1:9'));
  assert.equal(status, 2, out);
  assert.match(out, /cannot run/);
});
