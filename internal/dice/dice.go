// Package dice implements dice_v1, the nard dice check of seeds 000 and 002,
// as specified in SPEC.md §1: the seal of a server seed, every roll of a match
// from the server seed and the phones' seeds, and the comparison with the
// rolls that were played.
//
// It does not prove that the server drew its seed at random or kept it secret
// during play; it proves that the rolls follow from a seed fixed before the
// first roll (the seal) and from seeds the phones chose after seeing it.
package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"strconv"

	"pfcheck/internal/hexstr"
)

// Scheme is the record scheme this package checks.
const Scheme = "dice_v1"

// Limits of SPEC.md §1, and bounds that keep a check's work small.
const (
	MinSeedBytes     = 16
	MaxSeedBytes     = 64
	MaxClientSeedLen = 128
	MaxClientSeeds   = 16
	MaxRolls         = 10000
)

// acceptBelow is 7 × 36: bytes from 252 up are skipped so that each of the
// 36 ordered rolls is equally likely.
const acceptBelow = 252

// Roll is one throw of two dice, each 1..6, die 1 first.
type Roll [2]byte

// String returns the roll as two digits, die 1 first ("63").
func (r Roll) String() string { return string([]byte{'0' + r[0], '0' + r[1]}) }

// IsDouble reports whether both dice show the same number.
func (r Roll) IsDouble() bool { return r[0] == r[1] }

// ParseRoll reads "63" as a Roll.
func ParseRoll(s string) (Roll, bool) {
	if len(s) != 2 || !isDie(s[0]) || !isDie(s[1]) {
		return Roll{}, false
	}
	return Roll{s[0] - '0', s[1] - '0'}, true
}

func isDie(c byte) bool { return '1' <= c && c <= '6' }

// Seal returns hex(SHA-256(seed)), the commitment shown before the first roll.
func Seal(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hexstr.Encode(sum[:])
}

// Roller derives the rolls of one match. The HMAC is keyed once per match and
// reset between rolls, and the message is built in a reused buffer, so a roll
// allocates nothing.
type Roller struct {
	mac  hash.Hash
	part []byte // the phones' seeds joined by ":"
	msg  []byte
	sum  []byte
}

// NewRoller returns a Roller for the server seed bytes and the phones' seeds
// in seat order.
func NewRoller(seed []byte, clientSeeds []string) *Roller {
	var part []byte
	for i, s := range clientSeeds {
		if i > 0 {
			part = append(part, ':')
		}
		part = append(part, s...)
	}
	return &Roller{
		mac:  hmac.New(sha256.New, seed),
		part: part,
		msg:  make([]byte, 0, len(part)+32),
		sum:  make([]byte, 0, sha256.Size),
	}
}

// Roll returns roll n (counted from 1 over the whole match):
// mac = HMAC(seed, part + "+"×t + ":" + n), the first byte below 252 of the
// first mac (t = 0, 1, …) that has one, v = byte mod 36,
// roll = (v div 6 + 1, v mod 6 + 1).
func (r *Roller) Roll(n int) Roll {
	for t := 0; ; t++ {
		for _, b := range r.digest(t, n) {
			if b < acceptBelow {
				return rollOf(b)
			}
		}
	}
}

// digest returns HMAC(seed, part + "+"×t + ":" + n), valid until the next call.
func (r *Roller) digest(t, n int) []byte {
	msg := append(r.msg[:0], r.part...)
	for range t {
		msg = append(msg, '+')
	}
	msg = append(msg, ':')
	msg = strconv.AppendInt(msg, int64(n), 10)
	r.msg = msg

	r.mac.Reset()
	r.mac.Write(msg)
	r.sum = r.mac.Sum(r.sum[:0])
	return r.sum
}

// rollOf returns the roll of byte b: v = b mod 36, (v div 6 + 1, v mod 6 + 1).
func rollOf(b byte) Roll {
	v := b % 36
	return Roll{v/6 + 1, v%6 + 1}
}
