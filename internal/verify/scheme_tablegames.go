//go:build !pfcheck_minimal || pfcheck_tablegames

package verify

import (
	"pfcheck/internal/chess"
	"pfcheck/internal/gameslink"
	"pfcheck/internal/link"
	"pfcheck/internal/poker"
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
}
