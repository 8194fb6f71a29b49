package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// The pages are written in ASCII only, every other character as an escape
// of its context; their blobs (web.BlobElements), ASCII already, the build
// puts in afterwards. Chromium decodes a page's
// UTF-8 at about a fifth of the speed once it meets a character beyond
// Latin-1, and keeps the rest of the page, the verifier included, as 16-bit
// text: the check page reached its script 84 ms later with its 44 such
// characters than without them (BenchmarkColdVerdict, web/BENCHMARKS.md).

// rawText is a script or style element: its text is JavaScript, JSON or CSS,
// where an HTML character reference would not be read.
var rawText = regexp.MustCompile(`(?is)(<(script|style)\b[^>]*>)(.*?)(</(?:script|style)\s*>)`)

// asciiPage rewrites html in ASCII: a character in a script element as a
// JavaScript (and JSON) \u escape, in a style element as a CSS escape, and
// elsewhere as a character reference.
func asciiPage(html string) (string, error) {
	var out strings.Builder
	at := 0
	for _, m := range rawText.FindAllStringSubmatchIndex(html, -1) {
		out.WriteString(escapeRunes(html[at:m[2]], htmlEscape))
		out.WriteString(html[m[2]:m[3]])
		escape := jsEscape
		if strings.EqualFold(html[m[4]:m[5]], "style") {
			escape = cssEscape
		}
		if i := backslashed(html[m[6]:m[7]]); i >= 0 {
			return "", fmt.Errorf("a backslash before a character outside ASCII: %.40q", html[m[6]+i-1:])
		}
		out.WriteString(escapeRunes(html[m[6]:m[7]], escape))
		out.WriteString(html[m[8]:m[9]])
		at = m[9]
	}
	out.WriteString(escapeRunes(html[at:], htmlEscape))
	return out.String(), nil
}

// backslashed returns where a character outside ASCII follows a backslash,
// or -1: its escape would turn into an escaped backslash.
func backslashed(s string) int {
	for i, r := range s {
		if r >= 0x80 && i > 0 && s[i-1] == '\\' {
			return i
		}
	}
	return -1
}

func escapeRunes(s string, escape func(r rune) string) string {
	var out strings.Builder
	for _, r := range s {
		if r < 0x80 {
			out.WriteRune(r)
		} else {
			out.WriteString(escape(r))
		}
	}
	return out.String()
}

func htmlEscape(r rune) string { return "&#x" + strconv.FormatInt(int64(r), 16) + ";" }

// cssEscape's space ends the escape: CSS reads one whitespace after the hex
// digits as part of it, whatever follows.
func cssEscape(r rune) string { return `\` + strconv.FormatInt(int64(r), 16) + " " }

// jsEscape writes a character beyond U+FFFF as its surrogate pair, which
// both JavaScript strings and JSON read.
func jsEscape(r rune) string {
	if r > 0xffff {
		hi, lo := utf16.EncodeRune(r)
		return jsEscape(hi) + jsEscape(lo)
	}
	return fmt.Sprintf(`\u%04x`, r)
}
