// Package shoe implements shoe_v1, the card shoe of seed 003, as specified in
// SPEC.md §3: the commitment of a server seed, the whole shoe and its cut
// card from the server seed, a client seed and a nonce (or a tournament hand),
// and the comparison with the cards that were dealt.
//
// It proves that the cards and the cut follow from a seed fixed before the
// first card (the commitment). It does not prove that the seed was drawn at
// random or kept secret until the shoe was done.
package shoe

import (
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"math"
	"strconv"

	"pfcheck/internal/hexstr"
)

// Scheme is the record scheme this package checks.
const Scheme = "shoe_v1"

// Sizes of SPEC.md §3, and bounds that keep a check's work small.
const (
	SeedBytes    = 32 // the server seed: 32 random bytes, 64 hex digits
	CardsPerDeck = 52
	MaxDecks     = 8
	MaxCards     = MaxDecks * CardsPerDeck
	MaxSeedLen   = 256 // bytes of UTF-8 in a client seed or tournament id
)

// Card is one card of a deck: suit×13 + rank, suits in the order S H D C and
// ranks A 2 … 9 T J Q K, so a deck in order is Card 0 … 51.
type Card uint8

// cardNames holds every card's name, two characters each, in Card order.
const cardNames = "AS2S3S4S5S6S7S8S9STSJSQSKS" +
	"AH2H3H4H5H6H7H8H9HTHJHQHKH" +
	"AD2D3D4D5D6D7D8D9DTDJDQDKD" +
	"AC2C3C4C5C6C7C8C9CTCJCQCKC"

// String returns the card as rank+suit: "AS", "TD".
func (c Card) String() string {
	if int(c) >= CardsPerDeck {
		return "??"
	}
	return cardNames[2*int(c) : 2*int(c)+2]
}

// OrderedShoe returns decks decks in order: for each deck the suits S, H, D,
// C, within a suit A to K.
func OrderedShoe(decks int) []Card {
	shoe := make([]Card, 0, max(decks, 0)*CardsPerDeck)
	for range decks {
		for c := range Card(CardsPerDeck) {
			shoe = append(shoe, c)
		}
	}
	return shoe
}

// Commitment returns hex(SHA-256(seed)) of the 32 seed bytes, the hash shown
// at the table while the shoe runs. Note the asymmetry with the stream, which
// is keyed by the seed's hex text.
func Commitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hexstr.Encode(sum[:])
}

// TournamentHand returns the client seed and nonce of hand h of a tournament:
// clientSeed = tournamentID + ":" + h, nonce = h. The server seed is the
// tournament seed; nothing else changes.
func TournamentHand(tournamentID string, hand int) (clientSeed string, nonce int) {
	return tournamentID + ":" + strconv.Itoa(hand), hand
}

// Stream is the byte stream of one shoe: block c is
// HMAC-SHA256(key, clientSeed + ":" + nonce + ":" + c) for c = 0, 1, …, its
// bytes taken in order, a read continuing into the next block when one runs
// out. The HMAC is keyed once and reset between blocks, and the message is
// built in a reused buffer, so reading allocates nothing.
type Stream struct {
	mac   hash.Hash
	msg   []byte // clientSeed + ":" + nonce + ":", then the block counter
	head  int    // length of the part of msg that does not change
	block []byte
	pos   int // next byte of block; len(block) when it is used up
	c     uint64

	noRejection bool // the slip no-rejection (diagnose.go): Index never reads again
}

// NewStream returns the stream for seed, clientSeed and nonce.
//
// The key is the seed's 64-character hex TEXT in lowercase, as SPEC.md §3
// fixes it, not the decoded bytes. It is derived here from the bytes on
// purpose: the commitment binds only the bytes, and a key taken from the text
// as typed would let a server that committed to one seed choose among the
// 2^(number of letters) upper/lower-case spellings of it, each a different
// shoe.
func NewStream(seed []byte, clientSeed string, nonce int) *Stream {
	return newStream([]byte(hexstr.Encode(seed)), clientSeed, nonce)
}

