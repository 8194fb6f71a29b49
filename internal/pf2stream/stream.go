// Package pf2stream implements the draw stream of seed 004 that
// match_seed_v2, poker_hmac_v1 and chess_colour_v1 share, as specified in
// SPEC.md §4 (seed 004): word(key, msg), a whole number below n by rejection
// sampling, and the Fisher–Yates shuffle from the top; and the card names of
// SPEC.md §4, which the table games and poker share.
//
// It only turns keys and messages into draws; each scheme builds its own
// message and decides what to draw, in its own package.
package pf2stream

import (
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"strconv"
)

// Span is 2^52: a word is one of Span values.
const Span = 1 << 52

// Key computes word(key, ·) for one key. The HMAC is keyed once and reset
// between words, which keeps the key's pads, so a word allocates nothing.
type Key struct {
	mac hash.Hash
	sum []byte
}

// NewKey returns a Key for the key string; its UTF-8 bytes are the HMAC key.
func NewKey(key string) *Key {
	return &Key{mac: hmac.New(sha256.New, []byte(key)), sum: make([]byte, 0, sha256.Size)}
}

// Word returns word(key, msg): the first 13 hex digits, that is the first 52
// bits, of HMAC-SHA256(key, msg).
func (k *Key) Word(msg []byte) uint64 {
	k.mac.Reset()
	k.mac.Write(msg)
	k.sum = k.mac.Sum(k.sum[:0])
	// Big-endian by hand: encoding/binary would link reflect into the wasm.
	var w uint64
	for _, b := range k.sum[:8] {
		w = w<<8 | uint64(b)
	}
	return w >> 12
}

// Source gives 52-bit words one after another.
type Source interface {
	Word() uint64
}

// Stream is the source word(key, prefix + k) for k = 0, 1, 2, … in decimal.
// With several keys each word is the XOR of the keys' words for the same
// message (chess_colour_v1 against another player).
type Stream struct {
	keys   []*Key
	msg    []byte // prefix, then the counter
	prefix int
	k      uint64
}

// New returns the stream for the message prefix (everything before the
// counter, including its ":") under one or more keys.
func New(prefix string, keys ...string) *Stream {
	s := &Stream{msg: make([]byte, 0, len(prefix)+20), prefix: len(prefix)}
	s.msg = append(s.msg, prefix...)
	for _, key := range keys {
		s.keys = append(s.keys, NewKey(key))
	}
	return s
}

// Word returns the next word and moves the counter on.
func (s *Stream) Word() uint64 {
	s.msg = strconv.AppendUint(s.msg[:s.prefix], s.k, 10)
	s.k++
	var w uint64
	for _, key := range s.keys {
		w ^= key.Word(s.msg)
	}
	return w
}

// Drawn returns the number of words drawn so far: the next counter.
func (s *Stream) Drawn() uint64 { return s.k }

// Int draws a whole number below n from s; see Int.
func (s *Stream) Int(n int) int { return Int(s, n) }

// Shuffle shuffles a in place with words from s; see Shuffle.
func (s *Stream) Shuffle(a []int) { Shuffle(s, a) }

// Int returns int(n) of SPEC.md §4: with limit = 2^52 − (2^52 mod n), draw
// words until one is below limit and return it mod n. Words at or above limit
// would make the small remainders likelier; skipping them makes every result
// equally likely. int(1) still draws a word (the last mahjong tile does).
// n must be at least 1; for n < 1 it draws nothing and returns 0.
func Int(src Source, n int) int {
	if n < 1 {
		return 0
	}
	m := uint64(n)
	limit := Span - Span%m
	for {
		if w := src.Word(); w < limit {
			return int(w % m)
		}
	}
}

// Die returns int(6) + 1.
func Die(src Source) int { return Int(src, 6) + 1 }

// Shuffle is Fisher–Yates from the top: for i from the last position down to
// 1, j = int(i + 1), swap a[i] and a[j].
func Shuffle(src Source, a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := Int(src, i+1)
		a[i], a[j] = a[j], a[i]
	}
}

// Identity returns [0, 1, …, n−1], the deck a shuffle starts from.
func Identity(n int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	return a
}

// ShuffleForward is the slip shuffle-forward of testdata/diagnosis.md, not
// SPEC's shuffle: Fisher–Yates from the bottom, for i from 0 to the last
// but one, j = i + int(len − i), swap a[i] and a[j].
func ShuffleForward(src Source, a []int) {
	for i := 0; i < len(a)-1; i++ {
		j := i + Int(src, len(a)-i)
		a[i], a[j] = a[j], a[i]
	}
}
