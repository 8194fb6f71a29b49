package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
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
		{"/", LandingCSP + "; frame-ancestors 'none'", "no-cache", 200},
		{"/de/check/", pagePolicy(Pages[0]), "no-cache", 200},
		{"/el/shoe/", pagePolicy(Page{Name: "shoe", Connects: true}), "no-cache", 200},
		{"/wasm/check.wasm", strict, "no-cache", 200},
		{"/wasm/check.vectors", strict, "no-cache", 200},
		{"/robots.txt", strict, "no-cache", 200},
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

// TestPagePolicy: each page carries in its meta tag the policy a server
// sends with it, with the hashes of its own inline scripts and styles in
// place of 'unsafe-inline' (web.PagePolicy), and Trusted Types; robots.txt
// keeps search engines out of the API only.
func TestPagePolicy(t *testing.T) {
	meta := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)
	files := map[string]string{"index.html": LandingCSP}
	for _, p := range Pages {
		files[filepath.Join("de", p.Name, "index.html")] = CSP(p)
	}
	for file, policy := range files {
		html, err := os.ReadFile(filepath.Join(dist, file))
		if err != nil {
			t.Fatal(err)
		}
		want, err := PagePolicy(policy, string(html))
		found := meta.FindAllSubmatch(html, -1)
		switch {
		case err != nil:
			t.Errorf("%s: %v", file, err)
		case len(found) != 1 || string(found[0][1]) != want:
			t.Errorf("%s: policies %q, want one, %q", file, found, want)
		case strings.Contains(want, "unsafe-inline") || !strings.Contains(want, "'sha256-") ||
			!strings.Contains(want, "; require-trusted-types-for 'script'; trusted-types "):
			t.Errorf("%s: policy %q", file, want)
		}
	}
	robots, err := os.ReadFile(filepath.Join(dist, "robots.txt"))
	if err != nil || string(robots) != "User-agent: *\nDisallow: /api/\n" {
		t.Errorf("robots.txt: %q, %v", robots, err)
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

// TestDeployHostHeaders: the nginx example of web/DEPLOY.md gives
// each response the headers Headers gives it.
func TestDeployHostHeaders(t *testing.T) {
	readme, err := os.ReadFile("DEPLOY.md")
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
	// The compressed forms the server sends (servePrecompressed), by the
	// nginx modules that send them.
	for _, e := range Encodings {
		module := map[string]string{"br": "brotli", "gzip": "gzip"}[e.Name]
		if !strings.Contains(block, "\n    "+module+"_static on;\n") {
			t.Errorf("the example does not send the build's %s forms (%s_static on)", e.Suffix, module)
		}
	}
	if !strings.Contains(block, "\n    gzip_vary on;\n") {
		t.Error("the example does not say Vary: Accept-Encoding (gzip_vary on)")
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

// TestPrecompressed: a page is sent as the build's brotli or gzip form when
// the request's Accept-Encoding takes it (brotli first, a weight of zero
// refuses), else as itself; each answer varies by Accept-Encoding, unpacks
// to the page, has its own ETag, and a second visit with it costs a 304.
// HEAD and ranges answer for the form sent; a file the build did not
// compress is sent as it is, with no Vary.
func TestPrecompressed(t *testing.T) {
	h := Handler(dist, proofsDir())
	page, err := os.ReadFile(filepath.Join(dist, "de", "check", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	get := func(method, target string, header ...string) *http.Response {
		t.Helper()
		r := httptest.NewRequest(method, target, nil)
		for i := 0; i < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	unpack := map[string]func(io.Reader) io.Reader{
		"br": func(r io.Reader) io.Reader { return brotli.NewReader(r) },
		"gzip": func(r io.Reader) io.Reader {
			zr, err := gzip.NewReader(r)
			if err != nil {
				t.Fatal(err)
			}
			return zr
		},
		"": func(r io.Reader) io.Reader { return r },
	}
	etags := map[string]string{}
	for _, c := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip;q=0.5", "gzip"},
		{"*", "br"},
		{"*;q=0, gzip", "gzip"},
		{"", ""},
		{"identity", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		res := get("GET", "/de/check/", "Accept-Encoding", c.accept)
		if got := res.Header.Get("Content-Encoding"); res.StatusCode != 200 || got != c.want {
			t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q, want 200 %q", c.accept, res.StatusCode, got, c.want)
			continue
		}
		for name, want := range map[string]string{"Vary": "Accept-Encoding", "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"} {
			if got := res.Header.Get(name); got != want {
				t.Errorf("Accept-Encoding %q: %s %q, want %q", c.accept, name, got, want)
			}
		}
		if body, err := io.ReadAll(unpack[c.want](res.Body)); err != nil || !bytes.Equal(body, page) {
			t.Errorf("Accept-Encoding %q: the body is not the page (%v)", c.accept, err)
		}
		if c.want != "" {
			etags[c.want] = res.Header.Get("ETag")
		}
	}
	if etags["br"] == "" || etags["br"] == etags["gzip"] {
		t.Errorf("ETags %q: want one per form", etags)
	}
	if res := get("GET", "/de/check/", "Accept-Encoding", "br", "If-None-Match", etags["br"]); res.StatusCode != http.StatusNotModified {
		t.Errorf("a second visit: %d, want 304", res.StatusCode)
	}
	if res := get("GET", "/de/check/", "Accept-Encoding", "gzip", "If-None-Match", etags["br"]); res.StatusCode != 200 {
		t.Errorf("another form's ETag: %d, want 200", res.StatusCode)
	}
	brotliForm, err := os.ReadFile(filepath.Join(dist, "de", "check", "index.html.br"))
	if err != nil {
		t.Fatal(err)
	}
	head := get("HEAD", "/de/check/", "Accept-Encoding", "br")
	if body, _ := io.ReadAll(head.Body); head.StatusCode != 200 || len(body) != 0 || head.Header.Get("Content-Encoding") != "br" || head.Header.Get("ETag") != etags["br"] {
		t.Errorf("HEAD: %d, %d bytes of body, %v", head.StatusCode, len(body), head.Header)
	}
	ranged := get("GET", "/de/check/", "Accept-Encoding", "br", "Range", "bytes=10-19")
	if body, _ := io.ReadAll(ranged.Body); ranged.StatusCode != http.StatusPartialContent || !bytes.Equal(body, brotliForm[10:20]) {
		t.Errorf("a range: %d, %d bytes, want 206 and bytes 10-19 of the brotli form", ranged.StatusCode, len(body))
	}
	if res := get("GET", "/de/check/index.html", "Accept-Encoding", "br"); res.StatusCode != http.StatusMovedPermanently {
		t.Errorf("index.html: %d, want http.FileServer's redirect to ./", res.StatusCode)
	}
	wasm := get("GET", "/wasm/check.wasm", "Accept-Encoding", "br")
	if wasm.Header.Get("Content-Encoding") != "" || wasm.Header.Get("Vary") != "" || wasm.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("/wasm/check.wasm: %v, want it as it is", wasm.Header)
	}
	// Every install of the worker fetches the manifest: it goes compressed.
	manifest := get("GET", "/integrity.json", "Accept-Encoding", "gzip, br")
	if body, err := io.ReadAll(unpack["br"](manifest.Body)); err != nil || manifest.Header.Get("Content-Encoding") != "br" ||
		!strings.HasPrefix(manifest.Header.Get("Content-Type"), "application/json") || !bytes.Equal(body, readFile(t, filepath.Join(dist, "integrity.json"))) {
		t.Errorf("/integrity.json: %v (%v), want the manifest as brotli", manifest.Header, err)
	}
}
