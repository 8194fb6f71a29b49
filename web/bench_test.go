package web

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"pfcheck/internal/dice"
)

// BenchmarkColdVerdict times a player's wait: from navigation to the verdict
// on a 400-roll match, in a new tab each time, for the check page and for a
// plain WebCrypto implementation of the same formula loaded the same way
// (from file://). make bench runs it and the README reports the medians.
func BenchmarkColdVerdict(b *testing.B) {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	link := "#" + dice.FormatLink(recordWithRolls(b, 400))
	pageFile := filepath.Join(distDir, "de", "check", "index.html")
	reference, _ := filepath.Abs(filepath.Join("testdata", "webcrypto.html"))
	for name, file := range map[string]string{"pfcheck": pageFile, "webcrypto": reference} {
		b.Run(name, func(b *testing.B) {
			var times []float64
			for b.Loop() {
				tb := navigate(b, "file://"+file+link)
				tb.poll(`performance.getEntriesByName('pfcheck:verdict').length > 0`)
				if status := eval[string](tb, `document.getElementById('verdict').dataset.status`); status != "match" {
					b.Fatalf("status %s", status)
				}
				times = append(times, eval[float64](tb, `performance.getEntriesByName('pfcheck:verdict')[0].startTime`))
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2], "ms-to-verdict")
			if name == "pfcheck" {
				raw, _ := os.ReadFile(file)
				var gz bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
				zw.Write(raw)
				zw.Close()
				b.ReportMetric(float64(len(raw))/1000, "page-kB")
				b.ReportMetric(float64(gz.Len())/1000, "page-kB-gzip")
			}
		})
	}
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
