package web

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/dice"
	"pfcheck/internal/hexstr"
)

// coldPage is one row of BenchmarkColdVerdict: a page file, the link it is
// opened with, and the status its verdict must have ("" for the floors,
// whose "verdict" is the start of a Go main).
type coldPage struct{ name, file, link, status string }

// BenchmarkColdVerdict times a player's wait: from navigation to the verdict
// (the page's performance mark pfcheck:verdict), in a new tab each time,
// every page from file://. The rows are
//
//   - hello: the floor, a hello-world Go program in a minimal page with the
//     pages' own loader (testdata/hello.html, testdata/hello), marking its
//     verdict when main starts: what every Go page pays;
//   - webcrypto: the dice_v1 formula in plain WebCrypto (testdata/webcrypto.html);
//   - go-floor: the check page with the hello-world program as its verifier;
//   - check (a 400-roll match with its seal), check-10k (10,000 rolls), shoe
//     (an 8-deck shoe), games (a bridge deal), dice (a dice_v2 match with its
//     drand round): the pages.
//
// The rows are interleaved, one of each per iteration in a rotating order
// (-benchtime 9x: nine each), so that the machine's load falls on all alike;
// it prints each row's median, its ratio to hello, the same for the CPU time
// the page's main thread and its whole renderer had used by its verdict (which
// the machine's load moves less; Performance metrics ThreadTime and
// ProcessTime), and the medians of the page's own performance marks (its
// phases). PFCHECK_BENCH_BASE=<name>=<dist>,…
// adds the pages of other builds as rows "<name>-…", to compare builds in
// one run; PFCHECK_BENCH_ROWS=check,base-check runs only those rows (and hello).
// make bench runs it and the README reports the table.
func BenchmarkColdVerdict(b *testing.B) {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	pages := coldPages(b, distDir, "")
	if others := os.Getenv("PFCHECK_BENCH_BASE"); others != "" {
		for _, other := range strings.Split(others, ",") {
			name, dir, _ := strings.Cut(other, "=")
			for _, p := range coldPages(b, dir, name+"-")[3:] {
				if _, err := os.Stat(p.file); err == nil {
					pages = append(pages, p)
				}
			}
		}
	}
	if only := os.Getenv("PFCHECK_BENCH_ROWS"); only != "" {
		pages = slices.DeleteFunc(pages, func(p coldPage) bool {
			return p.name != "hello" && !slices.Contains(strings.Split(only, ","), p.name)
		})
	}
	loadBefore := loadAverage()
	marks := map[string]map[string][]float64{} // page, mark: times
	round := 0
	for b.Loop() {
		for i := range pages {
			p := pages[(i+round)%len(pages)]
			times := coldVerdict(b, p)
			if marks[p.name] == nil {
				marks[p.name] = map[string][]float64{}
			}
			for name, at := range times {
				marks[p.name][name] = append(marks[p.name][name], at)
			}
		}
		round++
	}
	floor := marks["hello"]
	phases := []string{"script", "unpacked", "compiled", "started", "self-tested", "verdict"}
	var table strings.Builder
	fmt.Fprintf(&table, "%-14s %16s %16s %16s   phases (median ms): %s\n", "page", "verdict ×hello", "main CPU ×hello", "all CPU ×hello", strings.Join(phases, " / "))
	for _, p := range pages {
		fmt.Fprintf(&table, "%-14s", p.name)
		for _, m := range []string{"verdict", "cpu", "process-cpu"} {
			fmt.Fprintf(&table, " %7.0f ms %5.2f", median(marks[p.name][m]), median(marks[p.name][m])/median(floor[m]))
		}
		verdict := median(marks[p.name]["verdict"])
		var at []string
		for _, phase := range phases {
			if times, ok := marks[p.name][phase]; ok {
				at = append(at, fmt.Sprintf("%.0f", median(times)))
			} else {
				at = append(at, "–")
			}
		}
		fmt.Fprintf(&table, "   %s\n", strings.Join(at, " / "))
		b.ReportMetric(verdict, p.name+"-ms")
		b.ReportMetric(verdict/median(floor["verdict"]), p.name+"-x-hello")
	}
	// Printed, not logged: the testing package cuts a benchmark's long log.
	fmt.Printf("BenchmarkColdVerdict: median of %d, interleaved, from navigation; load %s before, %s after\n%s",
		round, loadBefore, loadAverage(), table.String())
}

// coldVerdict opens a row's page in a new tab and returns, once it has
// given its verdict, the times of its performance marks ("pfcheck:" cut
// off), and in "cpu" and "process-cpu" the CPU time its main thread and its
// renderer had used by then.
func coldVerdict(b *testing.B, p coldPage) map[string]float64 {
	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTimeout()
	tb := &tab{ctx: ctx, t: b}
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p.file+p.link)); err != nil {
		b.Fatal(err)
	}
	tb.poll(`performance.getEntriesByName('pfcheck:verdict').length > 0`)
	metrics, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	if status := eval[string](tb, `document.getElementById('verdict').dataset.status`); p.status != "" && status != p.status {
		b.Fatalf("%s: status %s, want %s", p.name, status, p.status)
	}
	times := eval[map[string]float64](tb, `Object.fromEntries(performance.getEntriesByType('mark')
		.filter((m) => m.name.startsWith('pfcheck:')).map((m) => [m.name.slice(8), m.startTime]))`)
	for _, m := range metrics.Metrics {
		switch m.Name {
		case "ThreadTime":
			times["cpu"] = m.Value * 1000
		case "ProcessTime":
			times["process-cpu"] = m.Value * 1000
		}
	}
	return times
}

