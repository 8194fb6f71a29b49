package report

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Escaped is s as a terminal may show it: every character that is not
// printable (unicode.IsPrint: controls such as ESC, bidi and other format
// characters) is written as \u{…}, and a backslash as \\, so that what an
// operator's file or a relay says is read, never obeyed. The build, the
// conformance run and the error messages about a file print it.
func Escaped(s string) string {
	plain := true
	for _, r := range s {
		if r == '\\' || r != ' ' && !unicode.IsPrint(r) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	var b []byte
	for _, r := range s {
		switch {
		case r == '\\':
			b = append(b, '\\', '\\')
		case r != ' ' && !unicode.IsPrint(r):
			b = append(b, "\\u{"...)
			b = strconv.AppendInt(b, int64(r), 16)
			b = append(b, '}')
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(b)
}

// clip is s, or its first 40 characters and "…": a refused key or number
// is named, not printed whole.
func clip(s string) string {
	n := 0
	for i := range s {
		if n == 40 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
