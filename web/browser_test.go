package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// The browser tests open the built pages (make build writes web/dist) in
// Debian's Chromium, one browser for the whole test binary and a tab per
// page, both from file:// and through Handler, the handler serve.go uses.

const dist = "dist"

var (
	browserCtx context.Context
	server     *httptest.Server
	distDir    string
)

func TestMain(m *testing.M) {
	os.Exit(runWithBrowser(m))
}

func runWithBrowser(m *testing.M) int {
	flag.Parse()
	if err := runShard(os.Getenv("PFCHECK_SHARD")); err != nil {
		fmt.Fprintln(os.Stderr, "PFCHECK_SHARD:", err)
		return 1
	}
	var err error
	if distDir, err = filepath.Abs(dist); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if _, err := os.Stat(filepath.Join(distDir, Languages[0], "check", "index.html")); err != nil {
		fmt.Fprintln(os.Stderr, "web tests: no built pages; run make build first:", err)
		return 1
	}
	server = httptest.NewServer(Handler(distDir, filepath.Join(distDir, "..", "..", "testdata", "proofs")))
	defer server.Close()

	// -short (make test-quick) runs what needs no browser: every test that
	// opens a tab skips (needBrowser).
	if testing.Short() {
		fmt.Fprintln(os.Stderr, "browser tests skipped: -short")
		return m.Run()
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "browser tests: no chromium on PATH, and CI=true forbids skipping them (apt-get install chromium)")
			return 1
		}
		fmt.Fprintln(os.Stderr, "browser tests skipped: no chromium on PATH (apt-get install chromium)")
		return m.Run()
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox, // the tests run as root on CI
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// chromedp's own, and the omnibox's popup: this headless Chromium's
		// browser WebUI renderer, which hosts it, used 1.3 s of CPU in 10 s
		// of an idle browser with it, 0.9 s without: noise in the
		// benchmarks, and time CI pays for.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup"),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "browser tests: chromium did not start:", err)
		return 1
	}
	browserCtx = ctx
	return m.Run()
}

// runShard, given "k/n" (make test runs PFCHECK_SHARD=0/2 and 1/2 side by
// side, each with its own Chromium), runs the package's tests whose place in
// the order of their names is k modulo n, unless -run chose: a test mostly
// waits on its page, so two browsers take some half the time on two cores
// (web/BENCHMARKS.md, "The test run"). Every test runs in one shard.
func runShard(shard string) error {
	if shard == "" || flag.Lookup("test.run").Value.String() != "" {
		return nil
	}
	var k, n int
	if _, err := fmt.Sscanf(shard, "%d/%d", &k, &n); err != nil || n < 1 || k < 0 || k >= n {
		return fmt.Errorf("%q is not k/n with 0 <= k < n", shard)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		return err
	}
	var names []string
	for _, file := range files {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") && fn.Name.Name != "TestMain" {
				names = append(names, fn.Name.Name)
			}
		}
	}
	slices.Sort(names)
	var ours []string
	for i, name := range names {
		if i%n == k {
			ours = append(ours, name)
		}
	}
	return flag.Set("test.run", "^("+strings.Join(ours, "|")+")$")
}

// tab is one open page and what it did: every request, console message,
// uncaught exception and dialog.
type tab struct {
	ctx context.Context
	t   testing.TB

	mu       sync.Mutex
	requests []string
	problems []string
	expected int // problems[:expected] are expected (expectUncaught)
	dialogs  []string
}

func needBrowser(t testing.TB) {
	t.Helper()
	if browserCtx == nil {
		t.Skip("no browser")
	}
}

// open opens url in a new tab and waits until the self-test has finished
// and, when it passed and the page was opened with a link (a fragment with
// a key=value pair), until a verdict is shown.
func open(t testing.TB, url string) *tab {
	t.Helper()
	return openIn(browserCtx, t, url)
}

// openIn is open in the browser context of parent (see navigateIn).
func openIn(parent context.Context, t testing.TB, url string, before ...chromedp.Action[chromedp.Void]) *tab {
	t.Helper()
	tb := navigateIn(parent, t, url, before...)
	if _, fragment, _ := strings.Cut(url, "#"); tb.waitSelfTest() == "pass" && strings.Contains(fragment, "=") {
		tb.waitVerdict()
	}
	return tb
}

// navigate opens url in a new tab that records what the page does.
func navigate(t testing.TB, url string) *tab {
	t.Helper()
	return navigateIn(browserCtx, t, url)
}

