package report

import (
	"strconv"
	"unicode/utf8"
)

// Contains reports whether want is a subset of got in the plain-object model:
// every key of a wanted object is present in got with a matching value, lists
// match element by element with the same length, and numbers compare by value
// whatever their Go type (JSON gives float64, results hold int).
//
// Vectors state only what they expect, so one comparison serves the Go tests
// and the in-browser self-test alike.
func Contains(got, want any) bool {
	return unmet(got, want) == nil
}

// Unmet says where got first fails to contain want, as Contains compares
// them: the path there, in jq's notation, and both values,
// `.rolls[2].dice: expected "63", got "52"`; "" where got contains want.
// Of an object's keys that differ it names the first in sorted order, so
// that one case always reports the same difference, however often it runs.
func Unmet(got, want any) string {
	u := unmet(got, want)
	if u == nil {
		return ""
	}
	b := []byte{}
	for i := len(u.path) - 1; i >= 0; i-- {
		b = append(b, u.path[i]...)
	}
	if len(b) == 0 {
		b = append(b, '.')
	}
	b = append(b, ": expected "...)
	wantList, isList := u.want.([]any)
	gotList, gotIsList := u.got.([]any)
	switch {
	case u.absent:
		return string(appendShortJSON(b, u.want)) + ", got nothing"
	case isList && gotIsList && len(wantList) != len(gotList):
		b = strconv.AppendInt(b, int64(len(wantList)), 10)
		b = append(b, " items, got "...)
		return string(strconv.AppendInt(b, int64(len(gotList)), 10))
	}
	b = append(appendShortJSON(b, u.want), ", got "...)
	return string(appendShortJSON(b, u.got))
}

// unmetAt is where got fails to contain want: the path from there out to
// the whole value (".dice", "[2]", ".rolls"), and what is there.
type unmetAt struct {
	path      []string
	want, got any
	absent    bool // no such key in got
}

// unmet is nil where got contains want; it allocates only where not, so
// that a self-test that passes costs what a plain comparison does.
func unmet(got, want any) *unmetAt {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return &unmetAt{want: want, got: got}
		}
		var first *unmetAt
		firstKey := ""
		for k, wv := range w {
			if first != nil && k > firstKey {
				continue
			}
			gv, present := g[k]
			u := &unmetAt{want: wv, absent: true}
			if present {
				u = unmet(gv, wv)
			}
			if u != nil {
				first, firstKey = u, k
			}
		}
		if first != nil {
			first.path = append(first.path, "."+firstKey)
		}
		return first
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return &unmetAt{want: want, got: got}
		}
		for i := range w {
			if u := unmet(g[i], w[i]); u != nil {
				u.path = append(u.path, "["+strconv.Itoa(i)+"]")
				return u
			}
		}
		return nil
	}
	if wn, ok := number(want); ok {
		if gn, ok := number(got); ok && gn == wn {
			return nil
		}
	} else if got == want {
		return nil
	}
	return &unmetAt{want: want, got: got}
}

// maxShown bounds a value in Unmet's answer: a whole shoe is 2,000 bytes.
const maxShown = 160

// appendShortJSON appends v as JSON, cut to about maxShown bytes.
func appendShortJSON(b []byte, v any) []byte {
	text := AppendJSON(nil, v)
	if cut := maxShown; len(text) > cut {
		for !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = append(text[:cut], "…"...)
	}
	return append(b, text...)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
