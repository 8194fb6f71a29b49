package poker

import (
	"crypto/subtle"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/pf2stream"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of poker_hmac_v1 records (testdata/tablegames.md lists
// them with their fields); missing and wrong-type come from package record,
// not-hex from package hexstr.
const (
	CodeTooLong     = record.CodeTooLong
	CodeOutOfRange  = "out-of-range"
	CodeWrongLength = record.CodeWrongLength
	CodeWrongCount  = "wrong-count"
	CodeBadSeat     = "bad-seat"
	CodeTooMany     = "too-many"
	CodeBadCard     = "bad-card"
	CodeDuplicate   = "duplicate"
)

// Limits that keep a check's work small; texts are UTF-8 bytes.
const (
	MaxText  = 256 // table, session, serverSeed, each client seed
	MaxSeats = 10
	MaxSeat  = 99 // highest seat number
)

// Kinds of mismatch, in the order Check reports them.
const (
	KindDeck       = "deck"       // a recorded card differs from the recomputed deck; index = position + 1
	KindRoot       = "root"       // the root differs from the recomputed one; index 1
	KindProofs     = "proofs"     // a proof does not lead to the root; index = proof number, computed = where it leads
	KindProofCards = "proofCards" // a proof's card differs from the recomputed deck; index = proof number
)

// Hand is a validated poker_hmac_v1 record.
type Hand struct {
	Table, Session string
	Number         int
	Root           string // lowercase hex
	Proofs         []Proof
	ServerSeed     string // "" when not published (HasSeed false)
	HasSeed        bool
	HandCommitment string // lowercase; "" when none was given
	Seats          []Seat
	Deck           []string // nil when none was recorded
}

// Read validates a poker_hmac_v1 record. It reports every problem found, at
// most one per field, in the order table, session, hand, root, serverSeed,
// handCommitment, seats, deck, proofs; the proofs' own fields are reported as
// proofs.position, proofs.card, proofs.salt, proofs.path with the proof's
// number, and only the first problem among all proofs.
func Read(rec map[string]any) (Hand, []report.Problem) {
	r := record.NewReader(rec)
	var h Hand

	h.Table = r.Text("table", true, MaxText)
	h.Session = r.Text("session", true, MaxText)
	if n, ok := r.Int("hand", true); ok {
		if n < 0 {
			r.Problem("hand", CodeOutOfRange, 0)
		}
		h.Number = n
	}
	h.Root, _ = r.Digest("root", true)

	h.HasSeed = r.Has("serverSeed")
	if h.HasSeed {
		h.ServerSeed = r.Text("serverSeed", true, MaxText)
	} else if r.Has("handCommitment") || r.Has("deck") {
		// Nothing else could check them.
		r.Problem("serverSeed", record.CodeMissing, 0)
	}
	h.HandCommitment, _ = r.Digest("handCommitment", false)

	if r.Has("seats") || h.HasSeed {
		h.Seats = readSeats(r)
	}
	if cards, ok := r.Strings("deck", false); ok {
		h.Deck = checkDeck(r, cards)
	}

	before := len(r.Problems)
	items, ok := r.List("proofs", false)
	switch {
	case ok && len(items) > 0:
		h.Proofs = readProofs(r, items)
	case len(r.Problems) > before: // not a list
	case !h.HasSeed:
		// Without proofs or a server seed nothing can be checked.
		r.Problem("proofs", record.CodeMissing, 0)
	}
	return h, r.Problems
}

func readSeats(r *record.Reader) []Seat {
	obj, ok := r.Object("seats", true)
	switch {
	case !ok:
		return nil
	case len(obj) == 0:
		r.Problem("seats", record.CodeMissing, 0)
		return nil
	case len(obj) > MaxSeats:
		r.Problem("seats", CodeTooMany, 0)
		return nil
	}
	// When several entries are bad, the code reported is the earliest in
	// seatCodes, so that it does not depend on the order a map is walked in.
	// The seeds are placed by seat number, so the seats come out in
	// ascending order however the map is walked.
	var seeds [MaxSeat + 1]*string
	bad := len(seatCodes)
	for k, v := range obj {
		n, isSeat := seatNumber(k)
		seed, isString := v.(string)
		switch {
		case !isSeat:
			bad = min(bad, 0)
		case !isString:
			bad = min(bad, 1)
		case len(seed) > MaxText:
			bad = min(bad, 2)
		default:
			seeds[n] = &seed
		}
	}
	if bad < len(seatCodes) {
		r.Problem("seats", seatCodes[bad], 0)
		return nil
	}
	seats := make([]Seat, 0, len(obj))
	for n, seed := range seeds {
		if seed != nil {
			seats = append(seats, Seat{Number: n, Seed: *seed})
		}
	}
	return seats
}

var seatCodes = [...]string{CodeBadSeat, record.CodeWrongType, CodeTooLong}

// seatNumber reads a seat number in canonical decimal, 0..MaxSeat: "01" and
// "1" would otherwise be two names for one seat.
func seatNumber(s string) (int, bool) {
	if s == "" || len(s) > 2 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = 10*n + int(s[i]-'0')
	}
	return n, n <= MaxSeat
}

