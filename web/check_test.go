package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/dice"
)

type diceCase struct {
	Name   string         `json:"name"`
	Link   string         `json:"link"`
	Record map[string]any `json:"record"`
	Expect struct {
		Status     string `json:"status"`
		Commitment struct {
			Computed string `json:"computed"`
		} `json:"commitment"`
		RawRolls json.RawMessage `json:"rolls"`
		Errors   []problem       `json:"errors"`
	} `json:"expect"`
}

// rolls returns the rolls a check case expects (a rollsText case expects
// strings, and has none of these).
func (c diceCase) rolls() []rollRow {
	var rows []rollRow
	json.Unmarshal(c.Expect.RawRolls, &rows)
	return rows
}

// rollRow is one roll as the page shows it (data-* attributes) and as the
// vectors expect it.
type rollRow struct {
	N       int    `json:"n"`
	Dice    string `json:"dice"`
	Game    int    `json:"game"`
	Opening bool   `json:"opening"`
	Status  string `json:"status"`
}

func diceCases(t *testing.T) []diceCase { return vectorCases[diceCase](t, "dice_v1") }

// matchLink returns a link case that checks as a match over several games.
func matchLink(t *testing.T) diceCase {
	for _, c := range diceCases(t) {
		if c.Link != "" && c.Expect.Status == "match" && strings.Contains(c.Link, "&g=") && len(c.rolls()) > 50 {
			return c
		}
	}
	t.Fatal("no match link with games in the vectors")
	return diceCase{}
}

// sentence is the page's sentence for a problem, its position filled in.
func sentence(t testing.TB, words map[string]string, field, code string, at int) string {
	t.Helper()
	s := sentenceTemplate(t, words, field, code)
	if at > 0 {
		return strings.ReplaceAll(s, "{at}", fmt.Sprint(at))
	}
	return strings.ReplaceAll(s, "{at}", "")
}

func (tb *tab) rows() []rollRow {
	return eval[[]rollRow](tb, `[...document.querySelectorAll('[data-roll-index]')].map((e) => ({
		n: +e.dataset.rollIndex, dice: e.dataset.dice, game: +e.dataset.game,
		opening: e.dataset.opening === 'true', status: e.dataset.status }))`)
}

func (tb *tab) status() string {
	return eval[string](tb, `document.getElementById('verdict').dataset.status`)
}

