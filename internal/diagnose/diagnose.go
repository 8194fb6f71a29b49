// Package diagnose says what a mismatch means, as specified in
// testdata/diagnosis.md: a slip — a variant of a scheme's formula that
// reproduces the record exactly — or, where none does, the shape of the
// difference. Each scheme runs its own variants (its diagnose.go); this
// package holds what they share: the findings, the rule that keeps chance
// from being named a slip, and the shapes.
//
// A diagnosis never changes a verdict: a record that only a variant
// reproduces was not made by the published formula, and with several
// variants to choose from an operator could pick the one it likes.
package diagnose

import (
	"crypto/sha256"
	"crypto/subtle"
	"math"

	"pfcheck/internal/hexstr"
)

// The codes of findings; testdata/diagnosis.md says what each means.
const (
	NumberedFrom0     = "numbered-from-0"
	CounterFrom1      = "counter-from-1"
	SeedsSwapped      = "seeds-swapped"
	SeedsUnlabelled   = "seeds-unlabelled"
	KeyAsText         = "key-as-text"
	KeyAsBytes        = "key-as-bytes"
	DiceSwapped       = "dice-swapped"
	NumberingRestarts = "numbering-restarts"
	NoByteSkip        = "no-byte-skip"
	AnchorIsSignature = "anchor-is-signature"
	NoLengthPrefix    = "no-length-prefix"
	NoRejection       = "no-rejection"
	ShuffleForward    = "shuffle-forward"
	Reversed          = "reversed"
	NoSeatDraw        = "no-seat-draw"
	RollMissing       = "roll-missing"
	RollExtra         = "roll-extra"
	SealOfText        = "seal-of-text"

	SealDiffers       = "seal-differs"
	Substituted       = "substituted"
	DifferFrom        = "differ-from"
	SignatureInvalid  = "signature-invalid"
	RoundNotAfterSeal = "round-not-after-seal"
	CutDiffers        = "cut-differs"
	RootDiffers       = "root-differs"
	ProofFails        = "proof-fails"
)

// Finding is one entry of a diagnosis. Kind, At, Count and Positions are
// set where its code has them; At and Positions count as the scheme's
// mismatch index does (a shoe's cards from 0).
type Finding struct {
	Code      string
	Kind      string
	At        int
	Count     int
	Positions []int
}

// placed are the codes whose findings have a position, At, even at 0.
var placed = map[string]bool{RollMissing: true, RollExtra: true, Substituted: true, DifferFrom: true}

// IsPlaced reports whether findings of code have a position (At).
func IsPlaced(code string) bool { return placed[code] }

// shapes are the codes that name a shape, not a slip.
var shapes = map[string]bool{
	SealDiffers: true, Substituted: true, DifferFrom: true, SignatureInvalid: true,
	RoundNotAfterSeal: true, CutDiffers: true, RootDiffers: true, ProofFails: true,
}

// IsSlip reports whether code names a slip: a variant of the formula that
// reproduces the record.
func IsSlip(code string) bool { return !shapes[code] }

// List returns findings as plain objects {code, kind?, at?, count?, positions?}.
func List(fs []Finding) []any {
	out := make([]any, len(fs))
	for i, f := range fs {
		o := map[string]any{"code": f.Code}
		if f.Kind != "" {
			o["kind"] = f.Kind
		}
		if IsPlaced(f.Code) {
			o["at"] = f.At
		}
		if f.Count > 0 {
			o["count"] = f.Count
		}
		if f.Positions != nil {
			ps := make([]any, len(f.Positions))
			for j, p := range f.Positions {
				ps[j] = p
			}
			o["positions"] = ps
		}
		out[i] = o
	}
	return out
}

// Bits of one value, for Named: how unlikely a value is to come out right
// by chance.
var (
	BitsRoll   = math.Log2(36) // two dice
	BitsDie    = math.Log2(6)
	BitsCard52 = math.Log2(52)
	BitsCard32 = math.Log2(32)
	BitsTile   = math.Log2(42) // the wall's distinct tiles
	BitsSeat   = 1.0
)

// MinBits is the evidence a slip needs: a record whose differing values
// were substituted at random would be reproduced by it with a probability
// below 2^-MinBits.
const MinBits = 20

// Named reports whether a slip that reproduces all n compared values, d of
// which differ from SPEC's with bits of evidence in their values, is to be
// named: log2 C(n, d) + bits ≥ MinBits. The binomial counts the choices of
// which values a random substitution would have changed.
func Named(n, d int, bits float64) bool {
	if d == 0 || d > n {
		return false
	}
	return log2Choose(n, d)+bits >= MinBits
}

// log2Choose is log2 C(n, d), as the sum of log2((n − d + i) / i) for i
// from 1 to d (math.Lgamma would cost the page more bytes).
func log2Choose(n, d int) float64 {
	bits := 0.0
	for i := 1; i <= d; i++ {
		bits += math.Log2(float64(n-d+i) / float64(i))
	}
	return bits
}

