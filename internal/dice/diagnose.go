package dice

import (
	"slices"

	"pfcheck/internal/diagnose"
	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// diagnosis explains a mismatch of m (testdata/diagnosis.md): the seal,
// then the rolls, each by the slip that reproduces it or by its shape.
// computed are SPEC's rolls.
func diagnosis(m Match, computed []Roll, res report.Result) []diagnose.Finding {
	var out []diagnose.Finding
	if res.Commitment.Differs() {
		out = append(out, diagnose.Seal(diagnose.SealOf([]byte(hexstr.Encode(m.Seed)), m.Seal)))
	}
	if len(res.Mismatches) > 0 {
		out = append(out, diagnoseRolls(m, computed, Diffs(res.Mismatches))...)
	}
	return out
}

// Diffs returns the positions of the rolls that differ, from 0: a dice
// scheme's mismatch index less one.
func Diffs(mismatches []report.Difference) []int {
	diffs := make([]int, len(mismatches))
	for i, x := range mismatches {
		diffs[i] = x.Index - 1
	}
	return diffs
}

func diagnoseRolls(m Match, computed []Roll, diffs []int) []diagnose.Finding {
	n := len(m.Recorded)
	slips := diagnose.NewSlips(m.Recorded, len(diffs), float64(len(diffs))*diagnose.BitsRoll)
	spec := NewRoller(m.Seed, m.ClientSeeds)
	slips.Try(diagnose.NumberedFrom0, func(i int) Roll { return spec.Roll(i) })
	if len(m.ClientSeeds) >= 2 {
		reversed := slices.Clone(m.ClientSeeds)
		slices.Reverse(reversed)
		swapped := NewRoller(m.Seed, reversed)
		slips.Try(diagnose.SeedsSwapped, func(i int) Roll { return swapped.Roll(i + 1) })
	}
	text := NewRoller([]byte(hexstr.Encode(m.Seed)), m.ClientSeeds)
	slips.Try(diagnose.KeyAsText, func(i int) Roll { return text.Roll(i + 1) })
	slips.Try(diagnose.DiceSwapped, func(i int) Roll { return Roll{computed[i][1], computed[i][0]} })
	if len(m.Games) >= 2 {
		inGame := make([]int, 0, n)
		for _, g := range m.Games {
			for k := range g {
				inGame = append(inGame, k+1)
			}
		}
		slips.Try(diagnose.NumberingRestarts, func(i int) Roll { return spec.Roll(inGame[i]) })
	}
	slips.Try(diagnose.NoByteSkip, func(i int) Roll { return rollOf(spec.digest(0, i+1)[0]) })
	slips.Shift(m.Recorded, diffs, 1, diagnose.BitsRoll, n, func(i int) Roll {
		if i < len(computed) {
			return computed[i]
		}
		return spec.Roll(i + 1)
	}, diagnose.FromOne)
	return slips.Or("", diffs, n, diagnose.FromOne)
}
