// Package chess implements chess_colour_v1, who plays White, as specified in
// SPEC.md §6 (seed 004): both sides' committed seeds and client seeds decide
// the colours, so neither side alone can choose them.
//
// A is the side that owns the seek or challenge; B is the other player, or a
// bot, which has no server seed and an empty client seed.
package chess

import (
	"crypto/sha256"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/pf2stream"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Scheme is the record scheme this package checks.
const Scheme = "chess_colour_v1"

// Colours as they cross the bridge.
const (
	White = "white"
	Black = "black"
)

// Commit returns commitX = hex(SHA-256(seedX string)).
func Commit(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hexstr.Encode(sum[:])
}

// ColourA returns A's colour. seedB == "" means B is a bot: then commitB is
// "-" in the message and the words are word(seedA, m(k)) alone; otherwise
// w = word(seedA, m(k)) XOR word(seedB, m(k)). int(2) over that stream is 0
// when A plays White, where
// m(k) = "cc1:" + commitA + ":" + (commitB or "-") + ":0=" + clientA + ",1=" + clientB + ":" + k.
func ColourA(seedA, clientA, seedB, clientB string) string {
	commitB := "-"
	keys := []string{seedA}
	if seedB != "" {
		commitB = Commit(seedB)
		keys = append(keys, seedB)
	}
	prefix := "cc1:" + Commit(seedA) + ":" + commitB + ":0=" + clientA + ",1=" + clientB + ":"
	if pf2stream.New(prefix, keys...).Int(2) == 0 {
		return White
	}
	return Black
}

// Problem codes of chess_colour_v1 records (testdata/tablegames.md);
// missing and wrong-type come from package record, not-hex from hexstr.
const (
	CodeTooLong     = record.CodeTooLong
	CodeWrongLength = record.CodeWrongLength
	CodeUnexpected  = "unexpected"
	CodeBadColour   = "bad-colour"
)

// MaxText bounds each seed, in UTF-8 bytes.
const MaxText = 256

// Game is a validated chess_colour_v1 record.
type Game struct {
	SeedA, CommitA, ClientA string // CommitA lowercase, "" when not given
	SeedB, CommitB, ClientB string // SeedB "" for a bot
	ColourA                 string // "" when not recorded
}

// Read validates a chess_colour_v1 record. It reports every problem found, at
// most one per field, in the order seedA, commitA, clientA, seedB, commitB,
// clientB, colourA.
func Read(rec map[string]any) (Game, []report.Problem) {
	r := record.NewReader(rec)
	var g Game
	g.SeedA = r.Text("seedA", true, MaxText)
	g.CommitA, _ = r.Digest("commitA", false)
	g.ClientA = r.Text("clientA", true, MaxText)

	// B without a seed is a bot, unless a commitment says a player sat there.
	bot := !r.Has("seedB") && !r.Has("commitB")
	g.SeedB = r.Text("seedB", r.Has("commitB"), MaxText)
	g.CommitB, _ = r.Digest("commitB", false)
	if bot && r.Has("clientB") {
		r.Problem("clientB", CodeUnexpected, 0)
	} else {
		g.ClientB = r.Text("clientB", false, MaxText)
	}

	if c, ok := r.String("colourA", false); ok {
		if c != White && c != Black {
			r.Problem("colourA", CodeBadColour, 0)
		}
		g.ColourA = c
	}
	return g, r.Problems
}

// Check validates a chess_colour_v1 record, recomputes both commitments and
// A's colour, and compares them with the recorded ones. Result Extra:
// colourA, bot, and commitmentB {computed, given?, matches} when B has a seed.
func Check(rec map[string]any) report.Result {
	g, problems := Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	commitA := report.Compare(Commit(g.SeedA), g.CommitA)
	differs := commitA.Differs()
	colour := ColourA(g.SeedA, g.ClientA, g.SeedB, g.ClientB)
	extra := map[string]any{"colourA": colour, "bot": g.SeedB == ""}
	var commitB *report.Commitment
	if g.SeedB != "" {
		commitB = report.Compare(Commit(g.SeedB), g.CommitB)
		differs = differs || commitB.Differs()
		extra["commitmentB"] = commitB.Map()
	}
	var mismatches []report.Difference
	if g.ColourA != "" && g.ColourA != colour {
		mismatches = append(mismatches, report.Difference{Index: 1, Computed: colour, Recorded: g.ColourA})
	}
	res := report.Result{
		Scheme:     Scheme,
		Status:     report.Verdict(g.ColourA != "", differs || len(mismatches) > 0),
		Commitment: commitA,
		Mismatches: mismatches,
		Extra:      extra,
	}
	if res.Status == report.Mismatch {
		res.Diagnosis = diagnosis(g, commitA, commitB, len(mismatches) > 0)
	}
	return res
}