// navigateIn is navigate in the browser context of parent (a tab's context,
// or browserCtx), running the actions before first in the new tab.
func navigateIn(parent context.Context, t testing.TB, url string, before ...chromedp.Action[chromedp.Void]) *tab {
	t.Helper()
	tb := newTabIn(parent, t)
	if err := chromedp.Do(tb.ctx, before...); err != nil {
		t.Fatal(err)
	}
	tb.navigate(url)
	return tb
}

// newTab opens an empty tab that records what its pages do.
func newTab(t testing.TB) *tab {
	t.Helper()
	return newTabIn(browserCtx, t)
}

// newTabIn is newTab in the browser context of parent.
func newTabIn(parent context.Context, t testing.TB) *tab {
	t.Helper()
	return newTabFor(parent, t, 90*time.Second)
}

// newTabFor is newTabIn for a tab that may take up to timeout (the audit
// benchmarks').
func newTabFor(parent context.Context, t testing.TB, timeout time.Duration) *tab {
	t.Helper()
	needBrowser(t)
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	t.Cleanup(cancelTimeout)
	tb := &tab{ctx: ctx, t: t}
	if err := chromedp.Listen(ctx, tb.record); err != nil {
		t.Fatal(err)
	}
	// What a page's policy refuses (an inline element the build did not
	// write, a string where Trusted Types want a policy's value) is a
	// problem of the tab, as an uncaught exception is: every page load of
	// every test proves that the page runs with its own policy.
	if _, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: violationBinding}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: reportViolations}); err != nil {
		t.Fatal(err)
	}
	// Every tab, whether or not its test calls clean: an uncaught exception
	// or a console error fails the test it happened in (STYLE.md 10). Before
	// this, only the tabs a test passed to clean were looked at, and an
	// exception in a sequence no such test ran went unseen.
	t.Cleanup(func() {
		if uncaught := tb.uncaught(); len(uncaught) > 0 {
			t.Errorf("uncaught exceptions or console errors in a tab: %q", uncaught)
		}
	})
	return tb
}

// violationBinding is the function through which a tab's pages report what
// their Content-Security-Policy refused (reportViolations), as
// "violation: <directive> <what was blocked>".
const violationBinding = "pfcheckTestViolation"

// reportViolations runs in every document of a tab before the page does.
const reportViolations = `addEventListener('securitypolicyviolation', (e) => ` + violationBinding + `(e.effectiveDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`

// uncaught returns what the tab's pages threw and did not catch, what their
// policy refused, and their console errors, besides those a test said it expects (expectUncaught).
func (tb *tab) uncaught() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, p := range tb.problems[tb.expected:] {
		if strings.HasPrefix(p, "exception: ") || strings.HasPrefix(p, "violation: ") || p == "console.error" {
			out = append(out, p)
		}
	}
	return out
}

// expectUncaught waits until the tab has n uncaught exceptions or console
// errors that no earlier call expected, returns them, and takes them as
// expected: a test that makes a page fault on purpose.
func (tb *tab) expectUncaught(n int) []string {
	tb.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for len(tb.uncaught()) < n && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	got := tb.uncaught()
	if len(got) != n {
		tb.t.Fatalf("expected %d uncaught exceptions or console errors, got %q", n, got)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.expected = len(tb.problems)
	return got
}

func (tb *tab) navigate(url string) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(url)); err != nil {
		tb.t.Fatalf("open %s: %v", url, err)
	}
}

func (tb *tab) record(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		tb.requests = append(tb.requests, ev.Request.URL)
	case *runtime.EventExceptionThrown:
		text := ev.ExceptionDetails.Text
		if ev.ExceptionDetails.Exception != nil {
			text += " " + ev.ExceptionDetails.Exception.Description
		}
		tb.problems = append(tb.problems, "exception: "+text)
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			tb.problems = append(tb.problems, fmt.Sprintf("console.%s", ev.Type))
		}
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
			tb.problems = append(tb.problems, "log: "+ev.Entry.Text)
		}
	case *runtime.EventBindingCalled:
		if ev.Name == violationBinding {
			tb.problems = append(tb.problems, "violation: "+ev.Payload)
		}
	case *page.EventJavascriptDialogOpening:
		tb.dialogs = append(tb.dialogs, ev.Message)
	}
}

// eval runs a JavaScript expression in the page and decodes its JSON value.
func eval[T any](tb *tab, expression string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expression))
	if err != nil {
		tb.t.Fatalf("evaluate %.80s: %v", expression, err)
	}
	// Text as a reader sees it: a right-to-left page sets the values of its
	// sentences apart with bidi isolates (msgParts), which show nothing.
	if text, ok := any(v).(string); ok {
		v = any(bidiIsolates.Replace(text)).(T)
	}
	return v
}

