package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pfcheck/web"
)

const exampleOperator = "../../testdata/operator"

// TestOperatorExamplePasses: the example operator's vectors (written by
// testdata/gen/operator.mjs from SPEC, as a server would) all pass, and each
// page carries those of its schemes; a page without any gets no file.
func TestOperatorExamplePasses(t *testing.T) {
	operator, err := readOperatorVectors(exampleOperator)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, page := range web.Pages {
		out := filepath.Join(dir, page.Name+".operator.vectors")
		data, cases, err := writeOperatorVectors(operator, page, out)
		if err != nil || cases == 0 || len(data) == 0 {
			t.Errorf("%s: %d cases, %v", page.Name, cases, err)
		}
		if _, cases, _ := writeOperatorVectors(operatorCases{}, page, out); cases != 0 {
			t.Errorf("%s: cases from none", page.Name)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: the file of an earlier build stays", page.Name)
		}
	}
}

// operatorDir copies the example operator's vectors into a new directory,
// with the files of change (name: content) written over them.
func operatorDir(t *testing.T, change map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	paths, _ := filepath.Glob(filepath.Join(exampleOperator, "*.json"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644)
	}
	for name, content := range change {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
	}
	return dir
}

// TestWrongOperatorCaseFailsTheBuild: a case the pages compute otherwise
// stops the build, which names the file, the case and its first
// difference; so does anything that is not a set of vectors to run.
func TestWrongOperatorCaseFailsTheBuild(t *testing.T) {
	example, err := os.ReadFile(filepath.Join(exampleOperator, "dice_v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The server's first recorded roll of match 1001, changed.
	text := string(example)
	first := strings.Index(text, `"rolls": [`)
	first += strings.Index(text[first:], `"5`) + 1 // its first roll is 5-4
	wrong := text[:first] + "6" + text[first+1:]
	for name, tc := range map[string]struct {
		change map[string]string
		says   []string
	}{
		"a wrong roll": {map[string]string{"dice_v1.json": wrong},
			[]string{"1 of 9 cases fail", "dice_v1.json: dice_v1/server-match-1001: .status: expected \"match\", got \"mismatch\"; first of mismatches: {", `"index":1,"recorded":"`}},
		"bad JSON":                {map[string]string{"x.json": `{"scheme": "dice_v1", "cases": [`}, []string{"x.json: not JSON at byte 33"}},
		"unknown scheme":          {map[string]string{"x.json": `{"scheme": "dice_v9", "cases": [{"name": "a", "record": {}, "expect": {}}]}`}, []string{`x.json: scheme "dice_v9": this verifier does not check it`}},
		"a scheme no page checks": {map[string]string{"x.json": `{"scheme": "match_seed_v1", "cases": [{"name": "a", "record": {}, "expect": {}}]}`}, []string{`x.json: scheme "match_seed_v1": no page checks it`}},
		"no cases":                {map[string]string{"x.json": `{"scheme": "dice_v1", "cases": []}`}, []string{"x.json: no cases"}},
		"a name twice":            {map[string]string{"x.json": `{"scheme": "dice_v1", "cases": [{"name": "server-offline-2001", "rollsText": "", "expect": {}}]}`}, []string{"two cases named dice_v1/server-offline-2001"}},
		"another scheme's record": {map[string]string{"x.json": strings.Replace(string(example), `"scheme": "dice_v1",`, `"scheme": "dice_v2",`, 1)},
			[]string{`x.json: dice_v2/server-match-1001: a "dice_v1" case in a file of dice_v2`}},
	} {
		_, err := readOperatorVectors(operatorDir(t, tc.change))
		for _, say := range tc.says {
			if err == nil || !strings.Contains(err.Error(), say) {
				t.Errorf("%s: the build says %v, not %q", name, err, say)
			}
		}
	}
	if _, err := readOperatorVectors(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no *.json") {
		t.Errorf("an empty directory: %v", err)
	}
}

// TestOperatorFilesRefused: the files that conformance refuses or fails
// (web/node/conformance.test.mjs reads the same), the build refuses or
// fails too, saying the same; none of them builds.
func TestOperatorFilesRefused(t *testing.T) {
	data, err := os.ReadFile("../../testdata/operator-refused.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Fixtures []struct {
			Name  string
			Files map[string]string
			PadTo int
			Says  string
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, f := range doc.Fixtures {
		for name, text := range f.Files {
			if len(text) < f.PadTo {
				f.Files[name] = text + strings.Repeat(" ", f.PadTo-len(text))
			}
		}
		_, err := readOperatorVectors(operatorDir(t, f.Files))
		if err == nil || !strings.Contains(err.Error(), f.Says) || strings.Contains(err.Error(), "\x1b") {
			t.Errorf("%s: the build says %q, not %q", f.Name, err, f.Says)
		}
	}
}

// TestOperatorDepth: a file nested as deep as a file may be builds, and the
// page reads it as carried; one level more is refused by name.
func TestOperatorDepth(t *testing.T) {
	deep := func(levels int) map[string]string {
		return map[string]string{"zz.json": `{"scheme": "dice_v1", "cases": [{"name": "deep", "rollsText": "", "expect": {}, "x": ` +
			strings.Repeat("[", levels) + strings.Repeat("]", levels) + `}]}`}
	}
	if _, err := readOperatorVectors(operatorDir(t, deep(9))); err != nil {
		t.Errorf("9 levels: %v", err)
	}
	if _, err := readOperatorVectors(operatorDir(t, deep(10))); err == nil || !strings.Contains(err.Error(), "zz.json: nested deeper than a page's verifier reads") {
		t.Errorf("10 levels: %v", err)
	}
}
