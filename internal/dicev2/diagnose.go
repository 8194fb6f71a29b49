package dicev2

import (
	"pfcheck/internal/diagnose"
	"pfcheck/internal/dice"
	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// diagnosis explains a mismatch of m (testdata/diagnosis.md): the seal, the
// drand round, then the rolls, each by the slip that reproduces it or by
// its shape. computed[g] are SPEC's rolls of game g+1.
func diagnosis(m Match, computed [][]Roll, res report.Result) []diagnose.Finding {
	var out []diagnose.Finding
	if res.Commitment.Differs() {
		out = append(out, diagnose.Seal(diagnose.SealOf([]byte(hexstr.Encode(m.Seed)), m.Seal)))
	}
	if m.Verified && !m.SignatureValid {
		out = append(out, diagnose.Finding{Code: diagnose.SignatureInvalid})
	}
	if m.Verified && m.SealedAt != 0 && m.RoundTime <= m.SealedAt {
		out = append(out, diagnose.Finding{Code: diagnose.RoundNotAfterSeal})
	}
	if len(res.Mismatches) > 0 {
		out = append(out, diagnoseRolls(m, computed, res.Mismatches)...)
	}
	return out
}

// position is where a roll of the flat list over all games is: its game and
// its place in that game, from 0.
type position struct{ game, roll int }

func diagnoseRolls(m Match, computed [][]Roll, mismatches []report.Difference) []diagnose.Finding {
	var recorded []Roll
	var at []position
	for g, rolls := range m.Games {
		recorded = append(recorded, rolls...)
		for i := range rolls {
			at = append(at, position{g, i})
		}
	}
	diffs := dice.Diffs(mismatches)
	anchor := Anchor(m.Signature)
	// variant returns value(i) of a variant: roll number(place) of its game,
	// keyed by the seed, under the game's binding.
	variant := func(bind func(game int) []byte, number func(place int) uint64) func(int) Roll {
		var r *Roller
		game := -1
		return func(i int) Roll {
			if p := at[i]; p.game != game {
				game = p.game
				r = NewRoller(m.Seed, bind(game+1))
			}
			return r.Roll(number(at[i].roll))
		}
	}
	spec := func(game int) []byte { return Binding(m.Number, game, m.Players[0], m.Players[1], anchor) }
	fromOne := func(place int) uint64 { return uint64(place + 1) }

	slips := diagnose.NewSlips(recorded, len(diffs), float64(len(diffs))*diagnose.BitsRoll)
	slips.Try(diagnose.NumberedFrom0, variant(spec, func(place int) uint64 { return uint64(place) }))
	slips.Try(diagnose.SeedsSwapped, variant(func(game int) []byte {
		return Binding(m.Number, game, m.Players[1], m.Players[0], anchor)
	}, fromOne))
	slips.Try(diagnose.AnchorIsSignature, variant(func(game int) []byte {
		return binding(m.Number, game, m.Players[0], m.Players[1], m.Signature, lp)
	}, fromOne))
	slips.Try(diagnose.NoLengthPrefix, variant(func(game int) []byte {
		return binding(m.Number, game, m.Players[0], m.Players[1], anchor[:], func(b, x []byte) []byte { return append(b, x...) })
	}, fromOne))

	// A roll missing or extra shifts the rest of its game only: every
	// difference must lie in that game.
	first := at[diffs[0]]
	if at[diffs[len(diffs)-1]].game == first.game {
		offset := diffs[0] - first.roll
		inGame := make([]int, len(diffs))
		for i, x := range diffs {
			inGame[i] = x - offset
		}
		var roller *Roller
		slips.Shift(m.Games[first.game], inGame, 1, diagnose.BitsRoll, len(recorded), func(i int) Roll {
			if i < len(computed[first.game]) {
				return computed[first.game][i]
			}
			if roller == nil {
				roller = NewRoller(m.Seed, spec(first.game+1))
			}
			return roller.Roll(uint64(i + 1))
		}, func(i int) int { return offset + i + 1 })
	}
	return slips.Or("", diffs, len(recorded), diagnose.FromOne)
}
