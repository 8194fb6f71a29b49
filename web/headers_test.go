package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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
		{"/wasm/check.vectors.json", strict, "no-cache", 200},
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
