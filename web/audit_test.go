package web

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The audit page, tested with the season of testdata/gen/audit.mjs: what
// the generator says an audit of it reports is what the page shows.

const seasonDir = "../testdata/audit"

// season is what the generator says of testdata/audit/season.txt.
type season struct {
	Lines    int                       `json:"lines"`
	Records  int                       `json:"records"`
	Status   map[string]int            `json:"status"`
	Schemes  map[string]map[string]int `json:"schemes"`
	Problems []auditLine               `json:"problems"`
	Stats    map[string]any            `json:"statistics"`
	// Diagnoses counts the mismatches by the slips that explain them.
	Diagnoses map[string]int `json:"diagnoses"`
	Warnings  []struct {
		Code  string `json:"code"`
		Count int    `json:"count"`
	} `json:"warnings"`
}

// auditLine is a listed line as the generator expects it and as the page
// shows it ([data-audit-line]'s attributes).
type auditLine struct {
	Line   int    `json:"line"`
	Item   int    `json:"item"`
	Status string `json:"status"`
	Scheme string `json:"scheme"`
	Kind   string `json:"kind"`
	At     int    `json:"at"`
	Field  string `json:"field"`
	Code   string `json:"code"`
}

func (l *auditLine) UnmarshalJSON(data []byte) error {
	type plain auditLine
	var v struct {
		plain
		Difference *struct {
			Kind string `json:"kind"`
			At   int    `json:"at"`
		} `json:"difference"`
		Error *struct {
			Field string `json:"field"`
			Code  string `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*l = auditLine(v.plain)
	if d := v.Difference; d != nil {
		l.Kind, l.At = d.Kind, d.At
	}
	if e := v.Error; e != nil {
		l.Field, l.Code = e.Field, e.Code
	}
	return nil
}

func loadSeason(t testing.TB) (path string, s season) {
	t.Helper()
	path, _ = filepath.Abs(filepath.Join(seasonDir, "season.txt"))
	data, err := os.ReadFile(filepath.Join(seasonDir, "season.expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return path, s
}

// openAudit opens the audit page and waits for its self-test to pass.
func openAudit(t testing.TB, url string) *tab {
	t.Helper()
	tb := navigate(t, url)
	if got := tb.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	return tb
}

// auditFile chooses file in the file input, starts the audit and waits for
// its end; it records every data-done the progress shows in window.doneSeen.
func (tb *tab) auditFile(file string) {
	tb.t.Helper()
	eval[bool](tb, `(window.doneSeen = [], new MutationObserver(() => doneSeen.push(+document.querySelector('[data-audit-progress]').dataset.done))
		.observe(document.querySelector('[data-audit-progress]'), { attributes: true, attributeFilter: ['data-done'] }), true)`)
	if err := chromedp.Do(tb.ctx,
		chromedp.SetUploadFiles(chromedp.CSS(`[data-audit-file]`), []string{file}),
		chromedp.Click(chromedp.CSS(`[data-audit-start]`)),
	); err != nil {
		tb.t.Fatal(err)
	}
	tb.poll(`['done', 'cancelled', 'failed'].includes(document.querySelector('[data-audit-summary]').dataset.state)`)
}

func (tb *tab) auditLines() []auditLine {
	return eval[[]auditLine](tb, `[...document.querySelectorAll('[data-audit-line]')].map((e) => ({
		line: +e.dataset.line, item: +(e.dataset.item ?? 0), status: e.dataset.status, scheme: e.dataset.scheme,
		kind: e.dataset.kind ?? '', at: +(e.dataset.at || 0), field: e.dataset.field ?? '', code: e.dataset.code ?? '' }))`)
}

func (tb *tab) summary() map[string]string {
	return eval[map[string]string](tb, `({...document.querySelector('[data-audit-summary]').dataset})`)
}

// checkSeasonSummary compares the page's summary with the season's, times
// the number of copies of it the audited file held.
func checkSeasonSummary(t *testing.T, tb *tab, s season, copies int) {
	t.Helper()
	got := tb.summary()
	want := map[string]int{"lines": copies * s.Lines, "records": copies * s.Records}
	for k, v := range s.Status {
		want[k] = copies * v
	}
	for k, v := range want {
		if got[k] != fmt.Sprint(v) {
			t.Errorf("summary data-%s = %s, want %d", k, got[k], v)
		}
	}
	// The mismatches by diagnosis, the largest group first.
	keys := slices.Collect(maps.Keys(s.Diagnoses))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(s.Diagnoses[b]-s.Diagnoses[a], strings.Compare(a, b)) })
	var groups []string
	for _, k := range keys {
		groups = append(groups, fmt.Sprintf("%d %s", copies*s.Diagnoses[k], k))
	}
	if want := strings.Join(groups, ", "); got["diagnoses"] != want || len(keys) < 2 {
		t.Errorf("summary data-diagnoses = %q, want %q", got["diagnoses"], want)
	}
}

func TestAuditPage(t *testing.T) {
	needBrowser(t)
	file, s := loadSeason(t)
	for _, lang := range oneLanguage {
		t.Run(lang, func(t *testing.T) {
			pageURL := pageURLs(lang, "audit")["file"]
			tb := openAudit(t, pageURL)
			if checks, want := eval[int](tb, `+document.querySelector('[data-selftest]').dataset.checks`), pageSetSize(t, "audit"); checks != want {
				t.Errorf("self-test ran %d checks, want the page set of every scheme: %d", checks, want)
			}
			tb.auditFile(file)
			if state := tb.summary()["state"]; state != "done" {
				t.Fatalf("audit ended %s", state)
			}
			checkSeasonSummary(t, tb, s, 1)
			if got := eval[string](tb, `document.activeElement.dataset.state ?? ''`); got != "done" {
				t.Errorf("focus is not on the summary when the audit ends")
			}
			size, _ := os.Stat(file)
			if got := eval[[]int](tb, `doneSeen`); len(got) == 0 || got[len(got)-1] != int(size.Size()) {
				t.Errorf("progress showed done %v, want to end at %d", got, size.Size())
			}
			if got := eval[string](tb, `document.querySelector('[data-audit-progress]').dataset.total`); got != fmt.Sprint(size.Size()) {
				t.Errorf("progress total %s, want %d bytes", got, size.Size())
			}

			// The warnings, each with its count and lines, in the page's
			// words; the summary links them.
			var warned []string
			for _, w := range s.Warnings {
				warned = append(warned, fmt.Sprint(w.Code, " ", w.Count))
			}
			if got := eval[[]string](tb, `[...document.querySelectorAll('[data-audit-warnings]:not([hidden]) [data-audit-warning]')].map((li) =>
				li.dataset.code + ' ' + li.dataset.count + (/msg\.|\{|^\s|[^.]$/.test(li.textContent) || !li.querySelector('[data-audit-warning-lines]').textContent ? ' unworded' : ''))`); len(warned) == 0 || fmt.Sprint(got) != fmt.Sprint(warned) {
				t.Errorf("warnings shown %v, want %v, each worded", got, warned)
			}
			if !eval[bool](tb, `!!document.querySelector('#verdict a[data-goto][href="#warnings-title"]')`) {
				t.Errorf("the summary does not link the warnings")
			}

			if got := tb.auditLines(); fmt.Sprint(got) != fmt.Sprint(s.Problems) {
				t.Errorf("listed lines\n%v\nwant\n%v", got, s.Problems)
			}
			for attr, key := range map[string]string{"rolls": "rolls", "doubles": "doubles", "chi2-36": "chiSquare36", "p-36": "p36", "chi2-faces": "chiSquareFaces", "p-faces": "pFaces"} {
				value := eval[string](tb, fmt.Sprintf(`document.querySelector('[data-audit-stats]').getAttribute('data-%s')`, attr))
				var got float64
				fmt.Sscan(value, &got)
				if want, _ := s.Stats[key].(float64); math.Abs(got-want) > 1e-9 {
					t.Errorf("statistics data-%s = %s, generator %v", attr, value, s.Stats[key])
				}
			}
			if n := eval[int](tb, `document.querySelectorAll('[data-audit-heatmap] td[data-roll]').length + document.querySelectorAll('[data-audit-faces] rect[data-face]').length`); n != 42 {
				t.Errorf("%d cells and bars, want 36 + 6", n)
			}

			// The words are the page's, in its language.
			words := pageWords(t, "audit", lang)
			if reading := eval[string](tb, `document.querySelector('[data-audit-reading]').textContent`); reading != words["msg.audit.stats.reading.ok"] {
				t.Errorf("reading %q, want %q", reading, words["msg.audit.stats.reading.ok"])
			}

			// The CSV is the generator's, byte for byte.
			csv, err := os.ReadFile(tb.download(`[data-audit-export-csv]`, "pfcheck-audit-"+lang+".csv"))
			want, _ := os.ReadFile(filepath.Join(seasonDir, "season.expect.csv"))
			if err != nil || string(csv) != string(want) {
				t.Errorf("CSV:\n%s\nwant:\n%s", csv, want)
			}
			// The JSON report is Node's, byte for byte.
			report, err := os.ReadFile(tb.download(`[data-audit-export-json]`, "pfcheck-audit-"+lang+".json"))
			if node := nodeReport(t, file); err != nil || string(report) != node {
				t.Errorf("JSON report differs from web/node/audit.mjs's:\n%.2000s\nNode:\n%.2000s", report, node)
			}

			// From disk the page cannot tell where its site is: it links no
			// other page (TestAuditMatchLinks follows the links served).
			if n := eval[int](tb, `document.querySelectorAll('[data-audit-open]').length`); n != 0 {
				t.Errorf("%d links to pages a page on disk cannot reach", n)
			}
			tb.clean(pageURL)
		})
	}
}

// nodeReport is the JSON report of web/node/audit.mjs for file.
func nodeReport(t *testing.T, file string) string {
	t.Helper()
	cmd := exec.Command("node", "node/audit.mjs", file, "--workers", "2")
	out, err := cmd.Output()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("node web/node/audit.mjs: %v", err)
	}
	return string(out)
}

// TestAuditMatchLinks: a listed line's link opens its match on its page and
// shows the same mismatch; in a copy saved from the site it goes to the
// site, in a copy saved from a page on disk it is not shown, and the line
// offers its link to copy.
func TestAuditMatchLinks(t *testing.T) {
	needBrowser(t)
	file, _ := loadSeason(t)
	served := pageURLs("de", "audit")["http"]
	tb := openAudit(t, served)
	tb.auditFile(file)
	href := eval[string](tb, `document.querySelector('[data-audit-line][data-status=mismatch][data-scheme=dice_v1] [data-audit-open]').href`)
	line := eval[int](tb, `+document.querySelector('[data-audit-line][data-status=mismatch][data-scheme=dice_v1]').dataset.at`)
	check := open(t, href)
	if got := check.status(); got != "mismatch" {
		t.Errorf("%s: status %s", href, got)
	}
	if got := eval[string](check, `[...document.querySelectorAll('[data-roll-index][data-status=mismatch]')].map((e) => e.dataset.rollIndex).join()`); got != fmt.Sprint(line) {
		t.Errorf("%s: rolls %s differ, the audit said %d", href, got, line)
	}

	saved := tb.download(`[data-download]`, "pfcheck-de-audit.html")
	savedURL := (&url.URL{Scheme: "file", Path: saved}).String()
	copyTab := openAudit(t, savedURL)
	copyTab.auditFile(file)
	for _, href := range eval[[]string](copyTab, `[...document.querySelectorAll('[data-audit-open]')].map((a) => a.href)`) {
		if !strings.HasPrefix(href, server.URL+"/de/") {
			t.Errorf("saved copy links to %s, want the site it was saved from", href)
		}
	}
	// A copy saved from a page on disk cannot tell where its pages are.
	fromDisk := openAudit(t, pageURLs("de", "audit")["file"])
	diskCopy := fromDisk.download(`[data-download]`, "pfcheck-de-audit.html")
	last := openAudit(t, (&url.URL{Scheme: "file", Path: diskCopy}).String())
	last.auditFile(file)
	if n := eval[int](last, `document.querySelectorAll('[data-audit-open]').length`); n != 0 {
		t.Errorf("a copy saved from disk shows %d links to pages it does not have", n)
	}
	// It offers each listed line's link to copy instead, to open on a check page.
	if n, want := eval[int](last, `document.querySelectorAll('[data-audit-copy]').length`), eval[int](tb, `document.querySelectorAll('[data-audit-open]').length`); n == 0 || n != want {
		t.Errorf("%d copy buttons, want one per listed line with a link: %d", n, want)
	}
	eval[bool](last, `(window.copied = [], Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t) => { copied.push(t); } } }), true)`)
	if err := chromedp.Do(last.ctx, chromedp.Click(chromedp.CSS(`[data-audit-line][data-line="46"] [data-audit-copy]`))); err != nil {
		t.Fatal(err)
	}
	last.poll(`copied.length > 0`)
	link := eval[string](last, `document.querySelector('[data-audit-line][data-line="46"] [data-audit-copy]').dataset.auditCopy`)
	if got := eval[[]string](last, `copied`); len(got) != 1 || got[0] != link || !strings.HasPrefix(link, "#v=1&") {
		t.Errorf("copied %q, want the line's link %q", got, link)
	}
	if got := eval[string](last, `document.querySelector('[data-copied]').textContent`); got != pageWords(t, "audit", "de")["msg.copy.done"] {
		t.Errorf("after copying: %q", got)
	}
	copyTab.clean(savedURL)
	tb.clean(served)
}

// bigSeason writes the season copies times over into one file.
func bigSeason(t *testing.T, copies int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(seasonDir, "season.txt"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "seasons.txt")
	if err := os.WriteFile(file, []byte(strings.Repeat(string(data), copies)), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestAuditProgressAndCancel: on a file of many batches the progress moves
// through them to the end and the counts add up; cancelling stops the work.
func TestAuditProgressAndCancel(t *testing.T) {
	needBrowser(t)
	_, s := loadSeason(t)
	file := bigSeason(t, 12)
	tb := openAudit(t, pageURLs("fi", "audit")["file"])
	tb.auditFile(file)
	checkSeasonSummary(t, tb, s, 12)
	if seen := eval[[]int](tb, `doneSeen`); len(seen) < 3 {
		t.Errorf("progress showed %v: it should move through the batches", seen)
	}

	long := bigSeason(t, 400)
	eval[bool](tb, `(document.querySelector('[data-audit-progress]').dataset.done = '0', true)`)
	if err := chromedp.Do(tb.ctx,
		chromedp.SetUploadFiles(chromedp.CSS(`[data-audit-file]`), []string{long}),
		chromedp.Click(chromedp.CSS(`[data-audit-start]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.poll(`+document.querySelector('[data-audit-progress]').dataset.done > 0`)
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-cancel]`))); err != nil {
		t.Fatal(err)
	}
	tb.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'cancelled'`)
	stopped := tb.summary()
	words := pageWords(t, "audit", "fi")
	stoppedAt, _, _ := strings.Cut(words["msg.audit.progress.cancelled"], "{percent}")
	if got := eval[string](tb, `document.querySelector('[data-audit-rate]').textContent`); !strings.HasPrefix(got, stoppedAt) || strings.Contains(got, "jäljellä") {
		t.Errorf("after cancelling the progress says %q, want %q…", got, words["msg.audit.progress.cancelled"])
	}
	time.Sleep(time.Second)
	if after := tb.summary(); after["records"] != stopped["records"] || eval[bool](tb, `document.querySelector('[data-audit-cancel]').disabled`) == false {
		t.Errorf("after cancelling: %s records, then %s", stopped["records"], after["records"])
	}
	var records int
	fmt.Sscan(stopped["records"], &records)
	if records >= 400*s.Records {
		t.Errorf("cancelled after all %d records", records)
	}
	tb.clean(pageURLs("fi", "audit")["file"])
}

