package report

import (
	"strings"
	"testing"
)

// TestUnmet: the first difference is named by its path, the same one
// however the maps iterate, and "" where got contains want, as Contains.
func TestUnmet(t *testing.T) {
	got := map[string]any{
		"status": "mismatch",
		"rolls":  []any{map[string]any{"dice": "63"}, map[string]any{"dice": "52", "n": 2}},
		"count":  2,
	}
	for _, tc := range []struct {
		want any
		say  string
	}{
		{map[string]any{"count": 2.0, "rolls": []any{map[string]any{}, map[string]any{"n": 2.0}}}, ""},
		{map[string]any{"status": "match", "rolls": []any{map[string]any{"dice": "63"}, map[string]any{"dice": "25"}}},
			`.rolls[1].dice: expected "25", got "52"`},
		{map[string]any{"status": "match", "zz": 1.0}, `.status: expected "match", got "mismatch"`},
		{map[string]any{"commitment": true}, `.commitment: expected true, got nothing`},
		{map[string]any{"rolls": []any{}}, `.rolls: expected 0 items, got 2`},
		{map[string]any{"count": "2"}, `.count: expected "2", got 2`},
		{map[string]any{"count": 3.0}, `.count: expected 3, got 2`},
		{[]any{}, `.: expected [], got {"count":2,`},
	} {
		for range 20 { // maps iterate in another order each time
			say := Unmet(got, tc.want)
			if !strings.HasPrefix(say, tc.say) || (tc.say == "") != (say == "") {
				t.Fatalf("Unmet(%v) = %q, want %q", tc.want, say, tc.say)
			}
			if Contains(got, tc.want) != (say == "") {
				t.Fatalf("Contains(%v) disagrees with Unmet %q", tc.want, say)
			}
		}
	}
	long := strings.Repeat("ä", 200)
	if say := Unmet(long, "x"); !strings.HasSuffix(say, "ä…") || len(say) > 2*maxShown {
		t.Errorf("a long value is not cut at a character: %q", say)
	}
}
