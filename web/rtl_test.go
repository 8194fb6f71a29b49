package web

import (
	"os"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestRightToLeft: a right-to-left language's check page (Arabic) is laid
// out from the right, its verdict box too, while what a player compares
// digit by digit reads left to right inside it: a seed field, the seal
// calculated, a value a sentence of the verdict takes (the roll that
// differs), set apart from the words around it, and a formula of the
// explanation (2^-192, isolated in its locale string: TestLocaleIsolates);
// axe finds nothing on it.
func TestRightToLeft(t *testing.T) {
	needBrowser(t)
	rtl := ""
	for _, lang := range Languages {
		if Dir(lang) == "rtl" {
			rtl = lang
			break
		}
	}
	if rtl == "" {
		t.Skip("no right-to-left language in locales/languages.json")
	}
	links := pageFirstScreenLinks(t)
	tb := openSized(t, pageURLs(rtl, "check")["http"]+links["check"].mismatch, 360, 800)
	if got := tb.status(); got != "mismatch" {
		t.Fatalf("status %s", got)
	}
	type layout struct {
		Dir, Verdict, Seed, Seal, Difference string
		// The verdict's first line ends at the box's right, but for its
		// sign (::before, at its start: some 20 px); the seal's first
		// digit is left of its last.
		TextRight, BoxRight, TextLeft, FirstDigit, LastDigit float64
		Digits, Island                                       string
		IslandFirst, IslandLast                              float64
	}
	got := eval[layout](tb, `(() => {
		const style = (e) => getComputedStyle(e).direction;
		const box = document.getElementById('verdict');
		const text = box.querySelector('[data-verdict-text]');
		const range = document.createRange();
		range.selectNodeContents(text);
		const lines = range.getClientRects();
		const seal = document.querySelector('[data-seal]');
		const left = (node, i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left; };
		const digit = (i) => left(seal.firstChild, i);
		const island = [...document.querySelectorAll('.explain bdi[dir="ltr"]')].find((b) => b.textContent === '2^-192')?.firstChild;
		const link = text.querySelector('a[data-goto]');
		const inner = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
		return {
			Dir: document.documentElement.dir, Verdict: style(box), Seed: style(document.getElementById('serverSeed')),
			Seal: style(seal), Difference: link?.closest('bdi') ? 'isolated' : 'not isolated',
			TextRight: lines[0].right, BoxRight: inner, TextLeft: lines[0].left,
			FirstDigit: digit(0), LastDigit: digit(seal.textContent.length - 1),
			Digits: document.querySelector('[data-selftest]').textContent,
			Island: island?.textContent ?? '', IslandFirst: island ? left(island, 0) : 0, IslandLast: island ? left(island, island.length - 1) : 0,
		};
	})()`)
	if got.Dir != "rtl" || got.Verdict != "rtl" {
		t.Errorf("%s page: dir %q, verdict box %s, want rtl", rtl, got.Dir, got.Verdict)
	}
	if got.BoxRight-got.TextRight > 32 || got.TextLeft >= got.TextRight {
		t.Errorf("the verdict's first line spans %.0f-%.0f px, its box ends at %.0f: not from the right", got.TextLeft, got.TextRight, got.BoxRight)
	}
	if got.Seed != "ltr" || got.Seal != "ltr" || got.FirstDigit >= got.LastDigit {
		t.Errorf("seed field %s, seal %s (first digit at %.0f px, last at %.0f): want left to right", got.Seed, got.Seal, got.FirstDigit, got.LastDigit)
	}
	if got.Island == "" || got.IslandFirst >= got.IslandLast {
		t.Errorf("the formula 2^-192 of the explanation: %q, its first character at %.0f px, its last at %.0f: want isolated, left to right", got.Island, got.IslandFirst, got.IslandLast)
	}
	if got.Difference != "isolated" {
		t.Errorf("the roll the verdict names is %s from its sentence", got.Difference)
	}
	for _, r := range got.Digits {
		if r >= 0x0660 && r <= 0x0669 || r >= 0x06f0 && r <= 0x06f9 {
			t.Errorf("the self-test line writes Arabic-Indic digits, not 0-9: %q", got.Digits)
			break
		}
	}
	axe, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make test installs it with npm ci in web/): %v", err)
	}
	checkAccessibility(t, tb, axe, "check/"+rtl)
}

// TestLanguagePickerFallsBackToTheFirst: a browser whose languages include
// none of the pages' (Swahili) lands on the first language's check page,
// one that asks for a regional form of one (ru-RU) on that language's.
func TestLanguagePickerFallsBackToTheFirst(t *testing.T) {
	needBrowser(t)
	for browser, want := range map[string]string{"sw-KE,sw": Languages[0], "ru-RU,sw": "ru"} {
		tb := newTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `Object.defineProperty(navigator, 'languages', { get: () => '` + browser + `'.split(',') });`,
		}); err != nil {
			t.Fatal(err)
		}
		tb.navigate(server.URL + "/")
		// The server answers …/check/index.html with a redirect to …/check/.
		tb.poll(`/\/check\/(index\.html)?$/.test(location.pathname) && document.documentElement.lang !== ''`)
		if got := eval[string](tb, `document.documentElement.lang`); got != want {
			t.Errorf("a browser in %s opens %s, want %s", browser, got, want)
		}
	}
}
