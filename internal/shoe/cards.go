package shoe

import (
	"strings"
	"unicode/utf8"

	"pfcheck/internal/report"
)

// Problem codes for card lists, typed or in a record.
const (
	CodeUnknownCard = "unknown-card"
	CodeTooMany     = "too-many"
)

// MaxCardsText bounds the text ParseCards reads: the 416 cards of an 8-deck
// shoe take under 4 KB even with a symbol and a space each.
const MaxCardsText = 1 << 16

// ParseCard reads one card name as players copy it: rank A 2 … 9 T J Q K or
// 10, then suit S H D C, either case, or a suit symbol ♠ ♥ ♦ ♣ (or the white
// ♤ ♡ ♢ ♧), optionally followed by the emoji or text variation selector
// (U+FE0F, U+FE0E). Nothing else: no spaces, no suit first.
func ParseCard(s string) (Card, bool) {
	var rank int
	switch {
	case strings.HasPrefix(s, "10"):
		rank, s = 9, s[2:]
	case s != "":
		rank = strings.IndexByte("A23456789TJQK", upper(s[0]))
		if rank < 0 {
			return 0, false
		}
		s = s[1:]
	default:
		return 0, false
	}
	suit := -1
	if len(s) == 1 {
		suit = strings.IndexByte("SHDC", upper(s[0]))
	} else if r, size := utf8.DecodeRuneInString(s); 0x2660 <= r && r <= 0x2667 {
		// U+2660..2667 are ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧: black and white of S H D C in turn.
		switch s[size:] {
		case "", "\ufe0f", "\ufe0e":
			suit = int(r-0x2660) % 4
		}
	}
	if suit < 0 {
		return 0, false
	}
	return Card(suit*13 + rank), true
}

// upper returns an ASCII letter in upper case and any other byte unchanged.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// isSeparator reports whether r separates the cards of a pasted list: spaces,
// tabs, line breaks, the no-break space and commas, in runs of any length.
func isSeparator(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', ',', '\u00a0':
		return true
	}
	return false
}

// ParseCards reads a pasted list of cards ("AS TD 9H", "as, 10d, 9♥") into
// canonical names ("AS", "TD", "9H"), in order. Text with no cards gives an
// empty list. On failure it returns the first problem: field "cards", code
// unknown-card with the 1-based position of the bad card, or too-many for
// more than MaxCards cards or a text of more than MaxCardsText bytes.
func ParseCards(text string) ([]string, *report.Problem) {
	if len(text) > MaxCardsText {
		return nil, &report.Problem{Field: "cards", Code: CodeTooMany}
	}
	cards := []string{}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if isSeparator(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(text) {
			r, size = utf8.DecodeRuneInString(text[j:])
			if isSeparator(r) {
				break
			}
			j += size
		}
		if len(cards) == MaxCards {
			return nil, &report.Problem{Field: "cards", Code: CodeTooMany}
		}
		c, ok := ParseCard(text[i:j])
		if !ok {
			return nil, &report.Problem{Field: "cards", Code: CodeUnknownCard, At: len(cards) + 1}
		}
		cards = append(cards, c.String())
		i = j
	}
	return cards, nil
}

// FormatCards writes cards as ParseCards reads them back: names separated by
// single spaces.
func FormatCards(cards []string) string { return strings.Join(cards, " ") }
