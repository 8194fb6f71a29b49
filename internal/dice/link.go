package dice

import (
	"strconv"
	"strings"

	"pfcheck/internal/link"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// CodeNotANumber marks an item of `g` that is not a decimal integer.
const CodeNotANumber = "not-a-number"

// linkFields maps the keys of a v=1 link to the record fields they fill.
var linkFields = map[string]string{
	"s": "serverSeed",
	"c": "seal",
	"p": "clientSeeds",
	"r": "rolls",
	"g": "games",
}

// RecordFromLink builds the dice_v1 record a v=1 link stands for from its
// key=value pairs (link.Split). Values are only split here; Check validates
// them, so a link and a typed form report the same problems.
func RecordFromLink(pairs [][2]string) (map[string]any, []report.Problem) {
	values, problems := link.Fields(pairs, linkFields)
	rec := map[string]any{"scheme": Scheme}
	for _, k := range []string{"s", "c"} {
		if v, ok := values[k]; ok {
			rec[linkFields[k]] = v
		}
	}
	if p, ok := values["p"]; ok {
		seeds := []any{}
		for seed := range strings.SplitSeq(p, ",") {
			seeds = append(seeds, seed)
		}
		rec["clientSeeds"] = seeds
	}
	if r, ok := values["r"]; ok {
		rolls := make([]any, 0, (len(r)+1)/2)
		for i := 0; i < len(r); i += 2 {
			rolls = append(rolls, report.StringValue(r[i:min(i+2, len(r))]))
		}
		rec["rolls"] = rolls
	}
	if len(problems) > 0 {
		return nil, problems
	}
	g, ok := values["g"]
	if !ok {
		return rec, nil
	}
	games := []any{}
	for i, item := range strings.Split(g, ",") {
		// isDigits too: Atoi alone would take "+5".
		n, err := strconv.Atoi(item)
		if err != nil || !isDigits(item) {
			return nil, withFieldProblems(rec, report.Problem{Field: "games", Code: CodeNotANumber, At: i + 1})
		}
		games = append(games, n)
	}
	rec["games"] = games
	return rec, nil
}

// withFieldProblems adds to a `g` that is no list of numbers every problem
// the rest of the link has, so that one look shows all that is wrong.
func withFieldProblems(rec map[string]any, games report.Problem) []report.Problem {
	_, problems := Read(rec)
	var out []report.Problem
	for _, p := range problems {
		// Without its games the record may lack a count; that is g's problem.
		if p.Field != "count" || p.Code != record.CodeMissing {
			out = append(out, p)
		}
	}
	return append(out, games)
}

// FormatLink returns the v=1 fragment (without `#`) for a record as
// RecordFromLink builds it; parsing the result gives the same record back.
// Values are written as they stand, since this link decodes none, and a
// record that such a link cannot carry gives "": a value of the wrong type
// or holding a separator, a roll that is not two characters (but the
// last), a games item that is not a whole number of at least 0. An absent,
// null or empty value is left out.
func FormatLink(rec map[string]any) string {
	b := []byte("v=1")
	for _, key := range []string{"s", "c", "p", "r", "g"} {
		v := rec[linkFields[key]]
		if list, isList := v.([]any); v == nil || v == "" || isList && len(list) == 0 {
			continue
		}
		var ok bool
		if b, ok = appendValue(append(b, "&"+key+"="...), key, v); !ok {
			return ""
		}
	}
	return string(b)
}

// appendValue appends one key's value, or reports that the link cannot
// carry it.
func appendValue(b []byte, key string, v any) ([]byte, bool) {
	if s, isString := v.(string); isString {
		return append(b, s...), (key == "s" || key == "c") && !strings.Contains(s, "&")
	}
	items, isList := v.([]any)
	if !isList || key == "s" || key == "c" {
		return b, false
	}
	start := len(b)
	for i, item := range items {
		if key == "g" {
			n, isWhole := item.(int) // the link's own items may be any int
			if !isWhole {
				n, isWhole = record.Whole(item)
			}
			if !isWhole || n < 0 {
				return b, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(n), 10)
			continue
		}
		s, isString := item.(string)
		if !isString || strings.Contains(s, "&") {
			return b, false
		}
		if key == "p" {
			if i > 0 {
				b = append(b, ',')
			}
			if strings.Contains(s, ",") {
				return b, false
			}
		} else if len(s) != 2 && !(len(s) == 1 && i == len(items)-1) {
			return b, false // r is cut every two bytes
		}
		b = append(b, s...)
	}
	// A list that writes nothing ([""]) would read back as no list.
	return b, len(b) > start
}
