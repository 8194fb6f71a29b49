package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unicode"

	"pfcheck/internal/report"
)

// TestRunCaseOneInput: a case with two inputs fails, always, naming them;
// it once ran whichever the map gave first.
func TestRunCaseOneInput(t *testing.T) {
	c := map[string]any{"name": "both", "record": map[string]any{"scheme": "dice_v1"}, "link": "#v=1", "expect": map[string]any{"status": "invalid"}}
	for range 20 {
		if failure, _ := RunCase(c); failure != "inputs link and record: a case gives one" {
			t.Fatalf("got %q", failure)
		}
	}
}

// FuzzReadVectorFile: from any text, ReadVectorFile either refuses it in a
// printable sentence or reads cases that each have a name of their own, an
// "expect" object and one input, and that read back the same from the JSON
// the page carries. Its corpus: the operator's example files and the files
// the build and conformance must refuse (testdata/operator-refused.json).
func FuzzReadVectorFile(f *testing.F) {
	paths, _ := filepath.Glob("../../testdata/operator/*.json")
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		f.Add(string(data))
	}
	data, _ := os.ReadFile("../../testdata/operator-refused.json")
	var doc struct {
		Fixtures []struct{ Files map[string]string }
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Fixtures) == 0 {
		f.Fatal("testdata/operator-refused.json: ", err)
	}
	for _, fixture := range doc.Fixtures {
		for _, text := range fixture.Files {
			f.Add(text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		file, refusal := ReadVectorFile("f.json", text, map[string]string{})
		if refusal != "" {
			for _, r := range refusal {
				if r != ' ' && !unicode.IsPrint(r) {
					t.Fatalf("%q: refused as %q, with %U", text, refusal, r)
				}
			}
			return
		}
		cases := make([]any, len(file.Cases))
		for i, c := range file.Cases {
			if caseProblem(c) != "" {
				t.Fatalf("%q: case %d read: %s", text, i, caseProblem(c))
			}
			cases[i] = c
		}
		again, refusal := ReadVectorFile("f.json", string(report.AppendJSON(nil, map[string]any{"scheme": file.Scheme, "cases": cases})), map[string]string{})
		if refusal != "" || !reflect.DeepEqual(again, file) {
			t.Fatalf("%q: read back %v, %s", text, again, refusal)
		}
	})
}
