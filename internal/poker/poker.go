// Package poker implements poker_hmac_v1, the committed poker decks of seed
// 004, as specified in SPEC.md §5: the hand value and its commitment, the
// deck, the salted leaves, the 64-leaf Merkle tree whose root is the deck
// commitment, and the proofs a player takes when leaving the table.
//
// A proof shows that a card sat at a position of the deck the table committed
// to before the deal; it says nothing about the cards not shown. Only when the
// session's server seed is published can the whole deck, and with it the
// commitment itself, be recomputed and checked.
package poker

import (
	"crypto/hmac"
	"crypto/sha256"
	"strconv"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/pf2stream"
)

// Scheme is the record scheme this package checks.
const Scheme = "poker_hmac_v1"

// Sizes of the committed deck.
const (
	Positions = 52 // cards of the deck, positions 0..51
	Leaves    = 64 // leaves 52..63 are padding
	Depth     = 6  // sibling hashes in a proof, from the leaf level up
)

// Seat is one occupied seat and its player's client seed.
type Seat struct {
	Number int
	Seed   string
}

// HandValue returns hex(HMAC(serverSeed, "pk1:hand:" + T + ":" + S + ":" + n))
// for table T, seed session S and hand n; the server seed string's UTF-8
// bytes are the key.
func HandValue(serverSeed, table, session string, hand int) string {
	return hexstr.Encode(handValueMAC(serverSeed, table, session, hand))
}

// handValueMAC is the hand value's bytes, before they are written as hex.
func handValueMAC(serverSeed, table, session string, hand int) []byte {
	mac := hmac.New(sha256.New, []byte(serverSeed))
	mac.Write([]byte("pk1:hand:" + table + ":" + session + ":" + strconv.Itoa(hand)))
	return mac.Sum(nil)
}

// HandCommitment returns hex(SHA-256(handValue)), stored before the deal.
func HandCommitment(handValue string) string { return sha256Hex("", handValue) }

// SeatsText returns the seats as "{seat}={seed}" joined by ",", in ascending
// seat number whatever their order in seats.
func SeatsText(seats []Seat) string { return seatsText(seats, true) }

// seatsText writes the seats in ascending seat order, each "{seat}={seed}"
// if labelled, else its seed alone (the slip seeds-unlabelled).
func seatsText(seats []Seat, labelled bool) string {
	// Insertion sort: at most MaxSeats seats, and package slices' generic
	// sort would add some 20 KB to the wasm.
	sorted := append([]Seat(nil), seats...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j].Number < sorted[j-1].Number; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	var b []byte
	for i, s := range sorted {
		if i > 0 {
			b = append(b, ',')
		}
		if labelled {
			b = strconv.AppendInt(b, int64(s.Number), 10)
			b = append(b, '=')
		}
		b = append(b, s.Seed...)
	}
	return string(b)
}

// Deck returns the card names of the deck, position 0 first: shuffle([0..51])
// with word keyed by the hand value text and
// msg = "pk1:" + T + ":" + S + ":" + n + ":" + seats + ":" + k.
func Deck(handValue, table, session string, hand int, seats []Seat) [Positions]string {
	return shuffledDeck(pf2stream.New(deckPrefix(table, session, hand, SeatsText(seats)), handValue), pf2stream.Shuffle)
}

// deckPrefix is the deck's message before the counter.
func deckPrefix(table, session string, hand int, seats string) string {
	return "pk1:" + table + ":" + session + ":" + strconv.Itoa(hand) + ":" + seats + ":"
}

// shuffledDeck shuffles [0..51] with words from s by shuffle (pf2stream.Shuffle; a
// slip's in diagnose.go) and names the cards.
func shuffledDeck(s *pf2stream.Stream, shuffle func(pf2stream.Source, []int)) [Positions]string {
	ids := pf2stream.Identity(Positions)
	shuffle(s, ids)
	var deck [Positions]string
	for i, id := range ids {
		deck[i] = pf2stream.Card52(id)
	}
	return deck
}

// Salts returns salt_i = hex(HMAC(handValue, "pk1:salt:" + i)) for every
// position; the salts keep a leaf from giving its card away.
func Salts(handValue string) [Positions]string {
	mac := hmac.New(sha256.New, []byte(handValue))
	var salts [Positions]string
	msg := make([]byte, 0, 16)
	sum := make([]byte, 0, sha256.Size)
	for i := range salts {
		msg = strconv.AppendInt(append(msg[:0], "pk1:salt:"...), int64(i), 10)
		mac.Reset()
		mac.Write(msg)
		sum = mac.Sum(sum[:0])
		salts[i] = hexstr.Encode(sum)
	}
	return salts
}

// Leaf returns hex(SHA-256("pk1:leaf:" + i + ":" + card + ":" + salt)).
func Leaf(i int, card, salt string) string {
	return sha256Hex("pk1:leaf:", strconv.Itoa(i)+":"+card+":"+salt)
}

// Pad is the leaf at positions 52..63: hex(SHA-256("pk1:pad")).
var Pad = sha256Hex("", "pk1:pad")

// Node returns hex(SHA-256("pk1:node:" + left + right)), over hex text.
func Node(left, right string) string { return sha256Hex("pk1:node:", left+right) }

func sha256Hex(prefix, s string) string {
	sum := sha256.Sum256([]byte(prefix + s))
	return hexstr.Encode(sum[:])
}

// Tree is the Merkle tree over a committed deck: level 0 holds the 64
// leaves, level Depth the root.
type Tree [Depth + 1][]string

// NewTree builds the tree over the deck's cards and salts.
func NewTree(deck, salts *[Positions]string) *Tree {
	var t Tree
	t[0] = make([]string, Leaves)
	for i := range t[0] {
		if i < Positions {
			t[0][i] = Leaf(i, deck[i], salts[i])
		} else {
			t[0][i] = Pad
		}
	}
	for d := 1; d <= Depth; d++ {
		below := t[d-1]
		t[d] = make([]string, len(below)/2)
		for i := range t[d] {
			t[d][i] = Node(below[2*i], below[2*i+1])
		}
	}
	return &t
}

// Root returns the deck commitment.
func (t *Tree) Root() string { return t[Depth][0] }

// Path returns the proof path of position i: the sibling at each level from
// the leaves up.
func (t *Tree) Path(i int) [Depth]string {
	var path [Depth]string
	for d := range path {
		path[d] = t[d][(i>>d)^1]
	}
	return path
}

// Proof is what a player gets for one position: the card, its salt and the
// path, all hex in lowercase.
type Proof struct {
	Position int
	Card     string
	Salt     string
	Path     [Depth]string
}

// LeadsTo returns the root the proof's path leads to: the leaf of its
// position, card and salt, hashed with each sibling in turn, on the left
// where the position's bit at that level is 1.
func (p *Proof) LeadsTo() string {
	node := Leaf(p.Position, p.Card, p.Salt)
	for d, sibling := range p.Path {
		if p.Position>>d&1 == 1 {
			node = Node(sibling, node)
		} else {
			node = Node(node, sibling)
		}
	}
	return node
}

// Holds reports whether the proof leads to root (lowercase hex), comparing in
// constant time; it also returns the root the proof leads to.
func (p *Proof) Holds(root string) (holds bool, leadsTo string) {
	leadsTo = p.LeadsTo()
	return hmac.Equal([]byte(leadsTo), []byte(root)), leadsTo
}
