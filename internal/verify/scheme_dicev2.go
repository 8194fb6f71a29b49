//go:build !pfcheck_minimal || pfcheck_dicev2

package verify

import (
	"pfcheck/internal/dicev2"
	"pfcheck/internal/drand"
	"pfcheck/internal/report"
)

// dice_v2 with its drand anchor verified: the BLS library behind
// drand.CheckRound adds about 250 KB gzip, so only the pages that check
// dice_v2 links build this in.
func init() {
	checks[dicev2.Scheme] = func(rec map[string]any) report.Result { return dicev2.Check(rec, drand.CheckRound) }
	linkFormats[FormatDice].versions["2"] = dicev2.RecordFromLink
	linkWriters[dicev2.Scheme] = linkWriter{FormatDice, dicev2.FormatLink}
	rollChecks[dicev2.Scheme] = diceV2Rolls
}

// diceV2Rolls is CheckRolls for dice_v2: every roll it counts is recorded
// (the scheme computes only the rolls a record lists).
func diceV2Rolls(rec map[string]any) (report.Result, Rolls) {
	m, problems := dicev2.Read(rec, drand.CheckRound)
	if len(problems) > 0 {
		return report.InvalidResult(dicev2.Scheme, problems), Rolls{}
	}
	res, _ := dicev2.Judge(m)
	var played []dicev2.Roll
	for _, game := range m.Games {
		played = append(played, game...)
	}
	return res, Rolls{Dice: played, Recorded: true}
}
