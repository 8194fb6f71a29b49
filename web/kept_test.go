package web

import (
	"maps"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// My checked matches (kept.js, the audit page's "my checked matches").

// keptLinks are the links of the matches kept on the tab's origin, in the
// order they were checked.
func (tb *tab) keptLinks() []string {
	tb.t.Helper()
	return await[[]string](tb, `keptMatches().then((all) => all.map((m) => m.link))`)
}

func (tb *tab) click(selector string) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(selector))); err != nil {
		tb.t.Fatalf("click %s: %v", selector, err)
	}
}

// keptItem is a [data-kept-match] of the audit page: its status, page,
// link and the start of its server seed, which tells matches of one minute
// apart.
type keptItem struct {
	Status string `json:"status"`
	Page   string `json:"page"`
	Href   string `json:"href"`
	Seed   string `json:"seed"`
}

func (tb *tab) keptItems() []keptItem {
	return eval[[]keptItem](tb, `[...document.querySelectorAll('[data-kept-match]')].map((e) => ({
		status: e.dataset.status, page: e.dataset.page, href: e.querySelector('a[data-kept-open]').href,
		seed: e.querySelector('[data-kept-seed]')?.textContent ?? '' }))`)
}

// seedStart is how a kept match shows its link's server seed (s=…).
func seedStart(t *testing.T, link string) string {
	t.Helper()
	fields, err := url.ParseQuery(strings.TrimPrefix(link, "#"))
	if err != nil || len(fields.Get("s")) < 8 {
		t.Fatalf("no server seed in %s: %v", link, err)
	}
	return fields.Get("s")[:8] + "…"
}

// auditStats are the figures of the audit page's dice statistics.
func (tb *tab) auditStats() map[string]string {
	return eval[map[string]string](tb, `({...document.querySelector('[data-audit-stats]').dataset})`)
}

