package shoe

import (
	"math"
	"slices"

	"pfcheck/internal/diagnose"
	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// diagnosis explains a mismatch of rd (testdata/diagnosis.md): the
// commitment, then the cards and the cut, by the slip that reproduces them
// or by their shapes. cards and cut are SPEC's.
func diagnosis(rd Round, cards []Card, cut int, res report.Result) []diagnose.Finding {
	var out []diagnose.Finding
	if res.Commitment.Differs() {
		out = append(out, diagnose.Seal(diagnose.SealOf([]byte(hexstr.Encode(rd.Seed)), rd.Commitment)))
	}
	cutDiffers := rd.Cut >= 0 && rd.Cut != cut
	if len(res.Mismatches) == 0 {
		if cutDiffers {
			out = append(out, diagnose.Finding{Code: diagnose.CutDiffers})
		}
		return out
	}
	return append(out, diagnoseCards(rd, cards, cut, res.Mismatches, cutDiffers)...)
}

func diagnoseCards(rd Round, cards []Card, cut int, mismatches []report.Difference, cutDiffers bool) []diagnose.Finding {
	n := len(rd.Recorded)
	diffs := make([]int, len(mismatches))
	for i, x := range mismatches {
		diffs[i] = x.Index
	}
	bits := float64(len(diffs)) * diagnose.BitsCard52
	if cutDiffers {
		// The cut is one of 2·spread + 1 places.
		bits += math.Log2(float64(2*max(1, round(float64(len(cards))*0.02)) + 1))
	}
	slips := diagnose.NewSlips(rd.Recorded, len(diffs), bits)
	// try names a slip whose shoe and cut are the record's.
	try := func(code string, shoe []Card, slipCut int) {
		if rd.Cut < 0 || rd.Cut == slipCut {
			slips.Try(code, func(i int) Card { return shoe[i] })
		}
	}
	stream := func() *Stream { return NewStream(rd.Seed, rd.ClientSeed, rd.Nonce) }
	slip := func(code string, s *Stream, shuffle func([]Card, *Stream)) {
		shoe, slipCut := deal(s, rd.Decks, rd.Penetration, shuffle)
		try(code, shoe, slipCut)
	}
	slip(diagnose.KeyAsBytes, newStream(rd.Seed, rd.ClientSeed, rd.Nonce), Shuffle)
	noRejection := stream()
	noRejection.noRejection = true
	slip(diagnose.NoRejection, noRejection, Shuffle)
	slip(diagnose.ShuffleForward, stream(), shuffleForward)
	fromOne := stream()
	fromOne.c = 1
	slip(diagnose.CounterFrom1, fromOne, Shuffle)

	// The slips of the order dealt keep SPEC's shoe and cut.
	reversed := slices.Clone(cards)
	slices.Reverse(reversed)
	try(diagnose.Reversed, reversed, cut)
	if !cutDiffers {
		slips.Shift(rd.Recorded, diffs, 1, diagnose.BitsCard52, n, func(i int) Card {
			if i < len(cards) {
				return cards[i]
			}
			return CardsPerDeck // no card: a shoe has no card after its last
		}, index)
	}
	out := slips.Or("", diffs, n, index)
	if cutDiffers && len(slips.Found) == 0 {
		out = append(out, diagnose.Finding{Code: diagnose.CutDiffers})
	}
	return out
}

// index numbers a card as the shoe's mismatches do, from 0.
func index(i int) int { return i }

// shuffleForward is the slip shuffle-forward: Fisher–Yates from the bottom,
// for i from 0 to the last but one, j = i + Index(len − i), swap i and j.
func shuffleForward(shoe []Card, s *Stream) {
	for i := 0; i < len(shoe)-1; i++ {
		j := i + s.Index(len(shoe)-i)
		shoe[i], shoe[j] = shoe[j], shoe[i]
	}
}