func checkDeck(r *record.Reader, cards []string) []string {
	if len(cards) != Positions {
		r.Problem("deck", CodeWrongCount, 0)
		return nil
	}
	for i, c := range cards {
		if !pf2stream.IsCard52(c) {
			r.Problem("deck", CodeBadCard, i+1)
			return nil
		}
	}
	return cards
}

func readProofs(r *record.Reader, items []any) []Proof {
	if len(items) > Positions {
		r.Problem("proofs", CodeTooMany, 0)
		return nil
	}
	proofs := make([]Proof, len(items))
	seen := make(map[int]bool, len(items))
	for i, it := range items {
		obj, isObject := it.(map[string]any)
		if !isObject {
			r.Problem("proofs", record.CodeWrongType, i+1)
			return nil
		}
		field, code := readProof(obj, &proofs[i])
		if code == "" && seen[proofs[i].Position] {
			field, code = "position", CodeDuplicate
		}
		if code != "" {
			r.Problem("proofs."+field, code, i+1)
			return nil
		}
		seen[proofs[i].Position] = true
	}
	return proofs
}

// readProof reads one proof object; it returns the first bad field and its
// code, or two empty strings.
func readProof(obj map[string]any, p *Proof) (field, code string) {
	pr := record.NewReader(obj)
	first := func() (string, string) { return pr.Problems[0].Field, pr.Problems[0].Code }

	n, ok := pr.Int("position", true)
	if !ok {
		return first()
	}
	if n < 0 || n >= Positions {
		return "position", CodeOutOfRange
	}
	p.Position = n

	if p.Card, ok = pr.String("card", true); !ok {
		return first()
	}
	if !pf2stream.IsCard52(p.Card) {
		return "card", CodeBadCard
	}

	if p.Salt, ok = pr.Digest("salt", true); !ok {
		return first()
	}

	path, ok := pr.Strings("path", true)
	if !ok {
		return "path", pr.Problems[0].Code // the item's position is not reported
	}
	if len(path) != Depth {
		return "path", CodeWrongCount
	}
	for d, s := range path {
		if code := record.DigestCode(s); code != "" {
			return "path", code
		}
		p.Path[d] = hexstr.Lower(s)
	}
	return "", ""
}

// Check validates a poker_hmac_v1 record and checks every proof against the
// root. With the server seed it also recomputes the hand value and its
// commitment, the whole deck, the root and every proof's card.
func Check(rec map[string]any) report.Result {
	h, problems := Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	var mismatches []report.Difference
	// compare records a mismatch when computed and recorded differ, comparing
	// in constant time as for every hash (cards cost nothing extra).
	compare := func(kind string, index int, computed, recorded string) {
		if subtle.ConstantTimeCompare([]byte(computed), []byte(recorded)) != 1 {
			mismatches = append(mismatches, report.Difference{Kind: kind, Index: index, Computed: computed, Recorded: recorded})
		}
	}
	differs := false
	extra := map[string]any{}
	res := report.Result{Scheme: Scheme, Extra: extra}

	var deck *[Positions]string
	var spec derived
	if h.HasSeed {
		hv := HandValue(h.ServerSeed, h.Table, h.Session, h.Number)
		res.Commitment = report.Compare(HandCommitment(hv), h.HandCommitment)
		differs = res.Commitment.Differs()

		computed := Deck(hv, h.Table, h.Session, h.Number, h.Seats)
		deck = &computed
		salts := Salts(hv)
		root := NewTree(deck, &salts).Root()
		spec = derived{hv, salts, root}
		extra["deck"] = report.Strings(deck[:])
		extra["computedRoot"] = root
		for i, card := range h.Deck {
			compare(KindDeck, i+1, deck[i], card)
		}
		compare(KindRoot, 1, root, h.Root)
	}

	proofs := make([]any, len(h.Proofs))
	for i := range h.Proofs {
		p := &h.Proofs[i]
		holds, leadsTo := p.Holds(h.Root)
		if !holds {
			mismatches = append(mismatches, report.Difference{Kind: KindProofs, Index: i + 1, Computed: leadsTo, Recorded: h.Root})
		}
		proofs[i] = map[string]any{"position": p.Position, "card": p.Card, "holds": holds}
	}
	if deck != nil {
		for i, p := range h.Proofs {
			compare(KindProofCards, i+1, deck[p.Position], p.Card)
		}
	}
	extra["proofs"] = proofs

	// The root is always compared: with the proofs, with the recomputed deck, or both.
	res.Status = report.Verdict(true, differs || len(mismatches) > 0)
	res.Mismatches = mismatches
	if res.Status == report.Mismatch {
		res.Diagnosis = diagnosis(h, spec, deck, res)
	}
	return res
}
