package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/dice"
)

// The phone of the first tap: Lighthouse's mobile profile (its "slow 4G"),
// as DevTools emulates it: 150 ms from a request to its response's
// headers, 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's kilobits are
// 1,024 bits), the CPU slowed four times.
const (
	phoneLatencyMs   = 150
	phoneDownBytesPS = 1638.4 * 1024 / 8
	phoneUpBytesPS   = 750.0 * 1024 / 8
	phoneCPUSlowdown = 4
)

// tapRow is one row of BenchmarkFirstTap: a page served by a handler, the
// link it is opened with, the same page as a file with that link (what a
// player saved), and the status its verdict must have ("" for the floor).
type tapRow struct {
	name, url, file, status string
}

// The pages of BenchmarkFirstTap's rows, in its order.
var tapPages = []string{"check", "dice", "shoe", "games"}

// tapVisit is what one visit measured, in ms from navigation and bytes,
// and the times of the page's performance marks ("pfcheck:" cut off).
type tapVisit struct {
	fcp, verdict, bytes float64
	marks               map[string]float64
}

// BenchmarkFirstTap times the tap the pages are for: a player who has never
// opened the checker taps a link on a phone, on mobile data. Each page is
// served by Handler (the handler of serve.go, with the build's brotli and
// gzip forms) on 127.0.0.1 to Chromium emulating the phone above, in a new
// browser context (an empty HTTP cache) each time: the cold visit; then,
// in a second tab of that context, the warm one, a second visit with the
// HTTP cache (the page revalidated: a 304) and no service worker, whose
// script the benchmark blocks in both visits (it would otherwise keep the
// page and answer the second visit itself; BenchmarkDataPlan counts what it
// costs); and the kept one, a player's return, in a third browser context
// where the page was opened once so that the worker keeps it, on the phone
// from the worker's cache (not for the floor, which has no worker); and the
// saved one, the same page opened from file:// on the phone's CPU, in a new
// browser context (nothing cached, no network). Each visit gives its first contentful paint, its verdict (the page's
// performance mark pfcheck:verdict) and the bytes it transferred (Resource Timing's
// transferSize, headers included). The rows are the German check page (a
// 400-roll link), dice, shoe and games, and the floor, hello: the
// hello-world Go program of BenchmarkColdVerdict in its minimal page,
// served the same way (its brotli and gzip made here like the build's),
// its verdict the start of its main. Each visit's verdict is also reported
// as a ratio to the floor's in the same run (<row>-<visit>-x-hello; a kept
// visit's against the floor's warm one), which the machine's load moves less
// than the times. The rows are interleaved; -benchtime 3x gives medians of
// three. As in BenchmarkColdVerdict,
// PFCHECK_BENCH_BASE=<name>=<dist>,… adds the pages of other builds, served
// the same way, as rows "<name>-…", and PFCHECK_BENCH_ROWS=check,base-check
// runs only those rows (and hello). make bench runs it; web/BENCHMARKS.md reports
// the table.
func BenchmarkFirstTap(b *testing.B) {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	helloDir := helloDist(b, b.TempDir())
	floor := httptest.NewServer(Handler(helloDir, ""))
	defer floor.Close()
	pages := map[string]coldPage{}
	for _, p := range coldPages(b, distDir, "") {
		pages[p.name] = p
	}
	rows := []tapRow{{"hello", floor.URL + "/de/check/", filepath.Join(helloDir, "de", "check", "index.html"), ""}}
	builds := map[string]string{"": server.URL}
	dists := map[string]string{"": distDir}
	if others := os.Getenv("PFCHECK_BENCH_BASE"); others != "" {
		for _, other := range strings.Split(others, ",") {
			name, dir, _ := strings.Cut(other, "=")
			base := httptest.NewServer(Handler(dir, ""))
			defer base.Close()
			builds[name+"-"] = base.URL
			dists[name+"-"] = dir
		}
	}
	for _, prefix := range slices.Sorted(maps.Keys(builds)) {
		for _, name := range tapPages {
			if only := os.Getenv("PFCHECK_BENCH_ROWS"); only == "" || slices.Contains(strings.Split(only, ","), prefix+name) {
				rows = append(rows, tapRow{prefix + name, builds[prefix] + "/de/" + name + "/" + pages[name].link,
					filepath.Join(dists[prefix], "de", name, "index.html") + pages[name].link, pages[name].status})
			}
		}
	}
	loadBefore := loadAverage()
	visits := map[string][]tapVisit{} // row/cold, row/warm, row/kept, row/again, row/file
	round := 0
	for b.Loop() {
		for i := range rows {
			row := rows[(i+round)%len(rows)]
			cold, warm := firstTap(b, row)
			visits[row.name+"/cold"] = append(visits[row.name+"/cold"], cold)
			visits[row.name+"/warm"] = append(visits[row.name+"/warm"], warm)
			if row.status != "" { // the floor has no service worker
				kept, again := keptTap(b, row)
				visits[row.name+"/kept"] = append(visits[row.name+"/kept"], kept)
				visits[row.name+"/again"] = append(visits[row.name+"/again"], again)
			}
			visits[row.name+"/file"] = append(visits[row.name+"/file"], savedTap(b, row))
		}
		round++
	}
	medianOf := func(key string, field func(tapVisit) float64) float64 {
		var values []float64
		for _, v := range visits[key] {
			values = append(values, field(v))
		}
		return median(values)
	}
	fcp := func(v tapVisit) float64 { return v.fcp }
	verdict := func(v tapVisit) float64 { return v.verdict }
	transferred := func(v tapVisit) float64 { return v.bytes }
	phases := []string{"script", "unpacked", "compiled", "started", "self-tested"}
	var table strings.Builder
	fmt.Fprintf(&table, "%-7s %-5s %10s %12s %8s %12s   phases (median ms): %s\n", "page", "visit", "FCP", "verdict", "×hello", "transferred", strings.Join(phases, " / "))
	for _, row := range rows {
		for _, visit := range []string{"cold", "warm", "kept", "again", "file"} {
			key := row.name + "/" + visit
			if len(visits[key]) == 0 {
				continue
			}
			v := medianOf(key, verdict)
			floor := "hello/" + visit
			if len(visits[floor]) == 0 {
				floor = "hello/warm" // a kept visit or again: the floor has no worker; its page from the HTTP cache
			}
			var at []string
			for _, phase := range phases {
				if t := medianOf(key, func(v tapVisit) float64 { return v.marks[phase] }); t > 0 {
					at = append(at, fmt.Sprintf("%.0f", t))
				} else {
					at = append(at, "–")
				}
			}
			ratio := v / medianOf(floor, verdict)
			fmt.Fprintf(&table, "%-7s %-5s %7.0f ms %9.0f ms %8.2f %9.1f KB   %s\n", row.name, visit, medianOf(key, fcp), v,
				ratio, medianOf(key, transferred)/1000, strings.Join(at, " / "))
			b.ReportMetric(v, row.name+"-"+visit+"-verdict-ms")
			b.ReportMetric(ratio, row.name+"-"+visit+"-x-hello")
			b.ReportMetric(medianOf(key, fcp), row.name+"-"+visit+"-fcp-ms")
		}
	}
	// Printed, not logged: the testing package cuts a benchmark's long log.
	fmt.Printf("BenchmarkFirstTap: median of %d, interleaved, from navigation, Lighthouse's mobile profile (%d ms, %.1f kbit/s down, %.0f kbit/s up, CPU ÷%d); load %s before, %s after\n%s",
		round, phoneLatencyMs, phoneDownBytesPS*8/1024, phoneUpBytesPS*8/1024, phoneCPUSlowdown, loadBefore, loadAverage(), table.String())
}

