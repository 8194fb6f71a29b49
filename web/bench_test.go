package web

import (
	"bytes"
	"context"
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
// make bench runs it; web/BENCHMARKS.md reports the table.
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
// like the verifiers, in the page as they are, and returns the page and the
// program.
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
		"@WASM@", BlobElements("verifier", program),
		"@WASM_EXEC@", string(readFile(b, filepath.Join(distDir, "wasm_exec.js"))),
		"@LOADER@", loaderScript(b),
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

// loaderScript is the pages' loader script as the build writes it.
func loaderScript(b testing.TB) string {
	var script string
	for _, file := range Loader {
		script += string(readFile(b, filepath.Join("static", file))) + "\n"
	}
	return script
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

// BenchmarkAuditRate audits the file named by PFCHECK_AUDIT_FILE (make bench
// writes 100,000 dice_v1 matches of 100 rolls) on the German audit page
// opened from file://, with a worker per core: rolls per second from the
// start of the audit to its summary (the page's own performance marks), and
// per second of CPU time the page's renderer process used meanwhile, which
// a machine shared with other work does not skew; and the longest task of
// the page's main thread meanwhile (the page stays responsive).
func BenchmarkAuditRate(b *testing.B) {
	file := benchFile(b, "PFCHECK_AUDIT_FILE")
	for b.Loop() {
		tb, cpu := auditBench(b, file)
		seconds := eval[float64](tb, `(performance.getEntriesByName('pfcheck:audit-end')[0].startTime - performance.getEntriesByName('pfcheck:audit-start')[0].startTime) / 1000`)
		rolls := eval[float64](tb, `+document.querySelector('[data-audit-stats]').dataset.rolls`)
		b.ReportMetric(rolls/seconds, "rolls/s")
		b.ReportMetric(rolls/cpu, "rolls/cpu-s")
		b.ReportMetric(eval[float64](tb, `Math.max(0, ...longTasks)`), "longest-task-ms")
		b.ReportMetric(float64(eval[int](tb, `navigator.hardwareConcurrency`)), "workers")
	}
}

// rendererCPU is the CPU time, in seconds, the browser's renderer processes
// have used (user and system, /proc/<pid>/stat in clock ticks of 1/100 s).
func rendererCPU() float64 {
	ticks := 0
	for _, pid := range rendererPIDs() {
		stat, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
		// The fields after the command name, which is in parentheses.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 12 {
			user, _ := strconv.Atoi(fields[11])
			system, _ := strconv.Atoi(fields[12])
			ticks += user + system
		}
	}
	return float64(ticks) / 100
}

// BenchmarkAuditMemory audits the file named by PFCHECK_AUDIT_GB (make
// bench writes 1 GB of matches) and reports the tab's peak memory, sampled
// every 100 ms over the page's renderer process, whose threads run the
// workers too: its private (anonymous) memory, what the tab itself costs
// (peak-anon-MB), and its whole resident set, which adds the pages of
// Chromium's own code it shares with every other process (peak-rss-MB).
func BenchmarkAuditMemory(b *testing.B) {
	file := benchFile(b, "PFCHECK_AUDIT_GB")
	for b.Loop() {
		done := make(chan struct{})
		peaks := make(chan [2]int)
		go func() {
			var most [2]int
			for {
				for _, pid := range rendererPIDs() {
					most[0] = max(most[0], procStatus(pid, "RssAnon"))
					most[1] = max(most[1], procStatus(pid, "VmRSS"))
				}
				select {
				case <-done:
					peaks <- most
					return
				case <-time.After(100 * time.Millisecond):
				}
			}
		}()
		tb, _ := auditBench(b, file)
		close(done)
		most := <-peaks
		b.ReportMetric(float64(most[0])/1024, "peak-anon-MB")
		b.ReportMetric(float64(most[1])/1024, "peak-rss-MB")
		size, _ := os.Stat(file)
		b.ReportMetric(float64(size.Size())/1e9, "file-GB")
		b.ReportMetric(eval[float64](tb, `+document.querySelector('[data-audit-summary]').dataset.records`), "matches")
	}
}

func benchFile(b *testing.B, env string) string {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	file := os.Getenv(env)
	if file == "" {
		b.Skipf("%s names no file (make bench writes one)", env)
	}
	return file
}

// auditBench opens the audit page, audits file and waits for the end; it
// returns the tab and the renderer CPU time the audit took.
func auditBench(b *testing.B, file string) (*tab, float64) {
	tb := newTabFor(browserCtx, b, time.Hour)
	tb.navigate("file://" + filepath.Join(distDir, "de", "audit", "index.html"))
	if got := tb.waitSelfTest(); got != "pass" {
		b.Fatalf("self-test %s", got)
	}
	// The page's responsiveness: its main thread's tasks over 50 ms.
	eval[bool](tb, `(window.longTasks = [], new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)))
		.observe({ type: 'longtask' }), true)`)
	before := rendererCPU()
	if err := chromedp.Do(tb.ctx,
		chromedp.SetUploadFiles(chromedp.CSS(`[data-audit-file]`), []string{file}),
		chromedp.Click(chromedp.CSS(`[data-audit-start]`)),
	); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.querySelector('[data-audit-summary]').dataset.state !== 'running'`,
		chromedp.WithPollingTimeout(time.Hour), chromedp.WithPollingInterval(time.Second))); err != nil {
		b.Fatal(err)
	}
	cpu := rendererCPU() - before
	if state := eval[string](tb, `document.querySelector('[data-audit-summary]').dataset.state`); state != "done" {
		b.Fatalf("audit %s", state)
	}
	return tb, cpu
}

// rendererPIDs returns the renderer processes of the test's browser: those
// with --type=renderer whose parent, or its parent, is the browser.
func rendererPIDs() []int {
	browser := chromedp.FromContext(browserCtx).Browser.Process().Pid
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if !bytes.Contains(cmdline, []byte("--type=renderer")) {
			continue
		}
		for parent, depth := procStatus(pid, "PPid"), 0; parent > 1 && depth < 3; parent, depth = procStatus(parent, "PPid"), depth+1 {
			if parent == browser {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// procStatus returns a number field of /proc/<pid>/status (kB for sizes).
func procStatus(pid int, field string) int {
	data, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.Atoi(strings.Fields(rest)[0])
			return n
		}
	}
	return 0
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
