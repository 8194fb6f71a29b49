package link

import (
	"strconv"
	"testing"
	"unicode/utf8"
)

func TestUnescape(t *testing.T) {
	for in, want := range map[string][2]string{
		"abc": {"abc", ""}, "a+b": {"a+b", ""}, "%3a%3A": {"::", ""}, "caf%C3%A9": {"café", ""},
		"%": {"", CodeBadEscape}, "%4": {"", CodeBadEscape}, "%ZZ": {"", CodeBadEscape}, "a%4g": {"", CodeBadEscape},
		"%FF": {"", CodeNotUTF8}, "%C3": {"", CodeNotUTF8}, "%ED%A0%80": {"", CodeNotUTF8}, "\xff": {"", CodeNotUTF8},
	} {
		got, code := Unescape(in)
		if got != want[0] || code != want[1] {
			t.Errorf("Unescape(%q) = %q, %q; want %q, %q", in, got, code, want[0], want[1])
		}
	}
}

func TestNumber(t *testing.T) {
	for in, want := range map[string]int{"0": 0, "7": 7, "999999999999999": 999999999999999} {
		if n, ok := Number(in); !ok || n != want {
			t.Errorf("Number(%q) = %d, %v", in, n, ok)
		}
	}
	for _, in := range []string{"", "00", "07", "+1", "-1", "1e3", "1000000000000000", " 1"} {
		if _, ok := Number(in); ok {
			t.Errorf("Number(%q) reads", in)
		}
	}
}

// FuzzEscape: every UTF-8 text escapes to a value of safe bytes only that
// unescapes to itself; Number reads what strconv writes, canonically.
func FuzzEscape(f *testing.F) {
	f.Add("café: a&b=c%41+", 0)
	f.Fuzz(func(t *testing.T, s string, n int) {
		Unescape(s) // never panics
		if utf8.ValidString(s) {
			e := Escape(s)
			for i := 0; i < len(e); i++ {
				if c := e[i]; c == '&' || c == '#' || c == '=' || c == ',' || c == ':' || c == '+' || c > 126 || c <= ' ' {
					t.Fatalf("Escape(%q) = %q holds %q", s, e, c)
				}
			}
			if got, code := Unescape(e); got != s || code != "" {
				t.Fatalf("Unescape(Escape(%q)) = %q, %q", s, got, code)
			}
		}
		if got, ok := Number(strconv.Itoa(n)); ok != (n >= 0 && n < 1e15) || (ok && got != n) {
			t.Fatalf("Number(%d) = %d, %v", n, got, ok)
		}
	})
}

func TestFormatNumber(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0", 1: "1", -3: "-3", 0.75: "0.75", 1e-7: "1e-7", 1.5e-7: "1.5e-7", 0.000001: "0.000001",
		1e21: "1e+21", 1e20: "100000000000000000000", 123.456: "123.456", 1.2345678901234567e-6: "1.2345678901234567e-6",
		0.0000012: "0.0000012",
	} {
		if got := FormatNumber(f); got != want {
			t.Errorf("FormatNumber(%v) = %s, want %s", f, got, want)
		}
	}
}
