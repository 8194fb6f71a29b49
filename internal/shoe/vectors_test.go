package shoe

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"pfcheck/internal/report"
)

const (
	vectorsPath   = "../../testdata/vectors/shoe_v1.json"
	generatorPath = "../../testdata/gen/shoe_v1.mjs"
)

type vectorFile struct {
	Scheme    string           `json:"scheme"`
	Generator string           `json:"generator"`
	Cases     []map[string]any `json:"cases"`
}

func loadVectors(t testing.TB) vectorFile {
	t.Helper()
	data, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Scheme != Scheme || len(f.Cases) == 0 {
		t.Fatalf("vectors: scheme %q, %d cases", f.Scheme, len(f.Cases))
	}
	return f
}

// runCase runs one vector's input the way the page's self-test does and
// returns what its expect is compared with.
func runCase(t *testing.T, c map[string]any) any {
	t.Helper()
	switch {
	case c["record"] != nil:
		return Check(c["record"].(map[string]any)).Map()
	case c["cardsText"] != nil:
		cards, p := ParseCards(c["cardsText"].(string))
		if p != nil {
			return map[string]any{"errors": report.ProblemList([]report.Problem{*p})}
		}
		list := make([]any, len(cards))
		for i, s := range cards {
			list[i] = s
		}
		return map[string]any{"cards": list}
	case c["stream"] != nil:
		return StreamResult(c["stream"].(map[string]any))
	}
	t.Fatalf("case has no known input")
	return nil
}

func TestVectors(t *testing.T) {
	f := loadVectors(t)
	names := map[string]bool{}
	for _, c := range f.Cases {
		name, _ := c["name"].(string)
		if names[name] {
			t.Errorf("duplicate case name %q", name)
		}
		names[name] = true
		t.Run(name, func(t *testing.T) {
			got := runCase(t, c)
			if !report.Contains(got, c["expect"]) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(c["expect"])
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

// TestGeneratorUpToDate runs the JavaScript generator and fails when the
// committed vectors differ from what it writes.
func TestGeneratorUpToDate(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	out := filepath.Join(t.TempDir(), "shoe_v1.json")
	cmd := exec.Command(node, generatorPath, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, msg)
	}
	fresh, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, committed) {
		t.Errorf("%s differs from what %s writes; run it again", vectorsPath, generatorPath)
	}
}

// TestEveryCaseCanFail changes the first expected value of every case (keys
// in sorted order) and requires the case to fail: a vector that cannot fail
// proves nothing.
func TestEveryCaseCanFail(t *testing.T) {
	for _, c := range loadVectors(t).Cases {
		var want any
		data, _ := json.Marshal(c["expect"])
		json.Unmarshal(data, &want)
		if !alterFirst(want) {
			t.Errorf("%v: expects nothing", c["name"])
			continue
		}
		if report.Contains(runCase(t, c), want) {
			t.Errorf("%v: passes with an altered expectation", c["name"])
		}
	}
}

// alterFirst changes the first scalar of v in place (object keys sorted), or
// gives an empty list an item.
func alterFirst(v any) bool {
	switch v := v.(type) {
	case []any:
		if len(v) == 0 {
			return false
		}
		for i := range v {
			if s, ok := alterScalar(v[i]); ok {
				v[i] = s
				return true
			}
			if alterFirst(v[i]) {
				return true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if s, ok := alterScalar(v[k]); ok {
				v[k] = s
				return true
			}
			if l, isList := v[k].([]any); isList && len(l) == 0 {
				v[k] = []any{"x"}
				return true
			}
			if alterFirst(v[k]) {
				return true
			}
		}
	}
	return false
}

func alterScalar(v any) (any, bool) {
	switch v := v.(type) {
	case string:
		return v + "x", true
	case float64:
		return v + 1, true
	case bool:
		return !v, true
	}
	return nil, false
}
