package web

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/dice"
	"pfcheck/internal/verify"
)

// The first screen: what a player who taps "check these dice" sees. Every
// page opened with a link answers at the top of the screen, on a phone and
// on a desktop, and says where a difference is and whom to tell.

// firstScreenLinks are a page's real link, the same with one played item
// changed (the 37th roll, the 11th card, the 5th tile, as the issue that
// asked for them counted), and the same with a seed that is no seed; where
// names the changed item in a language's words.
type firstScreenLinks struct {
	match, mismatch, invalid string
	where                    func(words map[string]string) string
}

var seedValue = regexp.MustCompile(`([#&]s=)[^&]*`)

func pageFirstScreenLinks(t *testing.T) map[string]firstScreenLinks {
	t.Helper()
	invalid := func(link string) string { return seedValue.ReplaceAllString(link, "${1}not-a-seed") }
	fill := func(key string, pairs ...any) func(map[string]string) string {
		return func(words map[string]string) string { return diceFill(words[key], pairs...) }
	}
	links := map[string]firstScreenLinks{}

	check := matchLink(t).Link
	links["check"] = firstScreenLinks{check, changeRoll(t, check, 37), invalid(check), fill("msg.where.roll", "n", 37)}

	dice := diceV2Case1(t, "link-r1000-alice-bob").linkOf()
	start := strings.Index(dice, "&r=") + 3 + 2*4 // the fifth roll of game 1
	changed := "11"
	if dice[start:start+2] == changed {
		changed = "22"
	}
	links["dice"] = firstScreenLinks{dice, dice[:start] + changed + dice[start+2:], invalid(dice), fill("msg.dice.where.roll", "game", 1, "n", 5)}

	round := shoeCaseNamed(t, "recorded-whole-shoe-match")
	shoe := mustShoeLink(t, round.Record)
	cards := append([]any{}, round.Record["cards"].([]any)...)
	cards[10] = map[bool]string{true: "KS", false: "AS"}[cards[10] == "AS"]
	tampered := map[string]any{}
	for k, v := range round.Record {
		tampered[k] = v
	}
	tampered["cards"] = cards
	links["shoe"] = firstScreenLinks{shoe, mustShoeLink(t, tampered), invalid(shoe), fill("msg.shoe.where.card", "n", 11)}

	mahjong := gamesRecord(t, "match_seed_v2", "mahjong-144-draws-4-seeds")
	games := gamesLink(mahjong)
	draws := mahjong["draws"].([]any)
	draws[4] = map[bool]string{true: "2m", false: "1m"}[draws[4] == "1m"]
	// Any text is a table game's server seed: an unknown game is what no
	// table-game record can be.
	links["games"] = firstScreenLinks{games, gamesLink(mahjong), strings.Replace(games, "game=mahjong", "game=chequers", 1), fill("msg.where.draws", "n", 5)}
	return links
}

// firstScreen is where the verdict box lies in the document, what it says
// and whether it has the focus.
type firstScreen struct {
	Top, Bottom, Screen float64
	Focused             bool
	Status, Text        string
	Links               []string
}

func (tb *tab) firstScreen() firstScreen {
	return eval[firstScreen](tb, `(() => {
		const v = document.getElementById('verdict');
		const r = v.getBoundingClientRect();
		return { top: r.top + scrollY, bottom: r.bottom + scrollY, screen: innerHeight,
			focused: document.activeElement === v, status: v.dataset.status, text: v.textContent,
			links: [...v.querySelectorAll('a')].map((a) => a.textContent) };
	})()`)
}

// openSized opens url in a tab of that size and waits for its self-test
// and, with a link, its verdict.
func openSized(t *testing.T, url string, width, height int64) *tab {
	t.Helper()
	tb := newTab(t)
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatal(err)
	}
	tb.navigate(url)
	if tb.waitSelfTest() != "pass" {
		t.Fatalf("%s: self-test failed", url)
	}
	if strings.Contains(url, "#") {
		tb.waitVerdict()
	}
	return tb
}