// TestAuditDropAndPaste: a file dropped on the page is the file to audit;
// without one, the pasted lines are audited; with neither, the page says so
// next to the file field.
func TestAuditDropAndPaste(t *testing.T) {
	needBrowser(t)
	_, s := loadSeason(t)
	season, err := os.ReadFile(filepath.Join(seasonDir, "season.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pageURL := pageURLs("el", "audit")["file"]
	tb := openAudit(t, pageURL)

	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-start]`))); err != nil {
		t.Fatal(err)
	}
	if got, want := eval[string](tb, `document.querySelector('[data-error-for=file]').textContent`), pageWords(t, "audit", "el")["msg.error.file.missing"]; got != want {
		t.Errorf("nothing to audit: %q, want %q", got, want)
	}

	lines := strings.SplitAfter(string(season), "\n")
	pasted := strings.Join(lines[:3], "")
	eval[bool](tb, fmt.Sprintf(`(document.querySelector('[data-audit-text]').value = %s, true)`, jsString(pasted)))
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-start]`))); err != nil {
		t.Fatal(err)
	}
	tb.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done'`)
	if got := tb.summary(); got["lines"] != "3" || got["match"] != "3" {
		t.Errorf("pasted lines: %v", got)
	}

	eval[bool](tb, fmt.Sprintf(`(() => {
		const files = new DataTransfer();
		files.items.add(new File([%s], 'season.txt', { type: 'text/plain' }));
		document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
		return true;
	})()`, jsString(string(season))))
	if got := eval[string](tb, `document.querySelector('[data-audit-file]').files[0]?.name ?? ''`); got != "season.txt" {
		t.Fatalf("dropped file: input holds %q", got)
	}
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-start]`))); err != nil {
		t.Fatal(err)
	}
	tb.poll(`document.querySelector('[data-audit-summary]').dataset.state === 'done' && document.querySelector('[data-audit-summary]').dataset.lines !== '3'`)
	checkSeasonSummary(t, tb, s, 1)
	checkAuditValuesShown(t, tb, lines[0])
	tb.clean(pageURL)
}

// TestAuditAccessibility runs axe-core on the audit page in every language
// after an audit, with every part of its result shown.
func TestAuditAccessibility(t *testing.T) {
	needBrowser(t)
	axe, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make test installs it with npm ci in web/): %v", err)
	}
	file, _ := loadSeason(t)
	for _, lang := range oneLanguage {
		tb := openAudit(t, pageURLs(lang, "audit")["http"])
		tb.auditFile(file)
		checkAccessibility(t, tb, axe, "audit/"+lang)
	}
}

// openAuditSized opens the audit page in a tab of a phone's size.
func openAuditSized(t *testing.T, url string) *tab {
	t.Helper()
	tb := newTab(t)
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(360, 800)); err != nil {
		t.Fatal(err)
	}
	tb.navigate(url)
	if got := tb.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	return tb
}

// auditText audits pasted lines and waits for the end.
func (tb *tab) auditText(text string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(document.querySelector('[data-audit-file]').value = '', document.querySelector('[data-audit-text]').value = %s,
		document.querySelector('[data-audit-summary]').dataset.state = 'idle', true)`, jsString(text)))
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-start]`))); err != nil {
		tb.t.Fatal(err)
	}
	tb.poll(`['done', 'cancelled', 'failed'].includes(document.querySelector('[data-audit-summary]').dataset.state)`)
}

// checkSummaryFirstScreen: the summary lies wholly in the first screen.
func checkSummaryFirstScreen(t *testing.T, tb *tab) {
	t.Helper()
	if s := tb.firstScreen(); s.Top < 0 || s.Bottom > s.Screen || !s.Focused {
		t.Errorf("summary at %.0f–%.0f of a %.0f px screen, focused %v: %q", s.Top, s.Bottom, s.Screen, s.Focused, s.Text)
	}
}

// TestAuditWording: what the audit page says in each language, as a
// player-tester read it: whom to tell about a mismatch and what to keep, the
// list linked from the summary, each problem in the words of its scheme's
// page (labels, sentences, cards, colours), counts in their one-forms, and
// the end of the progress; the summary in the first screen of a phone.
func TestAuditWording(t *testing.T) {
	needBrowser(t)
	file, s := loadSeason(t)
	for _, lang := range oneLanguage {
		t.Run(lang, func(t *testing.T) {
			words := pageWords(t, "audit", lang)
			shared := pageWords(t, "check", lang)
			pageURL := pageURLs(lang, "audit")["file"]
			tb := openAuditSized(t, pageURL)
			tb.auditFile(file)
			checkSummaryFirstScreen(t, tb)

			// 1. Keep the file, name the lines.
			report := eval[string](tb, `document.querySelector('[data-verdict-report]').textContent`)
			if report != words["msg.report.app"] || report == shared["msg.report.app"] {
				t.Errorf("whom to tell: %q, want %q", report, words["msg.report.app"])
			}

			// 5. The summary links the list: focus moves there, the fragment stays.
			if got := eval[string](tb, `document.querySelector('#verdict a[data-goto]')?.textContent ?? ''`); got != words["msg.audit.list"] {
				t.Errorf("the summary links %q, want %q", got, words["msg.audit.list"])
			}
			hash := eval[string](tb, `location.hash`)
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#verdict a[data-goto]`))); err != nil {
				t.Fatal(err)
			}
			tb.poll(`document.activeElement?.id === 'lines-title'`)
			if got := eval[string](tb, `location.hash`); got != hash {
				t.Errorf("following the list's link changed the fragment to %q", got)
			}

			// 3. Each problem in its page's words.
			lineText := func(line int) string {
				return eval[string](tb, fmt.Sprintf(`document.querySelector('[data-audit-line][data-line="%d"]').textContent`, line))
			}
			shoe := pageWords(t, "shoe", lang)
			if got, want := lineText(90), shoe["shoe.serverSeed.label"]+": "+shoe["msg.error.serverSeed.wrong-length"]; !strings.Contains(got, want) {
				t.Errorf("line 90: %q, want %q", got, want)
			}
			games := pageWords(t, "games", lang)
			if got := lineText(80); !strings.Contains(got, games["msg.colour.black"]) || !strings.Contains(got, games["msg.colour.white"]) {
				t.Errorf("line 80: %q, want the colours %s, %s", got, games["msg.colour.black"], games["msg.colour.white"])
			}
			if got := eval[[]string](tb, `[...document.querySelectorAll('[data-audit-line][data-line="71"] .card')].map((c) => c.textContent)`); fmt.Sprint(got) != "[7♣ A♠]" {
				t.Errorf("line 71 shows the cards %v, want [7♣ A♠]", got)
			}
			for _, l := range s.Problems {
				text := lineText(l.Line)
				for _, raw := range []string{"serverSeed", "black", "white", "(" + l.Code + ")", "msg."} {
					if l.Code != "" && strings.Contains(text, raw) || raw == "msg." && strings.Contains(text, raw) {
						t.Errorf("line %d says %q: %q", l.Line, raw, text)
					}
				}
			}
			// dice_v2 counts its rolls over all games, and says so.
			if got, want := lineText(64), strings.Split(words["msg.audit.diff.dice_v2.rolls"], "{computed}")[0]; want == "" || !strings.Contains(got, strings.Split(want, "{at}")[1]) {
				t.Errorf("line 64: %q, want %q", got, want)
			}
			// 4. One more difference, in the one-form.
			if got, want := lineText(50), words["msg.audit.more.one"]; !strings.Contains(got, want) {
				t.Errorf("line 50: %q, want %q", got, want)
			}

			// 4, 2. One line: one record, one line, one match; the end in under a second.
			lines := strings.SplitAfter(string(must(os.ReadFile(file))), "\n")
			tb.auditText(lines[0])
			one := func(key string) string { return diceFill(words[key+".one"], "number", 1) }
			if got, want := eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`),
				diceFill(words["msg.audit.counts"], "records", one("msg.audit.count.records"), "lines", one("msg.audit.count.lines"), "statuses", one("msg.audit.count.match")); !strings.Contains(got, want) {
				t.Errorf("one line: %q, want %q", got, want)
			}
			progress := eval[string](tb, `document.querySelector('[data-audit-rate]').textContent`)
			cores := eval[int](tb, `Math.max(1, navigator.hardwareConcurrency || 2)`)
			quick := diceFill(words["msg.audit.progress.done.quick"], "matches", one("msg.audit.done.matches"), "cores", diceFill(words["msg.audit.cores"], "number", cores))
			// A loaded machine may take a second for it: then the sentence
			// with the time, for one match.
			timed, _, _ := strings.Cut(diceFill(words["msg.audit.progress.done"], "matches", one("msg.audit.done.matches")), "{time}")
			if progress != quick && !strings.HasPrefix(progress, timed) {
				t.Errorf("progress %q, want %q", progress, quick)
			}

			// The players of a dice_v2 match are A and B, as on the dice page.
			for _, c := range vectorCases[struct{ Record map[string]any }](t, "dice_v2") {
				if c.Record["players"] != nil && c.Record["scheme"] == "dice_v2" {
					c.Record["players"] = []string{"alice", ""}
					tb.auditText(string(must(json.Marshal(c.Record))) + "\n")
					dice := pageWords(t, "dice", lang)
					if got, want := lineText(1), diceFill(dice["msg.error.players.empty"], "at", "B"); !strings.Contains(got, want) {
						t.Errorf("an empty second player: %q, want %q", got, want)
					}
					break
				}
			}

			// 2. Nothing readable: nothing checked, no records, no statistics.
			tb.auditText("hello\n{bad\nv=9&x=1\n")
			checkSummaryFirstScreen(t, tb)
			got := tb.summary()
			if got["status"] != "invalid" || got["records"] != "0" || got["unreadable"] != "3" {
				t.Errorf("three unreadable lines: %v", got)
			}
			text := eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`)
			if answer, _, _ := strings.Cut(words["msg.audit.answer.none"], "{list}"); !strings.HasPrefix(text, answer) {
				t.Errorf("three unreadable lines: %q, want %q first", text, answer)
			}
			if want := diceFill(words["msg.audit.count.records"], "number", 0); strings.Contains(text, diceFill(words["msg.audit.count.records"], "number", 3)) || !strings.Contains(text, want) {
				t.Errorf("three unreadable lines counted as records: %q", text)
			}
			if !eval[bool](tb, `document.querySelector('[data-audit-stats]').hidden`) {
				t.Errorf("statistics shown for no match")
			}
			tb.clean(pageURL)
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAuditWithoutBYOBReader: where a file's stream has no BYOB reader (as
// in WebKit, whose blob streams are not byte streams), the audit reads the
// default reader's chunks into the same buffers and reports the same.
func TestAuditWithoutBYOBReader(t *testing.T) {
	needBrowser(t)
	file, s := loadSeason(t)
	tb := openAudit(t, pageURLs("de", "audit")["file"])
	eval[bool](tb, `(() => {
		const getReader = ReadableStream.prototype.getReader;
		ReadableStream.prototype.getReader = function (options) {
			if (options?.mode === 'byob') throw new TypeError('no BYOB reader here');
			return getReader.call(this, options);
		};
		return true;
	})()`)
	tb.auditFile(file)
	if state := tb.summary()["state"]; state != "done" {
		t.Fatalf("audit ended %s", state)
	}
	checkSeasonSummary(t, tb, s, 1)
	if got := tb.auditLines(); fmt.Sprint(got) != fmt.Sprint(s.Problems) {
		t.Errorf("listed lines\n%v\nwant\n%v", got, s.Problems)
	}
	tb.clean(pageURLs("de", "audit")["file"])
}

