package dicev2

import (
	"unicode/utf8"

	"pfcheck/internal/dice"
	"pfcheck/internal/hexstr"
	"pfcheck/internal/link"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of dice_v2 records (testdata/dice_v2.md lists them all).
// missing and wrong-type come from package record, not-hex and odd-length
// from hexstr, not-a-point from the Verifier.
const (
	CodeWrongLength = record.CodeWrongLength
	CodeNotPositive = "not-positive"
	CodeWrongCount  = "wrong-count"
	CodeEmpty       = "empty"
	CodeTooLong     = "too-long"
	CodeNotUTF8     = link.CodeNotUTF8
	CodeTooMany     = "too-many"
	CodeBadRoll     = "bad-roll"
)

// Verifier checks the drand round a record names: the round's time (Unix
// seconds), whether signature is that round's signature under the chain's
// key, and a problem code (for drandSignature) when signature is not a
// signature at all, in which case valid is false. drand.CheckRound is one.
//
// It is a function value, not an import, so that this package does not link
// the pairing library and a build may keep that in a WebAssembly of its own.
type Verifier func(round uint64, signature []byte) (roundTime int64, valid bool, code string)

// Match is a validated dice_v2 record.
type Match struct {
	Seed      []byte
	Seal      string // lowercase; "" when none was given
	SealedAt  int64  // Unix seconds; 0 when none was given
	Number    int    // the match number
	Players   [2]string
	Round     uint64
	Signature []byte
	Games     [][]Roll // recorded rolls; game g (1-based) is Games[g-1]

	// What the Verifier said; Verified is false when there was none.
	Verified       bool
	RoundTime      int64
	SignatureValid bool
}

// Read validates a dice_v2 record, asking verify (if not nil) about the
// drand round. It reports every problem found, at most one per field, in the
// order serverSeed, seal, sealedAt, match, players, drandRound,
// drandSignature, games, rolls.
func Read(rec map[string]any, verify Verifier) (Match, []report.Problem) {
	r := record.NewReader(rec)
	var m Match

	if s, ok := r.String("serverSeed", true); ok {
		seed, code := hexstr.Decode(s)
		switch {
		case code != "":
			r.Problem("serverSeed", code, 0)
		case len(seed) != SeedBytes:
			r.Problem("serverSeed", CodeWrongLength, 0)
		default:
			m.Seed = seed
		}
	}

	m.Seal, _ = r.Digest("seal", false)

	if t, ok := r.Int("sealedAt", false); ok {
		if t < 1 {
			r.Problem("sealedAt", CodeNotPositive, 0)
		}
		m.SealedAt = int64(t)
	}

	if n, ok := r.Int("match", true); ok {
		if n < 1 {
			r.Problem("match", CodeNotPositive, 0)
		}
		m.Number = n
	}

	if ids, ok := r.Strings("players", true); ok {
		if code, at := checkPlayers(ids); code != "" {
			r.Problem("players", code, at)
		} else {
			m.Players = [2]string{ids[0], ids[1]}
		}
	}

	if n, ok := r.Int("drandRound", true); ok {
		if n < 1 {
			r.Problem("drandRound", CodeNotPositive, 0)
		} else {
			m.Round = uint64(n)
		}
	}

	if s, ok := r.String("drandSignature", true); ok {
		switch {
		case !hexstr.IsHex(s):
			r.Problem("drandSignature", hexstr.CodeNotHex, 0)
		case len(s) != 2*signatureLen:
			r.Problem("drandSignature", CodeWrongLength, 0)
		default:
			m.Signature, _ = hexstr.Decode(s)
			if verify != nil {
				// Round 0 (an invalid round) still has its signature decoded,
				// so that a bad point is reported with the other problems.
				var code string
				m.RoundTime, m.SignatureValid, code = verify(m.Round, m.Signature)
				m.Verified = true
				if code != "" {
					r.Problem("drandSignature", code, 0)
				}
			}
		}
	}

	if games, ok := r.List("games", false); ok {
		m.Games, r.Problems = readGames(games, r.Problems)
	}
	return m, r.Problems
}

func checkPlayers(ids []string) (code string, at int) {
	if len(ids) != 2 {
		return CodeWrongCount, 0
	}
	for i, id := range ids {
		switch {
		case id == "":
			return CodeEmpty, i + 1
		case len(id) > MaxIDBytes:
			return CodeTooLong, i + 1
		case !utf8.ValidString(id):
			return CodeNotUTF8, i + 1
		}
	}
	return "", 0
}

// readGames reads [{rolls: ["63", …]}, …]. Problems with a game's shape are
// on field games at the game number; problems with a roll are on field rolls
// at the roll's position counted from 1 over all games, the numbering of the
// result's mismatches.
func readGames(games []any, problems []report.Problem) ([][]Roll, []report.Problem) {
	lists := make([][]any, len(games))
	total := 0
	for g, item := range games {
		code := ""
		obj, isObject := item.(map[string]any)
		list, isList := obj["rolls"].([]any)
		switch {
		case !isObject:
			code = record.CodeWrongType
		case isList && len(list) == 0:
			// A game with no rolls is a game, unlike a record's empty list.
			code = CodeEmpty
		case !record.NewReader(obj).Has("rolls"):
			code = record.CodeMissing
		case !isList:
			code = record.CodeWrongType
		}
		lists[g] = list
		if code != "" {
			return nil, append(problems, report.Problem{Field: "games", Code: code, At: g + 1})
		}
		total += len(lists[g])
	}
	if total > MaxRolls {
		return nil, append(problems, report.Problem{Field: "rolls", Code: CodeTooMany})
	}
	out := make([][]Roll, len(lists))
	pos := 0
	for g, list := range lists {
		out[g] = make([]Roll, len(list))
		for i, item := range list {
			pos++
			s, isString := item.(string)
			if !isString {
				return nil, append(problems, report.Problem{Field: "rolls", Code: record.CodeWrongType, At: pos})
			}
			roll, ok := dice.ParseRoll(s)
			if !ok {
				return nil, append(problems, report.Problem{Field: "rolls", Code: CodeBadRoll, At: pos})
			}
			out[g][i] = roll
		}
	}
	return out, problems
}

// Check validates a dice_v2 record and recomputes its seal, anchor and rolls;
// verify checks the drand round (pass drand.CheckRound).
//
// The status is mismatch when the seal differs, the signature does not
// verify, the round was not later than sealedAt, or a roll differs; match
// when the rolls were compared and none of that happened. With a nil verify
// the anchor is unproven: signatureValid, roundTime and roundAfterSeal are
// left out and the status is never match (computed at best).
func Check(rec map[string]any, verify Verifier) report.Result {
	m, problems := Read(rec, verify)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	res, computed := Judge(m)
	anchor := Anchor(m.Signature)
	games := make([]any, len(m.Games))
	for g, recorded := range m.Games {
		rolls := make([]any, len(recorded))
		for i, want := range recorded {
			got := computed[g][i]
			status := report.Match
			if got != want {
				status = report.Mismatch
			}
			rolls[i] = map[string]any{"n": i + 1, "dice": got.String(), "recorded": want.String(), "status": string(status)}
		}
		binding := Binding(m.Number, g+1, m.Players[0], m.Players[1], anchor)
		games[g] = map[string]any{"game": g + 1, "binding": hexstr.Encode(binding), "rolls": rolls}
	}
	res.Extra["games"] = games
	return res
}

// Judge recomputes the seal, the anchor and every roll of a validated match
// (the drand round as Read's Verifier found it) and compares them with what
// was recorded. computed[g][i] is roll i+1 of game g+1. Its result has the
// anchor's fields but no per-game lists: Check adds them for the page; an
// audit of many matches reads the rolls themselves.
func Judge(m Match) (res report.Result, computed [][]Roll) {
	commitment := report.Compare(dice.Seal(m.Seed), m.Seal)
	differs := commitment.Differs()

	anchor := Anchor(m.Signature)
	extra := map[string]any{"anchor": hexstr.Encode(anchor[:])}
	if m.Verified {
		extra["roundTime"] = int(m.RoundTime)
		extra["signatureValid"] = m.SignatureValid
		differs = differs || !m.SignatureValid
		if m.SealedAt != 0 {
			// The round must not have existed when the seed was sealed.
			after := m.RoundTime > m.SealedAt
			extra["roundAfterSeal"] = after
			differs = differs || !after
		}
	}

	var mismatches []report.Difference
	computed = make([][]Roll, len(m.Games))
	var roller *Roller
	pos := 0
	for g, recorded := range m.Games {
		binding := Binding(m.Number, g+1, m.Players[0], m.Players[1], anchor)
		if roller == nil {
			roller = NewRoller(m.Seed, binding)
		} else {
			roller.SetBinding(binding)
		}
		computed[g] = make([]Roll, len(recorded))
		for i, want := range recorded {
			pos++
			got := roller.Roll(uint64(i + 1))
			computed[g][i] = got
			if got != want {
				mismatches = append(mismatches, report.Difference{Index: pos, Computed: got.String(), Recorded: want.String()})
			}
		}
	}
	differs = differs || len(mismatches) > 0

	// Only recorded rolls make a verdict on what was played (as in dice_v1).
	status := report.Verdict(pos > 0, differs)
	if status == report.Match && !m.Verified {
		status = report.Computed
	}
	res = report.Result{
		Scheme:     Scheme,
		Status:     status,
		Commitment: commitment,
		Mismatches: mismatches,
		Extra:      extra,
	}
	if status == report.Mismatch {
		res.Diagnosis = diagnosis(m, computed, res)
	}
	return res, computed
}
