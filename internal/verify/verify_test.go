package verify

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

func TestVectors(t *testing.T) {
	for _, f := range vectortest.LoadAll(t) {
		seen := map[string]bool{}
		for _, c := range f.Cases {
			caseName, _ := c["name"].(string)
			if seen[caseName] || caseName == "" {
				t.Errorf("%s: case name %q empty or repeated", f.Scheme, caseName)
			}
			seen[caseName] = true
			if failure, got := RunCase(c); failure != "" {
				gotJSON, _ := json.Marshal(got)
				t.Errorf("%s/%s: %s\n got %.600s", f.Scheme, caseName, failure, gotJSON)
			}
		}
	}
}

// TestSelfTestCanFail changes one expected value of every case and requires
// the case to fail: a self-test that cannot fail proves nothing.
func TestSelfTestCanFail(t *testing.T) {
	for _, f := range vectortest.LoadAll(t) {
		for _, c := range f.Cases {
			broken := map[string]any{}
			for k, v := range c {
				broken[k] = v
			}
			expect, _ := json.Marshal(c["expect"])
			var altered any
			var ok bool
			json.Unmarshal(expect, &altered)
			if altered, ok = alter(altered); !ok {
				t.Errorf("%s/%v: expects nothing", f.Scheme, c["name"])
				continue
			}
			broken["expect"] = altered
			if failure, _ := RunCase(broken); failure == "" {
				t.Errorf("%s/%v: still passes with an altered expectation", f.Scheme, c["name"])
			}
		}
	}
}

// alter returns v with its first scalar (keys in sorted order) changed, or an
// empty list given an item; ok is false when there is nothing to change.
func alter(v any) (altered any, ok bool) {
	switch v := v.(type) {
	case string:
		return v + "x", true
	case float64:
		return v + 1, true
	case bool:
		return !v, true
	case []any:
		if len(v) == 0 {
			return []any{"x"}, true
		}
		for i := range v {
			if v[i], ok = alter(v[i]); ok {
				return v, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if v[k], ok = alter(v[k]); ok {
				return v, true
			}
		}
	}
	return v, false
}

// TestVectorsAreFresh reruns every generator in a scratch copy of testdata
// and requires the committed vector files, the audit files (testdata/audit,
// gen/audit.mjs) and the example operator's (testdata/operator,
// gen/operator.mjs) to be exactly what they write.
func TestVectorsAreFresh(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to regenerate the vectors: ", err)
	}
	scratch := t.TempDir()
	if err := os.CopyFS(filepath.Join(scratch, "gen"), os.DirFS("../../testdata/gen")); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(scratch, "vectors"), 0o755)
	generators, _ := filepath.Glob(filepath.Join(scratch, "gen", "*.mjs"))
	// Side by side: each writes its own files.
	var wg sync.WaitGroup
	for _, g := range generators {
		wg.Go(func() {
			if out, err := exec.Command(node, g).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", filepath.Base(g), err, out)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for _, dir := range []string{"vectors", "audit", "operator", "diagnosis"} {
		committed, _ := filepath.Glob(filepath.Join(vectortest.Dir(), "..", dir, "*.*"))
		written, _ := filepath.Glob(filepath.Join(scratch, dir, "*.*"))
		if len(written) != len(committed) || len(committed) == 0 {
			t.Fatalf("generators write %d files to %s, %d are committed", len(written), dir, len(committed))
		}
		for _, p := range committed {
			want, _ := os.ReadFile(p)
			got, err := os.ReadFile(filepath.Join(scratch, dir, filepath.Base(p)))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s/%s differs from what its generator writes: run make vectors", dir, filepath.Base(p))
			}
		}
	}
}

func TestUnknownScheme(t *testing.T) {
	res := Check(map[string]any{"scheme": "dice_v9"})
	if res.Status != report.Unsupported || len(res.Errors) != 1 {
		t.Fatalf("%+v", res)
	}
	res = Check(map[string]any{"scheme": 3.0})
	if res.Status != report.Invalid {
		t.Fatalf("%+v", res)
	}
}