var bidiIsolates = strings.NewReplacer("\u2066", "", "\u2067", "", "\u2068", "", "\u2069", "")

// poll waits until expression is true. A navigation under way can end a
// poll with a lost context or "target navigated"; it is tried again in the
// new document.
func (tb *tab) poll(expression string) {
	tb.t.Helper()
	tb.pollWithin(expression, 60*time.Second)
}

// pollWithin is poll with another bound than a minute on each wait, for
// work whose time grows with the machine's load (a worker fetching and
// hashing a whole build beside the other suites).
func (tb *tab) pollWithin(expression string, timeout time.Duration) {
	tb.t.Helper()
	var err error
	for range 5 {
		if _, err = chromedp.Run(tb.ctx, chromedp.Poll[bool](expression, chromedp.WithPollingTimeout(timeout))); err == nil {
			return
		}
		if !strings.Contains(err.Error(), "context") && !strings.Contains(err.Error(), "navigated") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	tb.t.Fatalf("waiting for %s: %v", expression, err)
}

// waitSelfTest waits for the self-test's outcome and returns it.
func (tb *tab) waitSelfTest() string {
	tb.poll(`document.querySelector('[data-selftest]')?.dataset.selftest !== 'running'`)
	return eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`)
}

// waitVerdict waits for a verdict and for every row, card or tile of it,
// which the page draws in slices after the verdict, and for the rest of the
// page, which it lays out once the verdict has been painted.
func (tb *tab) waitVerdict() {
	tb.poll(`document.getElementById('verdict').dataset.status !== '' && document.getElementById('verdict').dataset.drawn !== 'false' && !('firstScreen' in document.documentElement.dataset)`)
}

// goTo opens another fragment in the loaded page, as following a second
// link to the same page does, and waits for its verdict.
func (tb *tab) goTo(fragment string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(document.getElementById('verdict').dataset.status = '', location.hash = %s, true)`, jsString(fragment)))
	tb.waitVerdict()
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// clean fails the test on any console error or warning, uncaught exception
// or dialog, and on any request but the document itself (and what the
// browser asks for to offer installing a served page: requestsBesides).
func (tb *tab) clean(documentURL string) {
	tb.t.Helper()
	for _, r := range tb.requestsBesides(documentURL) {
		tb.t.Errorf("request other than the document: %s", r)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if problems := tb.problems[tb.expected:]; len(problems) > 0 {
		tb.t.Errorf("console problems: %q", problems)
	}
	if len(tb.dialogs) > 0 {
		tb.t.Errorf("dialogs opened: %q", tb.dialogs)
	}
}

// requestsBesides returns the requests the tab made other than the document
// and, for a served page, other than what the browser itself asks of the
// page's origin when it finds the web app manifest the page links, to offer
// installing it: the manifest and its icons.
func (tb *tab) requestsBesides(documentURL string) []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	documentURL, _, _ = strings.Cut(documentURL, "#")
	var out []string
	for _, r := range tb.requests {
		// A blob: URL is no request: it names what the page made in memory
		// (the audit page's workers).
		if r != documentURL && !installRequest(documentURL, r) && !strings.HasPrefix(r, "blob:") {
			out = append(out, r)
		}
	}
	return out
}

// installRequest reports whether a request of a served page at documentURL
// is one the browser makes to offer installing it.
func installRequest(documentURL, request string) bool {
	doc, err1 := url.Parse(documentURL)
	req, err2 := url.Parse(request)
	if err1 != nil || err2 != nil || !strings.HasPrefix(doc.Scheme, "http") || req.Scheme != doc.Scheme || req.Host != doc.Host {
		return false
	}
	manifest, _ := path.Match("/*/manifest.webmanifest", req.Path)
	icon, _ := path.Match("/icons/*.png", req.Path)
	return manifest || icon
}

// download presses the download button at selector and returns the file
// the browser saved under name, once it is complete.
func (tb *tab) download(selector, name string) string {
	tb.t.Helper()
	dir := tb.t.TempDir()
	if _, err := chromedp.CallBrowser(tb.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: new(true),
		BrowserContextID: chromedp.FromContext(tb.ctx).BrowserContextID, // the tab's, where it has its own
	}); err != nil {
		tb.t.Fatal(err)
	}
	done := chromedp.BrowserEvents(tb.ctx, browser.DownloadProgress)
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(selector))); err != nil {
		tb.t.Fatal(err)
	}
	for ev, err := range done {
		if err != nil {
			tb.t.Fatalf("waiting for the download: %v", err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			break
		}
	}
	return filepath.Join(dir, name)
}

