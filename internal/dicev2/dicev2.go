// Package dicev2 implements dice_v2, dice bound to both players and a drand
// round, as specified in SPEC.md §2 (seed 001): the seal of a server seed,
// the length-prefixed binding of match, game, both players and the drand
// anchor, every roll of a game, and the comparison with the rolls played.
//
// The anchor's signature is checked by a Verifier the caller passes in
// (drand.CheckRound): this package does not link the pairing library, so a
// build can keep that library in a WebAssembly of its own.
//
// It proves that the rolls follow from a seed fixed before the round existed
// and from both players' ids; it does not prove the server kept the seed
// secret during play (seed 001, "Was wir nicht versprechen").
package dicev2

import (
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"strconv"

	"pfcheck/internal/dice"
)

// Scheme is the record scheme this package checks.
const Scheme = "dice_v2"

// Sizes of SPEC.md §2, and bounds that keep a check's work small.
const (
	SeedBytes    = 32
	AnchorBytes  = sha256.Size
	MaxIDBytes   = 256 // a player id, in UTF-8 bytes
	MaxRolls     = 10000
	signatureLen = 48 // a compressed BLS12-381 G1 point
)

// acceptBelow is 6 × 42: bytes from 252 up are skipped so that each face of a
// die is equally likely.
const acceptBelow = 252

// Roll is one throw of two dice, each 1..6, die 1 first, written as in
// dice_v1 ("63"); only the derivation differs (Roller).
type Roll = dice.Roll

// Anchor returns the drand round's randomness, SHA-256(signature): the 32
// bytes the binding ends with.
func Anchor(signature []byte) [AnchorBytes]byte { return sha256.Sum256(signature) }

// Binding returns lp(match) ‖ lp(game) ‖ lp(player A) ‖ lp(player B) ‖
// lp(anchor), where lp(x) is x's length as uint32 big-endian, then x; the
// numbers are decimal ASCII and the ids UTF-8 as given (not normalised).
//
// The lengths are what keeps ids "ab" and "c" apart from "a" and "bc": without
// them both pairs would give one message and one stream of dice.
func Binding(match, game int, playerA, playerB string, anchor [AnchorBytes]byte) []byte {
	return binding(match, game, playerA, playerB, anchor[:], lp)
}

// binding writes the binding's fields, each by field (lp; a slip's variant
// in diagnose.go).
func binding(match, game int, playerA, playerB string, anchor []byte, field func(b, x []byte) []byte) []byte {
	var num [20]byte
	b := make([]byte, 0, 5*4+2*len(num)+len(playerA)+len(playerB)+len(anchor))
	b = field(b, strconv.AppendInt(num[:0], int64(match), 10))
	b = field(b, strconv.AppendInt(num[:0], int64(game), 10))
	b = field(b, []byte(playerA))
	b = field(b, []byte(playerB))
	return field(b, anchor)
}

func lp(b, x []byte) []byte {
	b = appendUint32(b, uint32(len(x)))
	return append(b, x...)
}

// appendUint32 and appendUint64 append big-endian integers; encoding/binary
// would do the same but links reflect into the WebAssembly.
func appendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func appendUint64(b []byte, v uint64) []byte {
	return appendUint32(appendUint32(b, uint32(v>>32)), uint32(v))
}

// Roller derives the rolls of one game. The HMAC is keyed once and reset
// between MACs, and the message lives in a reused buffer, so a roll
// allocates nothing.
type Roller struct {
	mac     hash.Hash
	msg     []byte // binding ‖ uint64be(n) ‖ uint32be(j)
	binding int    // length of the binding at the start of msg
	sum     []byte
}

// NewRoller returns a Roller keyed with the server seed bytes, for the game
// whose binding is given.
func NewRoller(seed, binding []byte) *Roller {
	r := &Roller{mac: hmac.New(sha256.New, seed), sum: make([]byte, 0, sha256.Size)}
	r.SetBinding(binding)
	return r
}

// SetBinding switches to another game of the same match (same seed).
func (r *Roller) SetBinding(binding []byte) {
	r.msg = append(r.msg[:0], binding...)
	r.binding = len(binding)
}

// Roll returns roll n of the game (counted from 1 within the game):
// mac = HMAC(seed, binding ‖ uint64be(n)), then, while fewer than two bytes
// were kept, HMAC(seed, binding ‖ uint64be(n) ‖ uint32be(j)) for j = 1, 2, …;
// bytes are taken in order across them, each byte ≥ 252 is skipped, and the
// first two kept bytes b give die 1 and die 2 as b mod 6 + 1.
func (r *Roller) Roll(n uint64) Roll {
	msg := appendUint64(r.msg[:r.binding], n)
	var roll Roll
	kept := 0
	for j := uint32(0); ; j++ {
		m := msg
		if j > 0 {
			m = appendUint32(msg, j)
		}
		r.mac.Reset()
		r.mac.Write(m)
		r.sum = r.mac.Sum(r.sum[:0])
		if kept = keep(&roll, kept, r.sum); kept == 2 {
			r.msg = m[:r.binding]
			return roll
		}
	}
}

// keep takes the bytes of one MAC in order into roll, skipping those ≥ 252,
// until two dice are set; kept is how many were set before, and the result
// how many are set after.
func keep(roll *Roll, kept int, mac []byte) int {
	for _, b := range mac {
		if b < acceptBelow {
			roll[kept] = b%6 + 1
			if kept++; kept == 2 {
				break
			}
		}
	}
	return kept
}
