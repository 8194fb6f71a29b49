package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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
}

func TestAuditPage(t *testing.T) {
	needBrowser(t)
	file, s := loadSeason(t)
	for _, lang := range Languages {
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
// site, in a copy saved from a page on disk it is not shown.
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
	for _, lang := range Languages {
		tb := openAudit(t, pageURLs(lang, "audit")["http"])
		tb.auditFile(file)
		checkAccessibility(t, tb, axe, "audit/"+lang)
	}
}
