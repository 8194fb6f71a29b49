package web

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pfcheck/internal/dice"
)

// BenchmarkColdVerdict times a player's wait: from navigation to the verdict
// on a 400-roll match, in a new tab each time, for the check page, for a
// plain WebCrypto implementation of the same formula loaded the same way
// (from file://), and for the floor: the check page with its verifier
// replaced by a Go program that does nothing (testdata/gofloor), whose
// "verdict" is the start of its main. make bench runs it and the README
// reports the medians.
func BenchmarkColdVerdict(b *testing.B) {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	link := "#" + dice.FormatLink(recordWithRolls(b, 400))
	pageFile := filepath.Join(distDir, "de", "check", "index.html")
	reference, _ := filepath.Abs(filepath.Join("testdata", "webcrypto.html"))
	pages := map[string]string{"pfcheck": pageFile, "webcrypto": reference, "go-floor": goFloorPage(b, pageFile)}
	for name, file := range pages {
		b.Run(name, func(b *testing.B) {
			var times []float64
			for b.Loop() {
				tb := navigate(b, "file://"+file+link)
				tb.poll(`performance.getEntriesByName('pfcheck:verdict').length > 0`)
				if status := eval[string](tb, `document.getElementById('verdict').dataset.status`); name != "go-floor" && status != "match" {
					b.Fatalf("status %s", status)
				}
				times = append(times, eval[float64](tb, `performance.getEntriesByName('pfcheck:verdict')[0].startTime`))
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "ms-to-verdict")
			if name == "pfcheck" {
				raw, _ := os.ReadFile(file)
				b.ReportMetric(float64(len(raw))/1000, "page-kB")
				b.ReportMetric(float64(len(gzipped(raw)))/1000, "page-kB-gzip")
			}
		})
	}
}

// goFloorPage writes the check page with testdata/gofloor as its verifier.
func goFloorPage(b *testing.B, pageFile string) string {
	dir := b.TempDir()
	wasm := filepath.Join(dir, "gofloor.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", wasm, "./testdata/gofloor")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building the floor: %v\n%s", err, out)
	}
	program, err := os.ReadFile(wasm)
	if err != nil {
		b.Fatal(err)
	}
	html, err := os.ReadFile(pageFile)
	if err != nil {
		b.Fatal(err)
	}
	floor := withBlob(b, html, "verifier", func([]byte) []byte { return program })
	file := filepath.Join(dir, "index.html")
	if err := os.WriteFile(file, floor, 0o644); err != nil {
		b.Fatal(err)
	}
	return file
}

// recordWithRolls returns a dice_v1 record of the vectors with n recorded rolls.
func recordWithRolls(b *testing.B, n int) map[string]any {
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