var screens = []struct{ width, height int64 }{{360, 800}, {1280, 900}}

// TestVerdictFirst: on every page, in every language, on a phone and on a
// desktop, a link's verdict lies wholly in the first screen and has the
// focus, for a match, a changed item and input that is no match at all. A
// changed item is named, counted from 1, as a link to it.
func TestVerdictFirst(t *testing.T) {
	needBrowser(t)
	links := pageFirstScreenLinks(t)
	for _, pl := range pagesAndLanguages("check", "dice", "shoe", "games") {
		page, lang := pl.page, pl.lang
		t.Run(page+"/"+lang, func(t *testing.T) {
			words := pageWords(t, page, lang)
			base := pageURLs(lang, page)["http"]
			l := links[page]
			// Opened with the link on a phone; then each verdict on both
			// screens, the screen turned between them.
			tb := openSized(t, base+l.match, screens[0].width, screens[0].height)
			for i, c := range []struct{ link, status string }{{l.match, "match"}, {l.mismatch, "mismatch"}, {l.invalid, "invalid"}} {
				if c.link != l.match {
					tb.goTo(c.link)
				}
				for j := range screens {
					size := screens[(i+j)%len(screens)]
					if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(size.width, size.height)); err != nil {
						t.Fatal(err)
					}
					got := tb.firstScreen()
					if got.Status != c.status {
						t.Fatalf("%s: status %s (%q)", c.status, got.Status, got.Text)
					}
					if got.Top < 0 || got.Bottom > got.Screen {
						t.Errorf("%s at %d px: the verdict lies at %.0f–%.0f px, the first screen is %.0f px", c.status, size.width, got.Top, got.Bottom, got.Screen)
					}
					if !got.Focused {
						t.Errorf("%s: the verdict does not have the focus", c.status)
					}
					checks := eval[int](tb, `+document.querySelector('[data-selftest]').dataset.checks`)
					checkedBy := diceFill(pluralSentence(words, lang, "msg.verdict.selftest", checks), "count", checks)
					if !strings.Contains(got.Text, checkedBy) {
						t.Errorf("%s: the verdict does not say %q", c.status, checkedBy)
					}
					switch c.status {
					case "mismatch":
						if where := l.where(words); !containsString(got.Links, where) {
							t.Errorf("mismatch: the verdict's links %q do not name %q", got.Links, where)
						}
					case "invalid":
						if len(got.Links) == 0 {
							t.Errorf("invalid: the verdict links no field (%q)", got.Text)
						}
					}
				}
			}
			tb.clean(base)
		})
	}
}

// TestFirstScreenFirst: a page opened with a link has laid out only its
// answer box when it shows the verdict (the form, the explanations and the
// footer wait: the first layout needs fewer fonts, make bench), and shows
// all of itself once the verdict has been painted. Without a link the form
// is shown from the start.
func TestFirstScreenFirst(t *testing.T) {
	needBrowser(t)
	links := pageFirstScreenLinks(t)
	const shown = `['header', '#verdict', '#inputs', 'footer', '.explain'].filter((sel) => document.querySelector(sel).checkVisibility())`
	// What is shown when the page marks its verdict.
	const atVerdict = `(() => {
		const mark = performance.mark.bind(performance);
		performance.mark = (name, ...rest) => {
			if (name === 'pfcheck:verdict') window.shownAtVerdict = ` + shown + `;
			return mark(name, ...rest);
		};
	})()`
	for _, name := range []string{"check", "dice", "shoe", "games"} {
		t.Run(name, func(t *testing.T) {
			tb := newTab(t)
			if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: atVerdict}); err != nil {
				t.Fatal(err)
			}
			tb.navigate(pageURLs("de", name)["http"] + links[name].match)
			if tb.waitSelfTest() != "pass" {
				t.Fatal("self-test failed")
			}
			tb.waitVerdict()
			if got := eval[[]string](tb, `window.shownAtVerdict`); !slices.Equal(got, []string{"header", "#verdict"}) {
				t.Errorf("shown when the verdict was: %q, want the header and the verdict only", got)
			}
			if got := eval[[]string](tb, shown); len(got) != 5 {
				t.Errorf("shown after the verdict: %q, want all", got)
			}
			without := open(t, pageURLs("de", name)["http"])
			if got := eval[[]string](without, shown); len(got) != 5 {
				t.Errorf("shown without a link: %q, want all", got)
			}
		})
	}
}