// firstTap opens a row's page twice on the phone, in a new browser context:
// cold, then warm in a second tab.
func firstTap(b *testing.B, row tapRow) (cold, warm tapVisit) {
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()
	cold = phoneVisit(b, ctx, row, row.url, true)
	// The first tab leaves its page, so that it does nothing meanwhile.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	second, cancelSecond := chromedp.NewContext(ctx)
	defer cancelSecond()
	warm = phoneVisit(b, second, row, row.url, true)
	return cold, warm
}

// keptTap is a player's returns: in a new browser context, the row's page
// opened once (not on the phone) so that the service worker keeps it,
// then again on the phone, from the worker's cache (kept: the first
// return, which compiles the verifier the worker keeps), and once more
// (again: a later return, where the engine may take what it compiled from
// its cache; issue 38), the tab before left some seconds after its
// verdict, for the engine to write that cache.
func keptTap(b *testing.B, row tapRow) (kept, again tapVisit) {
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()
	first := &tab{ctx: ctx, t: b}
	first.navigate(row.url)
	first.waitKept()
	// Each tab leaves its page before the next opens, so that it does
	// nothing meanwhile.
	last := ctx
	visit := func() tapVisit {
		if err := chromedp.Do(last, chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		next, cancelNext := chromedp.NewContext(ctx)
		b.Cleanup(cancelNext)
		last = next
		return phoneVisit(b, next, row, row.url, false)
	}
	kept = visit()
	time.Sleep(3 * time.Second)
	return kept, visit()
}

// savedTap opens the row's page from file:// on the phone, in a new browser
// context: a saved page, which has no worker and fetches nothing.
func savedTap(b *testing.B, row tapRow) tapVisit {
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()
	return phoneVisit(b, ctx, row, "file://"+row.file, false)
}

// phoneVisit opens url, the row's page, in the tab of ctx on the phone, the
// service worker's script blocked or not, and returns what it measured
// once its verdict is shown.
func phoneVisit(b *testing.B, ctx context.Context, row tapRow, url string, blockWorker bool) tapVisit {
	steps := []error{}
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	steps = append(steps, err)
	_, err = chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{
			Latency: phoneLatencyMs, DownloadThroughput: phoneDownBytesPS, UploadThroughput: phoneUpBytesPS,
			ConnectionType: network.ConnectionTypeCellular4g,
		}},
	})
	steps = append(steps, err)
	if blockWorker {
		_, err = chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
			URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/sw.js", Block: true}},
		})
		steps = append(steps, err)
	}
	_, err = chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: phoneCPUSlowdown})
	steps = append(steps, err)
	for _, err := range steps {
		if err != nil {
			b.Fatal(err)
		}
	}
	tb := &tab{ctx: ctx, t: b}
	tb.navigate(url)
	tb.poll(`performance.getEntriesByName('pfcheck:verdict').length > 0`)
	if status := eval[string](tb, `document.getElementById('verdict').dataset.status`); row.status != "" && status != row.status {
		b.Fatalf("%s: status %s, want %s", row.name, status, row.status)
	}
	// The paint entry comes with the frame after the verdict at the latest.
	tb.poll(`performance.getEntriesByName('first-contentful-paint').length > 0`)
	got := eval[map[string]float64](tb, `({
		fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
		verdict: performance.getEntriesByName('pfcheck:verdict')[0].startTime,
		bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
			.reduce((sum, e) => sum + e.transferSize, 0),
	})`)
	marks := eval[map[string]float64](tb, `Object.fromEntries(performance.getEntriesByType('mark')
		.filter((m) => m.name.startsWith('pfcheck:')).map((m) => [m.name.slice(8), m.startTime]))`)
	return tapVisit{fcp: got["fcp"], verdict: got["verdict"], bytes: got["bytes"], marks: marks}
}

