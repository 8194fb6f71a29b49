// Package gameslink implements the link of the table-games page (seed 004)
// as specified in testdata/tablegames.md, "Link": one v=1 fragment for the
// records of match_seed_v2 (and match_seed_v1, shown and then refused),
// poker_hmac_v1 and chess_colour_v1, whose `scheme` key decides which keys
// are read. Its keys are the records' field names.
//
// Values are split into the record's shape here and not validated: the
// scheme's check does that, so a link and the page's form report the same
// problems. Only text values are percent-decoded (link.Unescape).
package gameslink

import (
	"strings"

	"pfcheck/internal/chess"
	"pfcheck/internal/link"
	"pfcheck/internal/poker"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
	"pfcheck/internal/tablegames"
)

// Problem codes of the games link, besides those of package link.
const (
	CodeBadItem       = "bad-item"       // a poker seat without ":"
	CodeDuplicateSeat = "duplicate-seat" // a poker seat given twice
)

// How a key's value is read and written (testdata/tablegames.md, the table
// of value kinds).
type kind int

const (
	text    kind = iota // percent-encoded UTF-8
	whole               // a decimal number, else the text as it stands
	texts               // texts percent-encoded, joined by ","
	wholes              // whole items joined by ","
	digits              // one character each: a number if a digit
	pairs               // two-character names run together
	deals               // pairs, deals joined by ","
	hands               // 20 first-deal then 12 second-deal names, hands joined by ","
	seatMap             // seat:seed items, both percent-encoded, joined by ","
	proofs              // position:card:salt:path… items joined by ","
)

type field struct {
	key  string
	kind kind
}

var matchFields = []field{
	{"game", text}, {"matchId", text}, {"serverSeed", text}, {"commitment", text}, {"clientSeeds", texts},
	{"seats", wholes}, {"dice", digits}, {"deals", deals}, {"hands", hands}, {"draws", pairs},
}

// schemeFields are the keys of each scheme, in the order FormatLink writes them.
var schemeFields = map[string][]field{
	tablegames.Scheme:   matchFields,
	tablegames.SchemeV1: matchFields, // shown, then answered "cannot be checked here"
	poker.Scheme: {
		{"table", text}, {"session", text}, {"hand", whole}, {"root", text}, {"serverSeed", text},
		{"handCommitment", text}, {"seats", seatMap}, {"deck", pairs}, {"proofs", proofs},
	},
	chess.Scheme: {
		{"seedA", text}, {"commitA", text}, {"clientA", text}, {"seedB", text}, {"commitB", text},
		{"clientB", text}, {"colourA", text},
	},
}

// Schemes are the schemes whose records the games link carries.
var Schemes = []string{tablegames.Scheme, tablegames.SchemeV1, poker.Scheme, chess.Scheme}

// knownKeys are every scheme's keys and `scheme`: any of them given twice
// makes a link invalid, whatever its scheme. Each names its own field.
var knownKeys = func() map[string]string {
	m := map[string]string{"scheme": "scheme"}
	for _, fields := range schemeFields {
		for _, f := range fields {
			m[f.key] = f.key
		}
	}
	return m
}()

// RecordFromLink builds the record a games link stands for from its
// key=value pairs (link.Split; the version is already checked). A known key
// given twice is `duplicate` on its field; `scheme` is required; a scheme
// this format does not know gives a record of the scheme alone, which the
// check answers unsupported.
//
// With problems, rec is {scheme: <the scheme key as it stands>} when the link
// has one, so that the page can show the scheme's form, else nil.
func RecordFromLink(pairs [][2]string) (rec map[string]any, problems []report.Problem) {
	values, problems := link.Fields(pairs, knownKeys)
	rawScheme, hasScheme := values["scheme"]
	named := func() map[string]any {
		if !hasScheme {
			return nil
		}
		return map[string]any{"scheme": rawScheme}
	}
	if len(problems) > 0 {
		return named(), problems
	}
	scheme, code := link.Unescape(rawScheme)
	if code != "" {
		return nil, []report.Problem{{Field: "scheme", Code: link.CodeBadEscape}}
	}
	if scheme == "" {
		return nil, []report.Problem{{Field: "scheme", Code: record.CodeMissing}}
	}
	rec = map[string]any{"scheme": scheme}
	for _, f := range schemeFields[scheme] {
		raw, ok := values[f.key]
		if !ok {
			continue
		}
		v, p := readValue(f, raw)
		if p != nil {
			problems = append(problems, *p)
			continue
		}
		rec[f.key] = v
	}
	if len(problems) > 0 {
		return named(), problems
	}
	return rec, nil
}

