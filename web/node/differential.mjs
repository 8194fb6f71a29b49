// One verdict everywhere (issue 25): generated records of every scheme —
// the vectors' own, each with every kind of mismatch made in it, and with
// the edge values of testdata/README.md ("One meaning per input") in each
// field — through pfcheck.check (the wasm, as the pages and web/node call
// it), the audit's batch call (pfcheck.audit on the record as a JSON line),
// and the pages' Node and Python scripts (web/static/scripts/, filled in by
// the pages' own literal and checkScript from web/static/common.js). Each
// record must get the same status and the same first difference from all,
// or a refusal from all (invalid or unsupported from check and the audit,
// no script from the page). The scripts run in this process (Node) and in
// one python3 process for all records; runSample runs a few as files, by
// real node and python3 processes. Nothing here touches the network: a
// dice_v2 script asked to ask drand's relays (--drand) asks a stand-in.
//
//   node web/node/differential.mjs [--records N] [--seed S]   (make fuzz)
//
// differential.test.mjs runs a bounded number in make test.
import { spawn, spawnSync } from 'node:child_process';
import * as nodeCrypto from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { load } from './pfcheck.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
export const SCHEMES = ['dice_v1', 'dice_v2', 'shoe_v1', 'match_seed_v2', 'poker_hmac_v1', 'chess_colour_v1'];

// ---- The pages' own script writing ----

// literal and checkScript, as common.js has them, with the templates the
// build puts into a page.
const common = read('web/static/common.js');
const pageCode = common.slice(common.indexOf('function literal('), common.indexOf('// Offers the scripts of record'));
const templates = Object.fromEntries(SCHEMES.map((s) => [s, {
  node: read(`web/static/scripts/${s}.mjs`), python: read(`web/static/scripts/${s}.py`),
}]));
const pageContext = vm.createContext({ scriptTemplates: templates, JSON, Array, Object, String });
vm.runInContext(`${pageCode}; globalThis.checkScript = checkScript;`, pageContext);
export const checkScript = (record, lang) => pageContext.checkScript(record, lang);

// ---- drand's relays, a stand-in ----

// quicknet's rounds whose signatures SPEC.md §2 gives; any other round
// gets a signature that is no vector's.
const SIGNATURES = {
  1000: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  123: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
};
const beacon = (round) => ({ round, signature: SIGNATURES[round] ?? 'a5'.repeat(48) });
// relay-x answers as a lying relay did (issue 35): the signature in a list,
// which Node once read as the byte 00. Both scripts must ignore it.
const RELAYS = 'http://relay-a.invalid,http://relay-x.invalid,http://relay-b.invalid';
const answer = (url, round) => (url.includes('relay-x') ? { round, signature: [beacon(round).signature] } : beacon(round));

// ---- Running the scripts ----

// runNode runs a filled-in Node script in this process (its import of
// node:crypto made a binding, fetch the stand-in) and returns its last line.
async function runNode(script, argv) {
  const lines = [];
  const body = script.replace(/^import \{([^}]*)\} from 'node:crypto';$/m, 'const {$1} = nodeCrypto;');
  const fetch = async (url) => {
    const round = Number(url.split('/').pop());
    return new Response(JSON.stringify(answer(url, round)));
  };
  const process = { argv: ['node', 'check.mjs', ...argv], env: { PFCHECK_DRAND_RELAYS: RELAYS } };
  const console = { log: (line) => lines.push(String(line)) };
  try {
    const AsyncFunction = /** @type {FunctionConstructor} */ ((async () => {}).constructor);
    await new AsyncFunction('nodeCrypto', 'console', 'process', 'fetch', body)(nodeCrypto, console, process, fetch);
  } catch (err) {
    return `CRASH ${err.name}: ${err.message}`;
  }
  return lines.at(-1) ?? '';
}

