package dice

import (
	"pfcheck/internal/hexstr"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of dice_v1 records (testdata/README.md lists them all).
const (
	CodeTooShort     = "too-short"
	CodeTooLong      = "too-long"
	CodeWrongLength  = record.CodeWrongLength
	CodeEmpty        = "empty"
	CodeBadCharacter = "bad-character"
	CodeTooMany      = "too-many"
	CodeNotPositive  = "not-positive"
	CodeTooLarge     = "too-large"
	CodeDisagrees    = "disagrees"
	CodeBadRoll      = "bad-roll"
	CodeSumMismatch  = "sum-mismatch"
)

// Match is a validated dice_v1 record.
type Match struct {
	Seed        []byte
	Seal        string // lowercase; "" when none was given
	ClientSeeds []string
	Count       int
	Recorded    []Roll // nil when no rolls were recorded
	Games       []int  // rolls per game; nil means one game
}

// Read validates a dice_v1 record. It reports every problem found, at most
// one per field, in the order serverSeed, seal, clientSeeds, count, rolls,
// games.
func Read(rec map[string]any) (Match, []report.Problem) {
	r := record.NewReader(rec)
	var m Match

	if s, ok := r.String("serverSeed", true); ok {
		seed, code := hexstr.Decode(s)
		switch {
		case code != "":
			r.Problem("serverSeed", code, 0)
		case len(seed) < MinSeedBytes:
			r.Problem("serverSeed", CodeTooShort, 0)
		case len(seed) > MaxSeedBytes:
			r.Problem("serverSeed", CodeTooLong, 0)
		default:
			m.Seed = seed
		}
	}

	m.Seal, _ = r.Digest("seal", false)

	if seeds, ok := r.Strings("clientSeeds", true); ok {
		if code, at := checkClientSeeds(seeds); code != "" {
			r.Problem("clientSeeds", code, at)
		} else {
			m.ClientSeeds = seeds
		}
	}

	// count, rolls and games describe one number of rolls three ways: read
	// the lists aside first, so that count can be checked against them while
	// the report keeps the field order.
	rollsField := record.NewReader(rec)
	rolls, _ := rollsField.Strings("rolls", false)
	gamesField := record.NewReader(rec)
	games, _ := gamesField.Ints("games", false)
	haveRolls, haveGames := len(rolls) > 0, len(games) > 0

	count, haveCount := r.Int("count", false)
	switch {
	case haveCount:
	case haveRolls:
		count = len(rolls)
	case haveGames:
		count = sum(games)
	case !r.Has("count") && rollsField.OK() && gamesField.OK():
		r.Problem("count", record.CodeMissing, 0)
	}
	switch {
	case !haveCount && (haveRolls || !haveGames):
		// Nothing but the recorded rolls says how many there are; rolls checks that.
	case count < 1:
		r.Problem("count", CodeNotPositive, 0)
	case count > MaxRolls:
		r.Problem("count", CodeTooLarge, 0)
	case haveCount && haveRolls && count != len(rolls):
		r.Problem("count", CodeDisagrees, 0)
	}
	m.Count = count

	r.Problems = append(r.Problems, rollsField.Problems...)
	if haveRolls {
		var p *report.Problem
		if m.Recorded, p = parseRecorded(rolls); p != nil {
			r.Problems = append(r.Problems, *p)
		}
	}
	r.Problems = append(r.Problems, gamesField.Problems...)
	if haveGames {
		if code, at := checkGames(games, count); code != "" {
			r.Problem("games", code, at)
		} else {
			m.Games = games
		}
	}
	return m, r.Problems
}

// checkClientSeeds checks a list the reader has: an empty one is absent
// (record.Reader.Has), so missing before it comes here.
func checkClientSeeds(seeds []string) (code string, at int) {
	if len(seeds) > MaxClientSeeds {
		return CodeTooMany, 0
	}
	for i, s := range seeds {
		switch {
		case s == "":
			return CodeEmpty, i + 1
		case len(s) > MaxClientSeedLen:
			return CodeTooLong, i + 1
		case !isClientSeed(s):
			return CodeBadCharacter, i + 1
		}
	}
	return "", 0
}

// isClientSeed reports whether s uses only A-Z a-z 0-9 _ -, which also keeps
// ":" and "+" (the message's separators) out of the seeds.
func isClientSeed(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func parseRecorded(rolls []string) ([]Roll, *report.Problem) {
	if len(rolls) > MaxRolls {
		return nil, &report.Problem{Field: "rolls", Code: CodeTooMany}
	}
	out := make([]Roll, len(rolls))
	for i, s := range rolls {
		roll, ok := ParseRoll(s)
		if !ok {
			return nil, &report.Problem{Field: "rolls", Code: CodeBadRoll, At: i + 1}
		}
		out[i] = roll
	}
	return out, nil
}

func checkGames(games []int, count int) (code string, at int) {
	for i, g := range games {
		if g < 1 {
			return CodeNotPositive, i + 1
		}
	}
	if sum(games) != count {
		return CodeSumMismatch, 0
	}
	return "", 0
}

func sum(ns []int) int {
	total := 0
	for _, n := range ns {
		// Bounded so that a hostile list cannot overflow into a valid sum.
		total = min(total+n, MaxRolls+1)
	}
	return total
}

// RollResult is one computed roll and how it compares with the recorded one.
type RollResult struct {
	N        int
	Dice     Roll
	Game     int  // 1-based game number
	Opening  bool // decides who starts; a double is a tie and the next roll opens again
	Recorded *Roll
	Status   report.Status // Match, Mismatch or Computed
}

// Rolls derives every roll of a validated match: roll n at index n−1.
func Rolls(m Match) []Roll {
	roller := NewRoller(m.Seed, m.ClientSeeds)
	out := make([]Roll, m.Count)
	for i := range out {
		out[i] = roller.Roll(i + 1)
	}
	return out
}

// annotate places a match's computed rolls in their games, marks the
// opening rolls and compares each with the recorded one, if any.
func annotate(m Match, rolls []Roll) []RollResult {
	out := make([]RollResult, len(rolls))
	game, left, opening := 1, len(rolls), true
	if m.Games != nil {
		left = m.Games[0]
	}
	for i, dice := range rolls {
		if left == 0 {
			game++
			left = m.Games[game-1]
			opening = true
		}
		left--
		res := RollResult{N: i + 1, Dice: dice, Game: game, Opening: opening, Status: report.Computed}
		opening = opening && dice.IsDouble()
		if m.Recorded != nil {
			res.Recorded = &m.Recorded[i]
			res.Status = report.Verdict(true, *res.Recorded != dice)
		}
		out[i] = res
	}
	return out
}

// Judge recomputes the seal and every roll of a validated match and compares
// them with what was given; it returns the computed rolls (Rolls). Its
// result has no per-roll list: Check adds one for the page, while an audit
// of many matches needs only the verdict and the dice.
func Judge(m Match) (report.Result, []Roll) {
	commitment := report.Compare(Seal(m.Seed), m.Seal)
	differs := commitment.Differs()

	rolls := Rolls(m)
	var mismatches []report.Difference
	for i, recorded := range m.Recorded {
		if recorded != rolls[i] {
			mismatches = append(mismatches, report.Difference{Index: i + 1, Computed: rolls[i].String(), Recorded: recorded.String()})
		}
	}
	differs = differs || len(mismatches) > 0
	status := report.Verdict(m.Seal != "" || m.Recorded != nil, differs)
	if m.Recorded == nil && !differs {
		// Only the rolls are what was played; a matching seal alone is no verdict on them.
		status = report.Computed
	}
	res := report.Result{
		Scheme:     Scheme,
		Status:     status,
		Commitment: commitment,
		Mismatches: mismatches,
	}
	if status == report.Mismatch {
		res.Diagnosis = diagnosis(m, rolls, res)
	}
	return res, rolls
}

// Check validates a dice_v1 record and recomputes its seal and rolls.
func Check(rec map[string]any) report.Result {
	m, problems := Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	res, computed := Judge(m)
	rolls := annotate(m, computed)
	list := make([]any, len(rolls))
	for i, rr := range rolls {
		o := map[string]any{
			"n": rr.N, "dice": rr.Dice.String(), "game": rr.Game,
			"opening": rr.Opening, "status": string(rr.Status),
		}
		if rr.Recorded != nil {
			o["recorded"] = rr.Recorded.String()
		}
		list[i] = o
	}
	res.Extra = map[string]any{"rolls": list}
	return res
}