// coldPages returns the rows of BenchmarkColdVerdict for the pages built in
// dist, their names prefixed: first hello, webcrypto and go-floor, then the
// pages.
func coldPages(b testing.TB, dist, prefix string) []coldPage {
	page := func(name string) string { return filepath.Join(dist, "de", name, "index.html") }
	check := page("check")
	hello, wasm := helloPage(b)
	webcrypto, _ := filepath.Abs(filepath.Join("testdata", "webcrypto.html"))
	dice400 := "#" + dice.FormatLink(recordWithRolls(b, 400))
	return []coldPage{
		{"hello", hello, "", ""},
		{"webcrypto", webcrypto, dice400, "match"},
		{"go-floor", goFloorPage(b, check, wasm), "", ""},
		{prefix + "check", check, dice400, "match"},
		{prefix + "check-10k", check, "#" + dice.FormatLink(longMatch(b, 10000)), "match"},
		{prefix + "shoe", page("shoe"), mustShoeLink(b, shoeCaseNamed(b, "recorded-whole-shoe-match").Record), "match"},
		{prefix + "games", page("games"), gamesLink(gamesRecord(b, "match_seed_v2", "bridge-1-deals-2-seeds")), "match"},
		{prefix + "dice", page("dice"), diceV2Case1(b, "link-r1000-alice-bob").Link, "match"},
	}
}

// helloPage writes testdata/hello.html with the hello-world program, built
// like the verifiers, gzip in base64, and returns the page and the program.
func helloPage(b testing.TB) (file string, program []byte) {
	dir := b.TempDir()
	wasm := filepath.Join(dir, "hello.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", wasm, "./testdata/hello")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building the floor: %v\n%s", err, out)
	}
	program = readFile(b, wasm)
	html := strings.NewReplacer(
		"@WASM@", base64.StdEncoding.EncodeToString(gzipped(program)),
		"@SIZE@", strconv.Itoa(len(program)),
		"@WASM_EXEC@", string(readFile(b, filepath.Join(distDir, "wasm_exec.js"))),
		"@LOADER@", string(readFile(b, filepath.Join("static", "loader.js"))),
	).Replace(string(readFile(b, filepath.Join("testdata", "hello.html"))))
	file = filepath.Join(dir, "hello.html")
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		b.Fatal(err)
	}
	return file, program
}

// goFloorPage writes the check page with program as its verifier (and its
// SHA-256 in the build entry, so that the page runs it).
func goFloorPage(b testing.TB, pageFile string, program []byte) string {
	floor := withBlobAndHash(b, readFile(b, pageFile), "verifier", func([]byte) []byte { return program })
	file := filepath.Join(b.TempDir(), "index.html")
	if err := os.WriteFile(file, floor, 0o644); err != nil {
		b.Fatal(err)
	}
	return file
}

func readFile(b testing.TB, name string) []byte {
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// recordWithRolls returns a dice_v1 record of the vectors with n recorded rolls.
func recordWithRolls(b testing.TB, n int) map[string]any {
	for _, c := range vectorCases[struct{ Record map[string]any }](b, "dice_v1") {
		if rolls, ok := c.Record["rolls"].([]any); ok && len(rolls) == n && c.Record["seal"] != nil {
			return c.Record
		}
	}
	b.Fatalf("no record with %d rolls and a seal", n)
	return nil
}

// longMatch returns the 400-roll record of the vectors continued to n
// rolls, the rolls computed by internal/dice: a benchmark's input, not a
// test's expectation.
func longMatch(b testing.TB, n int) map[string]any {
	rec := recordWithRolls(b, 400)
	seed, problem := hexstr.Decode(rec["serverSeed"].(string))
	if problem != "" {
		b.Fatal(problem)
	}
	var clients []string
	for _, c := range rec["clientSeeds"].([]any) {
		clients = append(clients, c.(string))
	}
	roller := dice.NewRoller(seed, clients)
	rolls := make([]any, n)
	for i := range rolls {
		rolls[i] = roller.Roll(i + 1).String()
	}
	return map[string]any{"scheme": dice.Scheme, "serverSeed": rec["serverSeed"], "seal": rec["seal"],
		"clientSeeds": rec["clientSeeds"], "rolls": rolls}
}

func median(times []float64) float64 {
	if len(times) == 0 {
		return 0
	}
	sorted := slices.Sorted(slices.Values(times))
	return sorted[len(sorted)/2]
}

// loadAverage is the machine's load (/proc/loadavg), to note with a measurement.
func loadAverage() string {
	data, _ := os.ReadFile("/proc/loadavg")
	return strings.Join(strings.Fields(string(data))[:min(3, len(strings.Fields(string(data))))], " ")
}
