// Package hexstr encodes and decodes hexadecimal text.
//
// It exists because encoding/hex links fmt and reflect, which would add about
// 90 KB (gzip) to the WebAssembly every player downloads.
package hexstr

// Problem codes for malformed hex, shared by every scheme.
const (
	CodeNotHex    = "not-hex"    // a character other than 0-9, a-f, A-F
	CodeOddLength = "odd-length" // an odd number of hex digits
)

const digits = "0123456789abcdef"

// Encode returns the lowercase hex of b.
func Encode(b []byte) string {
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i] = digits[c>>4]
		out[2*i+1] = digits[c&15]
	}
	return string(out)
}

// Decode decodes hex digits of either case. On failure it returns the
// problem code (CodeNotHex or CodeOddLength) and no bytes.
func Decode(s string) (b []byte, code string) {
	if !IsHex(s) {
		return nil, CodeNotHex
	}
	if len(s)%2 != 0 {
		return nil, CodeOddLength
	}
	b = make([]byte, len(s)/2)
	for i := range b {
		b[i] = Digit(s[2*i])<<4 | Digit(s[2*i+1])
	}
	return b, ""
}

// IsHex reports whether s consists of hex digits only (either case).
func IsHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if Digit(s[i]) == 0xff {
			return false
		}
	}
	return true
}

// Digit returns the value of the hex digit c (either case), or 0xff when c
// is no hex digit.
func Digit(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0xff
}

// Lower returns hex text in lower case. Unlike strings.ToLower it links no
// Unicode tables (about 5 KB gzip in the wasm); it changes only A-F.
func Lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'F' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
