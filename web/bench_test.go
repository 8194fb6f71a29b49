package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

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
