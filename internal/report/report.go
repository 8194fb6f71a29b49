// Package report defines what every scheme's check returns: a status, the
// commitment comparison, problems as {field, code} categories and the
// positions where recorded values differ from computed ones.
//
// The same values cross the JavaScript bridge as plain objects (see Map), so
// the page, the self-test and the Go tests all read one shape.
package report

import (
	"crypto/subtle"

	"pfcheck/internal/diagnose"
)

// Status is the verdict of a check; its values cross the bridge as fixed strings.
type Status string

const (
	Match       Status = "match"       // everything recorded agrees with what was computed
	Mismatch    Status = "mismatch"    // something recorded differs from what was computed
	Computed    Status = "computed"    // nothing recorded to compare; values computed only
	Invalid     Status = "invalid"     // bad input: Errors is non-empty and nothing else is claimed
	Unsupported Status = "unsupported" // a scheme this build cannot check
)

// Problem is one thing wrong with the input: the record field it concerns and
// a code the page turns into a sentence. At is the 1-based line of a typed
// text or item of a list where there is one, else 0. Token is the public
// text that could not be read (a link's value as it stood, a seat given
// twice) where the page shows it, else "".
type Problem struct {
	Field string
	Code  string
	At    int
	Token string
}

// Commitment compares the commitment (seal) computed from the revealed seed
// with the one given before play, if any.
type Commitment struct {
	Computed string
	Given    string // "" when none was given
	Matches  bool
}

// Compare returns the comparison of the commitment computed from the
// revealed seed with the one given before play ("" when none was given).
// They are compared in constant time, as every hash a check compares.
func Compare(computed, given string) *Commitment {
	c := &Commitment{Computed: computed, Given: given}
	if given != "" {
		c.Matches = subtle.ConstantTimeCompare([]byte(computed), []byte(given)) == 1
	}
	return c
}

// Differs reports whether a commitment was given and differs from the
// computed one.
func (c *Commitment) Differs() bool { return c.Given != "" && !c.Matches }

// Map returns the commitment as a plain object {computed, given?, matches}.
func (c *Commitment) Map() map[string]any {
	m := map[string]any{"computed": c.Computed, "matches": c.Matches}
	if c.Given != "" {
		m["given"] = c.Given
	}
	return m
}

// Difference is one position where a recorded value differs from the computed one.
// Kind names what the value is where a scheme compares values of several
// kinds (poker's deck and proofs, a match's seats and draws), else "".
type Difference struct {
	Kind     string
	Index    int
	Computed string
	Recorded string
}

// Result is the outcome of one check. Extra holds the scheme's own fields in
// the bridge's plain-object form. Diagnosis is set on a mismatch only, and
// never changes its status.
type Result struct {
	Scheme     string
	Status     Status
	Commitment *Commitment
	Errors     []Problem
	Mismatches []Difference
	Diagnosis  []diagnose.Finding
	Extra      map[string]any
}

// InvalidResult returns the result for bad input: the problems and nothing else.
func InvalidResult(scheme string, problems []Problem) Result {
	return Result{Scheme: scheme, Status: Invalid, Errors: problems}
}

// Verdict derives the status from what was compared: any difference is a
// mismatch, agreement on at least one compared value is a match, and no
// comparison at all leaves the values merely computed.
func Verdict(compared, differs bool) Status {
	switch {
	case differs:
		return Mismatch
	case compared:
		return Match
	}
	return Computed
}

// Map returns the result as a plain object: string keys, values of type
// string, int, bool, []any or map[string]any.
func (r Result) Map() map[string]any {
	m := map[string]any{
		"scheme":     r.Scheme,
		"status":     string(r.Status),
		"errors":     ProblemList(r.Errors),
		"mismatches": differenceList(r.Mismatches),
	}
	if r.Commitment != nil {
		m["commitment"] = r.Commitment.Map()
	}
	if len(r.Diagnosis) > 0 {
		m["diagnosis"] = diagnose.List(r.Diagnosis)
	}
	for k, v := range r.Extra {
		m[k] = v
	}
	return m
}

// ProblemList returns problems as plain objects {field, code, at?, token?}.
func ProblemList(ps []Problem) []any {
	out := make([]any, len(ps))
	for i, p := range ps {
		o := map[string]any{"field": p.Field, "code": p.Code}
		if p.At > 0 {
			o["at"] = p.At
		}
		if p.Token != "" {
			o["token"] = p.Token
		}
		out[i] = o
	}
	return out
}

func differenceList(ds []Difference) []any {
	out := make([]any, len(ds))
	for i, d := range ds {
		o := map[string]any{"index": d.Index, "computed": d.Computed, "recorded": d.Recorded}
		if d.Kind != "" {
			o["kind"] = d.Kind
		}
		out[i] = o
	}
	return out
}

// Strings returns ss as a plain list.
func Strings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Ints returns ns as a plain list.
func Ints(ns []int) []any {
	out := make([]any, len(ns))
	for i, n := range ns {
		out[i] = n
	}
	return out
}
