package drand

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"testing"
)

// Public quicknet rounds (SPEC.md §2).
const (
	sig1000        = "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39"
	randomness1000 = "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd"
	sig123         = "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestKnownRounds(t *testing.T) {
	for _, c := range []struct {
		round uint64
		sig   string
	}{{1000, sig1000}, {123, sig123}} {
		if err := Verify(c.round, mustHex(t, c.sig)); err != nil {
			t.Errorf("round %d: %v", c.round, err)
		}
	}
	r := Randomness(mustHex(t, sig1000))
	if got := hex.EncodeToString(r[:]); got != randomness1000 {
		t.Errorf("randomness of round 1000 = %s, want %s", got, randomness1000)
	}
}

func TestWrongRound(t *testing.T) {
	for _, c := range []struct {
		round uint64
		sig   string
	}{{1001, sig1000}, {999, sig1000}, {1000, sig123}, {124, sig123}, {0, sig1000}} {
		if err := Verify(c.round, mustHex(t, c.sig)); err != ErrSignature {
			t.Errorf("round %d with %.8s…: %v, want ErrSignature", c.round, c.sig, err)
		}
	}
}

// Every single-bit flip of a real signature must fail: mostly as a bad
// encoding, and where the flip still gives a subgroup point (the sign flag:
// the negated signature) as a signature that does not verify.
func TestEveryBitFlipFails(t *testing.T) {
	sig := mustHex(t, sig1000)
	encoding, signature := 0, 0
	for i := range len(sig) * 8 {
		forged := append([]byte(nil), sig...)
		forged[i/8] ^= 0x80 >> (i % 8)
		switch err := Verify(1000, forged); err {
		case ErrEncoding:
			encoding++
		case ErrSignature:
			signature++
		default:
			t.Fatalf("bit %d flipped: %v", i, err)
		}
	}
	if signature == 0 || encoding == 0 {
		t.Errorf("flips: %d bad encodings, %d bad signatures; want both kinds", encoding, signature)
	}
	t.Logf("384 flips: %d not a point, %d not the signature", encoding, signature)
}

func TestEncodings(t *testing.T) {
	sig := mustHex(t, sig1000)
	infinity := make([]byte, SignatureSize)
	infinity[0] = 0xc0
	xTooBig := make([]byte, SignatureSize)
	for i := range xTooBig {
		xTooBig[i] = 0xff
	}
	xTooBig[0] = 0x9f
	for _, c := range []struct {
		name string
		sig  []byte
		want error
	}{
		{"empty", nil, ErrEncoding},
		{"47 bytes", sig[:47], ErrEncoding},
		{"49 bytes", append(append([]byte(nil), sig...), 0), ErrEncoding},
		{"x not below p", xTooBig, ErrEncoding},
		{"infinity", infinity, ErrSignature},
		{"all zero", make([]byte, SignatureSize), ErrEncoding},
	} {
		if err := Verify(1000, c.sig); err != c.want {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

func TestCheckRound(t *testing.T) {
	sig := mustHex(t, sig1000)
	for range 2 { // the second time from the cache
		if tm, ok, code := CheckRound(1000, sig); tm != 1692806364 || !ok || code != "" {
			t.Errorf("round 1000: %d %v %q", tm, ok, code)
		}
		if tm, ok, code := CheckRound(1001, sig); tm != 1692806367 || ok || code != "" {
			t.Errorf("round 1001: %d %v %q", tm, ok, code)
		}
		if _, ok, code := CheckRound(1000, sig[:47]); ok || code != CodeNotAPoint {
			t.Errorf("short: %v %q", ok, code)
		}
	}
	// More distinct inputs than the cache holds: verdicts stay right.
	for i := range 2*cacheSize + 1 {
		forged := append([]byte(nil), sig...)
		forged[47] ^= byte(i)
		_, ok, _ := CheckRound(1000, forged)
		if ok != (i == 0) {
			t.Fatalf("forged %d: valid=%v", i, ok)
		}
	}
}

func TestRoundTime(t *testing.T) {
	for _, c := range []struct {
		round uint64
		want  int64
	}{
		{1, Genesis}, {2, Genesis + 3}, {123, 1692803733}, {1000, 1692806364}, {0, Genesis - Period},
		{math.MaxUint64, math.MaxInt64}, {(math.MaxInt64-uint64(Genesis))/3 + 2, math.MaxInt64},
	} {
		if got := RoundTime(c.round); got != c.want {
			t.Errorf("RoundTime(%d) = %d, want %d", c.round, got, c.want)
		}
	}
	if got := RoundTime((math.MaxInt64-uint64(Genesis))/3 + 1); got < Genesis {
		t.Errorf("largest round wrapped: %d", got)
	}
}

func TestMessage(t *testing.T) {
	m := Message(1000)
	want := sha256.Sum256([]byte{0, 0, 0, 0, 0, 0, 0x03, 0xe8})
	if m != want {
		t.Errorf("Message(1000) = %x", m)
	}
}

func TestPublicKeyDecodes(t *testing.T) {
	if _, err := publicKey(); err != nil {
		t.Fatal(err)
	}
}

func FuzzVerify(f *testing.F) {
	f.Add(uint64(1000), mustHex(f, sig1000))
	f.Add(uint64(123), mustHex(f, sig123))
	f.Add(uint64(1), []byte{0xc0})
	f.Fuzz(func(t *testing.T, round uint64, sig []byte) {
		err := Verify(round, sig)
		if err == nil && !(round == 1000 && hex.EncodeToString(sig) == sig1000) &&
			!(round == 123 && hex.EncodeToString(sig) == sig123) {
			t.Errorf("round %d sig %x verifies", round, sig)
		}
	})
}

func BenchmarkVerify(b *testing.B) {
	sig := mustHex(b, sig1000)
	for b.Loop() {
		if Verify(1000, sig) != nil {
			b.Fatal("does not verify")
		}
	}
}
