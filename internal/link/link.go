// Package link splits the fragment of a check-page link (`#v=1&s=…&p=…`) into
// its keys, strictly: size-limited, every part `key=value`, a known key given
// twice refused, unknown keys ignored (SPEC.md §1, "The link").
//
// Values are taken as they stand, without percent-decoding: no valid value
// needs an escape, so an escaped one is refused by its field's own check.
package link

import (
	"strings"

	"pfcheck/internal/report"
)

// MaxLength bounds a fragment (without `#`): 10000 rolls take 20000 characters.
const MaxLength = 65536

// Field is the pseudo-field for problems with the link as a whole.
const Field = "link"

// Problem codes for the link as a whole; a duplicated key is reported on the
// record field it stands for.
const (
	CodeTooLong        = "too-long"
	CodeMalformed      = "malformed"
	CodeMissingVersion = "missing-version"
	CodeNewerVersion   = "newer-version"
	CodeDuplicate      = "duplicate"
)

// Split returns the fragment's key=value pairs in order, or the one problem
// that makes it unreadable.
func Split(fragment string) ([][2]string, *report.Problem) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxLength {
		return nil, &report.Problem{Field: Field, Code: CodeTooLong}
	}
	var pairs [][2]string
	for part := range strings.SplitSeq(fragment, "&") {
		if part == "" {
			continue
		}
		key, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, &report.Problem{Field: Field, Code: CodeMalformed}
		}
		pairs = append(pairs, [2]string{key, value})
	}
	return pairs, nil
}

// Version returns the value of the link's single `v` key.
func Version(pairs [][2]string) (string, *report.Problem) {
	values, problems := Fields(pairs, map[string]string{"v": Field})
	if len(problems) > 0 {
		return "", &problems[0]
	}
	v, ok := values["v"]
	if !ok {
		return "", &report.Problem{Field: Field, Code: CodeMissingVersion}
	}
	return v, nil
}

// Fields picks the known keys (key → record field) out of pairs. A known key
// given twice is a problem on its field, reported once; unknown keys are
// ignored so that newer apps can add keys older pages skip.
func Fields(pairs [][2]string, known map[string]string) (map[string]string, []report.Problem) {
	values := make(map[string]string, len(known))
	var problems []report.Problem
	reported := map[string]bool{}
	for _, kv := range pairs {
		field, ok := known[kv[0]]
		if !ok {
			continue
		}
		if _, seen := values[kv[0]]; seen {
			if !reported[kv[0]] {
				problems = append(problems, report.Problem{Field: field, Code: CodeDuplicate})
				reported[kv[0]] = true
			}
			continue
		}
		values[kv[0]] = kv[1]
	}
	return values, problems
}
