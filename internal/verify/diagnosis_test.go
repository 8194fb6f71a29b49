package verify

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pfcheck/internal/diagnose"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// DiagnosisCase is a case of testdata/diagnosis/cases.json
// (testdata/diagnosis.md).
type DiagnosisCase struct {
	Name      string           `json:"name"`
	Record    map[string]any   `json:"record"`
	Diagnosis []map[string]any `json:"diagnosis"`
}

func loadDiagnosisCases(t *testing.T) []DiagnosisCase {
	data, err := os.ReadFile(filepath.Join(vectortest.Dir(), "..", "diagnosis", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []DiagnosisCase }
	if err := json.Unmarshal(data, &f); err != nil || len(f.Cases) == 0 {
		t.Fatalf("cases.json: %v, %d cases", err, len(f.Cases))
	}
	return f.Cases
}

// slips are the codes that name a slip, not a shape.
var slips = []string{
	diagnose.NumberedFrom0, diagnose.CounterFrom1, diagnose.SeedsSwapped, diagnose.SeedsUnlabelled,
	diagnose.KeyAsText, diagnose.KeyAsBytes, diagnose.DiceSwapped, diagnose.NumberingRestarts,
	diagnose.NoByteSkip, diagnose.AnchorIsSignature, diagnose.NoLengthPrefix, diagnose.NoRejection,
	diagnose.ShuffleForward, diagnose.Reversed, diagnose.NoSeatDraw, diagnose.RollMissing,
	diagnose.RollExtra, diagnose.SealOfText,
}

// TestDiagnosisCases checks every case of testdata/diagnosis/cases.json: a
// mismatch, whose findings are exactly the case's (each field it gives), and
// every code of a slip in diagnosis.md's table has its case.
func TestDiagnosisCases(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range loadDiagnosisCases(t) {
		res := Check(c.Record)
		if res.Status != report.Mismatch {
			t.Errorf("%s: status %s %v", c.Name, res.Status, res.Errors)
			continue
		}
		got := diagnose.List(res.Diagnosis)
		if !sameFindings(got, c.Diagnosis) {
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(c.Diagnosis)
			t.Errorf("%s: diagnosis %s, want %s", c.Name, gotJSON, wantJSON)
		}
		for _, f := range c.Diagnosis {
			covered[f["code"].(string)] = true
		}
		if strings.Contains(c.Name, "/tampered-") {
			for _, f := range res.Diagnosis {
				if slices.Contains(slips, f.Code) {
					t.Errorf("%s: tampering named the slip %s", c.Name, f.Code)
				}
			}
		}
	}
	for _, code := range slips {
		if !covered[code] {
			t.Errorf("no case gets %s", code)
		}
	}
}

// sameFindings reports whether got (diagnose.List) has exactly one finding
// for each of want, with its fields, and no other.
func sameFindings(got []any, want []map[string]any) bool {
	if len(got) != len(want) {
		return false
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if !used[i] && containsFields(g.(map[string]any), w) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func containsFields(got, want map[string]any) bool {
	for k, v := range want {
		wantJSON, _ := json.Marshal(v)
		gotJSON, _ := json.Marshal(got[k])
		if string(wantJSON) != string(gotJSON) {
			return false
		}
	}
	return true
}

// TestNoDiagnosisOnMatch: a match, and anything that is no mismatch, has no
// diagnosis.
func TestNoDiagnosisOnMatch(t *testing.T) {
	for _, f := range vectortest.LoadAll(t) {
		for _, c := range f.Cases {
			rec, ok := c["record"].(map[string]any)
			if !ok {
				continue
			}
			if res := Check(rec); res.Status != report.Mismatch && res.Diagnosis != nil {
				t.Errorf("%s/%v: %s with a diagnosis", f.Scheme, c["name"], res.Status)
			}
		}
	}
}

// TestTamperingNamesNoSlip substitutes random values into the recorded
// values of every vector record that matches, many times, and requires the
// mismatch to get a shape, never a slip: chance is never named a fault of
// the formula.
func TestTamperingNamesNoSlip(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2026))
	tried := 0
	for _, f := range vectortest.LoadAll(t) {
		for _, c := range f.Cases {
			rec, ok := c["record"].(map[string]any)
			if !ok || Check(rec).Status != report.Match {
				continue
			}
			for range 20 {
				tampered, ok := substitute(rec, rng)
				if !ok {
					break
				}
				res := Check(tampered)
				if res.Status != report.Mismatch {
					continue // a substitution by the same value
				}
				tried++
				for _, finding := range res.Diagnosis {
					if slices.Contains(slips, finding.Code) {
						t.Errorf("%s/%v tampered: named %s", f.Scheme, c["name"], finding.Code)
					}
				}
				if len(res.Diagnosis) == 0 {
					t.Errorf("%s/%v tampered: a mismatch without a diagnosis", f.Scheme, c["name"])
				}
			}
		}
	}
	if tried < 200 {
		t.Errorf("only %d tampered records", tried)
	}
}

// substitute returns rec with 1 to 5 of its recorded values replaced by
// random values of their kind: dice_v1 and dice_v2 rolls, shoe cards,
// backgammon dice; false for a record without such values.
func substitute(rec map[string]any, rng *rand.Rand) (map[string]any, bool) {
	out := map[string]any{}
	for k, v := range rec {
		out[k] = v
	}
	roll := func(any) any { return strconv.Itoa(1+rng.IntN(6)) + strconv.Itoa(1+rng.IntN(6)) }
	replace := func(list []any, value func(any) any) []any {
		list = slices.Clone(list)
		for range 1 + rng.IntN(5) {
			i := rng.IntN(len(list))
			list[i] = value(list[i])
		}
		return list
	}
	switch list, _ := rec["rolls"].([]any); {
	case len(list) > 0:
		out["rolls"] = replace(list, roll)
		return out, true
	}
	if games, _ := rec["games"].([]any); len(games) > 0 {
		if _, isObject := games[0].(map[string]any); isObject {
			g := rng.IntN(len(games))
			rolls := games[g].(map[string]any)["rolls"].([]any)
			games = slices.Clone(games)
			games[g] = map[string]any{"rolls": replace(rolls, roll)}
			out["games"] = games
			return out, true
		}
	}
	if cards, _ := rec["cards"].([]any); len(cards) > 0 {
		out["cards"] = replace(cards, func(any) any {
			return string("A23456789TJQK"[rng.IntN(13)]) + string("SHDC"[rng.IntN(4)])
		})
		return out, true
	}
	if dice, _ := rec["dice"].([]any); len(dice) > 0 {
		out["dice"] = replace(dice, func(any) any { return float64(1 + rng.IntN(6)) })
		return out, true
	}
	return nil, false
}