// The Python side: one process runs every script (exec, stdout captured),
// urllib's urlopen the stand-in, and answers each one's last line.
const PYTHON_DRIVER = String.raw`
import contextlib, io, json, os, sys, urllib.request
SIGNATURES = json.loads(sys.argv[1])
class Answer(io.BytesIO):
    def __enter__(self): return self
    def __exit__(self, *a): return False
def urlopen(url, timeout=None):
    r = int(url.rsplit("/", 1)[1])
    signature = SIGNATURES.get(str(r), "a5" * 48)
    return Answer(json.dumps({"round": r, "signature": [signature] if "relay-x" in url else signature}).encode())
urllib.request.urlopen = urlopen
os.environ["PFCHECK_DRAND_RELAYS"] = sys.argv[2]
out = []
for job in json.load(sys.stdin):
    sys.argv = ["check.py"] + job["argv"]
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(job["script"], "check.py", "exec"), {"__name__": "__main__"})
        lines = buf.getvalue().strip().split("\n")
        out.append(lines[-1])
    except BaseException as err:
        out.append("CRASH %s: %s" % (type(err).__name__, err))
json.dump(out, sys.stdout)
`;

function runPythonAll(jobs) {
  if (jobs.length === 0) return [];
  const run = spawnSync('python3', ['-c', PYTHON_DRIVER, JSON.stringify(SIGNATURES), RELAYS], {
    input: JSON.stringify(jobs), maxBuffer: 1 << 28, encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`python3: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

// ---- What each says ----

// The last line a script prints for a check result, as the page's verdict
// names its first difference (web/scripts_test.go, verdictTarget).
export function scriptLine(result) {
  if (result.status !== 'mismatch') return result.status;
  const c = result.commitment;
  if (c?.given && !c.matches) {
    return `mismatch ${result.scheme === 'dice_v1' || result.scheme === 'dice_v2' ? 'seal' : 'commitment'}`;
  }
  if (result.commitmentB?.given && !result.commitmentB.matches) return 'mismatch commitmentB';
  if (result.signatureValid === false) return 'mismatch signature';
  if (result.roundAfterSeal === false) return 'mismatch timing';
  const m = result.mismatches?.[0];
  if (m) {
    switch (result.scheme) {
      case 'dice_v1': return `mismatch ${m.index}`;
      case 'shoe_v1': return `mismatch ${m.index + 1}`;
      case 'chess_colour_v1': return `mismatch colour ${m.index}`;
      case 'dice_v2': {
        let at = m.index;
        for (const g of result.games) {
          if (at <= g.rolls.length) return `mismatch game ${g.game} roll ${at}`;
          at -= g.rolls.length;
        }
        return `mismatch roll ${m.index}`;
      }
      default: return `mismatch ${m.kind} ${m.index}`;
    }
  }
  if (result.cutMatches === false) return 'mismatch cut';
  return 'mismatch ?';
}

// The audit's answer as a script's last line (testdata/audit.md).
const auditKinds = { drandSignature: 'signature', sealedAt: 'timing', commitB: 'commitmentB' };
function auditLine(scheme, answer) {
  const p = answer.problems[0];
  if (!p) return answer.status.match === 1 ? 'match' : `(no record: ${JSON.stringify(answer)})`;
  if (p.status !== 'mismatch') return p.status;
  const d = p.difference;
  if (d.kind === 'commitment') return `mismatch ${scheme.startsWith('dice') ? 'seal' : 'commitment'}`;
  if (auditKinds[d.kind]) return `mismatch ${auditKinds[d.kind]}`;
  if (d.kind === 'cut') return 'mismatch cut';
  switch (scheme) {
    case 'dice_v1': case 'shoe_v1': return `mismatch ${d.at}`;
    case 'chess_colour_v1': return `mismatch colour ${d.at}`;
    case 'dice_v2': return `mismatch roll ${d.at}`; // compared by position over all games
    default: return `mismatch ${d.kind} ${d.at}`;
  }
}

// A record as one JSON line of an audit file: JSON.stringify, but a number
// JSON cannot carry as the JSON number beyond a double that reads as it.
function jsonLine(record) {
  return JSON.stringify(record, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? `\u0000${v}\u0000` : v))
    .replace(/"\\u0000(-?Infinity|NaN)\\u0000"/g, (_, n) => (n === 'NaN' ? '1e400' : n === 'Infinity' ? '1e400' : '-1e400'));
}

// ---- Records ----

// A small deterministic generator (mulberry32), so a failure names a seed.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The edge values of "One meaning per input", for any field.
const EDGES = ['', null, undefined, Number.NaN, Infinity, -Infinity, 2 ** 53, -1, 0, 1.5, '\ud800', 'a\udc00b', '\u{1F3B2}', ' ',
  'x'.repeat(300), true, [], {}, [''], ['\ud800'], '0', 'ZZ'];

// The vector records of a scheme (records the pages read: calculated ones
// first), small enough to check in bulk.
function seeds(scheme) {
  const file = JSON.parse(read(`testdata/vectors/${scheme}.json`));
  return file.cases.filter((c) => c.record && JSON.stringify(c.record).length < 40000).map((c) => c.record);
}

// mutate returns a copy of record with one change: an edge value in a field
// or an item, a recorded value replaced by another of its list (a mismatch
// of that kind), a hex digit of a digest changed, or a field left out.
function mutate(record, rnd) {
  const copy = structuredClone(record);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const fields = Object.keys(copy).filter((k) => k !== 'scheme');
  const field = pick(fields);
  const value = copy[field];
  const how = rnd();
  if (how < 0.25) {
    const edge = pick(EDGES);
    if (edge === undefined) delete copy[field];
    else copy[field] = structuredClone(edge);
  } else if (Array.isArray(value) && value.length > 0) {
    const i = Math.floor(rnd() * value.length);
    if (how < 0.35) value[i] = structuredClone(pick(EDGES.filter((e) => e !== undefined)));
    else if (typeof value[i] === 'object' && value[i] !== null) {
      const inner = Object.values(value[i]).find(Array.isArray);
      if (inner && inner.length > 1) inner[Math.floor(rnd() * inner.length)] = inner[Math.floor(rnd() * inner.length)];
    } else value[i] = value[Math.floor(rnd() * value.length)];
  } else if (typeof value === 'string' && /^[0-9a-fA-F]+$/.test(value)) {
    const i = Math.floor(rnd() * value.length);
    copy[field] = value.slice(0, i) + (value[i] === '0' ? '1' : '0') + value.slice(i + 1);
  } else if (field === 'colourA') {
    copy[field] = value === 'white' ? 'black' : 'white';
  } else if (typeof value === 'number') {
    copy[field] = pick([value + 1, value - 1, value * 2]);
  } else if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length > 0) value[pick(keys)] = pick(EDGES.filter((e) => e !== undefined));
  } else {
    delete copy[field];
  }
  return copy;
}

// records yields count records of scheme: the vectors' first, then each a
// vector's record with one or two changes.
export function* records(scheme, count, seed) {
  const rnd = random(seed);
  const base = seeds(scheme);
  for (let i = 0; i < count; i++) {
    if (i < base.length) {
      yield base[i];
      continue;
    }
    let r = mutate(base[Math.floor(rnd() * base.length)], rnd);
    if (rnd() < 0.15) r = mutate(r, rnd);
    yield r;
  }
}

// ---- The comparison ----

// differ checks records through every way and returns the disagreements
// ({record, answers}) and the counts by status of what check said.
export async function differ(pfcheck, recs) {
  const disagreements = [];
  const counts = {};
  const pending = [];
  for (const record of recs) {
    const result = pfcheck.check(record);
    counts[result.status] = (counts[result.status] ?? 0) + 1;
    const answers = { check: result.status };
    const line = jsonLine(record);
    const audited = pfcheck.audit(line);
    answers.audit = auditLine(record.scheme, audited);
    // A mismatch's diagnosis (testdata/diagnosis.md): the same codes from
    // check, which the pages show, and from the audit.
    const codes = (findings) => (findings ?? []).map((f) => f.code).join(' ');
    if (codes(result.diagnosis) !== codes(audited.problems?.[0]?.diagnosis)) {
      disagreements.push({ record, answers: { ...answers, diagnosis: codes(result.diagnosis), auditDiagnosis: codes(audited.problems?.[0]?.diagnosis) }, want: 'one diagnosis' });
    }
    const calculated = ['match', 'mismatch', 'computed'].includes(result.status);
    if (!calculated) {
      // A refusal everywhere: the audit refuses alike, no link carries it,
      // and the page offers no script.
      // (An unsupported record may have a link: it reads back as unsupported.)
      const linked = result.status === 'invalid' && pfcheck.formatLink(record) !== '';
      if (answers.audit !== result.status || linked) disagreements.push({ record, answers, want: 'refusal' });
      continue;
    }
    const want = scriptLine(result);
    answers.checkLine = want;
    const auditWant = record.scheme === 'dice_v2' && want.startsWith('mismatch game')
      ? `mismatch roll ${result.mismatches[0].index}` : want;
    const drand = record.scheme === 'dice_v2' ? ['--drand'] : [];
    answers.node = await runNode(checkScript(record, 'node'), drand);
    pending.push({ record, answers, want, auditWant, python: { script: checkScript(record, 'python'), argv: drand } });
  }
  const python = runPythonAll(pending.map((p) => p.python));
  pending.forEach((p, i) => {
    p.answers.python = python[i];
    if (p.answers.node !== p.want || p.answers.python !== p.want || p.answers.audit !== p.auditWant) {
      disagreements.push({ record: p.record, answers: p.answers, want: p.want });
    }
  });
  return { disagreements, counts };
}

// runSample runs the scripts of some calculated records as files, by node
// and python3, as a player would (dice_v2 with --drand, against a stand-in
// relay on 127.0.0.1, and offline), and returns what disagrees.
export async function runSample(pfcheck, recs) {
  const dir = mkdtempSync(join(tmpdir(), 'pfcheck-differential-'));
  const server = createServer((req, res) => {
    const round = Number(req.url.split('/').pop());
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(beacon(round)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const env = { ...process.env, PFCHECK_DRAND_RELAYS: `${base}/a,${base}/b` };
  const run = (cmd, args) => new Promise((resolve) => {
    const child = spawn(cmd, args, { env });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve(code === 0 ? out.trim().split('\n').at(-1) : `EXIT ${code}`));
  });
  const disagreements = [];
  try {
    let n = 0;
    for (const record of recs) {
      const result = pfcheck.check(record);
      if (!['match', 'mismatch', 'computed'].includes(result.status)) continue;
      const want = scriptLine(result);
      const file = (ext) => join(dir, `${n}.${ext}`);
      writeFileSync(file('mjs'), checkScript(record, 'node'));
      writeFileSync(file('py'), checkScript(record, 'python'));
      const flags = record.scheme === 'dice_v2' ? [[], ['--drand']] : [[]];
      for (const flag of flags) {
        const [node, python] = await Promise.all([run('node', [file('mjs'), ...flag]), run('python3', [file('py'), ...flag])]);
        // Offline, a dice_v2 script never says match or computed.
        const offline = record.scheme === 'dice_v2' && flag.length === 0;
        for (const [lang, got] of [['node', node], ['python', python]]) {
          const ok = offline
            ? (got.startsWith('not checked: the signature of drand round ') || (got.startsWith('mismatch ') && got !== 'mismatch signature'))
            : got === want;
          if (!ok) disagreements.push({ record, lang, flag, got, want });
        }
      }
      n++;
    }
  } finally {
    server.close();
  }
  return disagreements;
}

// ---- make fuzz ----

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const count = arg('--records', 10000);
  const seed = arg('--seed', 1);
  const pfcheck = await load();
  let found = 0;
  for (const scheme of SCHEMES) {
    const started = performance.now();
    const { disagreements, counts } = await differ(pfcheck, records(scheme, count, seed));
    found += disagreements.length;
    console.log(`${scheme}: ${count} records (${JSON.stringify(counts)}), ${disagreements.length} disagreements, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const d of disagreements.slice(0, 5)) console.log('  ', JSON.stringify(d).slice(0, 600));
  }
  const sample = await runSample(pfcheck, SCHEMES.flatMap((s) => [...records(s, 6, seed)]));
  console.log(`scripts run as files: ${sample.length} disagreements`);
  for (const d of sample.slice(0, 5)) console.log('  ', JSON.stringify(d).slice(0, 600));
  process.exit(found + sample.length > 0 ? 1 : 0);
}
