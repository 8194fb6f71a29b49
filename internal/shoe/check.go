package shoe

import (
	"crypto/subtle"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of shoe_v1 records (testdata/shoe_v1.md lists them all).
const (
	CodeWrongLength = "wrong-length"
	CodeTooLong     = "too-long"
	CodeOutOfRange  = "out-of-range"
	CodeConflict    = "conflict"
)

// Round is a validated shoe_v1 record. A tournament hand is already turned
// into its client seed and nonce.
type Round struct {
	Seed        []byte
	Commitment  string // lowercase; "" when none was given
	ClientSeed  string
	Nonce       int
	Decks       int
	Penetration float64
	Recorded    []Card // the cards dealt so far, index 0 first; nil when none
	Cut         int    // the recorded cut; -1 when none
}

// Read validates a shoe_v1 record. It reports every problem found, at most
// one per field, in the order serverSeed, commitment, clientSeed, nonce,
// tournamentId, hand, decks, penetration, cards, cut.
//
// A record gives either clientSeed and nonce (a free round) or tournamentId
// and hand (a tournament hand). With neither, clientSeed and nonce are
// missing; with fields of both, the first tournament field given is a
// conflict.
func Read(rec map[string]any) (Round, []report.Problem) {
	r := record.NewReader(rec)
	rd := Round{Cut: -1}

	rd.Seed = readSeed(r)
	rd.Commitment, _ = r.Digest("commitment", false)

	round := r.Has("clientSeed") || r.Has("nonce")
	hand := r.Has("tournamentId") || r.Has("hand")
	if round || !hand {
		rd.ClientSeed, _ = readSeedText(r, "clientSeed")
		rd.Nonce, _ = readCount(r, "nonce")
	}
	if hand {
		if round {
			field := "tournamentId"
			if !r.Has(field) {
				field = "hand"
			}
			r.Problem(field, CodeConflict, 0)
		} else {
			id, idOK := readSeedText(r, "tournamentId")
			h, hOK := readCount(r, "hand")
			if idOK && hOK {
				rd.ClientSeed, rd.Nonce = TournamentHand(id, h)
			}
		}
	}

	total := MaxCards // the bound for cards and cut while decks is unknown
	if n, ok := r.Int("decks", true); ok {
		if n < 1 || n > MaxDecks {
			r.Problem("decks", CodeOutOfRange, 0)
		} else {
			rd.Decks, total = n, n*CardsPerDeck
		}
	}

	if r.Has("penetration") {
		p, ok := number(rec["penetration"])
		switch {
		case !ok:
			r.Problem("penetration", record.CodeWrongType, 0)
		case !(p > 0 && p < 1): // NaN fails too
			r.Problem("penetration", CodeOutOfRange, 0)
		default:
			rd.Penetration = p
		}
	} else {
		r.Problem("penetration", record.CodeMissing, 0)
	}

	// An empty list is no cards recorded; a prefix of the shoe is the cards
	// dealt so far.
	if names, ok := r.Strings("cards", false); ok && len(names) > 0 {
		if len(names) > total {
			r.Problem("cards", CodeTooMany, 0)
		} else {
			cards := make([]Card, len(names))
			for i, name := range names {
				c, ok := ParseCard(name)
				if !ok {
					r.Problem("cards", CodeUnknownCard, i+1)
					cards = nil
					break
				}
				cards[i] = c
			}
			rd.Recorded = cards
		}
	}

	if cut, ok := r.Int("cut", false); ok {
		if cut < 0 || cut > total {
			r.Problem("cut", CodeOutOfRange, 0)
		} else {
			rd.Cut = cut
		}
	}
	return rd, r.Problems
}

// readSeed reads the required server seed: SeedBytes bytes written as 64 hex
// digits of either case, the form (and problem codes) of a SHA-256 digest.
func readSeed(r *record.Reader) []byte {
	s, ok := r.Digest("serverSeed", true)
	if !ok {
		return nil
	}
	seed, _ := hexstr.Decode(s)
	return seed
}

// readSeedText reads a required client seed or tournament id: any UTF-8 text
// of 1..MaxSeedLen bytes (":" included: the nonce and block counter after it
// are digits, so the message still reads one way only).
func readSeedText(r *record.Reader, field string) (string, bool) {
	s, ok := r.String(field, true)
	if ok && len(s) > MaxSeedLen {
		r.Problem(field, CodeTooLong, 0)
		return "", false
	}
	return s, ok
}

// readCount reads a required nonce or hand: a whole number ≥ 0 (a JSON
// number, not a string), written into the message as decimal text.
func readCount(r *record.Reader, field string) (int, bool) {
	n, ok := r.Int(field, true)
	if ok && n < 0 {
		r.Problem(field, CodeOutOfRange, 0)
		return 0, false
	}
	return n, ok
}

// number returns a plain-record number as a float64.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

// cardValues holds each card's name as a plain-record value, so that listing
// a shoe of 416 cards allocates one slice and no strings.
var cardValues = func() (v [CardsPerDeck]any) {
	for c := range Card(CardsPerDeck) {
		v[c] = c.String()
	}
	return v
}()

// Check validates a shoe_v1 record, recomputes the commitment, the whole shoe
// and the cut card, and compares them with what the record gives.
//
// Status: invalid for bad input; mismatch when the commitment, a recorded card
// or the recorded cut differs; match when cards or a cut were recorded and all
// agree; computed otherwise (a matching commitment alone says nothing about
// the cards dealt).
func Check(rec map[string]any) report.Result {
	rd, problems := Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	cards, cut := Deal(rd.Seed, rd.ClientSeed, rd.Nonce, rd.Decks, rd.Penetration)

	computed := Commitment(rd.Seed)
	commitment := &report.Commitment{Computed: computed, Given: rd.Commitment}
	differs := false
	if rd.Commitment != "" {
		commitment.Matches = subtle.ConstantTimeCompare([]byte(computed), []byte(rd.Commitment)) == 1
		differs = !commitment.Matches
	}

	var mismatches []report.Difference
	for i, c := range rd.Recorded {
		if c != cards[i] {
			mismatches = append(mismatches, report.Difference{Index: i, Computed: cards[i].String(), Recorded: c.String()})
		}
	}
	differs = differs || len(mismatches) > 0

	list := make([]any, len(cards))
	for i, c := range cards {
		list[i] = cardValues[c]
	}
	extra := map[string]any{"cards": list, "cut": cut, "clientSeed": rd.ClientSeed, "nonce": rd.Nonce}
	if rd.Cut >= 0 {
		extra["cutMatches"] = rd.Cut == cut
		differs = differs || rd.Cut != cut
	}
	played := rd.Recorded != nil || rd.Cut >= 0
	res := report.Result{
		Scheme:     Scheme,
		Status:     report.Verdict(played, differs),
		Commitment: commitment,
		Mismatches: mismatches,
		Extra:      extra,
	}
	if res.Status == report.Mismatch {
		res.Diagnosis = diagnosis(rd, cards, cut, res)
	}
	return res
}

// MaxReads bounds the index reads of one StreamResult.
const MaxReads = 10000

// StreamResult runs the index reads of a vector's "stream" input — fields
// serverSeed, clientSeed, nonce (as in a record) and reads, the n of each
// read in order — and returns {"indices": [...]}, or {"errors": [...]} for a
// malformed input. It exists for the self-test: no shoe has an index read
// spanning two HMAC blocks (testdata/shoe_v1.md), so vectors exercise the
// stream directly.
func StreamResult(spec map[string]any) map[string]any {
	r := record.NewReader(spec)
	seed := readSeed(r)
	clientSeed, _ := readSeedText(r, "clientSeed")
	nonce, _ := readCount(r, "nonce")
	reads, ok := r.Ints("reads", true)
	if ok && len(reads) > MaxReads {
		r.Problem("reads", CodeTooMany, 0)
	} else if ok {
		for i, n := range reads {
			if n < 1 || n > MaxIndex {
				r.Problem("reads", CodeOutOfRange, i+1)
				break
			}
		}
	}
	if !r.OK() {
		return map[string]any{"errors": report.ProblemList(r.Problems)}
	}
	s := NewStream(seed, clientSeed, nonce)
	indices := make([]any, len(reads))
	for i, n := range reads {
		indices[i] = s.Index(n)
	}
	return map[string]any{"indices": indices}
}