// TestCheckPage: the check page in every language, from file:// and served
// in turn (each way over the languages, as the engines' suite does): a
// match, a changed roll, a wrong seal, every refused link of the vectors
// with its sentence, and no markup from a link.
func TestCheckPage(t *testing.T) {
	needBrowser(t)
	cases := diceCases(t)
	real := matchLink(t)
	for i, lang := range Languages {
		words := pageWords(t, "check", lang)
		mode := []string{"file", "http"}[i%2]
		url := pageURLs(lang, "check")[mode]
		t.Run(lang+"/"+mode, func(t *testing.T) {
			tb := open(t, url+real.Link)
			if checks := eval[string](tb, `document.querySelector('[data-selftest]').dataset.checks`); checks != fmt.Sprint(pageSetSize(t, "check")) {
				t.Errorf("self-test ran %s checks, want %d", checks, pageSetSize(t, "check"))
			}
			if got := tb.status(); got != "match" {
				t.Fatalf("real link: status %s", got)
			}
			if got := tb.rows(); fmt.Sprint(got) != fmt.Sprint(real.rolls()) {
				t.Errorf("real link: rows\n%v\nwant\n%v", got, real.rolls())
			}
			if got := eval[string](tb, `document.querySelector('[data-seal]').textContent`); got != real.Expect.Commitment.Computed {
				t.Errorf("seal %q, want %q", got, real.Expect.Commitment.Computed)
			}

			// One roll changed: a mismatch at exactly that roll.
			for _, n := range []int{1, len(real.rolls()) / 2, len(real.rolls())} {
				tb.goTo(changeRoll(t, real.Link, n))
				if got := tb.status(); got != "mismatch" {
					t.Errorf("roll %d changed: status %s", n, got)
				}
				for _, r := range tb.rows() {
					if (r.Status == "mismatch") != (r.N == n) {
						t.Errorf("roll %d changed: roll %d has status %s", n, r.N, r.Status)
					}
				}
				// The roll named, counted from 1, and no "others".
				one := diceFill(words["msg.verdict.mismatch-rolls"], "first", diceFill(words["msg.where.roll"], "n", n))
				verdict := eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`)
				if !strings.Contains(verdict, one) || strings.Contains(verdict, strings.Split(words["msg.verdict.mismatch-others.one"], " ")[0]) {
					t.Errorf("roll %d changed: verdict %q does not say %q alone", n, verdict, one)
				}
			}

			// A wrong seal of the right form.
			tb.goTo(wrongSeal(t, real.Link))
			if got := tb.status(); got != "mismatch" {
				t.Errorf("wrong seal: status %s", got)
			}

			// Every refused link of the vectors: invalid, each problem's
			// sentence next to its field, and no rolls. Each link once, in
			// the languages in turn: which sentence a problem gets does not
			// depend on the language, and each language's words are read.
			refused := 0
			for _, c := range cases {
				if c.Link == "" || c.Expect.Status != "invalid" || len(c.Link) > 4096 {
					continue
				}
				if refused++; refused%len(Languages) != i {
					continue
				}
				tb.goTo(c.Link)
				if got := tb.status(); got != "invalid" {
					t.Errorf("%s: status %s", c.Name, got)
				}
				if n := len(tb.rows()); n != 0 {
					t.Errorf("%s: %d rolls shown", c.Name, n)
				}
				for _, p := range c.Expect.Errors {
					slot := eval[string](tb, fmt.Sprintf(`(document.querySelector('[data-error-for=%s]') ?? document.querySelector('[data-error-for=link]')).textContent`, jsString(p.Field)))
					if want := sentence(t, words, p.Field, p.Code, p.At); !strings.Contains(slot, want) {
						t.Errorf("%s: error for %s is %q, want %q", c.Name, p.Field, slot, want)
					}
				}
			}
			// The page's own scripts, as many as the file has: the
			// first-screen switch, the loader, its data (messages, build,
			// vectors, the verifier's parts, the scripts to check without
			// the page), the engine check, wasm_exec and its script.
			own := bytes.Count(readFile(t, filepath.Join(distDir, lang, "check", "index.html")), []byte("<script"))
			if injected := eval[int](tb, `document.querySelectorAll('img, iframe, object, embed').length + document.scripts.length - `+fmt.Sprint(own)+` + (window.pwned ? 100 : 0)`); injected != 0 {
				t.Errorf("markup in links injected %d elements", injected)
			}
			tb.clean(url)
		})
	}
}

// TestGridCaptionWithoutIntl: the grid's caption gives the expected count
// of each roll to one decimal in the page's decimal sign (400 rolls: 11,1
// each in German, 11.1 in English), and the page formats no number with Intl on its way to the verdict:
// the first Intl.NumberFormat of a page cost some 50 ms before the verdict
// was painted.
func TestGridCaptionWithoutIntl(t *testing.T) {
	needBrowser(t)
	link := "#" + dice.FormatLink(recordWithRolls(t, 400))
	// A language of each decimal sign: the caption's path is the same in all.
	signs := map[string]bool{}
	for _, lang := range Languages {
		if sign := pageWords(t, "check", lang)["msg.number.decimal"]; signs[sign] {
			continue
		} else {
			signs[sign] = true
		}
		t.Run(lang, func(t *testing.T) {
			tb := newTab(t)
			if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: countIntl}); err != nil {
				t.Fatal(err)
			}
			tb.navigate(pageURLs(lang, "check")["http"] + link)
			if tb.waitSelfTest() != "pass" {
				t.Fatal("self-test failed")
			}
			tb.waitVerdict()
			words := pageWords(t, "check", lang)
			want := diceFill(pluralSentence(words, lang, "msg.grid.caption", 400), "n", 400, "expected", "11"+words["msg.number.decimal"]+"1")
			if got := eval[string](tb, `document.querySelector('[data-grid-caption]').textContent`); got != want {
				t.Errorf("caption %q, want %q", got, want)
			}
			if n := eval[int](tb, `window.intlUses`); n != 0 {
				t.Errorf("%d numbers formatted with Intl", n)
			}
		})
	}
}

// countIntl, run before a page's own scripts, counts the numbers it formats
// with Intl (Intl.NumberFormat, Number's toLocaleString) in intlUses, and
// in intlAtVerdict those counted when it marks its verdict.
const countIntl = `window.intlUses = 0;
	const NumberFormat = Intl.NumberFormat;
	Intl.NumberFormat = function (...args) { window.intlUses++; return new NumberFormat(...args); };
	const toLocaleString = Number.prototype.toLocaleString;
	Number.prototype.toLocaleString = function (...args) { window.intlUses++; return toLocaleString.apply(this, args); };
	const mark = performance.mark.bind(performance);
	performance.mark = (name, ...rest) => {
		if (name === 'pfcheck:verdict') window.intlAtVerdict = window.intlUses;
		return mark(name, ...rest);
	};`

// changeRoll returns link with roll n (1-based) of its r value changed.
func changeRoll(t *testing.T, link string, n int) string {
	t.Helper()
	start := strings.Index(link, "&r=") + 3
	i := start + 2*(n-1)
	replacement := "11"
	if link[i:i+2] == "11" {
		replacement = "22"
	}
	return link[:i] + replacement + link[i+2:]
}

func wrongSeal(t *testing.T, link string) string {
	t.Helper()
	i := strings.Index(link, "&c=") + 3
	flipped := "0"
	if link[i] == '0' {
		flipped = "1"
	}
	return link[:i] + flipped + link[i+1:]
}

// TestCheckPageMarkup opens a link whose every field carries markup meant to
// run script; the page shows errors as text and runs nothing.
func TestCheckPageMarkup(t *testing.T) {
	payload := `<img src=x onerror="window.pwned=1;alert(1)">`
	link := "#v=1&s=" + payload + "&c=" + payload + "&p=" + payload + "&r=" + payload + "&g=1"
	url := pageURLs("de", "check")["http"]
	tb := open(t, url+link)
	if got := tb.status(); got != "invalid" {
		t.Errorf("status %s", got)
	}
	if bad := eval[int](tb, `document.querySelectorAll('img').length + (window.pwned ? 100 : 0)`); bad != 0 {
		t.Errorf("markup ran or was inserted (%d)", bad)
	}
	tb.clean(url)
}

// TestCheckPageForm fills the form as a player does, rolls typed with numbers.
func TestCheckPageForm(t *testing.T) {
	real := matchLink(t)
	url := pageURLs("de", "check")["http"]
	tb := open(t, url)
	if disabled := eval[bool](tb, `document.querySelector('fieldset').disabled`); disabled {
		t.Fatal("fields still disabled after the self-test")
	}
	rec := real.Record
	if rec == nil {
		rec = eval[map[string]any](tb, fmt.Sprintf(`pfcheck.parseLink(%s).record`, jsString(real.Link)))
	}
	var typed []string
	for i, r := range real.rolls() {
		typed = append(typed, fmt.Sprintf("Wurf %d: %c-%c", i+1, r.Dice[0], r.Dice[1]))
	}
	var seeds []string
	for _, s := range rec["clientSeeds"].([]any) {
		seeds = append(seeds, s.(string))
	}
	if err := chromedp.Do(tb.ctx,
		chromedp.SendKeys(chromedp.ID("serverSeed"), rec["serverSeed"].(string)),
		chromedp.SetValue(chromedp.ID("clientSeeds"), strings.Join(seeds, "\n")),
		chromedp.SetValue(chromedp.ID("rolls"), strings.Join(typed, "\n")),
		chromedp.Click(chromedp.CSS(`button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.waitVerdict()
	if got := tb.status(); got != "match" {
		t.Fatalf("typed form: status %s", got)
	}
	if n := len(tb.rows()); n != len(real.rolls()) {
		t.Errorf("%d rolls shown, want %d", n, len(real.rolls()))
	}

	// A typed roll out of order names its line.
	typed[1], typed[2] = typed[2], typed[1]
	eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', true)`)
	if err := chromedp.Do(tb.ctx,
		chromedp.SetValue(chromedp.ID("rolls"), strings.Join(typed, "\n")),
		chromedp.Click(chromedp.CSS(`button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.waitVerdict()
	if got := tb.status(); got != "invalid" {
		t.Errorf("rolls out of order: status %s", got)
	}
	want := sentence(t, pageWords(t, "check", "de"), "rolls", "out-of-order", 2)
	if got := eval[string](tb, `document.querySelector('[data-error-for=rolls]').textContent`); got != want {
		t.Errorf("rolls error %q, want %q", got, want)
	}
	tb.clean(url)
}

// TestSelfTestFailureKeepsPageDisabled opens a copy of the page whose vectors
// expect one wrong roll: the self-test must fail, name that case, and leave
// the fields disabled even with a link.
func TestSelfTestFailureKeepsPageDisabled(t *testing.T) {
	needBrowser(t)
	real := matchLink(t)
	var c diceCase
	for _, c = range pageSet[diceCase](t, "dice_v1") {
		if c.Expect.Status == "match" && len(c.rolls()) > 0 {
			break
		}
	}
	file := pageWithChangedCase(t, "de", "check", c.Name, func(c map[string]any) {
		first := c["expect"].(map[string]any)["rolls"].([]any)[0].(map[string]any)
		first["dice"] = map[bool]string{true: "22", false: "11"}[first["dice"] == "11"]
	})
	tb := open(t, "file://"+file)
	if got := eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`); got != "fail" {
		t.Fatalf("self-test %s with a corrupted vector", got)
	}
	if got := eval[string](tb, `document.querySelector('[data-selftest-failed]').textContent`); got != "dice_v1/"+c.Name {
		t.Errorf("failed cases listed: %q", got)
	}
	if !eval[bool](tb, `document.querySelector('fieldset').disabled`) {
		t.Error("fields enabled although the self-test failed")
	}
	// With a link the page still claims nothing.
	tb2 := open(t, "file://"+file+real.Link)
	if got := tb2.status(); got != "" {
		t.Errorf("verdict %q from a page that failed its self-test", got)
	}
	if !eval[bool](tb2, `document.getElementById('inputs').checkVisibility()`) {
		t.Error("with a link, the form of a page that failed its self-test is not shown")
	}
}

// TestBrokenVerifierKeepsPageDisabled: a page whose verifier is missing
// (saved without it), or is no WebAssembly (with the build's SHA-256 of that),
// says so, keeps its fields disabled and gives no verdict, and leaves no
// error uncaught.
func TestBrokenVerifierKeepsPageDisabled(t *testing.T) {
	needBrowser(t)
	real := matchLink(t)
	html, err := os.ReadFile(filepath.Join(distDir, "fi", "check", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	start, end := blobBounds(t, html, "verifier")
	broken := map[string][]byte{
		"no verifier":     slices.Concat(html[:start], html[end:]),
		"not WebAssembly": withBlobAndHash(t, html, "verifier", func([]byte) []byte { return []byte("not a wasm module") }),
	}
	want := pageWords(t, "check", "fi")["msg.selftest.broken"]
	for name, page := range broken {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "index.html")
			if err := os.WriteFile(file, page, 0o644); err != nil {
				t.Fatal(err)
			}
			tb := open(t, "file://"+file+real.Link)
			if got := eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`); got != "fail" {
				t.Fatalf("self-test %s with a broken verifier", got)
			}
			if got := eval[string](tb, `document.querySelector('[data-selftest]').textContent`); got != want {
				t.Errorf("self-test says %q, want %q", got, want)
			}
			if !eval[bool](tb, `document.querySelector('fieldset').disabled`) {
				t.Error("fields enabled although the verifier did not start")
			}
			if got := tb.status(); got != "" {
				t.Errorf("verdict %q without a verifier", got)
			}
			tb.mu.Lock()
			defer tb.mu.Unlock()
			for _, p := range tb.problems {
				if strings.HasPrefix(p, "exception") {
					t.Errorf("uncaught: %s", p)
				}
			}
		})
	}
}

func TestLanguageSwitchKeepsFragment(t *testing.T) {
	real := matchLink(t)
	url := pageURLs("el", "check")["http"]
	tb := open(t, url+real.Link)
	for _, lang := range Languages {
		href := eval[string](tb, fmt.Sprintf(`document.querySelector('a[hreflang=%s]').href`, lang))
		if want := server.URL + "/" + lang + "/check/index.html" + real.Link; href != want {
			t.Errorf("link to %s: %s, want %s", lang, href, want)
		}
	}
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`a[hreflang=fi]`))); err != nil {
		t.Fatal(err)
	}
	tb.poll(`document.documentElement.lang === 'fi' && document.querySelector('[data-selftest]')?.dataset.selftest === 'pass'`)
	tb.waitVerdict()
	if got := tb.status(); got != "match" {
		t.Errorf("after switching to Finnish: status %s", got)
	}
}

// TestDownloadThisChecker downloads the page, after it has shown a match,
// with its own button: the file is the page as it arrived (no result in it,
// the self-test still to run) and checks a match opened from disk.
func TestDownloadThisChecker(t *testing.T) {
	file := downloadChecks(t, pageURLs("de", "check")["http"], matchLink(t).Link, `[data-download]`, "pfcheck-de-check.html")
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The bytes the worker kept, with the line of their manifest after the
	// doctype; or, before the worker has kept them, the page as it arrived.
	page := readFile(t, filepath.Join(distDir, "de", "check", "index.html"))
	doctype := bytes.IndexByte(page, '\n') + 1
	if line, rest, _ := bytes.Cut(saved[min(doctype, len(saved)):], []byte("\n")); bytes.HasPrefix(line, []byte("<!--pfcheck-saved ")) {
		if !bytes.Equal(saved[:doctype], page[:doctype]) || !bytes.Equal(rest, page[doctype:]) {
			t.Error("the downloaded page is not the kept page with its manifest's line")
		}
		return
	}
	for _, want := range []string{`data-selftest="running" data-checks="0"`, `<fieldset disabled="">`, `<div data-rolls=""></div>`} {
		if !strings.Contains(string(saved), want) {
			t.Errorf("downloaded page lacks %s: not the page as it arrived", want)
		}
	}
}

// TestPagesAreASCII: every page written in ASCII, as web/build/ascii.go
// writes them; the browser tests read their words as the player does.
func TestPagesAreASCII(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(distDir, "*", "*", "index.html"))
	if err != nil || len(pages) < 15 {
		t.Fatalf("%d pages: %v", len(pages), err)
	}
	for _, page := range append(pages, filepath.Join(distDir, "index.html")) {
		if i := nonASCII(readFile(t, page)); i >= 0 {
			t.Errorf("%s: a character outside ASCII at byte %d", page, i)
		}
	}
}

// TestLanguagePicker: the root page opens the check page in a language of
// the browser's (headless Chromium prefers English, the first language) and
// keeps the fragment, which holds the match.
func TestLanguagePicker(t *testing.T) {
	// Without script it stays, a list of links: its language is the first.
	picker, err := os.ReadFile(filepath.Join(distDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `<html lang="` + Languages[0] + `">`; !strings.Contains(string(picker), want) {
		t.Errorf("the root page lacks %s", want)
	}
	real := matchLink(t)
	for mode, url := range map[string]string{
		"file": "file://" + filepath.Join(distDir, "index.html"),
		"http": server.URL + "/",
	} {
		tb := navigate(t, url+real.Link)
		tb.poll(`location.pathname.endsWith('/check/index.html') || location.pathname.endsWith('/check/')`)
		tb.poll(`document.querySelector('[data-selftest]')?.dataset.selftest === 'pass'`)
		tb.waitVerdict()
		if got := eval[string](tb, `document.documentElement.lang + ' ' + location.hash`); got != Languages[0]+" "+real.Link {
			t.Errorf("%s: landed on %q", mode, got)
		}
		if got := tb.status(); got != "match" {
			t.Errorf("%s: status %s", mode, got)
		}
	}
}

// TestEngineTooOldSaysSo: in a browser without a feature the pages need,
// every page says in its language that this browser cannot run the check
// and which versions can, instead of waiting on "running", and gives no
// verdict.
func TestEngineTooOldSaysSo(t *testing.T) {
	needBrowser(t)
	link := matchLink(t).Link
	for _, pl := range pagesAndLanguages(pageNames()...) {
		p, lang := pl.page, pl.lang
		tb := newTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `delete window.DecompressionStream; delete Object.hasOwn;`,
		}); err != nil {
			t.Fatal(err)
		}
		url := pageURLs(lang, p)["file"]
		tb.navigate(url + link)
		if got := tb.waitSelfTest(); got != "fail" {
			t.Fatalf("%s %s: self-test %s", lang, p, got)
		}
		want := strings.NewReplacer("{missing}", "DecompressionStream, Object.hasOwn", "{safari}", "16.4", "{firefox}", "113", "{chrome}", "93").
			Replace(pageWords(t, p, lang)["msg.engine.old"])
		for _, where := range []string{"[data-verdict-text]", "[data-selftest]"} {
			if got := eval[string](tb, `document.querySelector('`+where+`').textContent`); got != want {
				t.Errorf("%s %s: %s says %q, want %q", lang, p, where, got, want)
			}
		}
		if got := eval[string](tb, `document.getElementById('verdict').dataset.status`); got != "" {
			t.Errorf("%s %s: verdict %q", lang, p, got)
		}
		tb.clean(url)
	}
}
