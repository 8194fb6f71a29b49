package dicev2

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"pfcheck/internal/link"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// Problem codes of the `#v=2` link, besides those of package link.
const (
	CodeNotANumber = "not-a-number"     // t, m or d is not a canonical decimal
	CodeBadEscape  = link.CodeBadEscape // a or b has a "%" without two hex digits after it
)

// linkFields maps the keys of a v=2 link to the record fields they fill
// (testdata/dice_v2.md, "The link").
var linkFields = map[string]string{
	"s": "serverSeed",
	"c": "seal",
	"t": "sealedAt",
	"m": "match",
	"a": "players",
	"b": "players",
	"d": "drandRound",
	"x": "drandSignature",
	"r": "games",
}

// maxNumberDigits keeps a link's numbers below 2^50, the record's bound.
const maxNumberDigits = 15

// RecordFromLink builds the dice_v2 record a v=2 link stands for from its
// key=value pairs (link.Split; the version is already checked). Only the
// link's own syntax is checked here: numbers, escapes and duplicates. Check
// validates the values, so a link and a typed record report the same
// problems. A value the link's syntax refuses is left out of the record.
//
// Player ids are percent-decoded (%XX, either case; any other character
// stands for itself, "+" included); no other value is, since no valid one
// needs an escape.
func RecordFromLink(pairs [][2]string) (map[string]any, []report.Problem) {
	values, problems := link.Fields(pairs, linkFields)
	rec := map[string]any{"scheme": Scheme}
	for _, k := range []string{"s", "c", "x"} {
		if v, ok := values[k]; ok {
			rec[linkFields[k]] = v
		}
	}
	for _, k := range []string{"t", "m", "a", "d"} {
		if k == "a" {
			players, p := linkPlayers(values)
			if p != nil {
				problems = append(problems, *p)
			} else if players != nil {
				rec["players"] = players
			}
			continue
		}
		v, ok := values[k]
		if !ok {
			continue
		}
		n, ok := link.Number(v)
		if !ok {
			problems = append(problems, report.Problem{Field: linkFields[k], Code: CodeNotANumber})
			continue
		}
		rec[linkFields[k]] = n
	}
	if r, ok := values["r"]; ok {
		games := []any{}
		for g := range strings.SplitSeq(r, ".") {
			rolls := []any{}
			for i := 0; i < len(g); i += 2 {
				rolls = append(rolls, report.StringValue(g[i:min(i+2, len(g))]))
			}
			games = append(games, map[string]any{"rolls": rolls})
		}
		rec["games"] = games
	}
	// With its problems, the record of what the link could say, so that a
	// page shows those values beside the problems, as the shoe page does.
	return rec, problems
}

// linkPlayers returns [a, b] when either key is given (an absent one is "",
// which Check refuses), nil when neither is.
func linkPlayers(values map[string]string) ([]any, *report.Problem) {
	a, hasA := values["a"]
	b, hasB := values["b"]
	if !hasA && !hasB {
		return nil, nil
	}
	players := make([]any, 2)
	for i, v := range [2]string{a, b} {
		id, code := link.Unescape(v)
		if code != "" {
			return nil, &report.Problem{Field: "players", Code: code, At: i + 1}
		}
		players[i] = id
	}
	return players, nil
}

// FormatLink returns the v=2 fragment (without `#`) for a record as
// RecordFromLink builds it, keys in the order v s c t m a b d x r, player ids
// percent-encoded (every byte outside A-Z a-z 0-9 - . _ ~, upper-case hex);
// parsing the result gives the same record back. It returns "" for a record
// a link cannot carry: a value of the wrong type, a number outside
// 0..10^15−1, a text value with "&" (in rolls also "."), a roll that is not
// two characters (but the last of a game), or games that would read back
// differently.
func FormatLink(rec map[string]any) string {
	fragment, ok := formatLink(rec)
	if !ok {
		return ""
	}
	return fragment
}

func formatLink(rec map[string]any) (fragment string, ok bool) {
	var b strings.Builder
	b.WriteString("v=2")
	for _, f := range []struct{ key, field string }{
		{"s", "serverSeed"}, {"c", "seal"}, {"t", "sealedAt"}, {"m", "match"},
		{"a", "players"}, {"d", "drandRound"}, {"x", "drandSignature"}, {"r", "games"},
	} {
		v, present := rec[f.field]
		if !present {
			continue
		}
		var text string
		switch f.key {
		case "s", "c", "x":
			s, isString := v.(string)
			if !isString || strings.IndexByte(s, '&') >= 0 {
				return "", false
			}
			text = s
		case "t", "m", "d":
			n, isWhole := record.Whole(v)
			if !isWhole || n < 0 || len(strconv.Itoa(n)) > maxNumberDigits {
				return "", false
			}
			text = strconv.Itoa(n)
		case "a":
			players, isList := v.([]any)
			if !isList || len(players) != 2 {
				return "", false
			}
			a, okA := players[0].(string)
			c, okB := players[1].(string)
			if !okA || !okB || !utf8.ValidString(a) || !utf8.ValidString(c) {
				return "", false
			}
			b.WriteString("&a=" + link.Escape(a) + "&b=" + link.Escape(c))
			continue
		case "r":
			r, ok := formatRolls(v)
			if !ok {
				return "", false
			}
			if r == "" {
				continue
			}
			text = r
		}
		b.WriteString("&" + f.key + "=" + text)
	}
	return b.String(), true
}

func formatRolls(v any) (string, bool) {
	games, isList := v.([]any)
	if !isList {
		return "", false
	}
	var b strings.Builder
	for g, item := range games {
		obj, isObject := item.(map[string]any)
		if !isObject {
			return "", false
		}
		rolls, isList := obj["rolls"].([]any)
		if !isList || len(obj) != 1 {
			return "", false
		}
		if g > 0 {
			b.WriteByte('.')
		}
		for i, roll := range rolls {
			s, isString := roll.(string)
			last := i == len(rolls)-1
			if !isString || len(s) == 0 || len(s) > 2 || (len(s) == 1 && !last) ||
				strings.ContainsAny(s, "&.") {
				return "", false
			}
			b.WriteString(s)
		}
	}
	// [] and [{rolls: []}] both give "", which reads back as no games at all.
	if b.Len() == 0 && len(games) > 0 {
		return "", false
	}
	return b.String(), true
}
