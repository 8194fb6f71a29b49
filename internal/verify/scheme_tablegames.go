//go:build !pfcheck_minimal || pfcheck_tablegames

package verify

import (
	"pfcheck/internal/chess"
	"pfcheck/internal/dice"
	"pfcheck/internal/gameslink"
	"pfcheck/internal/link"
	"pfcheck/internal/poker"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
	"pfcheck/internal/tablegames"
)

// The schemes of seed 004's page: table games, poker decks, chess colours.
func init() {
	checks[tablegames.Scheme] = tablegames.Check
	checks[tablegames.SchemeV1] = tablegames.CheckV1
	checks[poker.Scheme] = poker.Check
	checks[chess.Scheme] = chess.Check
	linkFormats[FormatGames] = &linkFormat{link.MaxLength, map[string]func([][2]string) (map[string]any, []report.Problem){
		"1": gameslink.RecordFromLink,
	}}
	for _, scheme := range gameslink.Schemes {
		linkWriters[scheme] = linkWriter{FormatGames, gameslink.FormatLink}
	}
	rollChecks[tablegames.Scheme] = tableGameRolls
}

// tableGameRolls is CheckRolls for match_seed_v2: a backgammon match's
// recorded dice, two per throw (the scheme computes only as many as were
// recorded).
func tableGameRolls(rec map[string]any) (report.Result, Rolls) {
	res := tablegames.Check(rec)
	if res.Status == report.Invalid {
		return res, Rolls{}
	}
	// Check has read them: whole numbers 1..6, an even count, or none.
	faces, _ := record.NewReader(rec).Ints(tablegames.KindDice, false)
	throws := make([]dice.Roll, len(faces)/2)
	for i := range throws {
		throws[i] = dice.Roll{byte(faces[2*i]), byte(faces[2*i+1])}
	}
	return res, Rolls{Dice: throws, Recorded: true}
}
