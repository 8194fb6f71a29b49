package audit

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pfcheck/internal/dice"
	"pfcheck/internal/dicestats"
	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// season is testdata/audit/season.txt with what its generator
// (testdata/gen/audit.mjs) says an audit of it must report; verify's
// TestVectorsAreFresh requires them to be what it writes.
type season struct {
	text   string
	expect struct {
		Lines      int                       `json:"lines"`
		Records    int                       `json:"records"`
		Unreadable int                       `json:"unreadable"`
		Status     map[string]int            `json:"status"`
		Schemes    map[string]map[string]int `json:"schemes"`
		Rolls      map[string][]int          `json:"rolls"`
		Problems   []map[string]any          `json:"problems"`
		Pages      map[string]string         `json:"pages"`
		Stats      map[string]any            `json:"statistics"`
		Diagnoses  map[string]int            `json:"diagnoses"`
		Warnings   []struct {
			Code   string  `json:"code"`
			Count  int     `json:"count"`
			Groups [][]int `json:"groups"`
			Lines  []int   `json:"lines"`
		} `json:"warnings"`
	}
}

const testdata = "../../testdata/audit"

func loadSeason(t testing.TB) season {
	t.Helper()
	var s season
	text, err := os.ReadFile(filepath.Join(testdata, "season.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s.text = string(text)
	data, err := os.ReadFile(filepath.Join(testdata, "season.expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s.expect); err != nil {
		t.Fatal(err)
	}
	return s
}

// linkFormats is which link format each check page reads (verify.ParseLink).
var linkFormats = map[string]string{"check": "dice", "dice": "dice", "shoe": "shoe", "games": "games"}

// formats are the link formats of the season's lines, from the pages its
// generator says read them (the pages' own rule, linkPage, is JavaScript:
// web/node tests that it agrees).
func (s season) formats(t testing.TB) []string {
	formats := make([]string, s.expect.Lines)
	for line, page := range s.expect.Pages {
		n, err := strconv.Atoi(line)
		if err != nil || n < 1 || n > len(formats) || linkFormats[page] == "" {
			t.Fatalf("page %q of line %q", page, line)
		}
		formats[n-1] = linkFormats[page]
	}
	return formats
}

// plain returns v through JSON, as the bridge hands it over.
func plain(t testing.TB, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSeason(t *testing.T) {
	s := loadSeason(t)
	got := Run(s.text, s.formats(t), 1, 1000)
	if got.Lines != s.expect.Lines || got.Records != s.expect.Records || got.Unreadable != s.expect.Unreadable {
		t.Errorf("%d lines, %d records, %d unreadable; want %d, %d, %d", got.Lines, got.Records, got.Unreadable, s.expect.Lines, s.expect.Records, s.expect.Unreadable)
	}
	m := plain(t, got.Map()).(map[string]any)
	for key, want := range map[string]any{"status": s.expect.Status, "schemes": s.expect.Schemes, "rolls": s.expect.Rolls, "diagnoses": s.expect.Diagnoses} {
		want := plain(t, want)
		if !report.Contains(m[key], want) || !report.Contains(want, m[key]) {
			t.Errorf("%s: %v\nwant %v", key, m[key], want)
		}
	}
	problems := m["problems"].([]any)
	if len(problems) != len(s.expect.Problems) || got.Omitted != 0 {
		t.Fatalf("%d problem lines (%d omitted), want %d", len(problems), got.Omitted, len(s.expect.Problems))
	}
	for i, want := range s.expect.Problems {
		p := problems[i].(map[string]any)
		if !report.Contains(p, plain(t, want)) {
			t.Errorf("problem line %d:\n%v\nwant %v", i+1, p, want)
		}
		for _, key := range []string{"error", "difference", "item"} {
			if _, has := want[key]; has != (p[key] != nil) {
				t.Errorf("problem line %d: %s is %v, want %v", i+1, key, p[key], want[key])
			}
		}
		// A link line is opened by its own fragment; a record by the link
		// its scheme's page reads, which checks the same.
		line := strings.Split(s.text, "\n")[int(p["line"].(float64))-1]
		link, _ := p["link"].(string)
		if page := s.expect.Pages[fmt.Sprint(p["line"])]; page != "" {
			_, fragment, _ := strings.Cut(line, "#")
			if unreadable := want["error"] != nil && want["error"].(map[string]any)["field"] == "link"; unreadable {
				fragment = "" // its page would say no more than the audit
			}
			if link != strings.TrimSpace(fragment) {
				t.Errorf("problem line %d: link %q, want %q", i+1, link, fragment)
			}
		} else if p["scheme"] == "dice_v1" && p["status"] == "mismatch" {
			rec, problems := verify.ParseLink(link, "dice")
			if res := verify.Check(rec); len(problems) > 0 || res.Status != report.Mismatch {
				t.Errorf("problem line %d: link %q gives %v %v", i+1, link, problems, res.Status)
			}
		}
	}

	// The warnings: the values seen in more than one record, by their lines
	// (one group for lines that share several), and the records flagged.
	found := map[string]string{}
	for _, code := range []string{WarnSeedReused, WarnClientSeedReused, WarnShoeRepeated} {
		var groups [][]int
		for _, g := range reused(got, code) {
			if g = slices.Compact(g); !slices.ContainsFunc(groups, func(h []int) bool { return slices.Equal(g, h) }) {
				groups = append(groups, g)
			}
		}
		if len(groups) > 0 {
			found[code] = fmt.Sprint(len(groups), groups)
		}
	}
	for code, f := range got.Flagged {
		found[code] = fmt.Sprint(f.Count, slices.Compact(f.Lines))
	}
	want := map[string]string{}
	for _, w := range s.expect.Warnings {
		want[w.Code] = fmt.Sprint(w.Count, w.Lines)
		if w.Groups != nil {
			want[w.Code] = fmt.Sprint(w.Count, w.Groups)
		}
	}
	if fmt.Sprint(found) != fmt.Sprint(want) {
		t.Errorf("warnings %v\nwant %v", found, want)
	}

	// The statistics of the rolls as played, against the generator's, which
	// integrates the chi-square density numerically.
	var counts [Rolls]int
	for i := range counts {
		counts[i] = got.Recorded[i] + got.Computed[i]
	}
	fit := dicestats.Test(counts)
	for key, value := range map[string]float64{
		"rolls": float64(fit.Rolls), "doubles": float64(fit.Doubles),
		"chiSquare36": fit.ChiSquare36, "p36": fit.P36, "chiSquareFaces": fit.ChiSquareFaces, "pFaces": fit.PFaces,
	} {
		if want, _ := s.expect.Stats[key].(float64); math.Abs(value-want) > 1e-9 {
			t.Errorf("%s: %.12g, generator %.12g", key, value, want)
		}
	}
}

// TestBatchesAddUp: the season cut into batches at any line gives, added up,
// what it gives whole: the lines are numbered from each batch's first.
func TestBatchesAddUp(t *testing.T) {
	s := loadSeason(t)
	formats := s.formats(t)
	lines := strings.SplitAfter(s.text, "\n")
	lines = lines[:len(lines)-1] // after the last "\n"
	whole := plain(t, Run(s.text, formats, 1, 1000).Map())
	for _, size := range []int{1, 7, 50} {
		sum := &Outcome{Schemes: map[string]*Counts{}, Diagnoses: map[string]int{}, Seen: map[string]map[string][]int{}, Flagged: map[string]*Flagged{}}
		for start := 0; start < len(lines); start += size {
			end := min(start+size, len(lines))
			add(sum, Run(strings.Join(lines[start:end], ""), formats[start:end], start+1, 1000))
		}
		if got := plain(t, sum.Map()); fmt.Sprint(got) != fmt.Sprint(whole) {
			t.Errorf("batches of %d lines:\n%v\nwhole:\n%v", size, got, whole)
		}
	}
}

// add adds o to sum, as the pages' script does with the batches' outcomes.
func add(sum, o *Outcome) {
	sum.Lines += o.Lines
	sum.Records += o.Records
	sum.Unreadable += o.Unreadable
	for i := range sum.Status {
		sum.Status[i] += o.Status[i]
	}
	for scheme, counts := range o.Schemes {
		if sum.Schemes[scheme] == nil {
			sum.Schemes[scheme] = new(Counts)
		}
		for i := range counts {
			sum.Schemes[scheme][i] += counts[i]
		}
	}
	for i := range sum.Recorded {
		sum.Recorded[i] += o.Recorded[i]
		sum.Computed[i] += o.Computed[i]
	}
	sum.Problems = append(sum.Problems, o.Problems...)
	sum.Omitted += o.Omitted
	for key, n := range o.Diagnoses {
		sum.Diagnoses[key] += n
	}
	for code, hashes := range o.Seen {
		for h, lines := range hashes {
			if sum.Seen[code] == nil {
				sum.Seen[code] = map[string][]int{}
			}
			sum.Seen[code][h] = append(sum.Seen[code][h], lines...)
		}
	}
	for code, f := range o.Flagged {
		if sum.Flagged[code] == nil {
			sum.Flagged[code] = &Flagged{}
		}
		sum.Flagged[code].Count += f.Count
		sum.Flagged[code].Lines = append(sum.Flagged[code].Lines, f.Lines...)
	}
}

// TestProblemCap: past maxProblems, lines are counted, not listed.
func TestProblemCap(t *testing.T) {
	s := loadSeason(t)
	all := Run(s.text, s.formats(t), 1, 1000)
	capped := Run(s.text, s.formats(t), 1, 3)
	if len(capped.Problems) != 3 || capped.Omitted != len(all.Problems)-3 {
		t.Fatalf("%d listed, %d omitted; want 3, %d", len(capped.Problems), capped.Omitted, len(all.Problems)-3)
	}
	for i, p := range capped.Problems {
		if p.Line != all.Problems[i].Line {
			t.Errorf("listed line %d is %d, want %d: the first lines are listed", i+1, p.Line, all.Problems[i].Line)
		}
	}
	if capped.Status != all.Status {
		t.Errorf("capped counts %v, want %v", capped.Status, all.Status)
	}
}

func TestLines(t *testing.T) {
	rec := "v=1&s=" + strings.Repeat("ab", 32) + "&p=a"
	for _, c := range []struct {
		name, text                string
		lines, checks, unreadable int
		problem                   string // field/code of the first problem line, or its status
	}{
		{"empty", "", 0, 0, 0, ""},
		{"one empty line", "\n", 1, 0, 0, ""},
		{"no final newline", "#" + rec, 1, 1, 0, "count/missing"},
		{"final newline", "#" + rec + "\n", 1, 1, 0, "count/missing"},
		{"CR LF", "\r\n#" + rec + "\r\n", 2, 1, 0, "count/missing"},
		{"too long", strings.Repeat("x", MaxLine+1), 1, 0, 1, "line/too-long"},
		{"too long as JSON", "{" + strings.Repeat(" ", MaxLine), 1, 0, 1, "line/too-long"},
		{"not JSON", "[1, 2", 1, 0, 1, "line/bad-json"},
		{"too deep", strings.Repeat("[", 14) + strings.Repeat("]", 14), 1, 0, 1, "line/bad-json"},
		{"array of no records", "[]", 1, 0, 0, ""},
		{"array of numbers", "[1, 2]", 1, 0, 2, "record/wrong-type"},
		{"a string", `"v=1"`, 1, 0, 1, "link/missing-version"},
		{"a URL without fragment", "https://example.org/de/check/", 1, 0, 1, "link/malformed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Run(c.text, nil, 1, 10)
			if o.Lines != c.lines || o.Records != c.checks || o.Unreadable != c.unreadable {
				t.Errorf("%d lines, %d records, %d unreadable; want %d, %d, %d", o.Lines, o.Records, o.Unreadable, c.lines, c.checks, c.unreadable)
			}
			got := ""
			if len(o.Problems) > 0 {
				p := o.Problems[0]
				got = string(p.Status)
				if p.Problem != nil {
					got = p.Problem.Field + "/" + p.Problem.Code
				}
			}
			if got != c.problem {
				t.Errorf("first problem line %q, want %q", got, c.problem)
			}
		})
	}
}

// TestRollsAsPlayed: recorded rolls are counted as recorded, a match with
// none as computed, and an invalid record not at all.
func TestRollsAsPlayed(t *testing.T) {
	seed := strings.Repeat("5a", 32)
	roller := dice.NewRoller([]byte(mustHex(t, seed)), []string{"x"})
	var want [Rolls]int
	var rolls []any
	for n := 1; n <= 20; n++ {
		r := roller.Roll(n)
		want[int(r[0]-1)*6+int(r[1]-1)]++
		rolls = append(rolls, r.String())
	}
	recorded := report.AppendJSON(nil, map[string]any{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"x"}, "rolls": rolls})
	computed := report.AppendJSON(nil, map[string]any{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"x"}, "count": 20})
	invalid := report.AppendJSON(nil, map[string]any{"scheme": "dice_v1", "serverSeed": "zz", "clientSeeds": []any{"x"}, "rolls": rolls})
	o := Run(string(recorded)+"\n"+string(computed)+"\n"+string(invalid), nil, 1, 10)
	if o.Recorded != want || o.Computed != want {
		t.Errorf("recorded %v\ncomputed %v\nwant %v in each", o.Recorded, o.Computed, want)
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b := make([]byte, len(s)/2)
	for i := range b {
		v, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			t.Fatal(err)
		}
		b[i] = byte(v)
	}
	return b
}

// BenchmarkAudit audits a batch of 500 dice_v1 matches of 100 recorded
// rolls, half JSON records, half links, as a worker does ("batch"), and
// derives the same rolls with the bare Roller ("rolls"): their rolls/s, in
// one run, say what the audit costs beyond the HMACs (make bench runs it
// natively and in wasm).
func BenchmarkAudit(b *testing.B) {
	const matches, perMatch = 500, 100
	var lines []string
	formats := make([]string, matches)
	keys := make([][]byte, matches)
	seeds := make([][]string, matches)
	for i := range matches {
		keys[i] = make([]byte, 32)
		keys[i][31], keys[i][30] = byte(i+1), byte((i+1)>>8)
		seeds[i] = []string{fmt.Sprintf("phone%dA", i), fmt.Sprintf("phone%dB", i)}
		roller := dice.NewRoller(keys[i], seeds[i])
		rolls := make([]any, perMatch)
		for n := range rolls {
			rolls[n] = roller.Roll(n + 1).String()
		}
		rec := map[string]any{"scheme": "dice_v1", "serverSeed": fmt.Sprintf("%064x", i+1), "seal": dice.Seal(keys[i]),
			"clientSeeds": []any{seeds[i][0], seeds[i][1]}, "rolls": rolls}
		if i%2 == 0 {
			lines = append(lines, string(report.AppendJSON(nil, rec)))
		} else {
			lines = append(lines, "#"+verify.FormatLink(rec))
			formats[i] = "dice"
		}
	}
	text := strings.Join(lines, "\n")
	rate := func(b *testing.B) {
		b.ReportMetric(float64(b.N*matches*perMatch)/b.Elapsed().Seconds(), "rolls/s")
	}
	b.Run("batch", func(b *testing.B) {
		for b.Loop() {
			if o := Run(text, formats, 1, 1000); o.Status[0] != matches {
				b.Fatalf("%d of %d match: %+v", o.Status[0], matches, o.Problems[:min(3, len(o.Problems))])
			}
		}
		rate(b)
	})
	b.Run("rolls", func(b *testing.B) {
		for b.Loop() {
			for i := range matches {
				roller := dice.NewRoller(keys[i], seeds[i])
				for n := 1; n <= perMatch; n++ {
					roller.Roll(n)
				}
			}
		}
		rate(b)
	})
}

// FuzzRun: any batch, in any link formats, is audited without a panic, and
// its outcome adds up: a line per "\n"-separated line, each record counted
// in one status and its scheme, what holds none as unreadable, and the
// listed lines in order, within the batch, at most maxProblems of them.
func FuzzRun(f *testing.F) {
	s := loadSeason(f)
	lines := strings.Split(s.text, "\n")
	for i := 0; i+3 <= len(lines); i += 7 {
		f.Add(strings.Join(lines[i:i+3], "\n"), "dice shoe games", 3)
	}
	f.Add("{\"scheme\":\"dice_v1\"}\r\n[1,{}]\n\n#v=1&s=00", "", 1)
	f.Fuzz(func(t *testing.T, text, formats string, maxProblems int) {
		maxProblems = max(0, maxProblems%8)
		const first = 5
		o := Run(text, strings.Fields(formats), first, maxProblems)
		if want := strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1; text != "" && o.Lines != want {
			t.Errorf("%d lines, want %d", o.Lines, want)
		}
		statuses, schemes := 0, 0
		for _, n := range o.Status {
			statuses += n
		}
		for _, counts := range o.Schemes {
			for _, n := range counts {
				schemes += n
			}
		}
		if statuses != o.Records || schemes != o.Records {
			t.Errorf("%d records, %d by status, %d by scheme", o.Records, statuses, schemes)
		}
		if len(o.Problems) > maxProblems {
			t.Errorf("%d lines listed, at most %d", len(o.Problems), maxProblems)
		}
		for i, p := range o.Problems {
			if p.Line < first || p.Line >= first+o.Lines || i > 0 && p.Line < o.Problems[i-1].Line {
				t.Errorf("listed line %d of lines %d to %d, after %v", p.Line, first, first+o.Lines-1, o.Problems[:i])
			}
		}
	})
}
