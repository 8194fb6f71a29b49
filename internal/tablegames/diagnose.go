package tablegames

import (
	"slices"
	"strconv"
	"strings"

	"pfcheck/internal/diagnose"
	"pfcheck/internal/hexstr"
	"pfcheck/internal/pf2stream"
	"pfcheck/internal/report"
)

// bitsOf are the bits of one value of each kind (testdata/diagnosis.md).
var bitsOf = map[string]float64{
	KindSeats: diagnose.BitsSeat,
	KindDice:  diagnose.BitsDie,
	KindDeals: diagnose.BitsCard52,
	KindHands: diagnose.BitsCard32,
	KindDraws: diagnose.BitsTile,
}

// unitOf is how many values a roll of a kind is, for roll-missing and
// roll-extra; the kinds without are dealt whole.
var unitOf = map[string]int{KindDice: 2, KindDraws: 1}

// diagnosis explains a mismatch of m (testdata/diagnosis.md): the
// commitment, then the seats and the draws, by the slip that reproduces
// them or by their shapes. want are the recorded draws as Played.values.
func diagnosis(m Match, want []string, res report.Result) []diagnose.Finding {
	var out []diagnose.Finding
	if res.Commitment.Differs() {
		out = append(out, diagnose.Seal(diagnose.SealOfBytes(m.ServerSeed, m.Commitment)))
	}
	if len(res.Mismatches) == 0 {
		return out
	}
	// The values compared: the recorded seats, then the draws.
	recorded := append(seatValues(m.Seats), want...)
	kind := kindOf[m.Game]
	seats := len(m.Seats)
	var diffs []int
	bits := 0.0
	for _, x := range res.Mismatches {
		if x.Kind == KindSeats {
			diffs = append(diffs, x.Index-1)
		} else {
			diffs = append(diffs, seats+x.Index-1)
		}
		bits += bitsOf[x.Kind]
	}
	values := func(p Played) []string { return append(seatValues(p.Seats[:seats]), p.values()...) }
	count := max(len(m.Dice), len(m.Deals), len(m.Hands), len(m.Draws)) // draws of the kind, as Check plays them
	slips := diagnose.NewSlips(recorded, len(diffs), bits)
	try := func(code string, s *pf2stream.Stream, drawSeats bool, shuffle func(pf2stream.Source, []int)) {
		got := values(play(s, m.Game, count, drawSeats, shuffle))
		slips.Try(code, func(i int) string { return got[i] })
	}
	stream := func(clientSeeds []string) *pf2stream.Stream {
		return pf2stream.New(Prefix(m.Game, m.MatchID, clientSeeds), m.ServerSeed)
	}
	counted := stream(m.ClientSeeds)
	counted.Word() // from 1: k = 0 is never drawn
	try(diagnose.CounterFrom1, counted, true, pf2stream.Shuffle)
	unlabelled := "pf2:" + m.Game + ":" + m.MatchID + ":" + strings.Join(m.ClientSeeds, ",") + ":"
	try(diagnose.SeedsUnlabelled, pf2stream.New(unlabelled, m.ServerSeed), true, pf2stream.Shuffle)
	if len(m.ClientSeeds) >= 2 {
		reversed := slices.Clone(m.ClientSeeds)
		slices.Reverse(reversed)
		try(diagnose.SeedsSwapped, stream(reversed), true, pf2stream.Shuffle)
	}
	if key, code := hexstr.Decode(m.ServerSeed); code == "" {
		try(diagnose.KeyAsBytes, pf2stream.New(Prefix(m.Game, m.MatchID, m.ClientSeeds), string(key)), true, pf2stream.Shuffle)
	}
	try(diagnose.NoSeatDraw, stream(m.ClientSeeds), false, pf2stream.Shuffle)
	try(diagnose.ShuffleForward, stream(m.ClientSeeds), true, pf2stream.ShuffleForward)

	var seatDiffs, draws []int
	for _, x := range diffs {
		if x < seats {
			seatDiffs = append(seatDiffs, x)
		} else {
			draws = append(draws, x-seats)
		}
	}
	if unit := unitOf[kind]; unit > 0 && len(seatDiffs) == 0 {
		// One throw or tile more of SPEC's draws than the record has (the
		// wall has none after its last tile).
		spec := Play(m.Game, m.MatchID, m.ServerSeed, m.ClientSeeds, count+unit)
		more := spec.values()
		slips.Shift(want, draws, unit, bitsOf[kind], len(recorded), func(i int) string {
			if i < len(more) {
				return more[i]
			}
			return ""
		}, diagnose.FromOne)
	}
	if len(slips.Found) > 0 {
		return append(out, slips.Found...)
	}
	// No slip: the shape of each kind that differs, in its own numbering.
	if len(seatDiffs) > 0 {
		out = append(out, diagnose.Shape(KindSeats, seatDiffs, seats, diagnose.FromOne))
	}
	if len(draws) > 0 {
		out = append(out, diagnose.Shape(kind, draws, len(want), diagnose.FromOne))
	}
	return out
}

func seatValues(seats []int) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = strconv.Itoa(s)
	}
	return out
}
