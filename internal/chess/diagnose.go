package chess

import (
	"pfcheck/internal/diagnose"
	"pfcheck/internal/report"
)

// KindCommitmentB marks a finding of B's commitment.
const KindCommitmentB = "commitmentB"

// diagnosis explains a mismatch (testdata/diagnosis.md): each commitment
// that differs (B's is nil against a bot), by the slip seal-of-text or as
// differing, and a colour that
// differs. The colour is one bit: no slip of it can be told from a changed
// colour, so it is named only as differing.
func diagnosis(g Game, commitA, commitB *report.Commitment, colourDiffers bool) []diagnose.Finding {
	var out []diagnose.Finding
	if commitA.Differs() {
		out = append(out, diagnose.Seal(diagnose.SealOfBytes(g.SeedA, g.CommitA)))
	}
	if commitB != nil && commitB.Differs() {
		f := diagnose.Seal(diagnose.SealOfBytes(g.SeedB, g.CommitB))
		f.Kind = KindCommitmentB
		out = append(out, f)
	}
	if colourDiffers {
		out = append(out, diagnose.Shape("", []int{0}, 1, func(int) int { return 1 }))
	}
	return out
}