// downloadChecks opens url with the fragment link, saves the page with its
// download button at selector (the file name), opens the saved file from
// disk with the same link, and requires a match there and no problem in
// either tab. It returns the saved file.
func downloadChecks(t *testing.T, pageURL, link, selector, name string) string {
	t.Helper()
	tb := open(t, pageURL+link)
	file := tb.download(selector, name)
	fileURL := (&url.URL{Scheme: "file", Path: file}).String()
	downloaded := open(t, fileURL+link)
	if got := downloaded.status(); got != "match" {
		t.Errorf("downloaded page: status %s", got)
	}
	// Saved from a page opened with a link, it shows its whole page without one.
	plain := open(t, fileURL)
	if !eval[bool](plain, `!('firstScreen' in document.documentElement.dataset) && document.getElementById('inputs').open && document.querySelector('footer').offsetHeight > 0`) {
		t.Error("downloaded page opened without a link: only its first screen is shown")
	}
	plain.clean(fileURL)
	downloaded.clean(fileURL)
	tb.clean(pageURL)
	if i := nonASCII(readFile(t, file)); i >= 0 {
		t.Errorf("the downloaded page has a character outside ASCII at byte %d", i)
	}
	return file
}

// nonASCII returns where data first has a byte outside ASCII, or -1. The
// pages are ASCII (web/build/ascii.go): Chromium reads a page that is not
// at a fraction of the speed.
func nonASCII(data []byte) int {
	return bytes.IndexFunc(data, func(r rune) bool { return r >= 0x80 })
}

// vectorCases reads the cases of a scheme's vector file into T, the fields a
// test needs of them.
func vectorCases[T any](t testing.TB, scheme string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectortest.Dir(), scheme+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Cases []T }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	return file.Cases
}

// pageSetSize is the number of cases a page's self-test runs: the cases of
// its schemes' vectors marked "covers", its page set (testdata/README.md).
func pageSetSize(t testing.TB, page string) int {
	t.Helper()
	n := 0
	for _, p := range Pages {
		if p.Name == page {
			for _, scheme := range p.Schemes {
				n += len(pageSet[map[string]any](t, scheme))
			}
		}
	}
	if n == 0 {
		t.Fatalf("no page set for %s", page)
	}
	return n
}

// pageSet reads the cases of a scheme's page set into T, as vectorCases.
func pageSet[T any](t testing.TB, scheme string) []T {
	t.Helper()
	var set []T
	all := vectorCases[T](t, scheme)
	for i, c := range vectorCases[map[string]any](t, scheme) {
		if _, marked := c["covers"]; marked {
			set = append(set, all[i])
		}
	}
	return set
}

// pageWords returns a page's words in one language, merged as the build
// merges them (LoadLocales), as a reader sees them (and eval returns
// them): without the isolates of a right-to-left language (LocaleText).
func pageWords(t testing.TB, page, lang string) map[string]string {
	t.Helper()
	for _, p := range Pages {
		if p.Name == page {
			locales, err := LoadLocales("../locales", p)
			if err != nil {
				t.Fatal(err)
			}
			words := map[string]string{}
			for k, v := range locales[lang] {
				words[k] = bidiIsolates.Replace(LocaleText(v))
			}
			return words
		}
	}
	t.Fatalf("no page %q", page)
	return nil
}

// problem is a {field, code, at} as the vectors expect it.
type problem struct {
	Field string `json:"field"`
	Code  string `json:"code"`
	At    int    `json:"at"`
}

// sentenceTemplate is the page's sentence for a problem before its
// placeholders are filled: the field's own, else the code's; a problem with
// neither has no sentence, which is a failure.
func sentenceTemplate(t testing.TB, words map[string]string, field, code string) string {
	t.Helper()
	s, ok := words["msg.error."+field+"."+code]
	if !ok {
		if s, ok = words["msg.error."+code]; !ok {
			t.Errorf("no sentence for %s/%s", field, code)
		}
	}
	return s
}

// pageURLs returns a page of one language opened from file:// and through
// the server.
func pageURLs(lang, name string) map[string]string {
	return map[string]string{
		"file": "file://" + filepath.Join(distDir, lang, name, "index.html"),
		"http": server.URL + "/" + lang + "/" + name + "/",
	}
}

