// The browsers the engine tests drive, each behind one small interface, so
// that web/engines/suite.mjs runs the same tests in every engine:
//
//   const browser = await launch('webkit');   // or 'firefox'
//   const page = await browser.page();        // one tab, used again and again
//   await page.goto(url);                     // a new document, even when only the fragment differs
//   await page.eval('document.title');        // an expression's value (a promise is awaited)
//   await page.poll('expression');            // until it is true (a promise: what it resolves to)
//   await page.problems();                    // console errors and warnings, uncaught exceptions, policy violations since goto
//   await page.requests();                    // what the page asked for since goto
//   await browser.close();
//
// Both come from Debian's packages and are driven by maintained clients
// pinned in web/package.json:
// - WebKit: WebKitGTK's MiniBrowser, which WebKitWebDriver (webkit2gtk-driver)
//   starts for a W3C WebDriver session, driven by selenium-webdriver; under
//   Xvfb, since MiniBrowser has no headless mode.
// - Gecko: Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core
//   (Debian has no geckodriver; BiDi talks to Firefox itself).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const engines = {
  webkit: { binaries: ['/usr/bin/WebKitWebDriver', '/usr/bin/Xvfb', miniBrowser()], packages: 'webkit2gtk-driver xvfb' },
  firefox: { binaries: ['/usr/bin/firefox-esr'], packages: 'firefox-esr' },
};

function miniBrowser() {
  const dirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'];
  const found = dirs.map((d) => `${d}/webkit2gtk-4.1/MiniBrowser`).find((f) => existsSync(f));
  return found ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
}

// missing names what an engine lacks on this machine, '' when nothing.
export function missing(name) {
  return engines[name].binaries.filter((b) => !existsSync(b)).join(', ');
}

export async function launch(name) {
  return name === 'webkit' ? launchWebKit() : launchFirefox();
}

const POLL_MS = 90_000;

// A free port on the loopback address, for a process that must be told one.
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

// Starts a process and stops it with the browser; its output is kept for
// when it fails to start.
function start(command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  return { child, output: () => output, stop: () => child.kill() };
}

// What every page object shares: a navigation that always loads a new
// document, and polling. Each engine's page object adds location(),
// navigate(url) and eval(expression).
/** @typedef {BasePage & { location(): Promise<string>, navigate(url: string): Promise<unknown>, eval(expression: string): Promise<unknown> }} EnginePage */
class BasePage {
  errors = [];

  /** @this {EnginePage} @param {string} url */
  async goto(url) {
    const [here] = (await this.location()).split('#');
    if (here === url.split('#')[0]) await this.navigate('about:blank');
    this.since = Date.now();
    this.errors = [];
    await this.navigate(url);
    // Not where the page has already replaced itself (the landing page):
    // problems() then says that nothing was listened for.
    await this.eval(listenForViolations).catch(() => {});
  }

  /** @this {EnginePage} @param {string} expression */
  async poll(expression, ms = POLL_MS) {
    const until = Date.now() + ms;
    let last;
    for (;;) {
      try {
        if ((last = await this.eval(`Promise.resolve(${expression}).then(Boolean)`)) === true) return;
      } catch (err) {
        last = err; // a document being replaced
      }
      if (Date.now() > until) throw new Error(`waiting for ${expression}: ${last}`);
      await sleep(100);
    }
  }

  /** @this {EnginePage} */
  async problems() {
    return [...this.errors, .../** @type {string[]} */ (await this.eval(policyProblems))];
  }
}

// What the page's Content-Security-Policy refuses once it has loaded (a
// style attribute, a string where Trusted Types want a policy's value),
// from when goto has loaded it. Firefox reports a violation as an error too;
// WebKit's classic WebDriver runs nothing before the page does, so what its
// policy would refuse while loading is found by policyProblems.
const listenForViolations = `(window.pfcheckTestViolations = [], addEventListener('securitypolicyviolation',
  (e) => window.pfcheckTestViolations.push(\`violation: \${e.effectiveDirective} \${e.blockedURI}\`)), true)`;

