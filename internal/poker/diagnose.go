package poker

import (
	"pfcheck/internal/diagnose"
	"pfcheck/internal/pf2stream"
	"pfcheck/internal/report"
)

// derived is what a hand's server seed gives by SPEC, besides the deck.
type derived struct {
	handValue string
	salts     [Positions]string
	root      string
}

// diagnosis explains a mismatch of h (testdata/diagnosis.md): the hand
// commitment, then the deck, root and proof cards, by the slip that
// reproduces them or by their shapes; the proofs that fail to reach the
// root are counted. deck is SPEC's (nil without the server seed).
func diagnosis(h Hand, spec derived, deck *[Positions]string, res report.Result) []diagnose.Finding {
	var out []diagnose.Finding
	if res.Commitment != nil && res.Commitment.Differs() {
		mac := handValueMAC(h.ServerSeed, h.Table, h.Session, h.Number)
		out = append(out, diagnose.Seal(diagnose.SealOf(mac, h.HandCommitment)))
	}
	byKind := map[string][]int{}
	for _, x := range res.Mismatches {
		byKind[x.Kind] = append(byKind[x.Kind], x.Index-1)
	}
	if failed := len(byKind[KindProofs]); failed > 0 {
		out = append(out, diagnose.Finding{Code: diagnose.ProofFails, Count: failed})
	}
	if deck == nil || len(byKind[KindDeck])+len(byKind[KindRoot])+len(byKind[KindProofCards]) == 0 {
		return out
	}
	// The values a slip must give: the recorded deck, the root, each proof's card.
	values := func(deck *[Positions]string, root string) []string {
		out := append([]string(nil), deck[:len(h.Deck)]...)
		out = append(out, root)
		for _, p := range h.Proofs {
			out = append(out, deck[p.Position])
		}
		return out
	}
	recorded := append(append([]string(nil), h.Deck...), h.Root)
	for _, p := range h.Proofs {
		recorded = append(recorded, p.Card)
	}
	d := len(byKind[KindDeck]) + len(byKind[KindRoot]) + len(byKind[KindProofCards])
	bits := float64(len(byKind[KindDeck])+len(byKind[KindProofCards]))*diagnose.BitsCard52 + 256*float64(len(byKind[KindRoot]))
	slips := diagnose.NewSlips(recorded, d, bits)
	try := func(code, seats string, skip bool, shuffle func(pf2stream.Source, []int)) {
		s := pf2stream.New(deckPrefix(h.Table, h.Session, h.Number, seats), spec.handValue)
		if skip {
			s.Word() // from 1: k = 0 is never drawn
		}
		slip := shuffledDeck(s, shuffle)
		got := values(&slip, NewTree(&slip, &spec.salts).Root())
		slips.Try(code, func(i int) string { return got[i] })
	}
	labelled := SeatsText(h.Seats)
	try(diagnose.CounterFrom1, labelled, true, pf2stream.Shuffle)
	try(diagnose.SeedsUnlabelled, seatsText(h.Seats, false), false, pf2stream.Shuffle)
	try(diagnose.ShuffleForward, labelled, false, pf2stream.ShuffleForward)
	if len(slips.Found) > 0 {
		return append(out, slips.Found...)
	}
	if diffs := byKind[KindDeck]; len(diffs) > 0 {
		out = append(out, diagnose.Shape(KindDeck, diffs, len(h.Deck), diagnose.FromOne))
	}
	if len(byKind[KindRoot]) > 0 {
		out = append(out, diagnose.Finding{Code: diagnose.RootDiffers})
	}
	if diffs := byKind[KindProofCards]; len(diffs) > 0 {
		out = append(out, diagnose.Shape(KindProofCards, diffs, len(h.Proofs), diagnose.FromOne))
	}
	return out
}