// pageWithChangedCase writes a copy of the built page (lang, page) in which
// change has altered the case named name of the vectors it carries; the
// page's build entry takes their SHA-256, as a page built from such vectors
// would, so that the page runs them. It returns the copy's path.
func pageWithChangedCase(t *testing.T, lang, page, name string, change func(c map[string]any)) string {
	t.Helper()
	html, err := os.ReadFile(filepath.Join(distDir, lang, page, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	changed := withVectors(t, html, true, func(files []any) []any {
		for _, f := range files {
			for _, c := range f.(map[string]any)["cases"].([]any) {
				if c := c.(map[string]any); c["name"] == name {
					change(c)
					found = true
				}
			}
		}
		return files
	})
	if !found {
		t.Fatalf("the %s page does not carry the case %s", page, name)
	}
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// withVectors returns a copy of a built page whose vectors are edit's answer
// to them (the list of vector files as the page carries them, read); with
// rehash, the page's build entry takes their SHA-256.
func withVectors(t testing.TB, html []byte, rehash bool, edit func(files []any) []any) []byte {
	t.Helper()
	change := func(data []byte) []byte {
		v, _ := report.ParsePlain(string(data), 16)
		files, ok := v.([]any)
		if !ok {
			t.Fatal("the page's vectors do not read")
		}
		return report.AppendPlain(nil, edit(files))
	}
	if rehash {
		return withBlobAndHash(t, html, "vectors", change)
	}
	return withBlob(t, html, "vectors", change)
}

// withBlob returns a copy of a built page whose blob id (the verifier or
// the vectors) holds edit's answer to its content, in parts as the build
// writes them.
func withBlob(t testing.TB, html []byte, id string, edit func([]byte) []byte) []byte {
	t.Helper()
	start, end := blobBounds(t, html, id)
	return slices.Concat(html[:start], []byte(BlobElements(id, edit(decodeBlob(t, html[start:end])))), html[end:])
}

// withBlobAndHash is withBlob, and the page's build entry for the blob
// (the SHA-256 the page expects) becomes that of the new content: the page
// then takes it for its own.
func withBlobAndHash(t testing.TB, html []byte, id string, edit func([]byte) []byte) []byte {
	t.Helper()
	var before, after [sha256.Size]byte
	html = withBlob(t, html, id, func(content []byte) []byte {
		changed := edit(content)
		before, after = sha256.Sum256(content), sha256.Sum256(changed)
		return changed
	})
	old := []byte(hex.EncodeToString(before[:]))
	if bytes.Count(html, old) != 1 {
		t.Fatalf("the page names the SHA-256 of its %s %d times, not once", id, bytes.Count(html, old))
	}
	return bytes.Replace(html, old, []byte(hex.EncodeToString(after[:])), 1)
}

// blobBounds returns where the page's blob id (web.BlobElements) starts and
// where its last element ends.
func blobBounds(t testing.TB, html []byte, id string) (start, end int) {
	t.Helper()
	first := regexp.MustCompile(`<script type="` + BlobType + `" id="` + id + `"`).FindIndex(html)
	if first == nil {
		t.Fatalf("the page has no blob %s", id)
	}
	last := first[0]
	if parts := regexp.MustCompile(`<script type="`+BlobType+`" data-part-of="`+id+`">`).FindAllIndex(html, -1); parts != nil {
		last = parts[len(parts)-1][0]
	}
	end = last + bytes.Index(html[last:], []byte("</script>\n")) + len("</script>\n")
	if end < last {
		t.Fatalf("the blob %s does not end", id)
	}
	return first[0], end
}

// oneLanguage is the language a test of one page other than the check page
// runs in (pagesAndLanguages takes every language in turn).
var oneLanguage = Languages[:1]

// lastLanguage is the language of a test of words whose path is the same in
// every language: not the first, so that a sentence left in it shows.
var lastLanguage = Languages[len(Languages)-1:]

// pageLanguage is a page in a language.
type pageLanguage struct{ page, lang string }

// pagesAndLanguages is what a test of several pages opens: the pages and the
// languages in turn, as many as the longer list has, so that each page and
// each language is opened once and the tests do not grow with the languages
// (as web/engines/site.mjs).
func pagesAndLanguages(pages ...string) []pageLanguage {
	all := make([]pageLanguage, max(len(pages), len(Languages)))
	for i := range all {
		all[i] = pageLanguage{pages[i%len(pages)], Languages[i%len(Languages)]}
	}
	return all
}

// pageNames are the names of Pages, the check page first.
func pageNames() []string {
	var names []string
	for _, p := range Pages {
		names = append(names, p.Name)
	}
	return names
}