// TestInputsSummarySaysWhatItDoes: the folded form's summary offers to show
// the inputs while they are hidden and to hide them while they are shown.
func TestInputsSummarySaysWhatItDoes(t *testing.T) {
	needBrowser(t)
	for _, lang := range lastLanguage {
		words := pageWords(t, "check", lang)
		summary := func(tb *tab) string {
			return eval[string](tb, `document.querySelector('#inputs > summary').innerText`)
		}
		tb := open(t, pageURLs(lang, "check")["http"]+matchLink(t).Link)
		if got := summary(tb); got != words["inputs.summary"] {
			t.Errorf("%s, folded: %q, want %q", lang, got, words["inputs.summary"])
		}
		if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#inputs > summary`))); err != nil {
			t.Fatal(err)
		}
		if got := summary(tb); got != words["inputs.summary-open"] {
			t.Errorf("%s, unfolded: %q, want %q", lang, got, words["inputs.summary-open"])
		}
		if got := summary(open(t, pageURLs(lang, "check")["http"])); got != words["inputs.summary-open"] {
			t.Errorf("%s, without a link: %q, want %q", lang, got, words["inputs.summary-open"])
		}
	}
}

// TestAnchorIsNoLink: a fragment without a key=value pair (#main, the skip
// link's target, which a bookmark may keep) is no match: every page opens
// as without a link, with no verdict, its form unfolded, all of it shown.
func TestAnchorIsNoLink(t *testing.T) {
	needBrowser(t)
	// Each page once, the two anchors in turn.
	for i, name := range []string{"check", "dice", "shoe", "games"} {
		fragment := []string{"#main", "#verdict"}[i%2]
		tb := open(t, pageURLs("de", name)["http"]+fragment)
		if got := tb.status(); got != "" {
			t.Errorf("%s%s: verdict %q (%s), want none", name, fragment, got, eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`))
		}
		if !eval[bool](tb, `document.getElementById('inputs').open && !('firstScreen' in document.documentElement.dataset)`) {
			t.Errorf("%s%s: the form folded or the page not all shown", name, fragment)
		}
		tb.clean(pageURLs("de", name)["http"])
	}
}

func containsString(list []string, s string) bool {
	for _, item := range list {
		if item == s {
			return true
		}
	}
	return false
}

// TestVerdictLinksLeadThere: the verdict's link to the first difference
// brings that roll, card or tile into view and focuses it, the fragment (the
// match) untouched; an invalid verdict's link focuses the field.
func TestVerdictLinksLeadThere(t *testing.T) {
	needBrowser(t)
	links := pageFirstScreenLinks(t)
	targets := map[string]string{
		"check": `[data-roll-index="37"]`, "dice": `[data-game="1"][data-roll-index="5"]`,
		"shoe": `[data-shoe] [data-index="10"]`, "games": `[data-kind=draws][data-index="5"]`,
	}
	for page, target := range targets {
		t.Run(page, func(t *testing.T) {
			base := pageURLs("de", page)["http"]
			tb := openSized(t, base+links[page].mismatch, 360, 800)
			if got := eval[string](tb, `document.querySelector('`+target+`').dataset.status`); got != "mismatch" {
				t.Fatalf("the changed item is %q", got)
			}
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#verdict [data-verdict-text] a:last-of-type`))); err != nil {
				t.Fatal(err)
			}
			tb.poll(`document.activeElement === document.querySelector('` + target + `')`)
			inView := eval[bool](tb, `(() => { const r = document.querySelector('`+target+`').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`)
			if !inView {
				t.Error("the changed item is not in view after following the verdict's link")
			}
			if got := eval[string](tb, `location.hash`); got != links[page].mismatch {
				t.Error("following the verdict's link changed the fragment")
			}

			tb.goTo(links[page].invalid)
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#verdict [data-verdict-problems] a`))); err != nil {
				t.Fatal(err)
			}
			tb.poll(`document.activeElement.matches('input, textarea, select') && document.activeElement.closest('.field').querySelector('.error').textContent !== ''`)
			tb.clean(base)
		})
	}
}

