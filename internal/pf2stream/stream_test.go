package pf2stream

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"testing"
)

// words is a Source that hands out fixed words and counts them.
type words struct {
	list []uint64
	used int
}

func (w *words) Word() uint64 {
	v := w.list[w.used]
	w.used++
	return v
}

// reference computes word(key, msg) the way the seed's Node code does: the
// first 13 hex digits of the HMAC, read as a number.
func reference(key, msg string) uint64 {
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte(msg))
	v, err := strconv.ParseUint(hex.EncodeToString(mac.Sum(nil))[:13], 16, 64)
	if err != nil {
		panic(err)
	}
	return v
}

func TestWordIsFirst13HexDigits(t *testing.T) {
	keys := []string{"", "k", "ä-ユニコード", string(make([]byte, 65)), string(make([]byte, 200))}
	for _, key := range keys {
		s := New("pf2:x:", key)
		for k := range 50 {
			if got, want := s.Word(), reference(key, "pf2:x:"+strconv.Itoa(k)); got != want {
				t.Fatalf("key %q k %d: %x, want %x", key, k, got, want)
			}
		}
		if s.Drawn() != 50 {
			t.Fatalf("drawn %d", s.Drawn())
		}
	}
}

func TestWordsOfTwoKeysAreXORed(t *testing.T) {
	s := New("cc1:", "a", "b")
	for k := range 20 {
		msg := "cc1:" + strconv.Itoa(k)
		if got, want := s.Word(), reference("a", msg)^reference("b", msg); got != want {
			t.Fatalf("k %d", k)
		}
	}
}

func TestWordBelowSpan(t *testing.T) {
	s := New("", "key")
	for range 1000 {
		if s.Word() >= Span {
			t.Fatal("word of more than 52 bits")
		}
	}
}

// Int skips exactly the words at or above limit = 2^52 − (2^52 mod n).
func TestIntRejection(t *testing.T) {
	for _, n := range []int{2, 3, 6, 7, 52, 144, 1 << 20, 1<<52 - 1} {
		rem := uint64(Span % uint64(n))
		limit := uint64(Span) - rem
		src := &words{list: []uint64{Span - 1, limit, limit - 1}}
		got := Int(src, n)
		switch {
		case rem == 0:
			// No word is rejected: the first is taken.
			if src.used != 1 || got != int((Span-1)%uint64(n)) {
				t.Fatalf("n %d: got %d after %d words", n, got, src.used)
			}
		default:
			if src.used != 3 || got != int((limit-1)%uint64(n)) {
				t.Fatalf("n %d: got %d after %d words", n, got, src.used)
			}
		}
	}
	// 2^52 mod 6 = 4: the four largest words are skipped.
	src := &words{list: []uint64{Span - 4, Span - 1, Span - 5}}
	if got := Int(src, 6); got != int((Span-5)%6) || src.used != 3 {
		t.Fatalf("int(6) = %d after %d words", got, src.used)
	}
}

func TestIntOfOneDrawsAWord(t *testing.T) {
	src := &words{list: []uint64{Span - 1}}
	if Int(src, 1) != 0 || src.used != 1 {
		t.Fatal("int(1) must draw one word and return 0")
	}
	src = &words{}
	if Int(src, 0) != 0 || Int(src, -5) != 0 {
		t.Fatal("int(n < 1) must return 0 without drawing")
	}
}

func TestDie(t *testing.T) {
	src := &words{list: []uint64{0, 5, 6, Span - 5}}
	for _, want := range []int{1, 6, 1, int((Span-5)%6) + 1} {
		if got := Die(src); got != want {
			t.Fatalf("die %d, want %d", got, want)
		}
	}
}

// Fisher–Yates from the top: i = 3, 2, 1 draws int(4), int(3), int(2).
func TestShuffleFromTheTop(t *testing.T) {
	src := &words{list: []uint64{1, 2, 0}} // j = 1 for i = 3, j = 2 for i = 2, j = 0 for i = 1
	a := []int{10, 11, 12, 13}
	Shuffle(src, a)
	// i=3, j=1: 10 13 12 11; i=2, j=2: same; i=1, j=0: 13 10 12 11.
	want := []int{13, 10, 12, 11}
	for i := range a {
		if a[i] != want[i] {
			t.Fatalf("%v, want %v", a, want)
		}
	}
	if src.used != 3 {
		t.Fatalf("%d words", src.used)
	}
	Shuffle(src, []int{7})
	Shuffle(src, nil)
	if src.used != 3 {
		t.Fatal("a list of one draws nothing")
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	s := New("p:", "k")
	for range 100 {
		a := Identity(52)
		s.Shuffle(a)
		seen := make([]bool, 52)
		for _, v := range a {
			seen[v] = true
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("%d missing", i)
			}
		}
	}
}

// The stream keys the HMAC once: a word allocates nothing.
func TestWordAllocatesNothing(t *testing.T) {
	s := New("pf2:backgammon:match:0=a,1=b:", "server seed")
	for range 1000 { // grow the message buffer to its largest counter first
		s.Word()
	}
	if n := testing.AllocsPerRun(1000, func() { s.Word() }); n != 0 {
		t.Fatalf("%v allocations per word", n)
	}
	two := New("cc1:", "a", "b")
	two.Word()
	if n := testing.AllocsPerRun(1000, func() { two.Int(2) }); n != 0 {
		t.Fatalf("%v allocations per XORed word", n)
	}
}

func TestCards(t *testing.T) {
	for id, want := range map[int]string{0: "2c", 8: "Tc", 12: "Ac", 13: "2d", 21: "Td", 39: "2s", 51: "As"} {
		if got := Card52(id); got != want {
			t.Errorf("Card52(%d) = %s, want %s", id, got, want)
		}
	}
	for id, want := range map[int]string{0: "7c", 3: "Tc", 7: "Ac", 8: "7d", 31: "As"} {
		if got := Card32(id); got != want {
			t.Errorf("Card32(%d) = %s, want %s", id, got, want)
		}
	}
	for _, id := range []int{-1, 52} {
		if Card52(id) != "" {
			t.Errorf("Card52(%d)", id)
		}
	}
	if Card32(32) != "" {
		t.Error("Card32(32)")
	}
	seen := map[string]bool{}
	for id := range 52 {
		c := Card52(id)
		if !IsCard52(c) || seen[c] {
			t.Errorf("card %d: %s", id, c)
		}
		seen[c] = true
	}
	for id := range 32 {
		if !IsCard32(Card32(id)) {
			t.Errorf("baloot card %d", id)
		}
	}
	for _, bad := range []string{"", "A", "AH", "ah", "10d", "1c", "Tdx", "Zs", " Ac"} {
		if IsCard52(bad) {
			t.Errorf("IsCard52(%q)", bad)
		}
	}
	for _, bad := range []string{"2c", "6h", "AH", "Ts "} {
		if IsCard32(bad) {
			t.Errorf("IsCard32(%q)", bad)
		}
	}
}

func BenchmarkWord(b *testing.B) {
	s := New("pf2:bridge:m-123456:0=alice,1=bob,2=carol,3=dave:", "0123456789abcdef0123456789abcdef")
	b.ReportAllocs()
	for b.Loop() {
		s.Word()
	}
}

func BenchmarkShuffle52(b *testing.B) {
	s := New("pk1:t1:s1:7:1=a,2=b:", "handvalue")
	a := Identity(52)
	b.ReportAllocs()
	for b.Loop() {
		s.Shuffle(a)
	}
}
