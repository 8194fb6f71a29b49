package diagnose

import (
	"math"
	"slices"
	"testing"
)

func TestLog2Choose(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want float64
	}{{1, 1, 0}, {4, 2, math.Log2(6)}, {100, 2, math.Log2(4950)}, {10000, 9720, math.NaN()}} {
		got := log2Choose(c.n, c.d)
		if math.IsNaN(c.want) {
			if got <= 0 || math.IsInf(got, 0) {
				t.Errorf("C(%d, %d): %v", c.n, c.d, got)
			}
			continue
		}
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("log2 C(%d, %d) = %v, want %v", c.n, c.d, got, c.want)
		}
	}
}

// TestNamed: the 20-bit rule of testdata/diagnosis.md at its edges.
func TestNamed(t *testing.T) {
	for _, c := range []struct {
		n, d int
		bits float64
		want bool
	}{
		{100, 1, BitsRoll, false},     // 6.6 + 5.2 bits: one roll can be chance
		{100, 2, 2 * BitsRoll, true},  // 12.3 + 10.3
		{1, 1, BitsSeat, false},       // a colour, one bit
		{52, 3, 3 * BitsCard52, true}, // 14.4 + 17.1
		{10, 0, 0, false},             // nothing differs: nothing to explain
		{1, 1, 256, true},             // a root
		{12, 3, 3 * BitsSeat, false},  // 7.8 + 3
		{40, 8, 8 * BitsDie, true},    // 26.2 + 20.7
		{5, 6, 6 * BitsRoll, false},   // more differences than values
	} {
		if got := Named(c.n, c.d, c.bits); got != c.want {
			t.Errorf("Named(%d, %d, %.1f) = %v", c.n, c.d, c.bits, got)
		}
	}
}

func TestShape(t *testing.T) {
	fromOne := func(i int) int { return i + 1 }
	for _, c := range []struct {
		diffs []int
		n     int
		code  string
		at    int
	}{
		{[]int{56, 58, 59}, 60, DifferFrom, 57}, // 3 of the last 4
		{[]int{56, 59}, 60, Substituted, 57},    // 2 of the last 4
		{[]int{58, 59}, 60, DifferFrom, 59},     // the last 2
		{[]int{59}, 60, Substituted, 60},        // the last one alone
		{[]int{3, 40, 41}, 60, Substituted, 4},  // scattered
	} {
		f := Shape("rolls", c.diffs, c.n, fromOne)
		if f.Code != c.code || f.At != c.at || f.Count != len(c.diffs) || f.Kind != "rolls" {
			t.Errorf("%v of %d: %+v", c.diffs, c.n, f)
		}
		if c.code == Substituted && (len(f.Positions) != len(c.diffs) || f.Positions[0] != c.at) {
			t.Errorf("%v: positions %v", c.diffs, f.Positions)
		}
	}
}

// TestShift: a roll missing or extra is found where it is, and not named
// where too few values follow it.
func TestShift(t *testing.T) {
	spec := func(i int) int { return i * 7 % 36 }
	var recorded []int
	for i := range 50 {
		if i != 20 {
			recorded = append(recorded, spec(i))
		}
	}
	recorded = append(recorded, spec(50))
	var diffs []int
	for i, v := range recorded {
		if v != spec(i) {
			diffs = append(diffs, i)
		}
	}
	s := NewSlips(recorded, len(diffs), float64(len(diffs))*BitsRoll)
	s.Shift(recorded, diffs, 1, BitsRoll, len(recorded), spec, func(i int) int { return i + 1 })
	if len(s.Found) != 1 || s.Found[0].Code != RollMissing || s.Found[0].At != 21 {
		t.Errorf("missing: %+v", s.Found)
	}
	// One roll too many just before the end: one shifted value is chance.
	extra := append(slices.Clone(recorded[:48]), 99, spec(48))
	s = NewSlips(extra, 2, 2*BitsRoll)
	s.Shift(extra, []int{48, 49}, 1, BitsRoll, len(extra), spec, func(i int) int { return i + 1 })
	if len(s.Found) != 0 {
		t.Errorf("extra near the end named: %+v", s.Found)
	}
}