// TestWrongSealIsMarked: a seal that does not fit its seed is a mismatch in
// colour and words, and its first differing hex digit is marked.
func TestWrongSealIsMarked(t *testing.T) {
	needBrowser(t)
	link := matchLink(t).Link
	i := strings.Index(link, "&c=") + 3 + 9 // the tenth digit
	digit := "0"
	if link[i] == '0' {
		digit = "1"
	}
	tb := open(t, pageURLs("fi", "check")["http"]+link[:i]+digit+link[i+1:])
	if got := tb.status(); got != "mismatch" {
		t.Fatalf("status %s", got)
	}
	marks := eval[[]string](tb, `[...document.querySelectorAll('[data-result] mark.diff')].map((m) => m.dataset.firstDifference + m.textContent)`)
	if len(marks) != 2 || marks[0] != "10"+link[i:i+1] || marks[1] != "10"+digit {
		t.Errorf("marked digits %q, want the tenth of each seal", marks)
	}
	if got := eval[string](tb, `document.querySelector('[data-seal-verdict]').className`); got != "differs" {
		t.Errorf("the seal's verdict is shown as %q", got)
	}
	words := pageWords(t, "check", "fi")
	if got := eval[string](tb, `document.querySelector('[data-verdict-text] a').textContent`); got != words["msg.verdict.mismatch-seal"] {
		t.Errorf("the verdict links %q, want the wrong seal", got)
	}
}

