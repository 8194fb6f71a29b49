// Package verify is the single entry to every scheme: it dispatches a record
// to its scheme's check, a link to the parser of its version, and runs the
// test vectors that the pages' self-test and the Go tests share.
//
// dice_v1 is always built in. Every other scheme registers itself from a
// file of its own (scheme_*.go) that a build with the tag pfcheck_minimal
// leaves out unless the scheme's own tag (pfcheck_shoe, …) is set: each page
// then downloads only the schemes it checks.
package verify

import (
	"pfcheck/internal/dice"
	"pfcheck/internal/link"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
)

// CodeUnknownScheme marks a record whose scheme this build does not know.
const CodeUnknownScheme = "unknown-scheme"

var checks = map[string]func(map[string]any) report.Result{
	dice.Scheme: dice.Check,
}

// linkVersions reads the pairs of a link by its version (the `v` key), and
// linkFormats writes a record's link by its scheme.
var (
	linkVersions = map[string]func([][2]string) (map[string]any, []report.Problem){
		"1": dice.RecordFromLink,
	}
	linkFormats = map[string]func(map[string]any) string{
		dice.Scheme: dice.FormatLink,
	}
)

// Parsers are the parsers of typed text the bridge offers, by the name of the
// bridge function; each returns {<list>: […]} or {errors: […]}.
var Parsers = map[string]func(string) map[string]any{
	"parseRolls": RollsResult,
}

// Check validates rec and recomputes everything its scheme derives. A record
// without a known scheme is unsupported; nothing here panics on any input.
func Check(rec map[string]any) report.Result {
	r := record.NewReader(rec)
	scheme, ok := r.String("scheme", true)
	if !ok {
		return report.InvalidResult("", r.Problems)
	}
	check, known := checks[scheme]
	if !known {
		return report.Result{Scheme: scheme, Status: report.Unsupported,
			Errors: []report.Problem{{Field: "scheme", Code: CodeUnknownScheme}}}
	}
	return check(rec)
}

// ParseLink reads the fragment of a dice check link (with or without `#`)
// into the record it stands for.
func ParseLink(fragment string) (map[string]any, []report.Problem) {
	pairs, p := link.Split(fragment)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	version, p := link.Version(pairs)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	fromLink, known := linkVersions[version]
	if !known {
		return nil, []report.Problem{{Field: link.Field, Code: link.CodeNewerVersion}}
	}
	return fromLink(pairs)
}

// FormatLink returns the link fragment (without `#`) for a record, the
// inverse of ParseLink; "" for a record no link format carries.
func FormatLink(rec map[string]any) string {
	scheme, _ := rec["scheme"].(string)
	format, known := linkFormats[scheme]
	if !known {
		return ""
	}
	return format(rec)
}
