package web

import (
	"bufio"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The served checker kept on the device (issues 13, 26): a service worker
// keeps each page a player opens, and it opens with no network.
// Each test runs in a browser context of its own, so that the worker and
// its caches stay there.

// isolatedBrowser returns a tab's context in a new browser context, whose
// service workers and storage no other test sees; tabs opened from it
// (openIn) share them.
func isolatedBrowser(t *testing.T) context.Context {
	t.Helper()
	needBrowser(t)
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// site serves a dist with Handler, as serve.go does, at an address that
// stays the same (so the same origin) when it is stopped and served again,
// and records the path of every request it answers and the bytes it sends
// (headers included). A wrap, if any, answers in front of Handler (a
// deploy fault).
type site struct {
	t    testing.TB
	addr string
	srv  *httptest.Server
	sent atomic.Int64

	mu    sync.Mutex
	paths []string
}

func serveSite(t testing.TB, dist, addr string, wrap ...func(http.Handler) http.Handler) *site {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &site{t: t, addr: ln.Addr().String()}
	handler := Handler(dist, proofsDir())
	for _, w := range wrap {
		handler = w(handler)
	}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		handler.ServeHTTP(w, r)
	}))
	s.srv.Listener = sentCounter{ln, &s.sent}
	s.srv.Start()
	t.Cleanup(s.srv.Close)
	return s
}

func (s *site) url() string { return "http://" + s.addr }

// sentCounter adds what its connections write to sent.
type sentCounter struct {
	net.Listener
	sent *atomic.Int64
}

func (l sentCounter) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return sentConn{conn, l.sent}, nil
}

type sentConn struct {
	net.Conn
	sent *atomic.Int64
}

func (c sentConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.sent.Add(int64(n))
	return n, err
}

func (s *site) requested() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.paths)
}

// stop stops the server and listens at its address with no server, only
// to note what those who connect ask for (their request line) before it
// hangs up. It returns those requests so far, and a function that stops
// listening.
func (s *site) stop() (tried func() []string, release func()) {
	s.t.Helper()
	s.srv.CloseClientConnections()
	s.srv.Close()
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		s.t.Fatal(err)
	}
	var mu sync.Mutex
	var lines []string
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				conn.SetReadDeadline(time.Now().Add(5 * time.Second))
				line, _ := bufio.NewReader(conn).ReadString('\n')
				conn.Close()
				mu.Lock()
				lines = append(lines, strings.TrimSpace(line))
				mu.Unlock()
			}()
		}
	}()
	s.t.Cleanup(func() { ln.Close() })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(lines)
	}, func() { ln.Close() }
}

// offline switches a tab's network off, navigator.onLine included, before
// it opens its page. The service worker's own fetches are not switched
// off: any it made would reach the stopped site's address and be counted.
func offline() []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
			}); err != nil {
				return chromedp.Void{}, err
			}
			_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
			return chromedp.Void{}, err
		},
	}
}

// await evaluates an expression whose value is a promise and returns what
// it resolves to.
func await[T any](tb *tab, expression string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expression, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluate %.80s: %v", expression, err)
	}
	return v
}

// waitWorker waits until the page's service worker is active and returns
// the names of the caches.
func (tb *tab) waitWorker() []string {
	tb.t.Helper()
	await[bool](tb, `navigator.serviceWorker.ready.then((r) => r.active.state === 'activated' || new Promise((done) =>
		r.active.addEventListener('statechange', () => r.active.state === 'activated' && done(true))))`)
	return await[[]string](tb, `caches.keys()`)
}

// waitKept waits until the service worker has kept the tab's page and,
// where its build keeps it (the page's loader takes it: fromWorker; not a
// build before issue 38, which make bench may compare), the page without
// its verifier's text (sw.js: keepLight), which it keeps last.
func (tb *tab) waitKept() {
	tb.t.Helper()
	tb.poll(`Promise.all([location.href.split('#')[0], location.origin + '/light' + location.pathname.replace(/index\.html$/, '')]
		.map((url) => caches.match(url))).then(([page, light]) => page !== undefined && (light !== undefined || typeof fromWorker !== 'function'))`)
}

// storedURLs returns the URLs stored in each cache.
func (tb *tab) storedURLs() map[string][]string {
	return await[map[string][]string](tb, `caches.keys().then((names) => Promise.all(names.map(async (name) =>
		[name, (await (await caches.open(name)).keys()).map((r) => r.url).sort()]))).then(Object.fromEntries)`)
}

// kept is the page's line on how it is kept (offline, a new build).
func (tb *tab) kept() string {
	return eval[string](tb, `document.querySelector('[data-kept]').textContent`)
}

// footerSHA256 is the verifier's SHA-256 the page's footer shows.
func (tb *tab) footerSHA256() string {
	return eval[string](tb, `document.querySelector('[data-verifier-sha256]').textContent`)
}

