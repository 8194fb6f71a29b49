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
}
