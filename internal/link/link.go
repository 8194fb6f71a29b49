// Package link splits the fragment of a check-page link (`#v=1&s=…&p=…`) into
// its keys, strictly: size-limited, every part `key=value`, a known key given
// twice refused, unknown keys ignored (SPEC.md §1, "The link").
//
// Values are taken as they stand; a format percent-decodes (Unescape) only
// the values that may need an escape, so an escaped hex seed is refused by
// its field's own check.
package link

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// MaxLength bounds a fragment (without `#`): 10000 rolls take 20000 characters.
const MaxLength = 65536

// Field is the pseudo-field for problems with the link as a whole.
const Field = "link"

// Problem codes for the link as a whole; a duplicated key is reported on the
// record field it stands for.
const (
	CodeTooLong        = "too-long"
	CodeMalformed      = "malformed"
	CodeMissingVersion = "missing-version"
	CodeNewerVersion   = "newer-version"
	CodeDuplicate      = "duplicate"
	// Unescape's codes: a "%" without two hex digits after it, and decoded
	// bytes that are no UTF-8.
	CodeBadEscape = "bad-escape"
	CodeNotUTF8   = "not-utf8"
)

// Split returns the fragment's key=value pairs in order, or the one problem
// that makes it unreadable; a fragment over MaxLength bytes is too long.
func Split(fragment string) ([][2]string, *report.Problem) {
	return SplitMax(fragment, MaxLength)
}

// SplitMax is Split for a format with its own bound on the fragment's length
// (in bytes, without `#`).
func SplitMax(fragment string, maxLength int) ([][2]string, *report.Problem) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > maxLength {
		return nil, &report.Problem{Field: Field, Code: CodeTooLong}
	}
	var pairs [][2]string
	for part := range strings.SplitSeq(fragment, "&") {
		if part == "" {
			continue
		}
		key, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, &report.Problem{Field: Field, Code: CodeMalformed}
		}
		pairs = append(pairs, [2]string{key, value})
	}
	return pairs, nil
}

// Version returns the value of the link's single `v` key.
func Version(pairs [][2]string) (string, *report.Problem) {
	values, problems := Fields(pairs, map[string]string{"v": Field})
	if len(problems) > 0 {
		return "", &problems[0]
	}
	v, ok := values["v"]
	if !ok {
		return "", &report.Problem{Field: Field, Code: CodeMissingVersion}
	}
	return v, nil
}

// Fields picks the known keys (key → record field) out of pairs. A known key
// given twice is a problem on its field, reported once; unknown keys are
// ignored so that newer apps can add keys older pages skip. An empty value
// is an absent key in every link format, as an empty form field is no
// value: it is left out of values (given twice, it is still a duplicate).
func Fields(pairs [][2]string, known map[string]string) (map[string]string, []report.Problem) {
	values := make(map[string]string, len(known))
	var problems []report.Problem
	reported := map[string]bool{}
	for _, kv := range pairs {
		field, ok := known[kv[0]]
		if !ok {
			continue
		}
		if _, seen := values[kv[0]]; seen {
			if !reported[kv[0]] {
				problems = append(problems, report.Problem{Field: field, Code: CodeDuplicate})
				reported[kv[0]] = true
			}
			continue
		}
		values[kv[0]] = kv[1]
	}
	for key, value := range values {
		if value == "" {
			delete(values, key)
		}
	}
	return values, problems
}

// Unescape percent-decodes a link value: %XX (either case) is a byte, any
// other character stands for itself ("+" included), and the bytes must be
// UTF-8; code is CodeBadEscape or CodeNotUTF8 when it cannot be decoded, else
// "". It decodes as JavaScript's decodeURIComponent does, so links that pages
// wrote before keep reading.
func Unescape(s string) (decoded, code string) {
	if strings.IndexByte(s, '%') < 0 {
		if !utf8.ValidString(s) {
			return "", CodeNotUTF8
		}
		return s, ""
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", CodeBadEscape
		}
		hi, lo := hexstr.Digit(s[i+1]), hexstr.Digit(s[i+2])
		if hi > 15 || lo > 15 {
			return "", CodeBadEscape
		}
		b = append(b, hi<<4|lo)
		i += 2
	}
	if !utf8.Valid(b) {
		return "", CodeNotUTF8
	}
	return string(b), ""
}

const upperHex = "0123456789ABCDEF"

// Escape percent-encodes s for a link value: every byte outside A-Z a-z 0-9
// - . _ ~ as %XX with upper-case hex. Unescape(Escape(s)) is s for UTF-8 s.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&15])
	}
	return b.String()
}

// Number reads a canonical whole number of a link: digits only, no sign, no
// leading zero (except "0" itself), at most 15 digits, so below 2^50.
func Number(s string) (int, bool) {
	if s == "" || len(s) > 15 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// FormatNumber writes f as JavaScript's Number.prototype.toString does: the
// shortest digits that read back, positional from 1e-6 to below 1e21,
// else with an exponent ("1e-7", "1.5e+21"). One exception keeps what it
// writes readable by the shoe link's decimal form: a fraction of more than 20 digits
// (0.0000012345678901234567) takes the exponent (1.2345678901234567e-6).
func FormatNumber(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case f > 1.7976931348623157e308:
		return "Infinity"
	case f < -1.7976931348623157e308:
		return "-Infinity"
	case f == 0:
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	n, k := x+1, len(digits) // the point stands after n digits
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0 && k-n <= 20:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	out := digits[:1]
	if k > 1 {
		out += "." + digits[1:]
	}
	if n-1 >= 0 {
		return sign + out + "e+" + strconv.Itoa(n-1)
	}
	return sign + out + "e" + strconv.Itoa(n-1)
}

// Text is a link value as JavaScript's String() writes it, for the values a
// record or a page's form holds: text, numbers (FormatNumber), booleans;
// absent (nil) is "". ok is false for a list or an object.
func Text(v any) (text string, ok bool) {
	switch v := v.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case int:
		return strconv.Itoa(v), true
	case float64:
		return FormatNumber(v), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// WithoutEmpty returns rec without its empty values (null, "", an empty list
// or object): the record a link carries for rec, since an empty value is an
// absent key. Every scheme's check takes such a value as absent too.
func WithoutEmpty(rec map[string]any) map[string]any {
	out := make(map[string]any, len(rec))
	for k, v := range rec {
		switch v := v.(type) {
		case nil:
			continue
		case string:
			if v == "" {
				continue
			}
		case []any:
			if len(v) == 0 {
				continue
			}
		case map[string]any:
			if len(v) == 0 {
				continue
			}
		}
		out[k] = v
	}
	return out
}
