package report

import (
	"reflect"
	"testing"
)

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		given            string
		matches, differs bool
	}{{"", false, false}, {"ab", true, false}, {"ac", false, true}} {
		got := Compare("ab", c.given)
		if got.Computed != "ab" || got.Given != c.given || got.Matches != c.matches || got.Differs() != c.differs {
			t.Errorf("given %q: %+v, differs %v", c.given, got, got.Differs())
		}
	}
}

// A difference's kind is written only where a scheme gives one.
func TestDifferenceKind(t *testing.T) {
	got := Result{Mismatches: []Difference{{Index: 1, Computed: "a", Recorded: "b"}, {Kind: "deck", Index: 2}}}.Map()["mismatches"]
	want := []any{
		map[string]any{"index": 1, "computed": "a", "recorded": "b"},
		map[string]any{"kind": "deck", "index": 2, "computed": "", "recorded": ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
