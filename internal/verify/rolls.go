package verify

import (
	"pfcheck/internal/dice"
	"pfcheck/internal/report"
)

// Rolls are the dice a checked record threw, as an audit counts them: the
// rolls as played — the recorded ones where the record has them (Recorded),
// else the computed ones.
type Rolls struct {
	Dice     []dice.Roll
	Recorded bool
}

// rollChecks check a record of a scheme that throws dice; each returns what
// Check returns, less the per-roll lists of the dice schemes, and the dice.
var rollChecks = map[string]func(map[string]any) (report.Result, Rolls){
	dice.Scheme: diceRolls,
}

// CheckRolls checks rec as Check does and returns the dice it threw (none
// for an invalid record or a scheme without dice). The results of dice_v1 and
// dice_v2 leave out their per-roll lists (rolls, games): an audit of many
// matches needs the verdict and the dice, not an object per roll.
func CheckRolls(rec map[string]any) (report.Result, Rolls) {
	scheme, _ := rec["scheme"].(string)
	if check, ok := rollChecks[scheme]; ok {
		return check(rec)
	}
	return Check(rec), Rolls{}
}

func diceRolls(rec map[string]any) (report.Result, Rolls) {
	m, problems := dice.Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(dice.Scheme, problems), Rolls{}
	}
	res, computed := dice.Judge(m)
	if m.Recorded != nil {
		return res, Rolls{Dice: m.Recorded, Recorded: true}
	}
	return res, Rolls{Dice: computed}
}
