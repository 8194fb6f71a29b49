// Package tablegames implements match_seed_v2, the table games of seed 004,
// as specified in SPEC.md §4: the commitment of a server seed, the seat order
// and every die, deal and mahjong tile of a match, recomputed from the server
// seed and the players' client seeds and compared with what was played.
//
// It proves that the draws follow from a seed fixed before the match (the
// commitment) and from client seeds chosen after it was shown. Matches of the
// earlier match_seed_v1, whose derivation is not published, cannot be
// checked here (CheckV1).
package tablegames

import (
	"crypto/sha256"
	"strconv"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/pf2stream"
)

// Scheme is the record scheme this package checks.
const Scheme = "match_seed_v2"

// The game ids of SPEC.md §4.
const (
	Backgammon = "backgammon"
	Checkers   = "checkers"
	Xiangqi    = "xiangqi"
	Tarneeb    = "tarneeb"
	Trix       = "trix"
	Bridge     = "bridge"
	Baloot     = "baloot"
	Mahjong    = "mahjong"
)

// The kinds of draws a game makes after the seat order; each is the record
// field that holds them and the kind of a mismatch.
const (
	KindSeats = "seats"
	KindDice  = "dice"  // backgammon
	KindDeals = "deals" // tarneeb, trix, bridge
	KindHands = "hands" // baloot
	KindDraws = "draws" // mahjong
)

// kindOf maps each game to the kind of its draws; "" draws nothing more.
var kindOf = map[string]string{
	Backgammon: KindDice,
	Checkers:   "",
	Xiangqi:    "",
	Tarneeb:    KindDeals,
	Trix:       KindDeals,
	Bridge:     KindDeals,
	Baloot:     KindHands,
	Mahjong:    KindDraws,
}

// Sizes of SPEC.md §4.
const (
	DealCards   = 52 // a tarneeb, trix or bridge deal; seat i gets 13i..13i+12
	SeatCards   = 13
	BalootCards = 32
	FirstDeal   = 20 // baloot: d[0..19], seat i gets d[5i..5i+4]
	SecondDeal  = 12 // baloot: d[20..31], shuffled again
	BalootSeat  = 5
	Seats       = 4 // seats of the card games
	WallTiles   = 144
)

// Commitment returns hex(SHA-256(server seed string)), shown before the match.
func Commitment(serverSeed string) string {
	sum := sha256.Sum256([]byte(serverSeed))
	return hexstr.Encode(sum[:])
}

// Prefix returns the message before the counter:
// "pf2:" + game + ":" + matchId + ":" + seeds + ":", where seeds is
// "0=" + clientSeed0 + ",1=" + clientSeed1 ….
func Prefix(game, matchID string, clientSeeds []string) string {
	b := []byte("pf2:" + game + ":" + matchID + ":")
	for i, s := range clientSeeds {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, '=')
		b = append(b, s...)
	}
	return string(append(b, ':'))
}

// BalootHand is one baloot hand: the first deal (20 cards, seat i gets
// 5i..5i+4) and the second deal (the other 12, shuffled again).
type BalootHand struct {
	First  [FirstDeal]string
	Second [SecondDeal]string
}

// Played is what a match drew, in stream order: the seat order, then n values
// of its game's kind (n dice, deals, baloot hands or mahjong tiles).
type Played struct {
	Seats [2]int
	Dice  []int
	Deals [][DealCards]string
	Hands []BalootHand
	Draws []string
}

// Play draws a match: one counter over the whole match, the seat order
// shuffle([0, 1]) first, then n draws of the game's kind. game must be one
// of the game ids; n is at most a record's limit for that kind.
func Play(game, matchID, serverSeed string, clientSeeds []string, n int) Played {
	return play(pf2stream.New(Prefix(game, matchID, clientSeeds), serverSeed), game, n, true, pf2stream.Shuffle)
}

// play draws a match from s: the seat order if drawSeats (else [0, 1]),
// then n draws of the game's kind, each shuffle by shuffle
// (pf2stream.Shuffle; a slip's in diagnose.go).
func play(s *pf2stream.Stream, game string, n int, drawSeats bool, shuffle func(pf2stream.Source, []int)) Played {
	var p Played
	seats := []int{0, 1}
	if drawSeats {
		shuffle(s, seats)
	}
	p.Seats = [2]int{seats[0], seats[1]}

	switch kindOf[game] {
	case KindDice:
		// Two per throw, the opening throw first; a tied opening throw is
		// simply followed by the next throw, so the list holds it too.
		p.Dice = make([]int, n)
		for i := range p.Dice {
			p.Dice[i] = pf2stream.Die(s)
		}
	case KindDeals:
		p.Deals = make([][DealCards]string, n)
		deck := make([]int, DealCards)
		for d := range p.Deals {
			for i := range deck {
				deck[i] = i
			}
			shuffle(s, deck)
			for i, id := range deck {
				p.Deals[d][i] = pf2stream.Card52(id)
			}
		}
	case KindHands:
		p.Hands = make([]BalootHand, n)
		deck := make([]int, BalootCards)
		for h := range p.Hands {
			for i := range deck {
				deck[i] = i
			}
			shuffle(s, deck)
			rest := deck[FirstDeal:]
			shuffle(s, rest)
			for i, id := range deck[:FirstDeal] {
				p.Hands[h].First[i] = pf2stream.Card32(id)
			}
			for i, id := range rest {
				p.Hands[h].Second[i] = pf2stream.Card32(id)
			}
		}
	case KindDraws:
		n = min(n, WallTiles)
		p.Draws = make([]string, n)
		wall := append([]string(nil), wallOrder[:]...)
		for i := range p.Draws {
			j := s.Int(len(wall))
			p.Draws[i] = wall[j]
			wall = append(wall[:j], wall[j+1:]...)
		}
	}
	return p
}

// wallOrder is the mahjong wall in its fixed order: 1m..9m, 1p..9p, 1s..9s,
// 1z..7z (winds E S W N, dragons white green red), each ×4 with the copies
// of one tile adjacent; then flowers 1f..4f and seasons 5f..8f, once each.
var wallOrder = func() (wall [WallTiles]string) {
	i := 0
	for _, suit := range []byte("mpsz") {
		top := byte('9')
		if suit == 'z' {
			top = '7'
		}
		for r := byte('1'); r <= top; r++ {
			for range 4 {
				wall[i] = string([]byte{r, suit})
				i++
			}
		}
	}
	for r := byte('1'); r <= '8'; r++ {
		wall[i] = string([]byte{r, 'f'})
		i++
	}
	return wall
}()

// IsTile reports whether s names a mahjong tile: 1m..9m, 1p..9p, 1s..9s,
// 1z..7z or 1f..8f.
func IsTile(s string) bool {
	if len(s) != 2 || s[0] < '1' {
		return false
	}
	switch s[1] {
	case 'm', 'p', 's':
		return s[0] <= '9'
	case 'z':
		return s[0] <= '7'
	case 'f':
		return s[0] <= '8'
	}
	return false
}
