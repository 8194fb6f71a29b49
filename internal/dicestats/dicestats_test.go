package dicestats

import "testing"

// The chance of hitting a blot d pips away with one roll on an open board,
// in 36ths, derived by hand: ordered non-doubles that contain d or sum to d
// (two each), plus the doubles a with d = a, 2a, 3a or 4a (one each).
//
//	d  contains d  sums to d        doubles             total
//	1  10          –                1-1                 11
//	2  10          –                2-2 1-1             12
//	3  10          1+2 (2)          3-3 1-1             14
//	4  10          1+3 (2)          4-4 2-2 1-1         15
//	5  10          1+4 2+3 (4)      5-5                 15
//	6  10          1+5 2+4 (4)      6-6 3-3 2-2         17
//	7  –           1+6 2+5 3+4 (6)  –                    6
//	8  –           2+6 3+5 (4)      4-4 2-2              6
//	9  –           3+6 4+5 (4)      3-3                  5
//	10 –           4+6 (2)          5-5                  3
//	11 –           5+6 (2)          –                    2
//	12 –           –                6-6 4-4 3-3          3
//	15, 16, 18, 20, 24: one double each (5-5, 4-4, 6-6, 5-5, 6-6); the rest 0.
var want = [MaxDistance + 1]int{
	0,
	11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3,
	0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1,
}

func TestTableCounts(t *testing.T) {
	for d := 1; d <= MaxDistance; d++ {
		table, count := Table(d)
		if count != want[d] {
			t.Errorf("distance %d: %d of 36, want %d", d, count, want[d])
		}
		n := 0
		for _, row := range table {
			for _, hit := range row {
				if hit {
					n++
				}
			}
		}
		if n != count {
			t.Errorf("distance %d: table has %d, count says %d", d, n, count)
		}
	}
}

func TestTableSix(t *testing.T) {
	table, count := Table(6)
	if count != 17 {
		t.Fatalf("6: %d of 36, want 17", count)
	}
	for _, r := range []struct {
		a, b int
		hit  bool
	}{
		{6, 1, true}, {1, 6, true}, {1, 5, true}, {5, 1, true}, {2, 4, true}, {4, 2, true},
		{3, 3, true}, {2, 2, true}, {6, 6, true}, {1, 1, false}, {4, 4, false}, {5, 5, false},
		{3, 2, false}, {4, 3, false},
	} {
		if table[r.a-1][r.b-1] != r.hit {
			t.Errorf("6 with %d-%d: %v, want %v", r.a, r.b, !r.hit, r.hit)
		}
	}
}

func TestTableOutOfRange(t *testing.T) {
	for _, d := range []int{-1, 0, 25, 36, 1 << 40} {
		if _, count := Table(d); count != 0 {
			t.Errorf("distance %d: %d", d, count)
		}
	}
	if Reaches(0, 3, 3) || Reaches(3, 7, 3) {
		t.Error("a die outside 1..6 reaches something")
	}
}

func TestOpening(t *testing.T) {
	if n := OpeningCount(); n != 30 {
		t.Errorf("opening rolls: %d, want 30", n)
	}
	if Opening(4, 4) || !Opening(3, 1) || Opening(0, 1) {
		t.Error("Opening")
	}
}
