package verify

import (
	"testing"

	"pfcheck/internal/dicestats"
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
