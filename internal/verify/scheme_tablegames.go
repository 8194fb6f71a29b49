//go:build !pfcheck_minimal || pfcheck_tablegames

package verify

import (
	"pfcheck/internal/chess"
	"pfcheck/internal/poker"
	"pfcheck/internal/tablegames"
)

// The schemes of seed 004's page: table games, poker decks, chess colours.
func init() {
	checks[tablegames.Scheme] = tablegames.Check
	checks[tablegames.SchemeV1] = tablegames.CheckV1
	checks[poker.Scheme] = poker.Check
	checks[chess.Scheme] = chess.Check
}
