// Package drand verifies a round of the League of Entropy's "quicknet" chain,
// the external anchor of dice_v2, as specified in SPEC.md §2 (seed 001): the
// round's BLS signature under the chain's public key, its randomness and its
// time.
//
// quicknet's scheme is "bls-unchained-g1-rfc9380": the signature of round R is
// a BLS12-381 G1 point on the message SHA-256(uint64be(R)), hashed to G1 as in
// RFC 9380 with the DST below, and the public key is a G2 point. Unchained
// means a round signs its number only, so one round verifies on its own.
//
// This package is the only one that links the pairing library
// (github.com/consensys/gnark-crypto): about 250 KB gzip in WebAssembly, so
// dicev2 takes the check through a function value (CheckRound) and does not
// import it. It does not fetch rounds: the record carries the signature, and a
// valid signature is proof that the network published that randomness for
// that round.
package drand

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"sync"

	bls "github.com/consensys/gnark-crypto/ecc/bls12-381"

	"pfcheck/internal/hexstr"
)

// quicknet's public constants (SPEC.md §2).
const (
	ChainHash = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
	PublicKey = "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c" +
		"8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb" +
		"5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a"
	Genesis int64 = 1692803367 // Unix time of round 1
	Period  int64 = 3          // seconds between rounds
	DST           = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"

	// SignatureSize is the length of a compressed G1 point.
	SignatureSize = bls.SizeOfG1AffineCompressed
)

// CodeNotAPoint is the problem code for a signature that is not a
// compressed G1 point of the prime-order subgroup.
const CodeNotAPoint = "not-a-point"

var (
	// ErrEncoding means the bytes are not a signature at all: wrong length,
	// bad flags, x not below the field prime, not on the curve or not in the
	// subgroup.
	ErrEncoding = errors.New("drand: signature is not a compressed G1 subgroup point")
	// ErrSignature means a well-formed signature that does not verify for the
	// round: forged, of another round, or of another chain.
	ErrSignature = errors.New("drand: signature does not verify for this round")
)

// Message returns what round is signed over: SHA-256(uint64be(round)).
func Message(round uint64) [32]byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], round)
	return sha256.Sum256(b[:])
}

// Randomness returns the round's randomness, SHA-256(signature). It is only
// as trustworthy as the signature: call Verify too.
func Randomness(sig []byte) [32]byte { return sha256.Sum256(sig) }

// RoundTime returns the Unix time at which round (≥ 1) is published:
// Genesis + (round − 1) × Period. Rounds too large for an int64 time give
// math.MaxInt64 rather than a wrapped, earlier time.
func RoundTime(round uint64) int64 {
	if round == 0 {
		return Genesis - Period
	}
	if round-1 > uint64(math.MaxInt64-Genesis)/uint64(Period) {
		return math.MaxInt64
	}
	return Genesis + int64(round-1)*Period
}

// publicKey is the chain key, decoded (with its subgroup check) on first use
// so that loading the page costs nothing.
var publicKey = sync.OnceValues(func() (bls.G2Affine, error) {
	var pk bls.G2Affine
	b, code := hexstr.Decode(PublicKey)
	if code != "" {
		return pk, errors.New("drand: bad public key constant")
	}
	if n, err := pk.SetBytes(b); err != nil || n != len(b) {
		return pk, errors.New("drand: bad public key constant")
	}
	return pk, nil
})

// decodeSignature reads a compressed G1 point and checks it is in the
// prime-order subgroup (gnark's SetBytes does; the length check is ours, as
// SetBytes ignores trailing bytes).
func decodeSignature(sig []byte) (bls.G1Affine, error) {
	var p bls.G1Affine
	if len(sig) != SignatureSize {
		return p, ErrEncoding
	}
	if _, err := p.SetBytes(sig); err != nil {
		return p, ErrEncoding
	}
	return p, nil
}

// Verify reports whether sig is quicknet's signature of round: nil, or
// ErrEncoding, or ErrSignature. It checks e(sig, g2) = e(H(Message(round)), pk)
// as one product of two pairings.
func Verify(round uint64, sig []byte) error {
	s, err := decodeSignature(sig)
	if err != nil {
		return err
	}
	// The identity is a valid encoding but never a signature: e(O, g2) = 1.
	if s.IsInfinity() || round == 0 {
		return ErrSignature
	}
	pk, err := publicKey()
	if err != nil {
		return err
	}
	msg := Message(round)
	h, err := bls.HashToG1(msg[:], []byte(DST))
	if err != nil {
		return err
	}
	_, _, _, g2 := bls.Generators()
	var negS bls.G1Affine
	negS.Neg(&s)
	ok, err := bls.PairingCheck([]bls.G1Affine{negS, h}, []bls.G2Affine{g2, pk})
	if err != nil || !ok {
		return ErrSignature
	}
	return nil
}

// cache remembers the last verdicts: a page load runs the self-test's many
// records over a handful of rounds, and a pairing check costs tens of
// milliseconds in WebAssembly on a phone. Verify is a pure function, so a
// remembered verdict is the verdict.
var cache struct {
	sync.Mutex
	m map[cacheKey]error
}

type cacheKey struct {
	round uint64
	sig   [SignatureSize]byte
}

const cacheSize = 32

func verifyCached(round uint64, sig []byte) error {
	if len(sig) != SignatureSize {
		return ErrEncoding
	}
	k := cacheKey{round: round}
	copy(k.sig[:], sig)
	cache.Lock()
	err, ok := cache.m[k]
	cache.Unlock()
	if ok {
		return err
	}
	err = Verify(round, sig)
	cache.Lock()
	if cache.m == nil || len(cache.m) >= cacheSize {
		cache.m = make(map[cacheKey]error, cacheSize)
	}
	cache.m[k] = err
	cache.Unlock()
	return err
}

// CheckRound is the anchor check dicev2 takes as its Verifier: the round's
// time, whether sig verifies for round, and CodeNotAPoint when sig is not a
// signature at all (then valid is false). Its signature uses only basic types
// so that neither package imports the other.
func CheckRound(round uint64, sig []byte) (roundTime int64, valid bool, code string) {
	roundTime = RoundTime(round)
	switch err := verifyCached(round, sig); err {
	case nil:
		return roundTime, true, ""
	case ErrEncoding:
		return roundTime, false, CodeNotAPoint
	}
	return roundTime, false, ""
}
