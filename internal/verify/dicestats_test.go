package verify

import (
	"fmt"
	"testing"

	"pfcheck/internal/dice"
	"pfcheck/internal/dicestats"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

func TestReach(t *testing.T) {
	got := Reach(6.0)
	if got["count"] != 17 || got["distance"] != 6 {
		t.Fatalf("Reach(6) = %v, want 17 of 36", got)
	}
	for d := 1; d <= dicestats.MaxDistance; d++ {
		got := Reach(float64(d))
		rolls := got["rolls"].([]any)
		_, count := dicestats.Table(d)
		if len(rolls) != count || got["count"] != count {
			t.Errorf("Reach(%d): %d rolls, count %v; want %d", d, len(rolls), got["count"], count)
		}
		for _, r := range rolls {
			s := r.(string)
			if !dicestats.Reaches(int(s[0]-'0'), int(s[1]-'0'), d) {
				t.Errorf("Reach(%d) lists %s", d, s)
			}
		}
	}
	for _, d := range []any{0.0, 25.0, -3.0} {
		if got := Reach(d); got["count"] != 0 || len(got["rolls"].([]any)) != 0 {
			t.Errorf("Reach(%v) = %v, want no rolls", d, got)
		}
	}
	for d, code := range map[any]string{nil: "missing", 2.5: "wrong-type", "6": "wrong-type", true: "wrong-type"} {
		errs, _ := Reach(d)["errors"].([]any)
		if len(errs) != 1 || errs[0].(map[string]any)["code"] != code {
			t.Errorf("Reach(%#v) errors %v, want %s", d, errs, code)
		}
	}
}

func TestOpeningRolls(t *testing.T) {
	got := OpeningRolls()
	rolls := got["rolls"].([]any)
	if got["count"] != 30 || len(rolls) != 30 {
		t.Fatalf("OpeningRolls = %v, want 30", got)
	}
	for _, r := range rolls {
		if s := r.(string); s[0] == s[1] {
			t.Errorf("opening roll %s is a double", s)
		}
	}
}

func TestRollStats(t *testing.T) {
	counts := make([]any, dicestats.Rolls)
	for i := range counts {
		counts[i] = 10.0
	}
	counts[0] = 46.0 // 1-1 far too often
	got := RollStats(counts)
	if got["rolls"] != 396 || got["doubles"] != 96 || got["df36"] != 35 || got["dfFaces"] != 5 {
		t.Errorf("%v", got)
	}
	p36, _ := got["p36"].(float64)
	if p36 <= 0 || p36 > 1e-9 {
		t.Errorf("p36 = %v: 1-1 in 46 of 396 rolls is far in the tail", got["p36"])
	}
	counts[0] = 10.0
	if p := RollStats(counts)["p36"]; p != 1.0 {
		t.Errorf("even counts: p36 = %v, want 1", p)
	}
	zero := make([]any, dicestats.Rolls)
	for i := range zero {
		zero[i] = 0.0
	}
	if got := RollStats(zero); got["rolls"] != 0 || got["p36"] != nil {
		t.Errorf("no rolls: %v, want no test", got)
	}
	for _, bad := range []any{nil, "x", []any{1.0}, append(append([]any{}, zero[1:]...), -1.0), append(append([]any{}, zero[1:]...), 0.5)} {
		if got := RollStats(bad); got["errors"] == nil {
			t.Errorf("RollStats(%v) = %v, want errors", bad, got)
		}
	}
}

// TestCheckRolls: the lean check behind the audit gives the verdict Check
// gives, and the dice as played.
func TestCheckRolls(t *testing.T) {
	for _, f := range vectortest.LoadAll(t) {
		for _, c := range f.Cases {
			rec, ok := c["record"].(map[string]any)
			if !ok {
				continue
			}
			full := Check(rec)
			lean, rolls := CheckRolls(rec)
			if lean.Status != full.Status || len(lean.Mismatches) != len(full.Mismatches) || len(lean.Errors) != len(full.Errors) {
				t.Errorf("%s/%s: CheckRolls %v, Check %v", f.Scheme, c["name"], lean.Status, full.Status)
			}
			want := playedRolls(full, rec)
			if fmt.Sprint(rolls.Dice) != fmt.Sprint(want) {
				t.Errorf("%s/%s: dice %v, want %v", f.Scheme, c["name"], rolls.Dice, want)
			}
		}
	}
}

// playedRolls reads the dice as played from Check's full result: the
// recorded rolls where there are, else the computed ones.
func playedRolls(res report.Result, rec map[string]any) []dice.Roll {
	if res.Status == report.Invalid || res.Status == report.Unsupported {
		return nil
	}
	var out []dice.Roll
	add := func(s any) {
		r, _ := dice.ParseRoll(s.(string))
		out = append(out, r)
	}
	switch res.Scheme {
	case dice.Scheme:
		for _, r := range res.Extra["rolls"].([]any) {
			r := r.(map[string]any)
			if rec, ok := r["recorded"]; ok {
				add(rec)
			} else {
				add(r["dice"])
			}
		}
	case "dice_v2":
		for _, g := range res.Extra["games"].([]any) {
			for _, r := range g.(map[string]any)["rolls"].([]any) {
				add(r.(map[string]any)["recorded"])
			}
		}
	case "match_seed_v2":
		faces, _ := rec["dice"].([]any)
		for i := 0; i+1 < len(faces); i += 2 {
			out = append(out, dice.Roll{byte(faces[i].(float64)), byte(faces[i+1].(float64))})
		}
	}
	return out
}