func TestLinkVersions(t *testing.T) {
	for fragment, code := range map[string]string{
		"":                                     "missing-version",
		"#s=00":                                "missing-version",
		"v=1&v=1":                              "duplicate",
		"v=3":                                  "newer-version",
		"v=1&junk":                             "malformed",
		"v=1&s=" + string(make([]byte, 70000)): "too-long",
	} {
		for _, format := range []string{"", FormatDice, FormatShoe} {
			_, problems := ParseLink(fragment, format)
			if len(problems) != 1 || problems[0].Code != code {
				t.Errorf("%s %.20q: %v, want %s", format, fragment, problems, code)
			}
		}
	}
}

// TestLinkFormats: each page's format reads its own v=1 links, and every
// writer's link reads back in its scheme's format.
func TestLinkFormats(t *testing.T) {
	seed := strings.Repeat("ab", 32)
	if _, problems := ParseLink("v=1", "poker"); len(problems) != 1 || problems[0].Code != CodeUnknownFormat {
		t.Errorf("unknown format: %v", problems)
	}
	if _, problems := ParseLink("v=1&s="+strings.Repeat("a", 9000), FormatShoe); len(problems) != 1 || problems[0].Code != "too-long" {
		t.Errorf("shoe link over 8192: %v", problems)
	}
	for _, c := range []struct {
		format string
		rec    map[string]any
	}{
		{FormatDice, map[string]any{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"x"}, "rolls": []any{"63"}}},
		{FormatShoe, map[string]any{"scheme": "shoe_v1", "serverSeed": seed, "clientSeed": "a:b", "nonce": 1, "decks": 2, "penetration": 0.5}},
		{FormatGames, map[string]any{"scheme": "chess_colour_v1", "seedA": "a b", "clientA": "x", "colourA": "white"}},
		{FormatGames, map[string]any{"scheme": "match_seed_v2", "game": "bridge", "matchId": "m 1", "serverSeed": seed, "clientSeeds": []any{"a", ""}, "seats": []any{1, 0}}},
	} {
		fragment := FormatLink(c.rec)
		got, problems := ParseLink(fragment, c.format)
		if len(problems) > 0 || !reflect.DeepEqual(got, c.rec) {
			t.Errorf("%s: %s reads as %v %v, want %v", c.format, fragment, got, problems, c.rec)
		}
	}
}

// TestTextParsersRefuse: each text parser refuses a text over its bound as
// the bridge does unread.
func TestTextParsersRefuse(t *testing.T) {
	for name, p := range Parsers {
		got := p.Parse(strings.Repeat(" ", p.MaxBytes+1))
		if !reflect.DeepEqual(got, p.Refused()) {
			t.Errorf("%s: %v, the bridge says %v", name, got, p.Refused())
		}
		if got := p.Parse(strings.Repeat(" ", p.MaxBytes)); got["errors"] != nil {
			t.Errorf("%s: a text of %d bytes: %v", name, p.MaxBytes, got)
		}
	}
}

// TestRunCaseSaysWhy: a failing case names its first difference and, for a
// record that should match, where the check and the record part: what an
// operator's vector that fails the build must say.
func TestRunCaseSaysWhy(t *testing.T) {
	rec := map[string]any{
		"scheme":      "dice_v1",
		"serverSeed":  "3a1466d59f0100290a01acf1458f2184a1f262885ee90de4ac50dbd8315e4a7e",
		"clientSeeds": []any{"71f3c84129eb1a633578997408cffcde"},
		"rolls":       []any{"52"}, // the seed rolls 51
	}
	failure, _ := RunCase(map[string]any{"record": rec, "expect": map[string]any{"status": "match"}})
	want := `.status: expected "match", got "mismatch"; first of mismatches: {"computed":"51","index":1,"recorded":"52"}`
	if failure != want {
		t.Errorf("got  %s\nwant %s", failure, want)
	}
	rec["rolls"], rec["seal"] = []any{"51"}, strings.Repeat("0", 64)
	failure, _ = RunCase(map[string]any{"record": rec, "expect": map[string]any{"status": "match"}})
	if want := `.status: expected "match", got "mismatch"; commitment.matches: false`; failure != want {
		t.Errorf("got  %s\nwant %s", failure, want)
	}
	for c, want := range map[string]map[string]any{
		"expect: no object":                     {"record": rec},
		"no input (record, link, rollsText, …)": {"expect": map[string]any{}},
		"link: of the wrong type":               {"link": 7.0, "expect": map[string]any{}},
	} {
		if failure, _ := RunCase(want); failure != c {
			t.Errorf("%v: %q, want %q", want, failure, c)
		}
	}
}
