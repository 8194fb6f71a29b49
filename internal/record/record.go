// Package record reads the fields of a plain record, the object a page or a
// vector hands to a check: values are string, float64 (or int), bool, nil,
// []any or map[string]any, as JSON or JavaScript give them.
//
// A Reader collects every problem it meets as a {field, code} category, so a
// check reports all that is wrong with a record at once, never the first only.
package record

import (
	"math"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// Codes every scheme shares for the shape of a field.
const (
	CodeMissing     = "missing"
	CodeWrongType   = "wrong-type"
	CodeTooLong     = "too-long"     // a text longer than its field allows (Text)
	CodeWrongLength = "wrong-length" // hex digits that are no SHA-256 digest (Digest)
)

// DigestHexLen is the length of a SHA-256 digest in hex digits.
const DigestHexLen = 64

// Reader reads fields of one record and keeps the problems found.
type Reader struct {
	rec      map[string]any
	Problems []report.Problem
}

// NewReader returns a Reader over rec.
func NewReader(rec map[string]any) *Reader { return &Reader{rec: rec} }

// Problem records a problem with field.
func (r *Reader) Problem(field, code string, at int) {
	r.Problems = append(r.Problems, report.Problem{Field: field, Code: code, At: at})
}

// OK reports whether no problem has been found so far.
func (r *Reader) OK() bool { return len(r.Problems) == 0 }

// Has reports whether field is present and not null. An empty string or
// list counts as absent: a form field left empty is not a value.
func (r *Reader) Has(field string) bool {
	switch v := r.rec[field].(type) {
	case nil:
		return false
	case string:
		return v != ""
	case []any:
		return len(v) > 0
	}
	return true
}

// String returns a string field; ok is false when it is absent or of the
// wrong type (the latter, and absence of a required field, are recorded).
func (r *Reader) String(field string, required bool) (s string, ok bool) {
	if !r.Has(field) {
		if required {
			r.Problem(field, CodeMissing, 0)
		}
		return "", false
	}
	s, ok = r.rec[field].(string)
	if !ok {
		r.Problem(field, CodeWrongType, 0)
	}
	return s, ok
}

// Text returns a string field of at most max bytes. A longer one is recorded
// as too-long and gives "", like an absent one.
func (r *Reader) Text(field string, required bool, max int) string {
	s, ok := r.String(field, required)
	if ok && len(s) > max {
		r.Problem(field, CodeTooLong, 0)
		return ""
	}
	return s
}

// Digest returns a field that holds a SHA-256 digest (a seal or a
// commitment): 64 hex digits of either case, returned in lower case. Other
// text is recorded as DigestCode says and gives "", like an absent field.
func (r *Reader) Digest(field string, required bool) (digest string, ok bool) {
	s, ok := r.String(field, required)
	if !ok {
		return "", false
	}
	if code := DigestCode(s); code != "" {
		r.Problem(field, code, 0)
		return "", false
	}
	return hexstr.Lower(s), true
}

// DigestCode returns the problem with s as a SHA-256 digest in hex: not-hex
// for a character other than a hex digit, else wrong-length for any number
// of digits but 64 (an odd number too); "" when there is none.
func DigestCode(s string) string {
	switch {
	case !hexstr.IsHex(s):
		return hexstr.CodeNotHex
	case len(s) != DigestHexLen:
		return CodeWrongLength
	}
	return ""
}

// Int returns a whole-number field, accepting a JSON number without a
// fraction or a Go int.
func (r *Reader) Int(field string, required bool) (n int, ok bool) {
	if !r.Has(field) {
		if required {
			r.Problem(field, CodeMissing, 0)
		}
		return 0, false
	}
	n, ok = Whole(r.rec[field])
	if !ok {
		r.Problem(field, CodeWrongType, 0)
	}
	return n, ok
}

// List returns a list field as its items.
func (r *Reader) List(field string, required bool) (items []any, ok bool) {
	if !r.Has(field) {
		if required {
			r.Problem(field, CodeMissing, 0)
		}
		return nil, false
	}
	items, ok = r.rec[field].([]any)
	if !ok {
		r.Problem(field, CodeWrongType, 0)
	}
	return items, ok
}

// Strings returns a list-of-strings field; an item of another type is
// recorded as wrong-type at its 1-based position.
func (r *Reader) Strings(field string, required bool) (ss []string, ok bool) {
	items, ok := r.List(field, required)
	if !ok {
		return nil, false
	}
	ss = make([]string, len(items))
	for i, it := range items {
		s, isString := it.(string)
		if !isString {
			r.Problem(field, CodeWrongType, i+1)
			return nil, false
		}
		ss[i] = s
	}
	return ss, true
}

// Ints returns a list-of-whole-numbers field.
func (r *Reader) Ints(field string, required bool) (ns []int, ok bool) {
	items, ok := r.List(field, required)
	if !ok {
		return nil, false
	}
	ns = make([]int, len(items))
	for i, it := range items {
		n, isWhole := Whole(it)
		if !isWhole {
			r.Problem(field, CodeWrongType, i+1)
			return nil, false
		}
		ns[i] = n
	}
	return ns, true
}

// Object returns an object field.
func (r *Reader) Object(field string, required bool) (obj map[string]any, ok bool) {
	if !r.Has(field) {
		if required {
			r.Problem(field, CodeMissing, 0)
		}
		return nil, false
	}
	obj, ok = r.rec[field].(map[string]any)
	if !ok {
		r.Problem(field, CodeWrongType, 0)
	}
	return obj, ok
}

// maxWhole bounds accepted numbers well inside float64's exact integers.
const maxWhole = 1 << 50

// Whole converts a plain-record number to an int if it has no fraction and
// is within ±2^50.
func Whole(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		if n > maxWhole || n < -maxWhole {
			return 0, false
		}
		return n, true
	case float64:
		if n != math.Trunc(n) || n > maxWhole || n < -maxWhole {
			return 0, false
		}
		return int(n), true
	}
	return 0, false
}