// TestKeptMatches: with the switch off nothing is kept; once on (and
// remembered on another page) three matches checked on two pages are kept,
// each with the SHA-256 of the verifier that checked it,
// and the audit page, offline, lists them, audits them as the file it
// exports is audited, opens each, and forgets one, then all.
func TestKeptMatches(t *testing.T) {
	ctx := isolatedBrowser(t)
	s := serveSite(t, distDir, "127.0.0.1:0")
	match, mismatch := matchLink(t), mismatchLink(t)
	v2, v2Other := diceV2Case1(t, "link-r1000-alice-bob"), diceV2Case1(t, "link-ab-c")

	checkURL := s.url() + "/de/check/"
	check := openIn(ctx, t, checkURL+match.Link)
	if !eval[bool](check, `!document.querySelector('[data-keep-switch]').hidden && !document.querySelector('[data-keep]').checked`) {
		t.Fatal("check page: the switch is not shown, or is on before the player turned it on")
	}
	if got := check.keptLinks(); len(got) != 0 {
		t.Fatalf("kept with the switch off: %q", got)
	}
	check.click(`[data-keep]`) // keeps the verdict on screen
	check.poll(`keptMatches().then((all) => all.length === 1)`)
	check.goTo(mismatch.Link)
	check.poll(`keptMatches().then((all) => all.length === 2)`)
	// Each records the verifier that checked it: the SHA-256 the foot shows.
	if got := await[[]string](check, `keptMatches().then((all) => all.map((m) => m.verifier))`); len(got) != 2 || got[0] != check.footerSHA256() || got[1] != got[0] || len(got[0]) != 64 {
		t.Errorf("kept matches' verifiers %q, want the footer's %s", got, check.footerSHA256())
	}
	if got, want := eval[string](check, `document.querySelector('[data-keep-status]').textContent`), pageWords(t, "check", "de")["msg.keep.kept"]; got != want {
		t.Errorf("check page says %q, want %q", got, want)
	}
	check.waitWorker()

	dice := openIn(ctx, t, s.url()+"/el/dice/"+v2.Link)
	if !eval[bool](dice, `document.querySelector('[data-keep]').checked`) {
		t.Error("dice page: the choice to keep was not remembered")
	}
	dice.poll(`keptMatches().then((all) => all.length === 3)`)
	dice.click(`[data-keep]`)
	dice.diceGoTo(v2Other.Link)
	want := []string{checkURL + match.Link, checkURL + mismatch.Link, s.url() + "/el/dice/" + v2.Link}
	if got := dice.keptLinks(); !slices.Equal(got, want) {
		t.Errorf("kept %q,\nwant %q", got, want)
	}
	check.clean(checkURL)
	dice.clean(s.url() + "/el/dice/")

	// Offline, from the service worker, which keeps the pages opened
	// online: the audit page and those its matches open, in its language.
	auditURL := s.url() + "/fi/audit/"
	for _, url := range []string{auditURL, s.url() + "/fi/check/", s.url() + "/fi/dice/"} {
		openIn(ctx, t, url).waitKept()
	}
	_, release := s.stop()
	defer release()
	audit := navigateIn(ctx, t, auditURL, offline()...)
	audit.poll(`document.querySelector('[data-audit-summary]')?.dataset.state === 'done'`)
	items := audit.keptItems()
	// Each opens its match in the audit page's language.
	inFinnish := func(page, link string) string { return s.url() + "/fi/" + page + "/index.html" + link }
	wantItems := []keptItem{{"match", "check", inFinnish("check", match.Link), seedStart(t, match.Link)},
		{"mismatch", "check", inFinnish("check", mismatch.Link), seedStart(t, mismatch.Link)}, {"match", "dice", inFinnish("dice", v2.Link), seedStart(t, v2.Link)}}
	if !slices.Equal(items, wantItems) {
		t.Errorf("kept matches listed %v,\nwant %v", items, wantItems)
	}
	axe, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make test installs it with npm ci in web/): %v", err)
	}
	checkAccessibility(t, audit, axe, "audit/fi with kept matches")
	checkAccessibility(t, dice, axe, "dice/el with the switch on")
	summary := audit.summary()
	if summary["records"] != "3" || summary["match"] != "2" || summary["mismatch"] != "1" {
		t.Errorf("summary of the kept matches: %v", summary)
	}
	words := pageWords(t, "audit", "fi")
	report := `document.querySelector('[data-verdict-report]').textContent`
	if got := eval[string](audit, report); got != words["msg.audit.kept.report.app"] {
		t.Errorf("the kept matches' mismatch says %q, want %q", got, words["msg.audit.kept.report.app"])
	}
	stats := audit.auditStats()
	rolls := len(match.rolls()) + len(mismatch.rolls()) + len(v2.rows())
	if stats["rolls"] != strconv.Itoa(rolls) {
		t.Errorf("statistics of %s rolls, want %d", stats["rolls"], rolls)
	}

	file := audit.download(`[data-kept-export]`, "pfcheck-my-matches-fi.txt")
	exported, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(exported); got != strings.Join(want, "\n")+"\n" {
		t.Errorf("exported %q", got)
	}
	audit.auditFile(file)
	if got := audit.summary(); got["records"] != summary["records"] || got["mismatch"] != summary["mismatch"] {
		t.Errorf("the exported file audits as %v, the kept matches as %v", got, summary)
	}
	if got := audit.auditStats(); !maps.Equal(got, stats) {
		t.Errorf("the exported file's statistics %v, the kept matches' %v", got, stats)
	}
	if got := eval[string](audit, report); got != words["msg.report.app"] {
		t.Errorf("the file's mismatch says %q, want %q", got, words["msg.report.app"])
	}

	for i, item := range items {
		opened := openIn(ctx, t, item.Href, offline()...)
		if got := opened.status(); got != item.Status {
			t.Errorf("kept match %d opens as %s, listed as %s", i+1, got, item.Status)
		}
	}

	// The answer at the top is the kept matches' again, and follows a forgetting.
	audit.click(`[data-kept-audit]`)
	audit.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done' && document.querySelector('[data-audit-summary]').dataset.records === '3'`)
	audit.click(`[data-kept-match]:nth-child(2) [data-forget]`)
	audit.poll(`document.querySelectorAll('[data-kept-match]').length === 2`)
	audit.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done' && document.querySelector('[data-audit-summary]').dataset.records === '2'`)
	if got := audit.keptLinks(); !slices.Equal(got, []string{want[0], want[2]}) {
		t.Errorf("after forgetting the second: kept %q", got)
	}
	audit.click(`[data-forget-all]`)
	audit.poll(`document.querySelectorAll('[data-kept-match]').length === 0`)
	if got := audit.keptLinks(); len(got) != 0 {
		t.Errorf("after forgetting all: kept %q", got)
	}
	if got, want := eval[string](audit, `document.querySelector('[data-verdict-text]').textContent`), words["msg.audit.kept.forgotAll"]; got != want {
		t.Errorf("after forgetting all the page says %q, want %q", got, want)
	}
	audit.clean(auditURL)
}

// TestKeptNothingFromFile: a page opened from a file (the saved or
// downloaded checker) offers no switch and keeps nothing, even where the
// choice to keep was made.
func TestKeptNothingFromFile(t *testing.T) {
	ctx := isolatedBrowser(t)
	fileURL := pageURLs("fi", "check")["file"]
	tb := openIn(ctx, t, fileURL+matchLink(t).Link)
	eval[bool](tb, `(localStorage.setItem('pfcheck.keep', 'on'), true)`)
	tb.goTo(mismatchLink(t).Link)
	if !eval[bool](tb, `document.querySelector('[data-keep-switch]').hidden`) {
		t.Error("a page from a file offers to keep its matches")
	}
	if got := await[[]string](tb, `indexedDB.databases().then((all) => all.map((d) => d.name))`); len(got) != 0 {
		t.Errorf("a page from a file made the databases %q", got)
	}
	audit := openIn(ctx, t, pageURLs("fi", "audit")["file"])
	if !eval[bool](audit, `document.querySelector('[data-kept-matches]').hidden`) {
		t.Error("the audit page from a file shows kept matches")
	}
	tb.clean(fileURL)
	audit.clean(pageURLs("fi", "audit")["file"])
}

// mismatchLink returns a link case that checks as a mismatch of its rolls.
func mismatchLink(t *testing.T) diceCase {
	for _, c := range diceCases(t) {
		if c.Link != "" && c.Expect.Status == "mismatch" && len(c.rolls()) > 0 {
			return c
		}
	}
	t.Fatal("no mismatch link with rolls in the vectors")
	return diceCase{}
}