func readValue(f field, raw string) (any, *report.Problem) {
	bad := &report.Problem{Field: f.key, Code: link.CodeBadEscape}
	switch f.kind {
	case text:
		s, code := link.Unescape(raw)
		if code != "" {
			return nil, bad
		}
		return s, nil
	case whole:
		return wholeOrText(raw), nil
	case texts:
		out := []any{}
		for _, item := range strings.Split(raw, ",") {
			s, code := link.Unescape(item)
			if code != "" {
				return nil, bad
			}
			out = append(out, s)
		}
		return out, nil
	case wholes:
		out := []any{}
		for _, item := range strings.Split(raw, ",") {
			out = append(out, wholeOrText(item))
		}
		return out, nil
	case digits:
		out := []any{}
		for _, r := range raw {
			if '0' <= r && r <= '9' {
				out = append(out, int(r-'0'))
			} else {
				out = append(out, string(r))
			}
		}
		return out, nil
	case pairs:
		return splitPairs(raw), nil
	case deals:
		out := []any{}
		for _, d := range strings.Split(raw, ",") {
			out = append(out, splitPairs(d))
		}
		return out, nil
	case hands:
		out := []any{}
		for _, h := range strings.Split(raw, ",") {
			cards := splitPairs(h)
			first := cards[:min(20, len(cards))]
			second := append([]any{}, cards[len(first):]...)
			out = append(out, map[string]any{"first": first, "second": second})
		}
		return out, nil
	case seatMap:
		return readSeats(f.key, raw)
	case proofs:
		out := []any{}
		for _, p := range strings.Split(raw, ",") {
			parts := strings.Split(p, ":")
			proof := map[string]any{"position": wholeOrText(parts[0])}
			if len(parts) > 1 {
				proof["card"] = parts[1]
			}
			if len(parts) > 2 {
				proof["salt"] = parts[2]
			}
			if len(parts) > 3 {
				path := []any{}
				for _, step := range parts[3:] {
					path = append(path, step)
				}
				proof["path"] = path
			}
			out = append(out, proof)
		}
		return out, nil
	}
	return raw, nil
}

func readSeats(key, raw string) (any, *report.Problem) {
	seats := map[string]any{}
	i := 0
	for _, item := range strings.Split(raw, ",") {
		i++
		seat, seed, ok := strings.Cut(item, ":")
		if !ok {
			return nil, &report.Problem{Field: key, Code: CodeBadItem, At: i}
		}
		seat, code := link.Unescape(seat)
		seed, code2 := link.Unescape(seed)
		if code != "" || code2 != "" {
			return nil, &report.Problem{Field: key, Code: link.CodeBadEscape}
		}
		if _, seen := seats[seat]; seen {
			return nil, &report.Problem{Field: key, Code: CodeDuplicateSeat, At: i, Token: seat}
		}
		seats[seat] = seed
	}
	return seats, nil
}

// wholeOrText reads -?[0-9]{1,15} as a number and leaves anything else as
// text, which the check refuses as the wrong type.
func wholeOrText(s string) any {
	t := strings.TrimPrefix(s, "-")
	if t == "" || len(t) > 15 || strings.Trim(t, "0123456789") != "" {
		return s
	}
	n := 0
	for i := 0; i < len(t); i++ {
		n = n*10 + int(t[i]-'0')
	}
	if t != s {
		n = -n
	}
	return n
}