// Reproduces reports whether value(i) is recorded[i] for every i; it stops
// at the first that is not, so a variant that is not the record's costs a
// value or two.
func Reproduces[T comparable](recorded []T, value func(int) T) bool {
	for i, want := range recorded {
		if value(i) != want {
			return false
		}
	}
	return true
}

// Slips gathers the slips that reproduce a record's values.
type Slips[T comparable] struct {
	recorded []T
	named    bool
	Found    []Finding
}

// NewSlips returns Slips for the recorded values, d of which differ from
// SPEC's with bits of evidence in them (Named): a slip must reproduce
// those, and they must be too many for chance.
func NewSlips[T comparable](recorded []T, d int, bits float64) *Slips[T] {
	return &Slips[T]{recorded: recorded, named: Named(len(recorded), d, bits)}
}

// Try names code if value(i), its variant's value i, is every recorded value.
func (s *Slips[T]) Try(code string, value func(int) T) {
	if s.named && Reproduces(s.recorded, value) {
		s.Found = append(s.Found, Finding{Code: code})
	}
}

// Shift names roll-missing or roll-extra where one explains the recorded
// values: diffs are the indices (from 0, ascending) where they differ from
// SPEC's, spec(i) is SPEC's value i (defined up to len(recorded) − 1 +
// unit), a roll is unit values (backgammon's dice come two to a throw),
// perValue the bits of one, and n the values compared in all (recorded may
// be a part of them: one game); index turns the index (from 0) in recorded
// of the roll that is missing or extra into the finding's At. A shift is
// tried only where no variant was named: numbered-from-0 is also one roll
// extra at the first, and the variant says more.
func (s *Slips[T]) Shift(recorded []T, diffs []int, unit int, perValue float64, n int, spec func(int) T, index func(int) int) {
	if len(s.Found) > 0 {
		return
	}
	at := diffs[0] - diffs[0]%unit
	tail := recorded[at:]
	code := ""
	switch {
	case Reproduces(tail, func(i int) T { return spec(at + i + unit) }):
		code = RollMissing
	case len(tail) > unit && Reproduces(tail[unit:], func(i int) T { return spec(at + i) }):
		code = RollExtra
	default:
		return
	}
	d := len(diffs)
	for _, x := range diffs {
		if code == RollExtra && x < at+unit {
			d-- // the extra roll itself is no evidence
		}
	}
	if Named(n, d, float64(d)*perValue) {
		s.Found = append(s.Found, Finding{Code: code, At: index(at)})
	}
}

// Seal returns the finding of a seal that differs from SPEC's: seal-of-text
// when the slip's seal is the given one (compared as every hash is, by the
// caller's equal), else seal-differs.
func Seal(slip bool) Finding {
	if slip {
		return Finding{Code: SealOfText}
	}
	return Finding{Code: SealDiffers}
}

// SealOfBytes reports whether commitment is the seal of the slip
// seal-of-text in the schemes whose seal hashes a seed's text (SPEC §4–§6)
// and whose seed is hex: the SHA-256 of the bytes it decodes to.
func SealOfBytes(seed, commitment string) bool {
	b, code := hexstr.Decode(seed)
	return code == "" && SealOf(b, commitment)
}

// SealOf reports whether commitment is hex(SHA-256(b)), compared in
// constant time.
func SealOf(b []byte, commitment string) bool {
	sum := sha256.Sum256(b)
	return subtle.ConstantTimeCompare([]byte(hexstr.Encode(sum[:])), []byte(commitment)) == 1
}

// FromOne numbers a value (from 0) as the mismatches of the schemes that
// count from 1 do.
func FromOne(i int) int { return i + 1 }

// maxPositions bounds the positions a substituted finding lists.
const maxPositions = 10

// Or returns the slips found or, where there is none, the shape of diffs
// (Shape).
func (s *Slips[T]) Or(kind string, diffs []int, n int, index func(int) int) []Finding {
	if len(s.Found) > 0 {
		return s.Found
	}
	return []Finding{Shape(kind, diffs, n, index)}
}

// Shape returns the shape of differences no slip explains: diffs are the
// differing values' indices (from 0, ascending) among n, and index turns
// one into the scheme's own numbering. From the first difference on, three
// in four values or more differing (two or more) is differ-from; fewer is
// substituted, with the first positions.
func Shape(kind string, diffs []int, n int, index func(int) int) Finding {
	first := diffs[0]
	f := Finding{Kind: kind, At: index(first), Count: len(diffs)}
	if len(diffs) >= 2 && 4*len(diffs) >= 3*(n-first) {
		f.Code = DifferFrom
		return f
	}
	f.Code = Substituted
	for _, d := range diffs[:min(len(diffs), maxPositions)] {
		f.Positions = append(f.Positions, index(d))
	}
	return f
}
