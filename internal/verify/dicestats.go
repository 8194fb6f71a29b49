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

// RollStats is the bridge's answer for the dice statistics of an audit:
// counts is how often each ordered roll fell, a list of 36 whole numbers
// ≥ 0 (roll a-b at 6(a−1) + b−1). It returns
//
//	{rolls, counts: [36], faces: [6], doubles,
//	 expected36, expectedFaces, expectedDoubles, df36: 35, dfFaces: 5,
//	 chiSquare36, p36, chiSquareFaces, pFaces}
//
// with the chi-square tests of dicestats.Test (left out when there is no
// roll), or {errors: [{field: "counts", code: "missing" | "wrong-type"}]}.
func RollStats(counts any) map[string]any {
	list, ok := counts.([]any)
	ok = ok && len(list) == dicestats.Rolls
	var c [dicestats.Rolls]int
	for i := 0; ok && i < len(c); i++ {
		c[i], ok = record.Whole(list[i])
		ok = ok && c[i] >= 0
	}
	if !ok {
		code := record.CodeWrongType
		if counts == nil {
			code = record.CodeMissing
		}
		return map[string]any{"errors": report.ProblemList([]report.Problem{{Field: "counts", Code: code}})}
	}
	f := dicestats.Test(c)
	out := map[string]any{
		"rolls": f.Rolls, "counts": report.Ints(f.Counts[:]), "faces": report.Ints(f.Faces[:]), "doubles": f.Doubles,
		"expected36": float64(f.Rolls) / dicestats.Rolls, "expectedFaces": float64(2*f.Rolls) / 6,
		"expectedDoubles": float64(f.Rolls) / 6,
		"df36":            dicestats.DegreesOfFreedom36, "dfFaces": dicestats.DegreesOfFreedomFaces,
	}
	if f.Rolls > 0 {
		out["chiSquare36"], out["p36"] = f.ChiSquare36, f.P36
		out["chiSquareFaces"], out["pFaces"] = f.ChiSquareFaces, f.PFaces
	}
	return out
}
