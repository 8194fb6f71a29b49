// Package dicestats computes the tables of seed 001's "Die sechsunddreißig
// Würfe": which of the 36 ordered rolls of two dice carry one checker a given
// distance on an open board, and how many rolls can open a game.
//
// It describes chance, not any match: nothing here takes a seed or a record.
// Counts are in 36ths, as the page shows them: a double falls in one of the
// 36 ordered rolls, any other roll in two (3-1 and 1-3).
package dicestats

// Rolls is the number of equally likely ordered rolls of two dice.
const Rolls = 36

// MaxDistance is the farthest one checker can move with one roll: 6-6, four
// times six.
const MaxDistance = 24

// Reaches reports whether the roll a-b (dice 1..6) can carry one checker
// exactly d pips on an open board, nothing blocking the way: a non-double
// reaches a, b and a+b; a double, played four times, reaches a, 2a, 3a, 4a.
func Reaches(a, b, d int) bool {
	if a < 1 || a > 6 || b < 1 || b > 6 || d < 1 {
		return false
	}
	if a == b {
		return d%a == 0 && d/a <= 4
	}
	return d == a || d == b || d == a+b
}

// Table returns which ordered rolls reach distance d — table[a-1][b-1] for
// die 1 showing a and die 2 showing b — and how many of the 36 they are.
// A distance outside 1..24 is reached by none.
func Table(d int) (table [6][6]bool, count int) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if Reaches(a, b, d) {
				table[a-1][b-1] = true
				count++
			}
		}
	}
	return table, count
}

// Opening reports whether a-b can be a game's first move: each player throws
// one die, the higher starts and plays both, and a tie is thrown again, so
// the first move is never a double.
func Opening(a, b int) bool {
	return a >= 1 && a <= 6 && b >= 1 && b <= 6 && a != b
}

// OpeningCount returns how many of the 36 ordered rolls can be a first move
// (30).
func OpeningCount() int {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if Opening(a, b) {
				n++
			}
		}
	}
	return n
}