// TestMismatchSaysWhomToTell: a mismatch says what it means (its
// diagnosis, testdata/diagnosis.md) and names the contact the page was
// built with as a link (make build SUPPORT=…), whose mail carries the
// diagnosis and the link, and the app's support without one.
func TestMismatchSaysWhomToTell(t *testing.T) {
	needBrowser(t)
	words := pageWords(t, "check", "de")
	link := changeRoll(t, matchLink(t).Link, 3)
	tb := open(t, pageURLs("de", "check")["file"]+link)
	codes := strings.NewReplacer("{codes}", "substituted").Replace(words["msg.report.codes"])
	if got := eval[string](tb, `document.querySelector('[data-verdict-report]').textContent`); got != words["msg.report.app"]+" "+codes {
		t.Errorf("without a contact: %q", got)
	}
	if got := eval[string](tb, `document.getElementById('verdict').dataset.diagnosis`); got != "substituted" {
		t.Errorf("data-diagnosis %q", got)
	}
	shape := strings.SplitN(words["msg.diagnosis.shape"], "{", 2)[0]
	if got := eval[string](tb, `document.querySelector('[data-verdict-diagnosis]').textContent`); !strings.HasPrefix(got, shape) || !strings.Contains(got, "3") {
		t.Errorf("the diagnosis says %q", got)
	}
	html, err := os.ReadFile(filepath.Join(distDir, "de", "check", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, contact := range []string{"mailto:fair@example.org", "https://example.org/report"} {
		page := strings.Replace(string(html), `<body data-page="check">`, `<body data-page="check" data-support="`+contact+`">`, 1)
		file := filepath.Join(t.TempDir(), "index.html")
		if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		tb := open(t, "file://"+file+link)
		// A mail's body: the diagnosis, then the page's link.
		got := eval[[]string](tb, `(() => {
			const a = document.querySelector('[data-verdict-report] a');
			const [to, body = ''] = a.getAttribute('href').split('?body=');
			return [to, a.textContent, decodeURIComponent(body) === (to.startsWith('mailto:') ? 'substituted\n' + location.href : '') ? 'body ok' : body];
		})()`)
		label := strings.TrimPrefix(strings.TrimPrefix(contact, "mailto:"), "https://")
		if got[0] != contact || got[1] != label || got[2] != "body ok" {
			t.Errorf("%s: the report links %q", contact, got)
		}
		tb.clean("file://" + file)
	}
}

// TestLandingPageSendsEveryLink: the root page opens each page's link on
// that page, from file:// and served.
func TestLandingPageSendsEveryLink(t *testing.T) {
	needBrowser(t)
	for page, l := range pageFirstScreenLinks(t) {
		for mode, root := range map[string]string{"file": "file://" + filepath.Join(distDir, "index.html"), "http": server.URL + "/"} {
			tb := navigate(t, root+l.match)
			tb.poll(`document.body?.dataset.page === '` + page + `' && document.querySelector('[data-selftest]')?.dataset.selftest === 'pass'`)
			tb.waitVerdict()
			if got := tb.status(); got != "match" {
				t.Errorf("%s %s: status %s", mode, page, got)
			}
		}
	}
}

// TestLinkOfAnotherPage: a page sent another page's link passes it on when
// served, and in a saved file says which page reads it, never the field
// problems of a format it is not.
func TestLinkOfAnotherPage(t *testing.T) {
	needBrowser(t)
	links := pageFirstScreenLinks(t)
	for i, c := range []struct{ on, link string }{{"check", "shoe"}, {"shoe", "games"}, {"games", "dice"}, {"dice", "check"}} {
		// Passing a link on is common.js's, before any page's own script:
		// two pages show it; each page's own words for a saved file follow.
		if i%2 == 0 {
			served := navigate(t, pageURLs("el", c.on)["http"]+links[c.link].match)
			served.poll(`document.body?.dataset.page === '` + c.link + `' && document.getElementById('verdict').dataset.status === 'match'`)
		}

		file := open(t, pageURLs("el", c.on)["file"]+links[c.link].match)
		if got := file.status(); got != "elsewhere" {
			t.Errorf("%s page, saved, a %s link: status %s", c.on, c.link, got)
		}
		words := pageWords(t, c.on, "el")
		if got, want := eval[string](file, `document.querySelector('[data-verdict-text]').textContent`), diceFill(words["msg.link.elsewhere"], "page", words["msg.page."+c.link]); got != want {
			t.Errorf("%s page, a %s link: %q, want %q", c.on, c.link, got, want)
		}
		if got := eval[string](file, `[...document.querySelectorAll('[data-error-for]')].map((e) => e.textContent).join('')`); got != "" {
			t.Errorf("%s page, a %s link: field problems %q", c.on, c.link, got)
		}
	}
}

// TestSavedFileHasNoDeadLinks: a page downloaded from the site links the
// other languages and pages at that site; a file that says nothing of where
// it came from hides those links.
func TestSavedFileHasNoDeadLinks(t *testing.T) {
	needBrowser(t)
	link := matchLink(t).Link
	pageLinks := `[...document.querySelectorAll('a[data-page-link]')].map((a) => a.hidden ? 'hidden' : a.href)`

	built := open(t, pageURLs("el", "check")["file"]+link)
	for _, href := range eval[[]string](built, pageLinks) {
		if href != "hidden" {
			t.Errorf("a file with no site links to %s", href)
		}
	}

	tb := open(t, pageURLs("el", "check")["http"]+link)
	file := tb.download(`[data-download]`, "pfcheck-el-check.html")
	saved := open(t, (&url.URL{Scheme: "file", Path: file}).String()+link)
	hrefs := eval[[]string](saved, pageLinks)
	if len(hrefs) < len(Languages)+len(Pages) {
		t.Fatalf("the saved page has %d page links", len(hrefs))
	}
	for _, href := range hrefs {
		if !strings.HasPrefix(href, server.URL+"/") {
			t.Errorf("the saved page links %s, not the site it came from", href)
		}
	}
	if got := eval[string](saved, `document.querySelector('a[hreflang=fi]').href`); got != server.URL+"/fi/check/index.html"+link {
		t.Errorf("the saved page's Finnish link is %s", got)
	}
}

// longMatchLinks are a 10,000-roll match (the most a dice link carries) and
// a whole recorded 8-deck shoe.
func longMatchLinks(t *testing.T) map[string]string {
	t.Helper()
	real, err := url.ParseQuery(strings.TrimPrefix(matchLink(t).Link, "#"))
	if err != nil {
		t.Fatal(err)
	}
	seed, err := hex.DecodeString(real.Get("s"))
	if err != nil {
		t.Fatal(err)
	}
	roller := dice.NewRoller(seed, strings.Split(real.Get("p"), ","))
	var rolls strings.Builder
	for n := 1; n <= 10000; n++ {
		r := roller.Roll(n)
		fmt.Fprintf(&rolls, "%d%d", r[0], r[1])
	}
	checkLink := fmt.Sprintf("#v=1&s=%s&c=%s&p=%s&r=%s", real.Get("s"), real.Get("c"), real.Get("p"), rolls.String())

	shoe := shoeCaseNamed(t, "decks8-pen0.7")
	record := map[string]any{}
	for k, v := range shoe.Record {
		record[k] = v
	}
	var cards []any
	for _, c := range shoe.Expect.Cards {
		cards = append(cards, c)
	}
	record["cards"] = cards
	return map[string]string{"check": checkLink, "shoe": mustShoeLink(t, record)}
}

// TestLongMatchStaysResponsive: the verdict of a 10,000-roll match and of
// an 8-deck shoe is shown before their rows are drawn, and the match's rows
// are drawn in slices with the page's other tasks between them: a chain of
// tasks started at the verdict sees the rows part drawn. It asserts the
// order of tasks, not their time (which a loaded machine stretches); the
// time is make bench's.
func TestLongMatchStaysResponsive(t *testing.T) {
	needBrowser(t)
	for name, link := range longMatchLinks(t) {
		t.Run(name, func(t *testing.T) {
			seen := rowsSeenAfterVerdict(t, pageURLs("de", name)["http"]+link)
			atVerdict, drawn := seen[0], seen[len(seen)-1]
			if atVerdict >= drawn {
				t.Fatalf("the verdict came after the rows: %d rows at the verdict, %d in all", atVerdict, drawn)
			}
			if name != "check" { // a shoe's 416 rows may fit one slice
				return
			}
			for _, rows := range seen[1:] {
				if rows > atVerdict && rows < drawn {
					return
				}
			}
			t.Errorf("no task ran while the rows were drawn: rows seen by each task from the verdict on: %v", seen)
		})
	}
}

// rowsSeenAfterVerdict opens url and returns the number of rows (a table's,
// or the shoe's cards) at the verdict and then as seen by each task of a
// chain, queued one after another from the verdict until the page says all
// is drawn.
func rowsSeenAfterVerdict(t *testing.T, url string) []int {
	tb := newTab(t)
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.rowsSeen = [];
		const mark = performance.mark.bind(performance);
		performance.mark = (name, ...rest) => {
			if (name === 'pfcheck:verdict') {
				const rows = () => document.querySelectorAll('[data-rolls] tbody tr, [data-shoe] li[data-index]').length;
				window.rowsSeen.push(rows());
				const look = () => {
					window.rowsSeen.push(rows());
					if (document.getElementById('verdict').dataset.drawn === 'true') window.rowsDone = true;
					else setTimeout(look);
				};
				setTimeout(look);
			}
			return mark(name, ...rest);
		};`,
	}); err != nil {
		t.Fatal(err)
	}
	tb.navigate(url)
	if tb.waitSelfTest() != "pass" {
		t.Fatal("self-test failed")
	}
	tb.waitVerdict()
	if got := tb.status(); got != "match" {
		t.Fatalf("status %s", got)
	}
	tb.poll(`window.rowsDone === true`)
	return eval[[]int](tb, `window.rowsSeen`)
}

// TestPhoneLayout: at 360 px nothing is wider than the screen, no word in a
// roll table is broken across lines and no table is wider than its block
// (which clips what sticks out), the language links and every control are
// at least 24×24 px, and a skip link leads to the main content.
func TestPhoneLayout(t *testing.T) {
	needBrowser(t)
	links := pageFirstScreenLinks(t)
	for _, pl := range pagesAndLanguages("check", "dice", "shoe", "games") {
		page, lang := pl.page, pl.lang
		tb := openSized(t, pageURLs(lang, page)["http"]+links[page].mismatch, 360, 800)
		eval[bool](tb, `(document.getElementById('inputs').open = true)`)
		if width := eval[int](tb, `document.documentElement.scrollWidth`); width > 360 {
			t.Errorf("%s/%s: the page is %d px wide on a 360 px screen", page, lang, width)
		}
		wide := eval[[]string](tb, `[...document.querySelectorAll('main table')]
			.filter((table) => table.getBoundingClientRect().right > document.documentElement.clientWidth || table.scrollWidth > table.parentElement.clientWidth)
			.map((table) => (table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? table.className) + ' ' + Math.round(table.getBoundingClientRect().width) + ' px')`)
		if len(wide) > 0 {
			t.Errorf("%s/%s: tables wider than the screen: %q", page, lang, wide)
		}
		broken := eval[[]string](tb, `(() => {
			const broken = [];
			for (const cell of document.querySelectorAll('.rolls th, .rolls td')) {
				const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
				for (let n = walker.nextNode(); n; n = walker.nextNode()) {
					for (const m of n.textContent.matchAll(/\S+/g)) {
						const r = document.createRange();
						r.setStart(n, m.index);
						r.setEnd(n, m.index + m[0].length);
						if (r.getClientRects().length > 1) broken.push(m[0]);
					}
				}
			}
			return [...new Set(broken)];
		})()`)
		if len(broken) > 0 {
			t.Errorf("%s/%s: words broken in the roll tables: %q", page, lang, broken)
		}
		small := eval[[]string](tb, `[...document.querySelectorAll('button, input, select, textarea, summary, nav a, #verdict a')]
			.filter((e) => e.checkVisibility() && getComputedStyle(e).opacity !== '0')
			.map((e) => [e, e.getBoundingClientRect()])
			.filter(([, r]) => r.width < 24 || r.height < 24)
			.map(([e, r]) => (e.id || e.name || e.textContent.trim().slice(0, 20)) + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`)
		if len(small) > 0 {
			t.Errorf("%s/%s: controls smaller than 24×24 px: %q", page, lang, small)
		}
		if got := eval[string](tb, `document.querySelector('a.skip')?.getAttribute('href') ?? ''`); got != "#main" {
			t.Errorf("%s/%s: skip link to %q", page, lang, got)
		}
	}
}

// TestTypedProblems: typed input with many problems gets them all at once,
// each next to its field and listed in the verdict, which still fits a
// phone's first screen, names each field as its label shows it and claims
// no calculation. Before, one problem in the check page's rolls hid the
// others, the shoe's links read "Server-SeedTurnier-Seed", and an invalid
// verdict said it was recomputed by the self-tested verifier.
func TestTypedProblems(t *testing.T) {
	needBrowser(t)
	for _, c := range []struct {
		page, mode, text string
		fields           map[string]string
		want             []string // fields with a problem
	}{
		{"check", "", "", map[string]string{"serverSeed": "zz!", "seal": "12", "clientSeeds": "", "count": "abc", "rolls": "7-7"},
			[]string{"serverSeed", "seal", "clientSeeds", "count", "rolls"}},
		{"shoe", "round", "x!", nil, nil},
	} {
		for _, lang := range oneLanguage {
			t.Run(c.page+"/"+lang, func(t *testing.T) {
				tb := openSized(t, pageURLs(lang, c.page)["http"], 360, 800)
				tb.submitForm(c.page, c.mode, c.text, c.fields)
				got := eval[struct {
					Status         string
					Slots, Listed  []string
					Labels         []string
					Top, Bottom    float64
					Screen         float64
					CheckedByShown bool
				}](tb, `(() => {
					const v = document.getElementById('verdict');
					const r = v.getBoundingClientRect();
					return { status: v.dataset.status,
						slots: [...document.querySelectorAll('[data-error-for]')].filter((s) => s.textContent).map((s) => s.dataset.errorFor),
						listed: [...v.querySelectorAll('[data-verdict-problems] li')].map((li) => li.textContent),
						labels: [...v.querySelectorAll('[data-verdict-problems] a')].map((a) => {
							const field = document.querySelector(a.getAttribute('href'));
							return a.textContent === field.querySelector('label, .label').innerText.trim() ? '' : a.textContent;
						}).filter(Boolean),
						top: r.top, bottom: r.bottom, screen: innerHeight,
						checkedByShown: !v.querySelector('[data-verdict-selftest]').hidden };
				})()`)
				if got.Status != "invalid" {
					t.Fatalf("status %q", got.Status)
				}
				for _, f := range c.want {
					if !slices.Contains(got.Slots, f) {
						t.Errorf("no problem next to %s; problems at %q", f, got.Slots)
					}
				}
				if len(got.Listed) < max(len(c.want), 3) {
					t.Errorf("the verdict lists %q", got.Listed)
				}
				if len(got.Labels) > 0 {
					t.Errorf("the verdict names fields otherwise than their labels show them: %q", got.Labels)
				}
				if got.Top < 0 || got.Bottom > got.Screen {
					t.Errorf("the verdict spans %.0f to %.0f px of a %.0f px screen", got.Top, got.Bottom, got.Screen)
				}
				if got.CheckedByShown {
					t.Error("an invalid verdict says it was recomputed by the self-tested verifier")
				}
			})
		}
	}
}

// TestDiagnosisNamesTheSlip: a record an app made with a slip of the
// formula (testdata/diagnosis/cases.json) is a mismatch on its page, whose
// verdict names the slip in the page's words and carries its code.
func TestDiagnosisNamesTheSlip(t *testing.T) {
	needBrowser(t)
	data, err := os.ReadFile("../testdata/diagnosis/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name   string         `json:"name"`
			Record map[string]any `json:"record"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{
		"dice_v1/numbered-from-0": "check", "dice_v2/seeds-swapped": "dice",
		"shoe_v1/reversed": "shoe", "match_seed_v2/seeds-unlabelled": "games",
	}
	words := pageWords(t, "check", "en")
	for _, c := range file.Cases {
		page := pages[c.Name]
		if page == "" {
			continue
		}
		fragment := verify.FormatLink(c.Record)
		if fragment == "" {
			t.Fatalf("%s: no link", c.Name)
		}
		code := strings.SplitN(c.Name, "/", 2)[1]
		tb := open(t, pageURLs("en", page)["http"]+"#"+fragment)
		if got := tb.status(); got != "mismatch" {
			t.Errorf("%s: status %s", c.Name, got)
		}
		if got := eval[string](tb, `document.getElementById('verdict').dataset.diagnosis`); got != code {
			t.Errorf("%s: data-diagnosis %q", c.Name, got)
		}
		phrase := words["msg.diagnosis."+c.Record["scheme"].(string)+"."+code]
		if phrase == "" {
			phrase = words["msg.diagnosis."+code]
		}
		if got := eval[string](tb, `document.querySelector('[data-verdict-diagnosis]').textContent`); !strings.Contains(got, phrase) {
			t.Errorf("%s: the diagnosis says %q, not %q", c.Name, got, phrase)
		}
		tb.clean(pageURLs("en", page)["http"])
	}
}
