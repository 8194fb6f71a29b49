package chess

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"pfcheck/internal/report"
)

type vectorFile struct {
	Scheme string `json:"scheme"`
	Cases  []struct {
		Name   string         `json:"name"`
		Record map[string]any `json:"record"`
		Expect map[string]any `json:"expect"`
	} `json:"cases"`
}

func loadVectors(t testing.TB) vectorFile {
	t.Helper()
	data, err := os.ReadFile("../../testdata/vectors/chess_colour_v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Scheme != Scheme || len(f.Cases) == 0 {
		t.Fatalf("vector file: scheme %q, %d cases", f.Scheme, len(f.Cases))
	}
	return f
}

func TestVectors(t *testing.T) {
	for _, c := range loadVectors(t).Cases {
		t.Run(c.Name, func(t *testing.T) {
			got := Check(c.Record).Map()
			if !report.Contains(got, c.Expect) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(c.Expect)
				t.Errorf("got  %s\nwant %s", g, w)
			}
		})
	}
}

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

func FuzzCheck(f *testing.F) {
	for _, c := range loadVectors(f).Cases {
		data, _ := json.Marshal(c.Record)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var rec map[string]any
		if json.Unmarshal(data, &rec) != nil || rec == nil {
			return
		}
		res := Check(rec)
		if (res.Status == report.Invalid) != (len(res.Errors) > 0) {
			t.Fatalf("status %v with %d errors", res.Status, len(res.Errors))
		}
		res.Map()
	})
}

func BenchmarkColour(b *testing.B) {
	for b.Loop() {
		ColourA("seed A", "client A", "seed B", "client B")
	}
}
