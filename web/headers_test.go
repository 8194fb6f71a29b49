package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHeaders: every response is kept out of frames; pages carry their own
// policy and are revalidated; anything else gets the strictest policy; the
// API is never stored; no directory is listed (and an error is not cached:
// http.FileServer drops Cache-Control from it).
func TestHeaders(t *testing.T) {
	h := Handler(dist, proofsDir())
	pagePolicy := func(p Page) string { return CSP(p) + "; frame-ancestors 'none'" }
	strict := "default-src 'none'; frame-ancestors 'none'"
	for _, c := range []struct {
		target, csp, cache string
		status             int
	}{
		{"/", pagePolicy(Page{}), "no-cache", 200},
		{"/de/check/", pagePolicy(Pages[0]), "no-cache", 200},
		{"/el/shoe/", pagePolicy(Page{Name: "shoe", Connects: true}), "no-cache", 200},
		{"/wasm/check.wasm", strict, "no-cache", 200},
		{"/wasm/check.vectors", strict, "no-cache", 200},
		{"/api/shoe/shoe-42", strict, "no-store", 200},
		{"/wasm/", strict, "", 404},
		{"/de/", strict, "", 404},
		{"/de", strict, "", 404},
		{"/nope/", strict, "", 404},
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", c.target, nil))
		res := w.Result()
		if res.StatusCode != c.status {
			t.Errorf("GET %s: %d, want %d", c.target, res.StatusCode, c.status)
		}
		for name, want := range map[string]string{
			"Content-Security-Policy": c.csp, "Cache-Control": c.cache, "X-Frame-Options": "DENY",
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
		} {
			if got := res.Header.Get(name); got != want {
				t.Errorf("GET %s: %s %q, want %q", c.target, name, got, want)
			}
		}
	}
}

// TestProofFIFO: a FIFO named like a proof record is no record, at once;
// before, the request waited forever for a writer.
func TestProofFIFO(t *testing.T) {
	proofs := t.TempDir()
	fifo := filepath.Join(proofs, "shoe-fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	// Should the request hang, a writer opened after the test ends lets it go.
	t.Cleanup(func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	})
	done := make(chan int, 1)
	go func() {
		w := httptest.NewRecorder()
		Handler(dist, proofs).ServeHTTP(w, httptest.NewRequest("GET", ShoeAPI+"shoe-fifo", nil))
		done <- w.Code
	}()
	select {
	case code := <-done:
		if code != http.StatusNotFound {
			t.Errorf("a FIFO: %d, want 404", code)
		}
	case <-time.After(2 * time.Second):
		t.Error("a request for a FIFO still waits after 2 s")
	}
}

// TestReadmeHostHeaders: the nginx example of README.md ("Deploying") gives
// each response the headers Headers gives it.
func TestReadmeHostHeaders(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(readme), "```nginx\n")
	block, _, _ = strings.Cut(block, "```")
	mapLine := regexp.MustCompile(`(?m)^\s+(default|"~([^"]+)") "([^"]+)";$`)
	addHeader := regexp.MustCompile(`(?m)^\s+add_header (\S+) (\S+) always;$`)
	typeLine := regexp.MustCompile(`(?m)^\s+(\S+/\S+) (\S+);$`)
	added := map[string]string{}
	for _, m := range addHeader.FindAllStringSubmatch(block, -1) {
		added[m[1]] = m[2]
	}
	types := map[string]string{} // file ending: Content-Type
	for _, m := range typeLine.FindAllStringSubmatch(block, -1) {
		types[m[2]] = m[1]
	}
	paths := []string{"/", "/index.html", "/wasm/check.wasm", "/wasm/", "/de/", "/sw.js", "/de/manifest.webmanifest"}
	for _, lang := range Languages {
		for _, p := range Pages {
			paths = append(paths, "/"+lang+"/"+p.Name+"/", "/"+lang+"/"+p.Name+"/index.html")
		}
	}
	for _, path := range paths {
		// nginx takes the first regex that matches, else the default.
		policy, fallback := "", ""
		for _, m := range mapLine.FindAllStringSubmatch(block, -1) {
			if m[1] == "default" {
				fallback = m[3]
			} else if policy == "" && regexp.MustCompile(m[2]).MatchString(path) {
				policy = m[3]
			}
		}
		if policy == "" {
			policy = fallback
		}
		for name, values := range Headers(path) {
			want := values[0]
			got := added[name]
			switch name {
			case "Content-Security-Policy":
				got = policy
			case "Content-Type":
				got = types[path[strings.LastIndex(path, ".")+1:]]
			}
			if got != want {
				t.Errorf("%s: the example's %s is %q, want %q", path, name, got, want)
			}
		}
	}
}
