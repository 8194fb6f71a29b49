package verify

import (
	"strconv"

	"pfcheck/internal/dicestats"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Reach is the bridge's answer for the distance table of the dice page
// (seed 001, "Die sechsunddreißig Würfe"): {distance, rolls, count}, where
// rolls lists the ordered rolls ("11", "12", …, "66": die 1, then die 2) that
// carry one checker exactly distance pips on an open board and count is how
// many of the 36 they are. A whole distance outside 1..24 is reached by no
// roll; anything else than a whole number gives
// {errors: [{field: "distance", code: "missing" | "wrong-type"}]}.
//
// It describes chance, not a match: no seed or record is involved.
func Reach(distance any) map[string]any {
	d, ok := record.Whole(distance)
	if !ok {
		code := record.CodeWrongType
		if distance == nil {
			code = record.CodeMissing
		}
		return map[string]any{"errors": report.ProblemList([]report.Problem{{Field: "distance", Code: code}})}
	}
	table, count := dicestats.Table(d)
	rolls := []any{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if table[a-1][b-1] {
				rolls = append(rolls, rollName(a, b))
			}
		}
	}
	return map[string]any{"distance": d, "rolls": rolls, "count": count}
}

// OpeningRolls is the bridge's answer for the opening rule: {rolls, count},
// the ordered rolls that can be a game's first move (every roll but a
// double) and how many of the 36 they are (30).
func OpeningRolls() map[string]any {
	rolls := []any{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if dicestats.Opening(a, b) {
				rolls = append(rolls, rollName(a, b))
			}
		}
	}
	return map[string]any{"rolls": rolls, "count": dicestats.OpeningCount()}
}

func rollName(a, b int) string { return strconv.Itoa(a) + strconv.Itoa(b) }
