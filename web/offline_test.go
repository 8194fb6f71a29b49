package web

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
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
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The served checker kept on the device (issue 13): a service worker stores
// every page of the build at the first visit, and they open with no network.
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
// and records the path of every request it answers.
type site struct {
	t    *testing.T
	addr string
	srv  *httptest.Server

	mu    sync.Mutex
	paths []string
}

func serveSite(t *testing.T, dist, addr string) *site {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &site{t: t, addr: ln.Addr().String()}
	handler := Handler(dist, proofsDir())
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		handler.ServeHTTP(w, r)
	}))
	s.srv.Listener = ln
	s.srv.Start()
	t.Cleanup(s.srv.Close)
	return s
}

func (s *site) url() string { return "http://" + s.addr }

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
// verifier, into a copy of dist, and returns the copy; with Go's gzip, since
// zopfli's took most of the time of a build whose forms are not in question.
func rebuild(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(distDir)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./web/build", "-dist", dir, "-version", "0.1.0+offline-test", "-pages", "check", "-no-zopfli")
	cmd.Dir = filepath.Join(distDir, "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, out)
	}
	return dir
}

// TestOffline: one visit to the German check page stores every page of
// every language; with the network off and the server stopped, a match link
// and a tampered one get their verdicts on every page in every language,
// and nothing leaves the page. A new build served at the same origin then
// replaces the whole cache at the next visit.
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
	want := []string{s.url() + "/"}
	for _, lang := range Languages {
		for _, p := range Pages {
			want = append(want, s.url()+"/"+lang+"/"+p.Name+"/")
		}
	}
	slices.Sort(want)
	if got := first.storedURLs()[oldCache]; !slices.Equal(got, want) {
		t.Errorf("stored %q\nwant %q", got, want)
	}
	if got := first.kept(); got != "" {
		t.Errorf("online, the page says %q", got)
	}
	first.clean(s.url() + "/de/check/")
	oldSHA256 := first.footerSHA256()

	tried, release := s.stop()
	links := offlineLinks(t)
	for _, lang := range Languages {
		words := pageWords(t, "check", lang)
		for _, p := range Pages {
			t.Run(lang+"/"+p.Name, func(t *testing.T) {
				forms := []string{""}
				if p.Name == "check" { // where the landing page and the language links go
					forms = append(forms, "index.html")
				}
				pageLinks, checks := links[p.Name] // a page that reads no link only opens
				for _, form := range forms {
					url := s.url() + "/" + lang + "/" + p.Name + "/" + form
					tb := openIn(browser, t, url+pageLinks[0], offline()...)
					if got := tb.waitSelfTest(); got != "pass" {
						t.Fatalf("%s: self-test %s", url, got)
					}
					if checks {
						if got := tb.status(); got != "match" {
							t.Fatalf("%s: status %s", url, got)
						}
						tb.goTo(pageLinks[1])
						if got := tb.status(); got != "mismatch" {
							t.Errorf("%s tampered: status %s", url, got)
						}
					}
					wantKept := strings.ReplaceAll(words["msg.offline"], "{sha256}", tb.footerSHA256())
					if got := tb.kept(); got != wantKept {
						t.Errorf("%s: kept %q, want %q", url, got, wantKept)
					}
					tb.clean(url)
				}
			})
		}
	}
	// Nothing but the browser's own check for a new build, made at each
	// navigation, came to the server's address: no page and nothing of one
	// (the browser may also open a connection ahead and send nothing).
	for _, line := range tried() {
		if line != "" && line != "GET /sw.js HTTP/1.1" {
			t.Errorf("the stopped server was asked %q", line)
		}
	}

	// A new build at the same origin, online again.
	newDist := rebuild(t)
	release()
	s2 := serveSite(t, newDist, s.addr)
	visit := openIn(browser, t, s2.url()+"/de/check/")
	visit.waitSelfTest()
	visit.poll(`navigator.serviceWorker.controller !== null`)
	if got := visit.footerSHA256(); got != oldSHA256 {
		t.Errorf("the first visit after the new build: verifier %s, want the stored one %s", got, oldSHA256)
	}
	visit.poll(`caches.keys().then((names) => names.length === 1 && names[0] !== ` + jsString(oldCache) + `)`)
	updated := pageWords(t, "check", "de")["msg.offline.updated"]
	visit.poll(`document.querySelector('[data-kept]').textContent === ` + jsString(updated))
	newCache := await[[]string](visit, `caches.keys()`)[0]
	if got := len(visit.storedURLs()[newCache]); got != len(want) {
		t.Errorf("new cache holds %d pages, want %d", got, len(want))
	}
	next := openIn(browser, t, s2.url()+"/de/check/")
	newSHA256 := fileSHA256(t, filepath.Join(newDist, "wasm", "check.wasm"))
	if got := next.footerSHA256(); got != newSHA256 || got == oldSHA256 {
		t.Errorf("the next visit: verifier %s, want the new build's %s (the old one was %s)", got, newSHA256, oldSHA256)
	}
	if got := await[[]string](next, `caches.keys()`); !slices.Equal(got, []string{newCache}) {
		t.Errorf("caches %q, want only %q", got, newCache)
	}
	for _, path := range s2.requested() {
		if strings.HasPrefix(path, "/api/") {
			t.Errorf("the worker asked for %s", path)
		}
	}
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
