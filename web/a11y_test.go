package web

import (
	"os"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeScript is axe-core, pinned in web/package.json and installed by
// `make test` (npm ci).
const axeScript = "node_modules/axe-core/axe.min.js"

// TestAccessibility runs axe-core on every page and in every language,
// opened with a link: each page twice, light at one of the screens' sizes
// and dark at the other, the languages taking turns (a language's words
// and direction do not change the colours, which are the pages' shared
// CSS): no violation of its rules (WCAG 2.2 A and AA, best practices, and
// the 24 px target size).
func TestAccessibility(t *testing.T) {
	needBrowser(t)
	axe, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make test installs it with npm ci in web/): %v", err)
	}
	links := pageFirstScreenLinks(t)
	pages := []string{"check", "dice", "shoe", "games"}
	for i := range max(2*len(pages), len(Languages)) {
		page, lang := pages[i%len(pages)], Languages[i%len(Languages)]
		scheme := []string{"light", "dark"}[i/len(pages)%2]
		size := screens[(i+i/len(pages))%len(screens)]
		tb := openSized(t, pageURLs(lang, page)["http"]+links[page].match, 1280, 900)
		// Unfolded, so that axe sees "check it without this page" too.
		tb.poll(`!document.querySelector('[data-scripts]').hidden`)
		eval[bool](tb, `document.querySelector('[data-scripts]').open = true`)
		tb.poll(`document.querySelector('[data-script="python"]').textContent !== ''`)
		eval[bool](tb, string(axe)+";true")
		axeRun(t, tb, page+"/"+lang, scheme, size)
	}
}

// axeCalls counts checkAccessibility's calls, which take turns at pairing
// the colour schemes with the screens' sizes.
var axeCalls int

// checkAccessibility runs axe-core on the page open in tb, in light and in
// dark, each at one of the screens' sizes, and fails the test on any
// violation. The pairs swap from one call to the next (a page's next
// language): a test's calls check every scheme at every size.
func checkAccessibility(t *testing.T, tb *tab, axe []byte, name string) {
	t.Helper()
	eval[bool](tb, string(axe)+";true")
	axeCalls++
	for i, scheme := range []string{"light", "dark"} {
		axeRun(t, tb, name, scheme, screens[(i+axeCalls)%len(screens)])
	}
}

// axeRun runs axe-core, already in the page open in tb, in the colour
// scheme at the screen's size, and fails the test on any violation.
func axeRun(t *testing.T, tb *tab, name, scheme string, size struct{ width, height int64 }) {
	t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(size.width, size.height)); err != nil {
		t.Fatal(err)
	}
	violations, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](`axe.run(document, { rules: { 'target-size': { enabled: true } } })
		.then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range violations {
		t.Errorf("%s %s %dpx: %s", name, scheme, size.width, v)
	}
}