// TestAuditSaysWhatFailed: an audit stopped by the file's stream, by a worker
// that does not start or by a worker's fault says which, in the page's words.
func TestAuditSaysWhatFailed(t *testing.T) {
	needBrowser(t)
	file, _ := loadSeason(t)
	for stage, breakIt := range map[string]string{
		"read": `Blob.prototype.stream = function () {
			return new ReadableStream({ pull: (c) => c.error(new TypeError('the disk went away')) });
		}`,
		"start": `window.Worker = class { constructor() { throw new Error('no workers here'); } }`,
		// A batch that is no bytes: the verifier in the worker refuses it.
		"worker": `Worker.prototype.postMessage = ((post) => function (message, transfer) {
			return post.call(this, message.data ? { ...message, data: 42 } : message, message.data ? [] : transfer);
		})(Worker.prototype.postMessage)`,
	} {
		t.Run(stage, func(t *testing.T) {
			for _, lang := range oneLanguage {
				tb := openAudit(t, pageURLs(lang, "audit")["file"])
				eval[bool](tb, "("+breakIt+", true)")
				tb.auditFile(file)
				if state := tb.summary()["state"]; state != "failed" {
					t.Fatalf("%s: audit ended %s", lang, state)
				}
				want := pageWords(t, "audit", lang)["msg.audit.failed."+stage]
				if got := eval[string](tb, `document.querySelector('[data-verdict-text]').textContent.trim()`); got != want {
					t.Errorf("%s: the page says %q, want %q", lang, got, want)
				}
			}
		})
	}
}

// TestAuditStatisticsOnAPhone: on a phone, after an audit of a season with
// lines to list, the dice statistics begin within two and a half screens
// of the page's top, under the form (2.0 on 360×800; they were 3.5 screens
// down, under every listed line), their reading first.
func TestAuditStatisticsOnAPhone(t *testing.T) {
	needBrowser(t)
	file, _ := loadSeason(t)
	tb := openAuditSized(t, pageURLs(Languages[0], "audit")["file"])
	tb.auditFile(file)
	screens := eval[float64](tb, `(() => {
		const stats = document.querySelector('[data-audit-stats]');
		return (stats.getBoundingClientRect().top + scrollY) / innerHeight;
	})()`)
	if screens > 2.5 {
		t.Errorf("the statistics begin %.1f screens down", screens)
	}
	t.Logf("the statistics begin %.1f screens down on a 360×800 screen", screens)
}
