package tablegames

import (
	"strconv"

	"pfcheck/internal/pf2stream"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of match_seed_v2 records (testdata/tablegames.md lists them
// with their fields); missing and wrong-type come from package record,
// not-hex from package hexstr.
const (
	CodeUnknownGame = "unknown-game"
	CodeTooLong     = record.CodeTooLong
	CodeWrongLength = record.CodeWrongLength
	CodeTooMany     = "too-many"
	CodeWrongCount  = "wrong-count"
	CodeOutOfRange  = "out-of-range"
	CodeSame        = "same" // both seats the same; "duplicate" is a link key given twice
	CodeOddCount    = "odd-count"
	CodeBadCard     = "bad-card"
	CodeBadTile     = "bad-tile"
	CodeNotInGame   = "not-in-game"
)

// Limits that keep a check's work small; the texts are UTF-8 bytes.
const (
	MaxText        = 256 // matchId, serverSeed, each client seed
	MaxClientSeeds = 16
	MaxDice        = 10000
	MaxDeals       = 100
	MaxHands       = 100
	MaxDraws       = WallTiles
)

// Match is a validated match_seed_v2 record.
type Match struct {
	Game        string
	MatchID     string
	ServerSeed  string
	Commitment  string // lowercase; "" when none was given
	ClientSeeds []string
	Seats       []int // nil when not recorded, else a permutation of [0, 1]
	Dice        []int
	Deals       [][DealCards]string // in dealt position order
	Hands       []BalootHand
	Draws       []string
}

// Read validates a match_seed_v2 record. It reports every problem found, at
// most one per field, in the order game, matchId, serverSeed, commitment,
// clientSeeds, seats, dice, deals, hands, draws.
func Read(rec map[string]any) (Match, []report.Problem) {
	r := record.NewReader(rec)
	var m Match

	known := false
	if g, ok := r.String("game", true); ok {
		if _, known = kindOf[g]; known {
			m.Game = g
		} else {
			r.Problem("game", CodeUnknownGame, 0)
		}
	}
	m.MatchID = r.Text("matchId", true, MaxText)
	m.ServerSeed = r.Text("serverSeed", true, MaxText)

	m.Commitment, _ = r.Digest("commitment", false)

	if seeds, ok := r.Strings("clientSeeds", true); ok {
		if code, at := checkClientSeeds(seeds); code != "" {
			r.Problem("clientSeeds", code, at)
		} else {
			m.ClientSeeds = seeds
		}
	}

	if seats, ok := r.Ints(KindSeats, false); ok {
		if code, at := checkSeats(seats); code != "" {
			r.Problem(KindSeats, code, at)
		} else {
			m.Seats = seats
		}
	}

	// A kind the game does not draw is refused unread: its values could only
	// be compared with nothing.
	inGame := func(kind string) bool {
		if known && r.Has(kind) && kindOf[m.Game] != kind {
			r.Problem(kind, CodeNotInGame, 0)
			return false
		}
		return true
	}
	if inGame(KindDice) {
		m.Dice = readDice(r)
	}
	if inGame(KindDeals) {
		m.Deals = readDeals(r)
	}
	if inGame(KindHands) {
		m.Hands = readHands(r)
	}
	if inGame(KindDraws) {
		m.Draws = readDraws(r)
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
		// Any text, even empty: the derivation is defined for it, and a
		// wrong seed can only give a mismatch, never a false match.
		if len(s) > MaxText {
			return CodeTooLong, i + 1
		}
	}
	return "", 0
}

func checkSeats(seats []int) (code string, at int) {
	if len(seats) != 2 {
		return CodeWrongCount, 0
	}
	for i, s := range seats {
		if s != 0 && s != 1 {
			return CodeOutOfRange, i + 1
		}
	}
	if seats[0] == seats[1] {
		return CodeSame, 2
	}
	return "", 0
}

func readDice(r *record.Reader) []int {
	dice, ok := r.Ints(KindDice, false)
	if !ok {
		return nil
	}
	if len(dice) > MaxDice {
		r.Problem(KindDice, CodeTooMany, 0)
		return nil
	}
	for i, d := range dice {
		if d < 1 || d > 6 {
			r.Problem(KindDice, CodeOutOfRange, i+1)
			return nil
		}
	}
	if len(dice)%2 != 0 {
		// Dice come two per throw.
		r.Problem(KindDice, CodeOddCount, 0)
		return nil
	}
	return dice
}

func readDeals(r *record.Reader) [][DealCards]string {
	items, ok := r.List(KindDeals, false)
	if !ok {
		return nil
	}
	if len(items) > MaxDeals {
		r.Problem(KindDeals, CodeTooMany, 0)
		return nil
	}
	deals := make([][DealCards]string, len(items))
	for i, it := range items {
		cards, code := readCards(it, DealCards, pf2stream.IsCard52)
		if code != "" {
			r.Problem(KindDeals, code, i+1)
			return nil
		}
		copy(deals[i][:], cards)
	}
	return deals
}

func readHands(r *record.Reader) []BalootHand {
	items, ok := r.List(KindHands, false)
	if !ok {
		return nil
	}
	if len(items) > MaxHands {
		r.Problem(KindHands, CodeTooMany, 0)
		return nil
	}
	hands := make([]BalootHand, len(items))
	for i, it := range items {
		obj, isObject := it.(map[string]any)
		if !isObject {
			r.Problem(KindHands, record.CodeWrongType, i+1)
			return nil
		}
		first, code := readCards(obj["first"], FirstDeal, pf2stream.IsCard32)
		if code == "" {
			var second []string
			second, code = readCards(obj["second"], SecondDeal, pf2stream.IsCard32)
			copy(hands[i].Second[:], second)
		}
		if code != "" {
			r.Problem(KindHands, code, i+1)
			return nil
		}
		copy(hands[i].First[:], first)
	}
	return hands
}

// readCards reads a list of exactly n card names.
func readCards(v any, n int, valid func(string) bool) ([]string, string) {
	items, ok := v.([]any)
	if !ok {
		return nil, record.CodeWrongType
	}
	if len(items) != n {
		return nil, CodeWrongCount
	}
	cards := make([]string, n)
	for i, it := range items {
		s, isString := it.(string)
		switch {
		case !isString:
			return nil, record.CodeWrongType
		case !valid(s):
			return nil, CodeBadCard
		}
		cards[i] = s
	}
	return cards, ""
}

func readDraws(r *record.Reader) []string {
	tiles, ok := r.Strings(KindDraws, false)
	if !ok {
		return nil
	}
	if len(tiles) > MaxDraws {
		r.Problem(KindDraws, CodeTooMany, 0)
		return nil
	}
	for i, t := range tiles {
		if !IsTile(t) {
			r.Problem(KindDraws, CodeBadTile, i+1)
			return nil
		}
	}
	return tiles
}

// Check validates a match_seed_v2 record, recomputes its commitment and its
// draws, and compares them with the recorded ones. Mismatches carry the kind
// of value they concern (seats, dice, deals, hands, draws) and the value's
// 1-based index in that kind's flat list: a deal's cards run 52 per deal, a
// baloot hand's 32 per hand (first deal, then second deal).
func Check(rec map[string]any) report.Result {
	m, problems := Read(rec)
	if len(problems) > 0 {
		return report.InvalidResult(Scheme, problems)
	}
	commitment := report.Compare(Commitment(m.ServerSeed), m.Commitment)
	differs := commitment.Differs()

	recorded := Played{Dice: m.Dice, Deals: m.Deals, Hands: m.Hands, Draws: m.Draws}
	want := recorded.values()
	p := Play(m.Game, m.MatchID, m.ServerSeed, m.ClientSeeds, max(len(m.Dice), len(m.Deals), len(m.Hands), len(m.Draws)))

	var mismatches []report.Difference
	compare := func(kind string, index int, computed, recorded string) {
		if computed != recorded {
			mismatches = append(mismatches, report.Difference{Kind: kind, Index: index, Computed: computed, Recorded: recorded})
		}
	}
	for i, s := range m.Seats {
		compare(KindSeats, i+1, strconv.Itoa(p.Seats[i]), strconv.Itoa(s))
	}
	for i, v := range p.values() {
		compare(kindOf[m.Game], i+1, v, want[i])
	}

	res := report.Result{
		Scheme:     Scheme,
		Status:     report.Verdict(m.Seats != nil || len(want) > 0, differs || len(mismatches) > 0),
		Commitment: commitment,
		Mismatches: mismatches,
		Extra:      p.plain(),
	}
	if res.Status == report.Mismatch {
		res.Diagnosis = diagnosis(m, want, res)
	}
	return res
}

// values returns the drawn values after the seats as text, in the order of
// the mismatch index; a match draws values of one kind only.
func (p *Played) values() []string {
	var out []string
	for _, v := range p.Dice {
		out = append(out, strconv.Itoa(v))
	}
	for i := range p.Deals {
		out = append(out, p.Deals[i][:]...)
	}
	for i := range p.Hands {
		out = append(out, p.Hands[i].First[:]...)
		out = append(out, p.Hands[i].Second[:]...)
	}
	return append(out, p.Draws...)
}

// plain returns the draws as the result's plain fields: seats, the kind's
// own field in its record layout, and seatHands for the card games (per deal
// or baloot hand, each seat's cards of the first deal).
func (p *Played) plain() map[string]any {
	out := map[string]any{KindSeats: []any{p.Seats[0], p.Seats[1]}}
	if p.Dice != nil {
		out[KindDice] = report.Ints(p.Dice)
	}
	if p.Deals != nil {
		deals := make([]any, len(p.Deals))
		seatHands := make([]any, len(p.Deals))
		for i := range p.Deals {
			deals[i] = report.Strings(p.Deals[i][:])
			seatHands[i] = bySeat(p.Deals[i][:], SeatCards)
		}
		out[KindDeals] = deals
		out["seatHands"] = seatHands
	}
	if p.Hands != nil {
		hands := make([]any, len(p.Hands))
		seatHands := make([]any, len(p.Hands))
		for i := range p.Hands {
			h := &p.Hands[i]
			hands[i] = map[string]any{"first": report.Strings(h.First[:]), "second": report.Strings(h.Second[:])}
			seatHands[i] = bySeat(h.First[:], BalootSeat)
		}
		out[KindHands] = hands
		out["seatHands"] = seatHands
	}
	if p.Draws != nil {
		out[KindDraws] = report.Strings(p.Draws)
	}
	return out
}

// bySeat splits cards into the Seats hands of n cards: seat i gets n·i..n·i+n−1.
func bySeat(cards []string, n int) []any {
	out := make([]any, Seats)
	for s := range out {
		out[s] = report.Strings(cards[n*s : n*(s+1)])
	}
	return out
}

// SchemeV1 is the scheme of matches played before match_seed_v2.
const SchemeV1 = "match_seed_v1"

// CodeNotPublished says that a scheme's derivation is not published, so its
// matches cannot be checked here.
const CodeNotPublished = "not-published"

// CheckV1 answers a match_seed_v1 record: its derivation is not published
// (SPEC.md §4), so the answer is always "unsupported", never a verdict.
func CheckV1(map[string]any) report.Result {
	return report.Result{
		Scheme: SchemeV1,
		Status: report.Unsupported,
		Errors: []report.Problem{{Field: "scheme", Code: CodeNotPublished}},
	}
}
