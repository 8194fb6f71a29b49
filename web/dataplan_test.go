package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkDataPlan counts what a player's data plan pays (issue 26): the
// bytes the server sends, headers included, counted on its connections, so
// a figure is the same on any machine. For each page (the German check,
// dice, shoe and games pages, opened with the links of BenchmarkFirstTap),
// in a new browser context, served by Handler: the first visit, everything
// until the service worker has kept the page (the page, sw.js, what the
// worker keeps with it); a return with the same build (the page from the
// worker, and its check for a new build); and a return after
// a new deploy, the build PFCHECK_BENCH_NEXT names (the same sources built
// with another version, so that every verifier and page differ: make bench
// builds it) served at the same origin, until the new worker has kept the
// page again. Each is given against the page's own bytes (its brotli form,
// what its first tap downloads). Without PFCHECK_BENCH_NEXT it reports the
// first visit and the return only.
func BenchmarkDataPlan(b *testing.B) {
	if browserCtx == nil {
		b.Skip("no browser")
	}
	next := os.Getenv("PFCHECK_BENCH_NEXT")
	links := map[string]coldPage{}
	for _, p := range coldPages(b, distDir, "") {
		links[p.name] = p
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-6s %12s %14s %6s %12s %14s %6s\n", "page", "page (br)", "first visit", "×page", "return", "new deploy", "×page")
	for b.Loop() {
		table.Reset()
		fmt.Fprintf(&table, "%-6s %12s %14s %6s %12s %14s %6s\n", "page", "page (br)", "first visit", "×page", "return", "new deploy", "×page")
		for _, name := range []string{"check", "dice", "shoe", "games"} {
			path := "/de/" + name + "/"
			own := brotliSize(b, distDir, path)
			first, again, deployed := dataPlan(b, path+links[name].link, next)
			deploy, ratio := "–", "–"
			if next != "" {
				newOwn := brotliSize(b, next, path)
				deploy, ratio = fmt.Sprintf("%.1f KB", float64(deployed)/1000), fmt.Sprintf("%.2f", float64(deployed)/float64(newOwn))
				b.ReportMetric(float64(deployed)/float64(newOwn), name+"-deploy-x")
			}
			fmt.Fprintf(&table, "%-6s %9.1f KB %11.1f KB %6.2f %9.1f KB %14s %6s\n", name, float64(own)/1000, float64(first)/1000,
				float64(first)/float64(own), float64(again)/1000, deploy, ratio)
			b.ReportMetric(float64(first)/float64(own), name+"-first-x")
		}
	}
	// Printed, not logged: the testing package cuts a benchmark's long log.
	fmt.Printf("BenchmarkDataPlan: bytes the server sent (headers included), a new browser context per page; ×page: against the page's brotli form (after a deploy, the new page's)\n%s", table.String())
}

// brotliSize is the size of the brotli form of the page at urlPath in dist.
func brotliSize(b *testing.B, dist, urlPath string) int64 {
	info, err := os.Stat(filepath.Join(dist, filepath.FromSlash(urlPath), "index.html.br"))
	if err != nil {
		b.Fatal(err)
	}
	return info.Size()
}

// dataPlan opens url (a path and its link) at a site serving the build, in
// a new browser context, and returns the bytes sent on the first visit
// until the worker has kept the page, on a return, and, with a next build,
// on a return once the next build serves at the same origin, until its
// worker has kept the page again.
func dataPlan(b *testing.B, url, next string) (first, again, deployed int64) {
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	defer cancel()
	s := serveSite(b, distDir, "127.0.0.1:0")
	page, _, _ := strings.Cut(url, "#")
	keptPage := fmt.Sprintf(`caches.keys().then((names) => names.length === 1 && caches.open(names[0]))
		.then((c) => c && c.match(%s)).then((r) => r !== undefined)`, jsString(s.url()+page))
	visit := openIn(ctx, b, s.url()+url)
	visit.waitWorker()
	visit.poll(keptPage)
	first = s.sent.Swap(0)
	visit = openIn(ctx, b, s.url()+url)
	// The browser's check for a new worker, which a navigation starts
	// when it will: made here, and waited for.
	await[bool](visit, `navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)`)
	again = s.sent.Swap(0)
	if next == "" {
		return first, again, 0
	}
	before := await[[]string](visit, `caches.keys()`)
	s.srv.Close()
	s = serveSite(b, next, s.addr)
	visit = openIn(ctx, b, s.url()+url)
	visit.poll(`caches.keys().then((names) => names.length === 1 && names[0] !== ` + jsString(before[0]) + `)`)
	visit.poll(keptPage)
	return first, again, s.sent.Load()
}
