// Package vectortest reads the test vectors of testdata/vectors for the Go
// tests of every scheme, and runs record cases through a scheme's check.
//
// It is for _test.go files only: it imports testing and encoding/json, which
// must never reach the WebAssembly players download.
package vectortest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"pfcheck/internal/report"
)

// File is one vector file: testdata/vectors/<scheme>.json. Each case is a
// plain object with a name, one input (record, link, rollsText, …) and what
// it expects.
type File struct {
	Scheme    string           `json:"scheme"`
	Generator string           `json:"generator"`
	Cases     []map[string]any `json:"cases"`
}

// Dir returns the vectors directory, found from this file's own source
// location so that the tests of any package can read it.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "vectors")
}

// Load reads the vectors of scheme; it fails the test unless the file names
// that scheme and has cases.
func Load(t testing.TB, scheme string) File {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Dir(), scheme+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s.json: %v", scheme, err)
	}
	if f.Scheme != scheme || len(f.Cases) == 0 {
		t.Fatalf("%s.json: scheme %q, %d cases", scheme, f.Scheme, len(f.Cases))
	}
	return f
}

// LoadAll reads every vector file, in the order of their names.
func LoadAll(t testing.TB) []File {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(Dir(), "*.json"))
	if len(paths) == 0 {
		t.Fatal("no vector files in ", Dir())
	}
	files := make([]File, len(paths))
	for i, p := range paths {
		files[i] = Load(t, strings.TrimSuffix(filepath.Base(p), ".json"))
	}
	return files
}

// Run runs every case of scheme's vectors through run, which returns the
// plain result for the case's input (nil for an input it does not take), and
// requires that result to contain what the case expects. A link case that
// run does not take is skipped: internal/verify runs every case, links in
// their page's format included.
func Run(t *testing.T, scheme string, run func(c map[string]any) map[string]any) {
	t.Helper()
	for _, c := range Load(t, scheme).Cases {
		name, _ := c["name"].(string)
		t.Run(name, func(t *testing.T) {
			want, expects := c["expect"].(map[string]any)
			got := run(c)
			if _, isLink := c["link"]; isLink && got == nil {
				t.Skip("a link case: internal/verify runs it")
			}
			if !expects || got == nil {
				t.Fatal("the case expects nothing, or has no input this test takes")
			}
			if !report.Contains(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

// RunRecords runs every case of scheme's vectors, each a record, through
// check (see Run).
func RunRecords(t *testing.T, scheme string, check func(map[string]any) report.Result) {
	t.Helper()
	Run(t, scheme, func(c map[string]any) map[string]any {
		rec, isRecord := c["record"].(map[string]any)
		if !isRecord {
			return nil
		}
		return check(rec).Map()
	})
}

// FuzzRecords fuzzes check with records as JSON, seeded with the records of
// scheme's vectors shorter than maxSeed bytes. Whatever the record, check
// must not panic, must give the status invalid exactly when it reports
// errors, and its result must convert to a plain object.
func FuzzRecords(f *testing.F, scheme string, maxSeed int, check func(map[string]any) report.Result) {
	f.Helper()
	for _, c := range Load(f, scheme).Cases {
		if rec, ok := c["record"]; ok {
			if data, _ := json.Marshal(rec); len(data) < maxSeed {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var rec map[string]any
		if json.Unmarshal(data, &rec) != nil {
			return
		}
		res := check(rec)
		if (res.Status == report.Invalid) != (len(res.Errors) > 0) {
			t.Fatalf("status %v with %d errors", res.Status, len(res.Errors))
		}
		res.Map()
	})
}
