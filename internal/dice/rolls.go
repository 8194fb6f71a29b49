package dice

import (
	"strings"
	"unicode/utf8"

	"pfcheck/internal/report"
)

// Problem codes of typed or pasted rolls (field "rolls").
const (
	CodeBadLine    = "bad-line"
	CodeOutOfOrder = "out-of-order"
)

// MaxRollsText bounds the text parsed: 10000 numbered rolls fit easily.
const MaxRollsText = 1 << 20

// ParseRolls reads recorded rolls as a player types or pastes them (SPEC.md
// §1; the grammar is in testdata/README.md): one roll per line, with or
// without its number ("63", "6-3", "1. 6-3", "Wurf 1: 6-3", …), or runs of
// digit pairs (a whole `r` string). Where numbers are given they must run
// 1, 2, 3, … over the whole text; the first line that breaks that is named.
func ParseRolls(text string) ([]Roll, *report.Problem) {
	if len(text) > MaxRollsText {
		return nil, &report.Problem{Field: "rolls", Code: CodeTooMany}
	}
	var rolls []Roll
	for i, line := range strings.Split(text, "\n") {
		line = strings.Trim(line, " \t\r")
		if line == "" {
			continue
		}
		bad := &report.Problem{Field: "rolls", Code: CodeBadLine, At: i + 1}
		if run, ok := parseRun(line); ok {
			rolls = append(rolls, run...)
		} else if roll, number, ok := parseNumberedRoll(line); !ok {
			return nil, bad
		} else if number != 0 && number != len(rolls)+1 {
			return nil, &report.Problem{Field: "rolls", Code: CodeOutOfOrder, At: i + 1}
		} else {
			rolls = append(rolls, roll)
		}
		if len(rolls) > MaxRolls {
			return nil, &report.Problem{Field: "rolls", Code: CodeTooMany}
		}
	}
	return rolls, nil
}

// parseRun reads a line of digit pairs: "634455" or "63 44, 52".
func parseRun(line string) ([]Roll, bool) {
	if isDigits(line) {
		if len(line)%2 != 0 {
			return nil, false
		}
		return pairs(line)
	}
	var rolls []Roll
	for _, token := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
		if len(token) != 2 || !isDigits(token) {
			return nil, false
		}
		roll, ok := ParseRoll(token)
		if !ok {
			return nil, false
		}
		rolls = append(rolls, roll)
	}
	return rolls, true
}

func pairs(digits string) ([]Roll, bool) {
	rolls := make([]Roll, 0, len(digits)/2)
	for i := 0; i < len(digits); i += 2 {
		roll, ok := ParseRoll(digits[i : i+2])
		if !ok {
			return nil, false
		}
		rolls = append(rolls, roll)
	}
	return rolls, true
}

// parseNumberedRoll reads a roll from the end of the line: die 2, optional
// spaces, at most one separator (- – :), optional spaces, die 1. What stands
// before is the prefix: empty, or [label spaces] [#] number [. ) :] that ends
// in that punctuation or is set off by a space. number is 0 when there is none.
func parseNumberedRoll(line string) (roll Roll, number int, ok bool) {
	rest := line
	die2, rest := lastByte(rest)
	rest = strings.TrimRight(rest, " \t")
	for _, sep := range []string{"-", "–", ":"} {
		if trimmed, found := strings.CutSuffix(rest, sep); found {
			rest = strings.TrimRight(trimmed, " \t")
			break
		}
	}
	die1, rest := lastByte(rest)
	if !isDie(die1) || !isDie(die2) {
		return Roll{}, 0, false
	}
	roll = Roll{die1 - '0', die2 - '0'}
	if rest == "" {
		return roll, 0, true
	}
	spaced := strings.TrimRight(rest, " \t") != rest
	number, punctuated, ok := parsePrefix(strings.TrimRight(rest, " \t"))
	if !ok || !(spaced || punctuated) {
		return Roll{}, 0, false
	}
	return roll, number, true
}

// parsePrefix reads [label spaces] [#] digits [. ) :].
func parsePrefix(p string) (number int, punctuated bool, ok bool) {
	if last := p[len(p)-1]; last == '.' || last == ')' || last == ':' {
		p, punctuated = p[:len(p)-1], true
	}
	label := strings.TrimRightFunc(p, func(r rune) bool { return r < utf8.RuneSelf && (r == '#' || '0' <= r && r <= '9') })
	digits := strings.TrimPrefix(p[len(label):], "#")
	if !isDigits(digits) || len(digits) > 6 {
		return 0, false, false
	}
	if label != "" {
		word := strings.TrimRight(label, " \t")
		if word == label || word == "" || strings.IndexFunc(word, notLetter) >= 0 {
			return 0, false, false
		}
	}
	for i := 0; i < len(digits); i++ {
		number = number*10 + int(digits[i]-'0')
	}
	return number, punctuated, number > 0
}

// notLetter refuses ASCII other than letters and takes any other script's
// characters as letters: exact Unicode letter tables would cost the wasm
// about 6 KB gzip, and a label is only ever skipped, never interpreted.
func notLetter(r rune) bool {
	return r < utf8.RuneSelf && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
}

func lastByte(s string) (byte, string) {
	if s == "" {
		return 0, ""
	}
	return s[len(s)-1], s[:len(s)-1]
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
