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

// The link formats, one per kind of check page; a page names its own, since
// the dice page's links and the shoe and games pages' all say v=1.
const (
	FormatDice  = "dice"
	FormatShoe  = "shoe"
	FormatGames = "games"
)

// CodeUnknownFormat marks a link format this build does not know.
const CodeUnknownFormat = "unknown-format"

// A linkFormat is one page's link format: its bound on the fragment and the
// reader of each version (the `v` key).
type linkFormat struct {
	maxLength int
	versions  map[string]func([][2]string) (map[string]any, []report.Problem)
}

// A linkWriter writes the link of a scheme's records in its page's format.
type linkWriter struct {
	format string
	write  func(map[string]any) string
}

// linkFormats reads a link by its page's format, and linkWriters writes a
// record's link by its scheme.
var (
	linkFormats = map[string]*linkFormat{
		FormatDice: {link.MaxLength, map[string]func([][2]string) (map[string]any, []report.Problem){
			"1": dice.RecordFromLink,
		}},
	}
	linkWriters = map[string]linkWriter{
		dice.Scheme: {FormatDice, dice.FormatLink},
	}
)

// A TextParser reads text a player typed or pasted: Parse returns
// {<list>: […]} or {errors: […]}. A text of more than MaxBytes bytes is
// refused with the one problem TooLong: the bridge refuses it unread.
type TextParser struct {
	MaxBytes int
	TooLong  report.Problem
	Parse    func(string) map[string]any
}

// Refused is the parser's answer to a text over MaxBytes.
func (p TextParser) Refused() map[string]any { return errorsResult(p.TooLong) }

// Parsers are the parsers of typed text the bridge offers, by the name of the
// bridge function.
var Parsers = map[string]TextParser{
	"parseRolls": {dice.MaxRollsText, report.Problem{Field: "rolls", Code: dice.CodeTooMany}, RollsResult},
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

// ParseLink reads the fragment of a check link (with or without `#`) in the
// given page's format ("" is FormatDice) into the record it stands for.
// With problems, the record is nil or, where a format reads a link in part
// (shoe, games), holds what could be read, for the page to show beside the
// problems.
func ParseLink(fragment, format string) (map[string]any, []report.Problem) {
	if format == "" {
		format = FormatDice
	}
	f, known := linkFormats[format]
	if !known {
		return nil, []report.Problem{{Field: "format", Code: CodeUnknownFormat}}
	}
	pairs, p := link.SplitMax(fragment, f.maxLength)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	version, p := link.Version(pairs)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	fromLink, known := f.versions[version]
	if !known {
		return nil, []report.Problem{{Field: link.Field, Code: link.CodeNewerVersion}}
	}
	return fromLink(pairs)
}

// FormatLink returns the link fragment (without `#`) for a record in the
// format of its scheme's page, the inverse of ParseLink. It writes only a
// link that means what the record means, and so returns "" for a record
// that Check calls invalid, or whose link does not read back as a part of
// the record (what a link leaves out: empty values, fields it has no key
// for) that Check answers exactly as the record. The check of what was
// written is the writers' safety net: a link is shared as proof, and one of
// another meaning (a value holding "&") must never leave the page.
func FormatLink(rec map[string]any) string {
	scheme, _ := rec["scheme"].(string)
	w, known := linkWriters[scheme]
	if !known {
		return ""
	}
	want := Check(rec)
	if want.Status == report.Invalid {
		return ""
	}
	fragment := w.write(rec)
	if fragment == "" {
		return ""
	}
	back, problems := ParseLink(fragment, w.format)
	if len(problems) > 0 || !report.Contains(rec, back) || !sameResult(Check(back), want) {
		return ""
	}
	return fragment
}

func sameResult(a, b report.Result) bool {
	return string(report.AppendJSON(nil, a.Map())) == string(report.AppendJSON(nil, b.Map()))
}