// TestFirstTapRows writes, when PFCHECK_TAP_ROWS names a directory, what
// BenchmarkFirstTap measures for the engines' benchmark of a return
// (web/engines/bench-return.mjs, make bench-engines): the floor's directory
// (floor/, as helloDist writes it, its page also under the first language,
// where serve.go looks for a page) and rows.json, each page's row as the
// benchmark has it: its name, its link and the status its verdict must have.
// Without the variable it does nothing; it needs no browser (go test -short).
func TestFirstTapRows(t *testing.T) {
	out := os.Getenv("PFCHECK_TAP_ROWS")
	if out == "" {
		t.Skip("PFCHECK_TAP_ROWS names no directory")
	}
	floor := helloDist(t, filepath.Join(out, "floor"))
	if Languages[0] != "de" {
		if err := os.Symlink("de", filepath.Join(floor, Languages[0])); err != nil {
			t.Fatal(err)
		}
	}
	pages := map[string]coldPage{}
	for _, p := range coldPages(t, distDir, "") {
		pages[p.name] = p
	}
	type row struct {
		Name   string `json:"name"`
		Link   string `json:"link"`
		Status string `json:"status"`
	}
	var rows []row
	for _, name := range tapPages {
		rows = append(rows, row{name, pages[name].link, pages[name].status})
	}
	data, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "rows.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// helloDist writes the floor of BenchmarkFirstTap into dir and returns it: a
// directory that serves the hello page of BenchmarkColdVerdict where a check
// page would be (/de/check/, so that it gets a page's policy), with its
// brotli and gzip forms.
func helloDist(b testing.TB, root string) string {
	hello, _ := helloPage(b)
	page := readFile(b, hello)
	dir := filepath.Join(root, "de", "check")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	bw.Write(page)
	bw.Close()
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(page)
	zw.Close()
	for name, data := range map[string][]byte{"index.html": page, "index.html.br": br.Bytes(), "index.html.gz": gz.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return filepath.Dir(filepath.Dir(dir))
}

// TestAnswerBeforeData: a served page paints its answer box before its
// data (the verifier, the vectors) has arrived, saying with a link that its
// match is being checked and that the checker is loading, without one that
// nothing has been checked yet; the rest of the page waits for a link's
// verdict. The page is served by a handler that stops after its content
// and holds the rest back until the test ends.
func TestAnswerBeforeData(t *testing.T) {
	needBrowser(t)
	html := readFile(t, filepath.Join(distDir, "de", "check", "index.html"))
	content, _, found := bytes.Cut(html, []byte(`<script type="application/json" id="messages">`))
	if !found {
		t.Fatal("no #messages in the page")
	}
	release := make(chan struct{})
	stalled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		maps.Copy(w.Header(), Headers("/de/check/"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(content)
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer stalled.Close()
	defer close(release)
	locales, err := LoadLocales("../locales", Pages[0])
	if err != nil {
		t.Fatal(err)
	}
	words := locales["de"]
	link := "#" + dice.FormatLink(recordWithRolls(t, 400))
	for _, c := range []struct {
		name, fragment string
		verdict        string
		hidden         bool // the page below the answer box
	}{
		{"a link", link, words["msg.verdict.checking"], true},
		{"no link", "", words["msg.verdict.none"], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTab(t)
			// Without waiting for the load event, which the held-back rest
			// of the page keeps from coming.
			if _, err := chromedp.Call(tb.ctx, page.Navigate, page.NavigateParams{URL: stalled.URL + "/de/check/" + c.fragment}); err != nil {
				t.Fatal(err)
			}
			tb.poll(`performance.getEntriesByName('first-contentful-paint').length > 0 && document.querySelector('footer') !== null`)
			visible := func(selector string) string {
				return eval[string](tb, `(() => {
					const e = document.querySelector('`+selector+`');
					return e && e.checkVisibility() && e.getBoundingClientRect().height > 0 ? e.innerText : '';
				})()`)
			}
			if got := visible("[data-verdict-text]"); got != c.verdict {
				t.Errorf("the answer box says %q, want %q", got, c.verdict)
			}
			if got := visible("[data-selftest]"); got != words["selftest.loading"] {
				t.Errorf("the line below says %q, want %q", got, words["selftest.loading"])
			}
			if got := visible("h1"); got != words["page.title"] {
				t.Errorf("the heading %q, want %q", got, words["page.title"])
			}
			if got := visible(".lead") == ""; got != c.hidden {
				t.Errorf("the page below the answer box hidden: %v, want %v", got, c.hidden)
			}
			if eval[bool](tb, `document.getElementById('verifier') !== null`) {
				t.Error("the verifier has arrived: the test held back nothing")
			}
		})
	}
}

// TestStreamedVerifier: a page that arrives slowly decodes and compiles its
// verifier part by part as it comes (loader.js: streamed) and still hashes
// all of it before it runs anything: the genuine page gives its verdict
// and shows the build's SHA-256; with another verifier (the games page's,
// which passes its self-test) it shows that one's SHA-256 and gives no
// verdict; with a part cut short, whose engine's compile fails, it says
// the verifier is not the build's. The handler sends each page in pieces of 16 KB, 20 ms apart.
func TestStreamedVerifier(t *testing.T) {
	needBrowser(t)
	html := readFile(t, filepath.Join(distDir, "de", "check", "index.html"))
	games := readFile(t, filepath.Join(distDir, "wasm", "games.wasm"))
	start, _ := blobBounds(t, html, "verifier")
	cutPart := bytes.Index(html[start:], []byte(`data-part-of="verifier">`)) + start
	words := pageWords(t, "check", "de")
	pages := map[string][]byte{
		"/genuine/": html,
		"/swapped/": withBlob(t, html, "verifier", func([]byte) []byte { return games }),
		"/cut/":     slices.Concat(html[:cutPart-200], html[cutPart-100:]),
	}
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		maps.Copy(w.Header(), Headers("/de/check/"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page := pages[r.URL.Path]
		for i := 0; i < len(page); i += 16 << 10 {
			w.Write(page[i:min(i+16<<10, len(page))])
			w.(http.Flusher).Flush()
			time.Sleep(20 * time.Millisecond)
		}
	}))
	defer slow.Close()
	link := matchLink(t).Link
	streamed := `typeof arriving === 'object' && 'verifier' in arriving`
	tb := open(t, slow.URL+"/genuine/"+link)
	if !eval[bool](tb, streamed) {
		t.Error("genuine: the verifier was not received in parts")
	}
	if got := tb.status(); got != "match" {
		t.Errorf("genuine: status %q", got)
	}
	if got, want := tb.shownSHA256("verifier"), sha256Hex(readFile(t, filepath.Join(distDir, "wasm", "check.wasm"))); got != want {
		t.Errorf("genuine: the page shows %q, the build wrote %s", got, want)
	}
	tb = open(t, slow.URL+"/swapped/"+link)
	if !eval[bool](tb, streamed) {
		t.Error("swapped: the verifier was not received in parts")
	}
	tb.claimsNothing(words["msg.integrity.verifier"])
	if got := tb.shownSHA256("verifier"); got != sha256Hex(games) {
		t.Errorf("swapped: the page shows %q, not the SHA-256 of what it unpacked, %s", got, sha256Hex(games))
	}
	tb = open(t, slow.URL+"/cut/"+link)
	tb.claimsNothing(words["msg.integrity.verifier"])
}
