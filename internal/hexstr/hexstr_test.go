package hexstr

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
)

// FuzzDecode holds Decode to encoding/hex: the same bytes for valid hex,
// a refusal (with the right code) for anything else; Encode inverts it.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "00ff", "ABcd", "abc", "0g", "<b>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, code := Decode(s)
		want, err := hex.DecodeString(s)
		if (code == "") != (err == nil) || err == nil && !bytes.Equal(got, want) {
			t.Fatalf("%q: Decode %x %q, encoding/hex %x %v", s, got, code, want, err)
		}
		if code == "" && Encode(got) != strings.ToLower(s) {
			t.Fatalf("%q: Encode gives %q", s, Encode(got))
		}
		if IsHex(s) && Lower(s) != strings.ToLower(s) {
			t.Fatalf("%q: Lower gives %q", s, Lower(s))
		}
	})
}

func TestDecodeCodes(t *testing.T) {
	for s, want := range map[string]string{"abc": CodeOddLength, "zz": CodeNotHex, "a z": CodeNotHex} {
		if _, code := Decode(s); code != want {
			t.Errorf("%q: %q, want %q", s, code, want)
		}
	}
}

func TestDigit(t *testing.T) {
	for c := range 256 {
		want := byte(0xff)
		if v, err := strconv.ParseUint(string(rune(c)), 16, 8); err == nil {
			want = byte(v)
		}
		if got := Digit(byte(c)); got != want {
			t.Errorf("Digit(%#x) = %#x, want %#x", c, got, want)
		}
	}
}