func fileSHA256(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// offlineLinks are, for each page that reads links, a link that matches
// and one that mismatches, from the vectors.
func offlineLinks(t *testing.T) map[string][2]string {
	dice1 := func(name string) string {
		for _, c := range diceCases(t) {
			if c.Name == name {
				return c.Link
			}
		}
		t.Fatalf("no dice_v1 vector %s", name)
		return ""
	}
	return map[string][2]string{
		"check": {matchLink(t).Link, dice1("link-mismatch-first-roll-of-game-2")},
		"shoe": {mustShoeLink(t, shoeCaseNamed(t, "recorded-whole-shoe-match").Record),
			mustShoeLink(t, shoeCaseNamed(t, "two-cards-swapped").Record)},
		"games": {gamesLink(gamesRecord(t, "match_seed_v2", "tarneeb-1-deals-2-seeds")),
			gamesLink(gamesRecord(t, "match_seed_v2", "bridge-two-cards-swapped-in-deal-2"))},
		"dice": {diceV2Case1(t, "link-r1000-alice-bob").linkOf(), diceV2Case1(t, "game-2-roll-5-changed").linkOf()},
	}
}

// rebuild builds the check pages again with another version, so another
// verifier, into a copy of dist, and returns the copy; with brotli at
// quality 5 (-quick), since quality 11 took most of the time of a build
// whose forms are not in question.
func rebuild(t *testing.T) string {
	t.Helper()
	dir := copyOf(t, distDir)
	cmd := exec.Command("go", "run", "./web/build", "-dist", dir, "-version", "0.1.0+offline-test", "-pages", "check", "-quick")
	cmd.Dir = filepath.Join(distDir, "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, out)
	}
	return dir
}

// copyOf is a copy of a build, to change or sign apart.
func copyOf(t *testing.T, dist string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// keptURLs are the URLs the worker keeps for the pages (paths like
// "de/check/") of the build in dist at the site's URL: each page, the page
// without its verifier's text, its verifier (by the SHA-256 of
// dist/wasm/<page>.wasm), its language's manifest, the icons and the
// landing page, and the build's integrity manifest (the build here is
// signed by no one: no signatures); sorted.
func keptURLs(t *testing.T, dist, siteURL string, pages ...string) []string {
	t.Helper()
	urls := []string{siteURL + "/", siteURL + "/integrity.json"}
	for _, name := range []string{"icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"} {
		urls = append(urls, siteURL+"/icons/"+name)
	}
	for _, p := range pages {
		lang, name, _ := strings.Cut(strings.TrimSuffix(p, "/"), "/")
		urls = append(urls, siteURL+"/"+p, siteURL+"/light/"+p, keptVerifierURL(t, dist, siteURL, name), siteURL+"/"+lang+"/manifest.webmanifest")
	}
	slices.Sort(urls)
	return slices.Compact(urls)
}

// keptVerifierURL is where the worker keeps the verifier of the page name
// of the build in dist (sw.js: verifierURL).
func keptVerifierURL(t *testing.T, dist, siteURL, name string) string {
	return siteURL + "/wasm/" + fileSHA256(t, filepath.Join(dist, "wasm", name+".wasm")) + ".wasm"
}

// halfDeployed is a copy of oldDist with the service worker of newDist: a
// deploy that has written its worker and none of its pages (nor its
// manifest) yet.
func halfDeployed(t *testing.T, oldDist, newDist string) string {
	t.Helper()
	dir := copyOf(t, oldDist)
	for _, name := range []string{"sw.js", "sw.js.br", "sw.js.gz"} {
		if err := os.WriteFile(filepath.Join(dir, name), readFile(t, filepath.Join(newDist, name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// servedAs serves the file at urlPath with another Content-Type, its bytes
// unchanged, and not to be stored by the browser (so that a later step's
// worker is not answered from that copy); "" answers 404 instead.
func servedAs(urlPath, ctype string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case r.URL.Path != urlPath:
			case ctype == "":
				http.NotFound(w, r)
				return
			default:
				w.Header().Set("Content-Type", ctype) // Handler sets none where one is set
				w = noStore{w}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// noStore answers with Cache-Control: no-store, over Handler's.
type noStore struct{ http.ResponseWriter }

func (w noStore) WriteHeader(code int) {
	w.Header().Set("Cache-Control", "no-store")
	w.ResponseWriter.WriteHeader(code)
}

// waitStale waits until the page says that it runs an older build, kept
// since a date, for the reason of key, and then until no new worker is
// installing: the browser's own check at the navigation, the page's and the
// test's may each try the new build in turn, and one still trying when the
// next step serves another site would try that.
func (tb *tab) waitStale(key string) {
	tb.t.Helper()
	before, after, _ := strings.Cut(pageWords(tb.t, "check", "de")[key], "{date}")
	tb.poll(`document.querySelector('[data-kept]').textContent !== ''`)
	if got := tb.kept(); !strings.HasPrefix(got, before) || !strings.HasSuffix(got, after) || len(got) < len(before)+len(after)+8 {
		tb.t.Errorf("the page says %q, want %s with its date", got, key)
	}
	tb.waitQuiet()
}

// waitQuiet waits until no new worker has been installing for a second.
func (tb *tab) waitQuiet() {
	tb.t.Helper()
	await[bool](tb, `navigator.serviceWorker.getRegistration().then(async (r) => {
		for (let quiet = 0; quiet < 4; quiet = r.installing || r.waiting ? 0 : quiet + 1) await new Promise((done) => setTimeout(done, 250));
		return true;
	})`)
}

// startUpdate asks the browser, from the tab's page, to look for a new
// worker, and returns at once: a page opened next registers the worker
// while that check is under way, so that its register() resolves just as
// the new worker is installed, when Chromium swaps the old one out.
func (tb *tab) startUpdate() {
	tb.t.Helper()
	eval[bool](tb, `(navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {}), true)`)
}

// waitUpdate asks the browser to look for a new worker and returns the
// state the one it found ends in: "activated" (installed), "redundant"
// (its install failed) or "none".
func (tb *tab) waitUpdate() string {
	tb.t.Helper()
	return await[string](tb, `navigator.serviceWorker.getRegistration().then(async (r) => {
		await r.update().catch(() => {});
		const w = r.installing ?? r.waiting;
		if (!w) return r.active?.scriptURL && 'none';
		return w.state === 'activated' || w.state === 'redundant' ? w.state : new Promise((done) =>
			w.addEventListener('statechange', () => (w.state === 'activated' || w.state === 'redundant') && done(w.state)));
	})`)
}

// TestOffline: a visit to the German check page keeps it (with its
// manifest, the icons and the landing page) and nothing else; the Greek
// dice page, opened next, is kept too. With the network off and the server
// stopped, a match link and a tampered one get their verdicts on both, in
// their languages, with a query in the link too, and nothing leaves the
// page. A half-deployed build (a new worker, the pages of the build
// before), a page of the new build served as text/plain and a missing
// sw.js replace nothing, and the kept page says why it runs an older
// build; the whole new build then replaces the kept pages at the next
// visit, fetching only the page whose bytes changed.
func TestOffline(t *testing.T) {
	browser := isolatedBrowser(t)
	s := serveSite(t, distDir, "127.0.0.1:0")

	first := openIn(browser, t, s.url()+"/de/check/")
	if got := first.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	names := first.waitWorker()
	if len(names) != 1 {
		t.Fatalf("caches %q, want one", names)
	}
	oldCache := names[0]
	if got, want := first.storedURLs()[oldCache], keptURLs(t, distDir, s.url(), "de/check/"); !slices.Equal(got, want) {
		t.Errorf("stored %q\nwant %q", got, want)
	}
	if got := first.kept(); got != "" {
		t.Errorf("online, the page says %q", got)
	}
	first.clean(s.url() + "/de/check/")
	oldSHA256 := first.footerSHA256()

	second := openIn(browser, t, s.url()+"/el/dice/")
	second.waitKept()
	want := keptURLs(t, distDir, s.url(), "de/check/", "el/dice/")
	if got := second.storedURLs()[oldCache]; !slices.Equal(got, want) {
		t.Errorf("stored %q\nwant %q", got, want)
	}

	tried, release := s.stop()
	links := offlineLinks(t)
	// A link through a chat app comes with a query.
	for _, c := range []struct{ lang, page, form string }{{"de", "check", ""}, {"de", "check", "index.html"}, {"el", "dice", "?fbclid=abc"}} {
		t.Run(c.lang+"/"+c.page+"/"+c.form, func(t *testing.T) {
			url := s.url() + "/" + c.lang + "/" + c.page + "/" + c.form
			pageLinks := links[c.page]
			tb := openIn(browser, t, url+pageLinks[0], offline()...)
			if got := tb.waitSelfTest(); got != "pass" {
				t.Fatalf("%s: self-test %s", url, got)
			}
			if got := tb.status(); got != "match" {
				t.Fatalf("%s: status %s", url, got)
			}
			tb.goTo(pageLinks[1])
			if got := tb.status(); got != "mismatch" {
				t.Errorf("%s tampered: status %s", url, got)
			}
			wantKept := strings.ReplaceAll(pageWords(t, c.page, c.lang)["msg.offline"], "{sha256}", tb.footerSHA256())
			if got := tb.kept(); got != wantKept {
				t.Errorf("%s: kept %q, want %q", url, got, wantKept)
			}
			tb.clean(url)
		})
	}
	// Nothing but the browser's own check for a new build, made at each
	// navigation, came to the server's address: no page and nothing of one
	// (the browser may also open a connection ahead and send nothing).
	for _, line := range tried() {
		if line != "" && line != "GET /sw.js HTTP/1.1" {
			t.Errorf("the stopped server was asked %q", line)
		}
	}
	release()

	// Half deployed: the new build's worker, the pages of the build before.
	newDist := rebuild(t)
	s1 := serveSite(t, halfDeployed(t, distDir, newDist), s.addr)
	visit := openIn(browser, t, s1.url()+"/de/check/")
	if got := visit.waitUpdate(); got != "redundant" {
		t.Errorf("half deployed: the new worker ends %s, want redundant", got)
	}
	if got := visit.storedURLs(); len(got) != 1 || !slices.Equal(got[oldCache], want) {
		t.Errorf("half deployed: stored %q, want the pages before in %s", got, oldCache)
	}
	if got := visit.footerSHA256(); got != oldSHA256 {
		t.Errorf("half deployed: verifier %s, want the stored one %s", got, oldSHA256)
	}
	visit.waitStale("msg.offline.stale.files")
	s1.srv.Close()

	// The new build with a page of the right bytes served as text: not
	// kept (it would open as text), and said.
	s1 = serveSite(t, newDist, s.addr, servedAs("/de/check/", "text/plain; charset=utf-8"))
	visit = openIn(browser, t, s1.url()+"/de/check/")
	if got := visit.waitUpdate(); got != "redundant" {
		t.Errorf("a page served as text: the new worker ends %s, want redundant", got)
	}
	visit.waitStale("msg.offline.stale.files")
	if got := visit.storedURLs(); len(got) != 1 || !slices.Equal(got[oldCache], want) {
		t.Errorf("a page served as text: stored %q, want the pages before in %s", got, oldCache)
	}
	s1.srv.Close()

	// The whole new build at the same origin, found by a check already under
	// way when the page registers the worker (startUpdate). Its worker
	// fetches and hashes the build, which on two cores beside the other
	// suites may take minutes; a wait for Chromium's lame-duck timeout (five
	// minutes: offline.js, newestWorker) fails.
	s2 := serveSite(t, newDist, s.addr)
	first.startUpdate()
	visit = newTabFor(browser, t, 6*time.Minute)
	visit.navigate(s2.url() + "/de/check/")
	visit.waitSelfTest()
	visit.poll(`navigator.serviceWorker.controller !== null`)
	if got := visit.footerSHA256(); got != oldSHA256 {
		t.Errorf("the first visit after the new build: verifier %s, want the stored one %s", got, oldSHA256)
	}
	visit.pollWithin(`caches.keys().then((names) => names.length === 1 && names[0] !== `+jsString(oldCache)+`)`, 4*time.Minute)
	updated := pageWords(t, "check", "de")["msg.offline.updated"]
	visit.poll(`document.querySelector('[data-kept]').textContent === ` + jsString(updated))
	newCache := await[[]string](visit, `caches.keys()`)[0]
	if got, want := visit.storedURLs()[newCache], keptURLs(t, newDist, s2.url(), "de/check/", "el/dice/"); !slices.Equal(got, want) {
		t.Errorf("new cache holds %q\nwant %q", got, want)
	}
	// Only the build's manifest and signatures (none here), past every
	// cache, and the kept page the new build changed were fetched (the dice
	// page and the rest are the same bytes, taken from the cache before).
	got := slices.Sorted(slices.Values(slices.DeleteFunc(s2.requested(), func(p string) bool { return p == "/sw.js" })))
	if want := []string{"/de/check/", "/integrity.json", "/integrity.sig.json"}; !slices.Equal(got, want) {
		t.Errorf("the new build asked the server for %q, want %q", got, want)
	}
	next := openIn(browser, t, s2.url()+"/de/check/")
	newSHA256 := fileSHA256(t, filepath.Join(newDist, "wasm", "check.wasm"))
	if got := next.footerSHA256(); got != newSHA256 || got == oldSHA256 {
		t.Errorf("the next visit: verifier %s, want the new build's %s (the old one was %s)", got, newSHA256, oldSHA256)
	}
	if got := await[[]string](next, `caches.keys()`); !slices.Equal(got, []string{newCache}) {
		t.Errorf("caches %q, want only %q", got, newCache)
	}
	s2.srv.Close()

	// No worker at all (sw.js 404): the kept build stays, and says so.
	s3 := serveSite(t, newDist, s.addr, servedAs("/sw.js", ""))
	visit = openIn(browser, t, s3.url()+"/de/check/")
	visit.waitStale("msg.offline.stale.worker")
}

// TestReturnRunsKeptVerifier (issue 38): a return to a kept page is served
// without its verifier's text; the page compiles the verifier the worker
// keeps apart, asks the server (and anything) for nothing, gives the whole
// page's verdicts, shows its verifier's SHA-256, saves the whole page and
// may fetch nothing; idle, it puts its verifier's text back, so that the
// document the browser's "Save page" writes checks from the file; the page
// it is served, saved as its source and opened from the file, says that the
// copy has no verifier. A
// kept verifier whose bytes were changed gets the page's answer to a
// verifier not the build's; a page whose kept verifier is missing opens
// whole, and the worker keeps the verifier again.
func TestReturnRunsKeptVerifier(t *testing.T) {
	browser := isolatedBrowser(t)
	s := serveSite(t, distDir, "127.0.0.1:0")
	url := s.url() + "/en/check/"
	links := offlineLinks(t)["check"]
	first := openIn(browser, t, url+links[0])
	if got := first.status(); got != "match" {
		t.Fatalf("the first visit: status %s", got)
	}
	cache := first.waitWorker()[0]
	first.waitKept()
	wholeSHA256 := first.footerSHA256()
	verifier := keptVerifierURL(t, distDir, s.url(), "check")
	// Only the worker's page without the verifier's text names it (sw.js:
	// keepLight); that page puts the text back once idle (below).
	light := `document.documentElement.dataset.keptVerifier === ` + jsString(verifier)

	asked := len(s.requested())
	back := openIn(browser, t, url+links[0])
	if !eval[bool](back, light) {
		t.Fatalf("the return was served the whole page; stored %q; %v", back.storedURLs(), eval[string](back, `document.documentElement.outerHTML.slice(0, 300)`))
	}
	if got := back.status(); got != "match" {
		t.Errorf("the return: status %s", got)
	}
	back.goTo(links[1])
	if got := back.status(); got != "mismatch" {
		t.Errorf("the return, tampered: status %s", got)
	}
	// Idle, it has put back its verifier's text, as the whole page has it:
	// what the browser's "Save page" writes of the document as it is then
	// ("Webpage, Complete") checks from the file as the whole page does,
	// the other link than the one it was saved with.
	back.poll(`document.getElementById('verifier') !== null`)
	if got := eval[string](back, `(() => { try { policy.createScript('alert(1)'); return 'made'; } catch { return 'refused'; } })()`); got != "refused" {
		t.Errorf("the page's policy made a script text that is not its verifier's: %s", got)
	}
	copied := filepath.Join(t.TempDir(), "complete.html")
	if err := os.WriteFile(copied, []byte(eval[string](back, `'<!doctype html>\n' + document.documentElement.outerHTML`)), 0o644); err != nil {
		t.Fatal(err)
	}
	fromCopy := open(t, "file://"+copied+links[0])
	if got := fromCopy.status(); got != "match" {
		t.Errorf("the page as the browser saves it, from file://: status %s", got)
	}
	if got := fromCopy.footerSHA256(); got != wholeSHA256 {
		t.Errorf("the page as the browser saves it shows the verifier %s, want %s", got, wholeSHA256)
	}
	// Not clean, as no served page saved so is: its drawings as they were
	// saved (the styles the page set through the CSSOM, written as style
	// attributes) are refused by its policy until it draws them again, and
	// it links the manifest the served page linked, which a file cannot
	// fetch.
	for _, p := range fromCopy.uncaught() {
		if !strings.HasPrefix(p, "violation: style-src-attr ") {
			t.Errorf("the page as the browser saves it: %s", p)
		}
	}
	fromCopy.expectUncaught(len(fromCopy.uncaught()))
	for _, r := range fromCopy.requestsBesides("file://" + copied) {
		if r != "file://"+filepath.Dir(filepath.Dir(copied))+"/manifest.webmanifest" {
			t.Errorf("the page as the browser saves it asked for %s", r)
		}
	}
	// Saved as one file (MHTML: Chromium's "Webpage, Single File", Chrome's
	// "Download page" on a phone), it runs no script when opened: it shows
	// none of the answer it was saved with and says that it checks nothing.
	mhtml, err := chromedp.Call(back.ctx, page.CaptureSnapshot, page.CaptureSnapshotParams{})
	if err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "page.mhtml")
	if err := os.WriteFile(archive, []byte(mhtml.Data), 0o644); err != nil {
		t.Fatal(err)
	}
	asArchive := navigate(t, "file://"+archive)
	asArchive.poll(`document.readyState === 'complete'`)
	if got := eval[string](asArchive, `[...document.querySelectorAll('#verdict, [data-selftest], [data-result]')].filter((e) => e.checkVisibility()).map((e) => e.id || e.className).join() + '|' +
		[...document.querySelectorAll('.noscript')].filter((e) => e.checkVisibility()).map((e) => e.textContent).join()`); got != "|"+pageWords(t, "check", "en")["page.noscript"] {
		t.Errorf("the page saved as one file shows %q", got)
	}
	// Such a copy that cannot check (here: without its verifier) gives no
	// verdict, not the one it was saved with (a mismatch).
	noVerifier := filepath.Join(t.TempDir(), "complete.html")
	if err := os.WriteFile(noVerifier, []byte(eval[string](back, `(() => {
		const copy = document.documentElement.cloneNode(true);
		for (const part of copy.querySelectorAll('#verifier, [data-part-of=verifier]')) part.remove();
		return '<!doctype html>\n' + copy.outerHTML;
	})()`)), 0o644); err != nil {
		t.Fatal(err)
	}
	stale := open(t, "file://"+noVerifier+links[0])
	stale.claimsNothing(pageWords(t, "check", "en")["msg.selftest.light-copy"])
	if !eval[bool](stale, `document.querySelector('[data-result]').hidden && document.querySelector('[data-verdict-report]').hidden`) {
		t.Error("the copy that cannot check shows the rows or the report it was saved with")
	}
	stale.expectUncaught(len(stale.uncaught()))
	if got := back.footerSHA256(); got != wholeSHA256 {
		t.Errorf("the return shows the verifier %s, the whole page %s", got, wholeSHA256)
	}
	if !eval[bool](back, `'verifier' in arriving`) {
		t.Error("the return did not take the kept verifier")
	}
	for _, p := range s.requested()[asked:] {
		if p != "/sw.js" {
			t.Errorf("the return asked the server for %s", p)
		}
	}
	// What it saves is the whole page as kept, with its manifest's line
	// (common.js: keptWithIntegrity).
	page := string(readFile(t, filepath.Join(distDir, "en", "check", "index.html")))
	doctype := strings.IndexByte(page, '\n') + 1
	saved := await[string](back, `keptWithIntegrity().then((parts) => new Blob(parts).text())`)
	if line, rest, _ := strings.Cut(saved[min(doctype, len(saved)):], "\n"); saved[:min(doctype, len(saved))] != page[:doctype] || !strings.HasPrefix(line, "<!--pfcheck-saved ") || rest != page[doctype:] {
		t.Error("the return saves other than the kept page with its manifest's line")
	}
	// Its policy, as the whole page's, lets it fetch nothing.
	if got := await[string](back, `fetch('../../integrity.json').then(() => 'fetched', () => 'refused')`); got != "refused" {
		t.Errorf("the return may fetch its integrity manifest: %s", got)
	}
	// Refused by both: its meta tag and the header the worker serves.
	for _, got := range back.expectUncaught(2) {
		if !strings.HasPrefix(got, "violation: connect-src "+s.url()+"/integrity.json ") {
			t.Errorf("the refused fetch: %q", got)
		}
	}
	back.clean(url)

	// What the browser's own "Save page" writes of the source of the
	// return ("HTML only", "Page Source"): the page the worker served.
	// Opened from that file it has no verifier, and says so, not that the
	// browser lacks a feature.
	served := await[string](back, `caches.match(`+jsString(s.url()+"/light/en/check/")+`).then((r) => r.text())`)
	savedByBrowser := filepath.Join(t.TempDir(), "saved.html")
	if err := os.WriteFile(savedByBrowser, []byte(served), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile := open(t, "file://"+savedByBrowser)
	fromFile.waitSelfTest()
	fromFile.claimsNothing(pageWords(t, "check", "en")["msg.selftest.light-copy"])

	// A kept verifier of other bytes: its last one changed.
	changed := readFile(t, filepath.Join(distDir, "wasm", "check.wasm"))
	changed[len(changed)-1] ^= 1
	await[bool](back, `caches.open(`+jsString(cache)+`).then(async (c) => {
		const bytes = new Uint8Array(await (await c.match(`+jsString(verifier)+`)).arrayBuffer());
		bytes[bytes.length - 1] ^= 1;
		await c.put(`+jsString(verifier)+`, new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } }));
		return true;
	})`)
	tampered := openIn(browser, t, url+links[0])
	if !eval[bool](tampered, light) {
		t.Fatal("changed: the page was served whole")
	}
	tampered.claimsNothing(pageWords(t, "check", "en")["msg.integrity.verifier"])
	if got := tampered.footerSHA256(); got != sha256Hex(changed) {
		t.Errorf("changed: the page shows %s, not the SHA-256 of what it fetched, %s", got, sha256Hex(changed))
	}
	tampered.clean(url)

	// No kept verifier: the whole page.
	await[bool](back, `caches.open(`+jsString(cache)+`).then((c) => c.delete(`+jsString(verifier)+`))`)
	whole := openIn(browser, t, url+links[0])
	if eval[bool](whole, `document.getElementById('verifier') === null || 'keptVerifier' in document.documentElement.dataset`) {
		t.Error("missing: the page was served without its verifier")
	}
	if got := whole.status(); got != "match" {
		t.Errorf("missing: status %s", got)
	}
	if got := whole.footerSHA256(); got != wholeSHA256 {
		t.Errorf("missing: the page shows %s, want %s", got, wholeSHA256)
	}
	whole.poll(`caches.match(` + jsString(verifier) + `).then((r) => r?.arrayBuffer()).then((b) => b !== undefined && crypto.subtle.digest('SHA-256', b))
		.then((d) => d && Array.from(new Uint8Array(d), (x) => x.toString(16).padStart(2, '0')).join('') === ` + jsString(wholeSHA256) + `)`)
	whole.clean(url)
}

// TestOfflineShoeFetch: with the worker active, the shoe page's "fetch
// inputs" still asks the server when online, and offline says the server
// cannot be reached: the worker answers nothing from a cache.
func TestOfflineShoeFetch(t *testing.T) {
	browser := isolatedBrowser(t)
	s := serveSite(t, distDir, "127.0.0.1:0")
	warm := openIn(browser, t, s.url()+"/fi/shoe/")
	warm.waitWorker()

	url := s.url() + "/fi/shoe/"
	tb := openIn(browser, t, url)
	if !eval[bool](tb, `navigator.serviceWorker.controller !== null`) {
		t.Fatal("the page is not kept by the worker")
	}
	if got := tb.fetchProof("shoe-42"); got != "filled" {
		t.Fatalf("online: %s (%s)", got, tb.fetchMessage())
	}
	if !slices.Contains(s.requested(), "/api/shoe/shoe-42") {
		t.Errorf("online: the server was not asked (it was asked for %q)", s.requested())
	}
	for name, urls := range tb.storedURLs() {
		for _, u := range urls {
			if strings.Contains(u, "/api/") {
				t.Errorf("cache %s holds %s", name, u)
			}
		}
	}

	s.stop()
	if err := chromedp.Do(tb.ctx, offline()...); err != nil {
		t.Fatal(err)
	}
	if got := tb.fetchProof("shoe-42"); got != "unreachable" {
		t.Errorf("offline: %s (%s)", got, tb.fetchMessage())
	}
	if got, want := tb.fetchMessage(), pageWords(t, "shoe", "fi")["msg.fetch.unreachable"]; got != want {
		t.Errorf("offline: message %q, want %q", got, want)
	}
	if got, want := tb.requestsBesides(url), []string{s.url() + "/api/shoe/shoe-42", s.url() + "/api/shoe/shoe-42"}; !slices.Equal(got, want) {
		t.Errorf("requests besides the document: %q, want %q", got, want)
	}
}

// TestSavedCheckerKeepsNothing: the saved single file registers no worker,
// links no manifest and asks for nothing; the page it was saved from, served,
// links its language's manifest and is installable. (In the shared browser
// context: downloads go there, and a served page registers the worker in
// any test.)
func TestSavedCheckerKeepsNothing(t *testing.T) {
	needBrowser(t)
	pageURL := pageURLs("el", "check")["http"]
	served := open(t, pageURL)
	served.waitWorker()
	manifest, err := chromedp.Run(served.ctx, func(ctx context.Context, t *chromedp.Target) (page.GetAppManifestResult, error) {
		return cdp.Call(ctx, t, page.GetAppManifest, page.GetAppManifestParams{})
	})
	if err != nil {
		t.Fatal(err)
	}
	if manifest.URL != server.URL+"/el/manifest.webmanifest" || len(manifest.Errors) != 0 {
		t.Errorf("served: manifest %s, errors %v", manifest.URL, manifest.Errors)
	}
	installable, err := chromedp.Run(served.ctx, func(ctx context.Context, t *chromedp.Target) (page.GetInstallabilityErrorsResult, error) {
		return cdp.Call(ctx, t, page.GetInstallabilityErrors, cdp.Empty{})
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range installable.InstallabilityErrors {
		var args []string
		for _, a := range e.ErrorArguments {
			args = append(args, a.Name+"="+a.Value)
		}
		t.Errorf("served: not installable: %s %v", e.ErrorID, args)
	}

	file := served.download(`[data-download]`, "pfcheck-el-check.html")
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(saved), `rel="manifest"`) {
		t.Error("the saved file links a manifest")
	}
	fileURL := (&url.URL{Scheme: "file", Path: file}).String()
	tb := open(t, fileURL+matchLink(t).Link)
	if got := tb.status(); got != "match" {
		t.Errorf("saved file: status %s", got)
	}
	if eval[bool](tb, `document.querySelector('link[rel=manifest]') !== null || navigator.serviceWorker?.controller != null`) {
		t.Error("the saved file links a manifest or is kept by a worker")
	}
	fromFile, err := chromedp.Run(tb.ctx, func(ctx context.Context, t *chromedp.Target) (page.GetAppManifestResult, error) {
		return cdp.Call(ctx, t, page.GetAppManifest, page.GetAppManifestParams{})
	})
	if err != nil {
		t.Fatal(err)
	}
	if fromFile.URL != "" {
		t.Errorf("saved file: manifest %s", fromFile.URL)
	}
	tb.clean(fileURL)
}

// TestOfflineHeaders: Handler serves the worker so that a browser always
// asks for it anew and it may fetch the pages, the manifests with their
// media type, and pages whose policy allows the worker and the manifest of
// their own origin.
func TestOfflineHeaders(t *testing.T) {
	h := Handler(distDir, "")
	get := func(path string) *http.Response {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		res := w.Result()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", path, res.Status)
		}
		io.Copy(io.Discard, res.Body)
		return res
	}
	sw := get("/sw.js")
	if got := sw.Header.Get("Cache-Control"); got != "no-cache" {
		t.Errorf("sw.js: Cache-Control %q", got)
	}
	if got := sw.Header.Get("Content-Security-Policy"); got != WorkerCSP {
		t.Errorf("sw.js: policy %q", got)
	}
	if got := sw.Header.Get("Content-Type"); !strings.HasPrefix(got, "text/javascript") {
		t.Errorf("sw.js: Content-Type %q", got)
	}
	for _, lang := range Languages {
		if got := get("/" + lang + "/manifest.webmanifest").Header.Get("Content-Type"); got != "application/manifest+json" {
			t.Errorf("%s manifest: Content-Type %q", lang, got)
		}
	}
	for _, p := range Pages {
		csp := get("/de/" + p.Name + "/").Header.Get("Content-Security-Policy")
		for _, want := range []string{"worker-src 'self'", "manifest-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: policy %q lacks %s", p.Name, csp, want)
			}
		}
	}
}

// The kept pages hold the line (issue 39): the service worker pins the
// signers of the first build it keeps, and a later build replaces the kept
// pages only when they signed it.

// signingKey writes a new Ed25519 private key as make sign reads it
// (PKCS#8 PEM) and returns its file and the fingerprint a page shows.
func signingKey(t *testing.T) (file, fingerprint string) {
	t.Helper()
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(private)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "key.pem")
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(public)
	return file, hex.EncodeToString(sum[:])[:16]
}

// signBuild signs dir's manifest with key as `make sign` does.
func signBuild(t *testing.T, dir, key string) {
	t.Helper()
	cmd := exec.Command("go", "run", "./web/build", "-dist", dir, "-sign", key)
	cmd.Dir = filepath.Join(distDir, "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sign: %v\n%s", err, out)
	}
}

// historyLine is the foot's line on the kept build and the builds before.
func (tb *tab) historyLine() string {
	tb.t.Helper()
	tb.poll(`!document.querySelector('[data-verifier-history]').hidden`)
	return eval[string](tb, `document.querySelector('[data-verifier-history]').textContent`)
}

// today is the date as the page writes a day in its language.
func (tb *tab) today() string {
	return eval[string](tb, `new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(new Date())`)
}

// TestKeptPagesHoldTheLine: a page kept from a build signed by key A pins
// A and shows it in its foot. A new build unsigned, or signed by key B
// alone, replaces nothing: the kept verifier runs, and the page says in
// [data-integrity-notice] that the signers it was kept under did not sign
// the new build. The new build signed by A replaces the kept pages, and the
// foot names the earlier build with its dates. A page saved from it carries
// the manifest and A's signature, which verify-site --file checks, and a
// byte changed in it is found.
func TestKeptPagesHoldTheLine(t *testing.T) {
	browser := isolatedBrowser(t)
	keyA, fingerprintA := signingKey(t)
	keyB, _ := signingKey(t)
	words := pageWords(t, "check", "de")

	old := copyOf(t, distDir)
	signBuild(t, old, keyA)
	var oldManifest struct{ Version string }
	if err := json.Unmarshal(readFile(t, filepath.Join(old, "integrity.json")), &oldManifest); err != nil {
		t.Fatal(err)
	}
	s := serveSite(t, old, "127.0.0.1:0")
	first := openIn(browser, t, s.url()+"/de/check/")
	if got := first.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	oldCache := first.waitWorker()[0]
	oldSHA256 := first.footerSHA256()
	keptOn := first.today()
	if got, want := first.historyLine(), strings.NewReplacer("{date}", keptOn, "{signers}", fingerprintA).Replace(words["msg.history.signed"]); got != want {
		t.Errorf("the foot says %q, want %q", got, want)
	}
	oldURLs := first.storedURLs()[oldCache]
	s.srv.Close()

	newDist := rebuild(t)
	for _, c := range []struct {
		name string
		sign func()
	}{
		{"unsigned", func() {}},
		{"signed by another key", func() { signBuild(t, newDist, keyB) }},
	} {
		c.sign()
		s1 := serveSite(t, newDist, s.addr)
		visit := openIn(browser, t, s1.url()+"/de/check/")
		if got := visit.waitUpdate(); got != "redundant" {
			t.Errorf("%s: the new worker ends %s, want redundant", c.name, got)
		}
		visit.poll(`document.querySelector('[data-integrity-notice]').textContent !== ''`)
		if got, want := eval[string](visit, `document.querySelector('[data-integrity-notice]').textContent`), strings.ReplaceAll(words["msg.integrity.signers"], "{date}", keptOn); got != want {
			t.Errorf("%s: the notice says %q, want %q", c.name, got, want)
		}
		visit.waitQuiet()
		if got := visit.kept(); got != "" {
			t.Errorf("%s: the stale line says %q too", c.name, got)
		}
		if got := visit.storedURLs(); len(got) != 1 || !slices.Equal(got[oldCache], oldURLs) {
			t.Errorf("%s: stored %q, want the pages before in %s", c.name, got, oldCache)
		}
		if got := visit.footerSHA256(); got != oldSHA256 {
			t.Errorf("%s: verifier %s, want the kept one %s", c.name, got, oldSHA256)
		}
		s1.srv.Close()
	}
	// Half deployed (the new worker beside the manifest before, signed by
	// A): a deploy not done, said as such, not as a build A did not sign.
	s1 := serveSite(t, halfDeployed(t, old, newDist), s.addr)
	visit := openIn(browser, t, s1.url()+"/de/check/")
	if got := visit.waitUpdate(); got != "redundant" {
		t.Errorf("half deployed: the new worker ends %s, want redundant", got)
	}
	visit.waitStale("msg.offline.stale.files")
	if got := eval[string](visit, `document.querySelector('[data-integrity-notice]').textContent`); got != "" {
		t.Errorf("half deployed: the notice says %q", got)
	}
	s1.srv.Close()

	if err := os.Remove(filepath.Join(newDist, "integrity.sig.json")); err != nil {
		t.Fatal(err)
	}
	signBuild(t, newDist, keyA)

	// Signed by the pinned signer: kept, found by a check under way when
	// the page registers (TestOffline). Its worker fetches and hashes the
	// build, which on two cores beside the other suites may take minutes.
	s2 := serveSite(t, newDist, s.addr)
	first.startUpdate()
	visit = newTabFor(browser, t, 6*time.Minute)
	visit.navigate(s2.url() + "/de/check/")
	visit.waitSelfTest()
	visit.pollWithin(`caches.keys().then((names) => names.length === 1 && names[0] !== `+jsString(oldCache)+`)`, 4*time.Minute)
	next := openIn(browser, t, s2.url()+"/de/check/")
	newSHA256 := fileSHA256(t, filepath.Join(newDist, "wasm", "check.wasm"))
	if got := next.footerSHA256(); got != newSHA256 || got == oldSHA256 {
		t.Errorf("signed by A: verifier %s, want the new build's %s", got, newSHA256)
	}
	if got := eval[string](next, `document.querySelector('[data-integrity-notice]').textContent`); got != "" {
		t.Errorf("signed by A: the notice says %q", got)
	}
	today := next.today()
	earlier := strings.NewReplacer("{version}", oldManifest.Version, "{since}", keptOn, "{until}", today).Replace(words["msg.history.build"])
	want := strings.NewReplacer("{date}", today, "{signers}", fingerprintA).Replace(words["msg.history.signed"]) + " " +
		strings.ReplaceAll(words["msg.history.earlier"], "{builds}", earlier)
	if got := next.historyLine(); got != want {
		t.Errorf("signed by A: the foot says %q, want %q", got, want)
	}

	// The saved page carries its manifest and signatures.
	saved := next.download(`[data-download]`, "pfcheck-de-check.html")
	out, err := exec.Command("node", filepath.Join(distDir, "..", "node", "verify-site.mjs"), "--file", saved).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "signed by "+fingerprintA) || !strings.Contains(string(out), `the page "/de/check/"`) {
		t.Errorf("verify-site --file of the saved page: %v\n%s", err, out)
	}
	changed := readFile(t, saved)
	at := len(changed) / 2
	changed[at] ^= 1
	tampered := filepath.Join(t.TempDir(), "tampered.html")
	if err := os.WriteFile(tampered, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec.Command("node", filepath.Join(distDir, "..", "node", "verify-site.mjs"), "--file", tampered).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "which the manifest names for no file") {
		t.Errorf("verify-site --file of a changed copy: %v, want exit 1\n%s", err, out)
	}
}

// withoutEd25519 writes into dir the worker of dist, with a line first that
// makes WebCrypto refuse Ed25519 keys as an engine without Ed25519 does,
// and an extra line after it (a new build) when changed; the server then
// serves that sw.js as it is (no compressed copy).
func withoutEd25519(t *testing.T, dir string, changed bool) {
	t.Helper()
	worker := string(readFile(t, filepath.Join(distDir, "sw.js")))
	useStrict, rest, _ := strings.Cut(worker, "\n")
	noEd25519 := `{ const importKey = crypto.subtle.importKey.bind(crypto.subtle);
  crypto.subtle.importKey = (format, key, algorithm, ...rest) => algorithm?.name === 'Ed25519'
    ? Promise.reject(new DOMException('no Ed25519 here', 'NotSupportedError')) : importKey(format, key, algorithm, ...rest); }`
	worker = useStrict + "\n" + noEd25519 + "\n" + rest
	if changed {
		worker += "\n// another build\n"
	}
	for _, name := range []string{"sw.js.br", "sw.js.gz"} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sw.js"), []byte(worker), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestUncheckableSignatures: in an engine that cannot check an Ed25519
// signature, the first build kept pins the keys it names and the foot says
// that this browser cannot check who signed it; a new build, even signed
// by the same key, is not kept, the kept verifier runs and the page says
// that it could not check the new build's signatures.
func TestUncheckableSignatures(t *testing.T) {
	browser := isolatedBrowser(t)
	key, _ := signingKey(t)
	words := pageWords(t, "check", "de")
	dir := copyOf(t, distDir)
	withoutEd25519(t, dir, false)
	signBuild(t, dir, key)
	s := serveSite(t, dir, "127.0.0.1:0")

	first := openIn(browser, t, s.url()+"/de/check/")
	if got := first.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	kept := first.waitWorker()
	keptOn := first.today()
	if got, want := first.historyLine(), strings.ReplaceAll(words["msg.history.unchecked"], "{date}", keptOn); got != want {
		t.Errorf("the foot says %q, want %q", got, want)
	}
	verifier := first.footerSHA256()

	withoutEd25519(t, dir, true)
	visit := openIn(browser, t, s.url()+"/de/check/")
	if got := visit.waitUpdate(); got != "redundant" {
		t.Errorf("the new worker ends %s, want redundant", got)
	}
	visit.poll(`document.querySelector('[data-integrity-notice]').textContent !== ''`)
	if got, want := eval[string](visit, `document.querySelector('[data-integrity-notice]').textContent`), strings.ReplaceAll(words["msg.integrity.uncheckable"], "{date}", keptOn); got != want {
		t.Errorf("the notice says %q, want %q", got, want)
	}
	if got := visit.waitWorker(); !slices.Equal(got, kept) {
		t.Errorf("caches %q, want the kept build's %q", got, kept)
	}
	if got := visit.footerSHA256(); got != verifier {
		t.Errorf("verifier %s, want the kept one %s", got, verifier)
	}
}
