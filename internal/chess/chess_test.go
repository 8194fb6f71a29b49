package chess

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"testing"

	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

func TestVectors(t *testing.T) { vectortest.RunRecords(t, Scheme, Check) }

// word13 is word() written out as the seed's Node code has it.
func word13(key, msg string) uint64 {
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte(msg))
	v, _ := strconv.ParseUint(hex.EncodeToString(mac.Sum(nil))[:13], 16, 64)
	return v
}

// int(2) never rejects (2^52 is even), so the colour is the low bit of the
// first word: 0 means A plays White.
func TestColourIsLowBitOfFirstWord(t *testing.T) {
	for i := range 64 {
		a, b := "seedA"+strconv.Itoa(i), "seedB"+strconv.Itoa(i)
		m := "cc1:" + Commit(a) + ":" + Commit(b) + ":0=ca,1=cb:0"
		want := White
		if (word13(a, m)^word13(b, m))&1 == 1 {
			want = Black
		}
		if got := ColourA(a, "ca", b, "cb"); got != want {
			t.Fatalf("pair %d: %s, want %s", i, got, want)
		}
		m = "cc1:" + Commit(a) + ":-:0=ca,1=:0"
		want = White
		if word13(a, m)&1 == 1 {
			want = Black
		}
		if got := ColourA(a, "ca", "", ""); got != want {
			t.Fatalf("bot %d: %s, want %s", i, got, want)
		}
	}
}

func TestColourMismatch(t *testing.T) {
	rec := map[string]any{"seedA": "a", "clientA": "x", "seedB": "b", "clientB": "y"}
	c := ColourA("a", "x", "b", "y")
	other := map[string]string{White: Black, Black: White}[c]
	rec["colourA"] = other
	res := Check(rec)
	if res.Status != report.Mismatch || len(res.Mismatches) != 1 || res.Mismatches[0].Computed != c {
		t.Fatalf("%v %+v", res.Status, res.Mismatches)
	}
	rec["colourA"] = c
	if res := Check(rec); res.Status != report.Match {
		t.Fatalf("%v", res.Status)
	}
	delete(rec, "colourA")
	if res := Check(rec); res.Status != report.Computed {
		t.Fatalf("%v", res.Status)
	}
}

func TestLimits(t *testing.T) {
	long := string(make([]byte, MaxText))
	rec := map[string]any{"seedA": long, "clientA": long, "seedB": long, "clientB": long}
	if res := Check(rec); res.Status != report.Computed {
		t.Fatalf("%v %v", res.Status, res.Errors)
	}
}

func FuzzCheck(f *testing.F) { vectortest.FuzzRecords(f, Scheme, 8000, Check) }

func BenchmarkColour(b *testing.B) {
	for b.Loop() {
		ColourA("seed A", "client A", "seed B", "client B")
	}
}