// The violations since goto, and each inline script and style of the page
// as the engine parsed it whose SHA-256 its policy does not name
// (web.PagePolicy), which the policy refused: it did not run.
const policyProblems = `(async () => {
  const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
  const problems = [...(window.pfcheckTestViolations ?? ['no violations listened for'])];
  for (const el of document.querySelectorAll('script:not([type]), style')) {
    const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(el.textContent ?? '')));
    if (!policy.includes(\`'sha256-\${btoa(String.fromCharCode(...sum))}'\`)) problems.push(\`an inline \${el.localName} the policy does not name\`);
  }
  return problems;
})()`;

// A display of its own for each WebKit launched (a new browser may start
// while the Xvfb of the one before still exits).
let webkitLaunches = 0;

async function launchWebKit() {
  const { Builder, By } = await import('selenium-webdriver');
  const display = `:${100 + ((process.pid + webkitLaunches++) % 800)}`;
  const xvfb = start('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']);
  const port = await freePort();
  const driver = start('WebKitWebDriver', [`--port=${port}`], { DISPLAY: display });
  const stopAll = () => { driver.stop(); xvfb.stop(); };
  let session;
  for (let tries = 0; !session; tries++) {
    try {
      session = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
      }).build();
    } catch (err) {
      if (tries > 50) {
        stopAll();
        throw new Error(`WebKitWebDriver did not start a session: ${err.message}\n${driver.output()}${xvfb.output()}`);
      }
      await sleep(200);
    }
  }
  await session.manage().setTimeouts({ script: POLL_MS, pageLoad: POLL_MS });

  // Classic WebDriver reports neither console messages nor requests, and
  // WebKitGTK 2.50 offers no BiDi session: the page's own Resource Timing
  // names every resource it loaded (fetch, images, scripts), and the
  // outcome each test checks catches an exception that stopped a page.
  class WebKitPage extends BasePage {
    location() { return session.getCurrentUrl(); }
    navigate(url) { return session.get(url); }
    async eval(expression) {
      const out = await session.executeAsyncScript(`const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${expression})).then((v) => done({ v: v === undefined ? null : v }), (e) => done({ e: String(e) }));`);
      if (out.e !== undefined) throw new Error(out.e);
      return out.v;
    }
    async requests() {
      return this.eval(`performance.getEntriesByType('resource').map((e) => e.name)`);
    }
    async upload(selector, file) { await session.findElement(By.css(selector)).sendKeys(file); }
    async click(selector) { await session.findElement(By.css(selector)).click(); }
  }
  const page = new WebKitPage();
  return {
    name: 'webkit',
    version: (await session.getCapabilities()).get('browserVersion'),
    page: async () => page,
    close: async () => {
      // A hung browser may answer no quit either: its driver and display
      // stop all the same.
      await Promise.race([session.quit().catch(() => {}), sleep(15_000)]);
      stopAll();
    },
  };
}

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: engines.firefox.binaries[0],
    headless: true,
    protocolTimeout: POLL_MS,
    // No updates, telemetry or other background requests at start.
    extraPrefsFirefox: { 'app.update.enabled': false, 'network.captive-portal-service.enabled': false },
  });

  class FirefoxPage extends BasePage {
    constructor(tab) {
      super();
      this.tab = tab;
      this.asked = [];
      tab.on('console', (m) => ['error', 'warn'].includes(m.type()) && this.errors.push(`console.${m.type()}: ${m.text()}`));
      tab.on('pageerror', (e) => this.errors.push(`exception: ${e.message}`));
      tab.on('request', (r) => this.asked.push(r.url()));
      tab.on('dialog', (d) => { this.errors.push(`dialog: ${d.message()}`); d.dismiss(); });
    }
    location() { return this.tab.url(); }
    async navigate(url) {
      this.asked = [];
      await this.tab.goto(url, { timeout: POLL_MS });
    }
    eval(expression) { return this.tab.evaluate(`(async () => (${expression}))()`); }
    async requests() { return this.asked; }
    async upload(selector, file) { await (await this.tab.$(selector)).uploadFile(file); }
    async click(selector) { await this.tab.click(selector); }
  }
  let page;
  return {
    name: 'firefox',
    version: await browser.version(),
    page: async () => (page ??= new FirefoxPage(await browser.newPage())),
    close: () => browser.close(),
  };
}
