package verify

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pfcheck/internal/vectortest"
)

// The pages run not every case of their vectors but the page set: one case
// for every path (testdata/README.md, "The page's cases"), marked "covers" by
// the generators. The tests below prove that the set covers every problem
// code the notes list and every statement the whole set reaches, so that a
// path losing its case fails here.

// notes are the notes that list each scheme's problem codes.
var notes = map[string][]string{
	"README.md":     {"dice_v1"},
	"shoe_v1.md":    {"shoe_v1"},
	"tablegames.md": {"match_seed_v2", "poker_hmac_v1", "chess_colour_v1"},
	"dice_v2.md":    {"dice_v2"},
}

// problemsOf adds every field/code a case expects (at any depth) to seen.
func problemsOf(v any, seen map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		field, isField := v["field"].(string)
		code, isCode := v["code"].(string)
		if isField && isCode {
			seen[field+"/"+code] = true
		}
		for _, x := range v {
			problemsOf(x, seen)
		}
	case []any:
		for _, x := range v {
			problemsOf(x, seen)
		}
	}
}

// documentedCodes reads the field/code pairs of a note's code tables: the
// tables whose header starts "| field | code |", where a cell may list
// several fields or codes separated by "/" or ",". "any field" stands for
// every field ("*").
func documentedCodes(t *testing.T, note string) []string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(vectortest.Dir(), "..", note))
	if err != nil {
		t.Fatal(err)
	}
	header := regexp.MustCompile(`^\|\s*field\s*\|\s*code\s*\|`)
	split := regexp.MustCompile(`\s*[/,]\s*`)
	var codes []string
	inTable := false
	for line := range strings.Lines(string(text)) {
		if header.MatchString(line) {
			inTable = true
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if !inTable || !strings.HasPrefix(line, "|") || len(cells) < 2 {
			inTable = false
			continue
		}
		if strings.Trim(cells[0], "- ") == "" {
			continue // the rule under the header
		}
		for _, field := range split.Split(strings.TrimSpace(cells[0]), -1) {
			if field == "any field" {
				field = "*"
			}
			for _, code := range split.Split(strings.TrimSpace(cells[1]), -1) {
				codes = append(codes, field+"/"+code)
			}
		}
	}
	if len(codes) == 0 {
		t.Fatalf("%s: no code table", note)
	}
	return codes
}

func pageCases(f vectortest.File) []map[string]any {
	var cases []map[string]any
	for _, c := range f.Cases {
		if _, marked := c["covers"]; marked {
			cases = append(cases, c)
		}
	}
	return cases
}

// TestPageVectorsCoverEveryCode: every code a note lists, and every code the
// whole set expects, is expected by a case of the page set.
func TestPageVectorsCoverEveryCode(t *testing.T) {
	for note, schemes := range notes {
		all, page := map[string]bool{}, map[string]bool{}
		for _, scheme := range schemes {
			f := vectortest.Load(t, scheme)
			for _, c := range f.Cases {
				problemsOf(c["expect"], all)
			}
			for _, c := range pageCases(f) {
				problemsOf(c["expect"], page)
			}
		}
		var missing []string
		for _, code := range documentedCodes(t, note) {
			field, c, _ := strings.Cut(code, "/")
			found := page[code]
			for have := range page {
				found = found || field == "*" && strings.HasSuffix(have, "/"+c)
			}
			if !found {
				missing = append(missing, code+" (listed in "+note+")")
			}
		}
		for code := range all {
			if !page[code] {
				missing = append(missing, code+" (expected by a case of the whole set)")
			}
		}
		slices.Sort(missing)
		for _, m := range missing {
			t.Errorf("%v: no case of the page set expects %s", schemes, m)
		}
	}
}

// TestPageVectorsCoverEveryStatement runs each scheme's whole set and its
// page set through RunCase with coverage (a test binary built with -cover,
// run once per set: TestRunVectorSet) and requires the page set to reach
// every statement of internal/... that the whole set reaches, but the
// diagnosis of a mismatch (package diagnose, each scheme's diagnose.go):
// no vector expects one, since it changes no verdict, and its cases
// (testdata/diagnosis/cases.json) run in go test and in Node.
func TestPageVectorsCoverEveryStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary with coverage")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "verify.test")
	build := exec.Command("go", "test", "-c", "-o", bin, "-covermode=set", "-coverpkg=pfcheck/internal/...", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building with coverage: %v\n%s", err, out)
	}
	for _, f := range vectortest.LoadAll(t) {
		reached := map[string]map[string]bool{}
		for _, set := range []string{"all", "page"} {
			profile := filepath.Join(dir, f.Scheme+"."+set)
			run := exec.Command(bin, "-test.run", "^TestRunVectorSet$", "-test.coverprofile", profile)
			run.Env = append(os.Environ(), "PFCHECK_VECTOR_SET="+f.Scheme+":"+set)
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("%s %s: %v\n%s", f.Scheme, set, err, out)
			}
			reached[set] = coveredBlocks(t, profile)
		}
		missing := map[string][]string{} // file: lines
		for block := range reached["all"] {
			if !reached["page"][block] && !isDiagnosis(block) {
				file, lines, _ := strings.Cut(block, ":")
				missing[file] = append(missing[file], lines)
			}
		}
		for file, lines := range missing {
			slices.Sort(lines)
			t.Errorf("%s: the page set does not reach %s at %s, which the whole set reaches", f.Scheme, file, strings.Join(lines, " "))
		}
	}
}

// isDiagnosis reports whether a coverage block is in the diagnosis of a
// mismatch.
func isDiagnosis(block string) bool {
	file, _, _ := strings.Cut(block, ":")
	return strings.Contains(file, "internal/diagnose/") || strings.HasSuffix(file, "/diagnose.go")
}

// TestRunVectorSet runs one set of cases, PFCHECK_VECTOR_SET=<scheme>:<all|page>,
// for TestPageVectorsCoverEveryStatement.
func TestRunVectorSet(t *testing.T) {
	scheme, set, ok := strings.Cut(os.Getenv("PFCHECK_VECTOR_SET"), ":")
	if !ok {
		t.Skip("run by TestPageVectorsCoverEveryStatement")
	}
	f := vectortest.Load(t, scheme)
	cases := f.Cases
	if set == "page" {
		cases = pageCases(f)
	}
	if name, ok := strings.CutPrefix(set, "case="); ok {
		cases = nil
		for _, c := range f.Cases {
			if c["name"] == name {
				cases = append(cases, c)
			}
		}
	}
	for _, c := range cases {
		if failure, _ := RunCase(c); failure != "" {
			t.Errorf("%s/%v fails: %s", scheme, c["name"], failure)
		}
	}
}

// coveredBlocks reads a coverage profile: the blocks (file:lines) run at least once.
func coveredBlocks(t *testing.T, profile string) map[string]bool {
	t.Helper()
	file, err := os.Open(profile)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	blocks := map[string]bool{}
	lines := bufio.NewScanner(file)
	for lines.Scan() {
		var block string
		var statements, count int
		if _, err := fmt.Sscanf(lines.Text(), "%s %d %d", &block, &statements, &count); err == nil && count > 0 {
			blocks[strings.TrimPrefix(block, "pfcheck/")] = true
		}
	}
	return blocks
}