// newStream returns the stream under the HMAC key given (a slip's key in
// diagnose.go).
func newStream(key []byte, clientSeed string, nonce int) *Stream {
	msg := make([]byte, 0, len(clientSeed)+48)
	msg = append(msg, clientSeed...)
	msg = append(msg, ':')
	msg = strconv.AppendInt(msg, int64(nonce), 10)
	msg = append(msg, ':')
	return &Stream{
		mac:   hmac.New(sha256.New, key),
		msg:   msg,
		head:  len(msg),
		block: make([]byte, 0, sha256.Size),
	}
}

// next returns the next byte of the stream.
func (s *Stream) next() byte {
	if s.pos == len(s.block) {
		s.msg = strconv.AppendUint(s.msg[:s.head], s.c, 10)
		s.mac.Reset()
		s.mac.Write(s.msg)
		s.block = s.mac.Sum(s.block[:0])
		s.pos = 0
		s.c++
	}
	b := s.block[s.pos]
	s.pos++
	return b
}

// MaxIndex bounds Index's n, so that 256^k fits easily in an int.
const MaxIndex = 1 << 32

// Index returns an unbiased index in [0, n), 1 ≤ n ≤ MaxIndex: with k the
// smallest number such that 256^k ≥ n, it reads k bytes big-endian as x,
// reads again while x ≥ 256^k − (256^k mod n), and returns x mod n. Without
// the rejection small indices would be more likely: for n = 52, by a quarter.
// It panics if n is out of range.
func (s *Stream) Index(n int) int {
	if n < 1 || n > MaxIndex {
		panic("shoe: Index out of range")
	}
	k, span := 0, 1
	for span < n {
		k++
		span <<= 8
	}
	limit := span - span%n
	for {
		x := 0
		for range k {
			x = x<<8 | int(s.next())
		}
		if x < limit || s.noRejection {
			return x % n
		}
	}
}

// Shuffle shuffles shoe in place with Fisher–Yates from the top: for i from
// the last position down to 1, j = Index(i + 1), swap i and j.
func Shuffle(shoe []Card, s *Stream) {
	for i := len(shoe) - 1; i >= 1; i-- {
		j := s.Index(i + 1)
		shoe[i], shoe[j] = shoe[j], shoe[i]
	}
}

// round is SPEC.md §3's round(x) = floor(x + 0.5). Callers convert each
// product explicitly, float64(t * p), which keeps the compiler from fusing it
// into the addition (Go may use FMA on some platforms) and so rounding
// differently from JavaScript.
func round(x float64) int { return int(math.Floor(x + 0.5)) }

// Cut draws the cut card for a shoe of total cards from the stream, right
// after the shuffle: base = round(total × penetration),
// spread = max(1, round(total × 0.02)), cut = base + Index(2×spread + 1) − spread,
// clamped to [max(20, round(total × 0.5)), total − 15].
func Cut(total int, penetration float64, s *Stream) int {
	t := float64(total)
	base := round(float64(t * penetration))
	spread := max(1, round(float64(t*0.02)))
	cut := base + s.Index(2*spread+1) - spread
	lo := max(20, round(float64(t*0.5)))
	hi := total - 15
	return min(max(cut, lo), hi)
}

// Deal returns the shoe of decks decks (1 ≤ decks ≤ MaxDecks) shuffled from
// seed, clientSeed and nonce, index 0 dealt first, and its cut card drawn with
// penetration (0 < penetration < 1).
func Deal(seed []byte, clientSeed string, nonce, decks int, penetration float64) (cards []Card, cut int) {
	return deal(NewStream(seed, clientSeed, nonce), decks, penetration, Shuffle)
}

// deal shuffles a shoe of decks decks with shuffle (Shuffle; a slip's in
// diagnose.go) and draws its cut card, both from s.
func deal(s *Stream, decks int, penetration float64, shuffle func([]Card, *Stream)) (cards []Card, cut int) {
	cards = OrderedShoe(decks)
	shuffle(cards, s)
	return cards, Cut(len(cards), penetration, s)
}