// splitPairs cuts s every two characters as JavaScript counts them (UTF-16
// units); a character outside the BMP that would be cut in half stays whole.
func splitPairs(s string) []any {
	out := []any{}
	start, units := 0, 0
	for i, r := range s {
		if units >= 2 {
			out = append(out, s[start:i])
			start, units = i, 0
		}
		units++
		if r > 0xFFFF {
			units++
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// FormatLink returns the games page's v=1 fragment (without `#`) for a
// record: `v`, `scheme`, then the scheme's keys in a fixed order. Text values
// are percent-encoded (link.Escape); every other value is written as it
// stands, as RecordFromLink reads it, except an item that holds one of its
// separators (& , :), which is percent-encoded and so fails its check, as
// it would have anyway. Parsing the result gives the same record back; it
// returns "" for a value no link can carry (an object where text belongs).
func FormatLink(rec map[string]any) string {
	scheme, _ := rec["scheme"].(string)
	var b strings.Builder
	b.WriteString("v=1&scheme=" + link.Escape(scheme))
	for _, f := range schemeFields[scheme] {
		v, present := rec[f.key]
		if !present || v == nil {
			continue
		}
		s, ok := writeValue(f.kind, v)
		if !ok {
			return ""
		}
		b.WriteString("&" + f.key + "=" + s)
	}
	return b.String()
}

func writeValue(k kind, v any) (string, bool) {
	list, _ := v.([]any)
	var b []byte
	ok := true
	switch k {
	case text:
		b, ok = appendItem(b, v, true, "")
	case whole:
		b, ok = appendItem(b, v, false, "&")
	case texts, wholes:
		for i, item := range list {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = appendItem(b, item, k == texts, "&,"); !ok {
				break
			}
		}
	case digits, pairs:
		b, ok = appendItems(b, list, "&")
	case deals, hands:
		for i, item := range list {
			if i > 0 {
				b = append(b, ',')
			}
			cards, _ := item.([]any)
			if k == hands {
				hand, _ := item.(map[string]any)
				first, _ := hand["first"].([]any)
				second, _ := hand["second"].([]any)
				cards = append(append([]any{}, first...), second...)
			}
			if b, ok = appendItems(b, cards, "&,"); !ok {
				break
			}
		}
	case seatMap:
		seats, _ := v.(map[string]any)
		for i, seat := range report.SortedKeys(seats) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, link.Escape(seat)+":"...)
			if b, ok = appendItem(b, seats[seat], true, ""); !ok {
				break
			}
		}
	case proofs:
		for i, item := range list {
			if i > 0 {
				b = append(b, ',')
			}
			proof, _ := item.(map[string]any)
			parts := []any{proof["position"]}
			for _, key := range []string{"card", "salt"} {
				part, present := proof[key]
				if !present {
					break
				}
				parts = append(parts, part)
			}
			if path, _ := proof["path"].([]any); len(parts) == 3 && len(path) > 0 {
				parts = append(parts, path...)
			}
			for j, part := range parts {
				if j > 0 {
					b = append(b, ':')
				}
				if b, ok = appendItem(b, part, false, "&,:"); !ok {
					break
				}
			}
			if !ok {
				break
			}
		}
	}
	return string(b), ok
}

// appendItems appends items run together, each as appendItem writes it.
func appendItems(b []byte, items []any, seps string) ([]byte, bool) {
	ok := true
	for _, item := range items {
		if b, ok = appendItem(b, item, false, seps); !ok {
			break
		}
	}
	return b, ok
}

// appendItem appends one value: percent-encoded if escaped or if it holds
// one of seps, else as it stands.
func appendItem(b []byte, v any, escaped bool, seps string) ([]byte, bool) {
	s, ok := link.Text(v)
	if escaped || strings.ContainsAny(s, seps) {
		s = link.Escape(s)
	}
	return append(b, s...), ok
}
