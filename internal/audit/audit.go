// Package audit checks many matches at once — a season an app exported, one
// item per line, in the format of testdata/audit.md — and keeps only what a
// report of them needs: counts by status and by scheme, how often each of
// the 36 ordered rolls fell, and the lines that are not a match, each with
// its first difference or problem. It keeps no object per roll and nothing
// of a line that matched, so a batch's outcome is small however many rolls
// it held. Batches are audited apart (on as many cores as there are) and the
// caller adds their outcomes up.
//
// A line is a link of any check page (a whole URL or its fragment), read in
// the format the caller names for it, or a JSON record as verify.Check takes
// it, or a JSON array of such records. Which page reads a link is the pages'
// rule (linkPage, web/static/links.js): the caller applies it and passes the
// link format along, so there is one rule, not two.
package audit

import (
	"slices"
	"strings"

	"pfcheck/internal/diagnose"
	"pfcheck/internal/link"
	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// Bounds that keep one line's work and a report's size small.
const (
	// MaxLine bounds one line, in bytes: a JSON array of records on one
	// line may be long, a line longer than this is refused unread.
	MaxLine = 4 << 20
	// MaxLinkKept bounds the link a problem line keeps to open its match:
	// 16 KB carries a match of 8,000 rolls; longer ones are listed without.
	MaxLinkKept = 16 << 10
	// maxDepth is the nesting a JSON line may have: a record in an array,
	// a poker proof's path in a record.
	maxDepth = 12
)

// Problem codes of a line as a whole (field "line"), and of an item of a
// JSON array that is no record (field "record").
const (
	FieldLine   = "line"
	FieldRecord = "record"
	CodeTooLong = "too-long"
	CodeBadJSON = "bad-json"
)

// Statuses are the statuses an outcome counts, in the order of Counts.
var Statuses = [...]report.Status{report.Match, report.Mismatch, report.Computed, report.Invalid, report.Unsupported}

// Counts holds how many records had each status, indexed as Statuses.
type Counts [len(Statuses)]int

// Rolls is the number of ordered rolls of two dice: roll a-b is counted at
// 6(a−1) + b−1.
const Rolls = 36

// Outcome is what an audit of some lines found.
type Outcome struct {
	Lines   int // lines read, empty ones included
	Records int // records checked: one per line read as a record, one per item of a JSON array that is one
	// Unreadable counts what holds no record to check: a line that is no
	// JSON, too long or no readable link, an item of a JSON array that is
	// no object. It is listed as invalid, but counted in no status.
	Unreadable int
	Status     Counts             // of the records
	Schemes    map[string]*Counts // by the records' scheme
	// The dice of every record that was not invalid or unsupported, as
	// played: recorded where the record has its rolls, else computed.
	Recorded, Computed [Rolls]int
	Problems           []Line // the first lines that are not a match, in order
	Omitted            int    // lines that are not a match beyond those
	// Diagnoses counts the mismatches by the slips that explain them, their
	// codes joined by " " (testdata/diagnosis.md); Unexplained those that
	// no slip explains.
	Diagnoses map[string]int
	// The warnings (warnings.go): for each reuse warning the short hash of
	// every value seen and the lines it was seen in; for each other one
	// the records it concerns.
	Seen    map[string]map[string][]int
	Flagged map[string]*Flagged
}

// Unexplained is the key of Outcome.Diagnoses for mismatches no slip explains.
const Unexplained = "unexplained"

// Line is a line (or an item of its JSON array) that is not a match.
type Line struct {
	Line   int // counted from 1
	Item   int // the record's position in the line's JSON array, from 1; 0 for a line of one record
	Scheme string
	Status report.Status
	// Problem is the first of the record's problems (invalid, unsupported);
	// Difference is the first value that differs (mismatch), with its Kind
	// always set and its Index counted from 1. Count is how many problems
	// or differences there are.
	Problem    *report.Problem
	Difference *report.Difference
	Count      int
	Link       string // the fragment that opens the match on its page; "" if none
	// Diagnosis is a mismatch's, as check gives it, but with positions
	// counted from 1 in every scheme, as Difference's.
	Diagnosis []diagnose.Finding
}

// Run audits text: lines separated by "\n" (a "\r" before it is dropped;
// a "\n" at the very end ends the last line and starts none), the first of
// them line number first. formats[i] is the link format of line i of text
// ("dice", "shoe", "games"; see verify.ParseLink) where that line is a link.
// It keeps the first maxProblems lines that are not a match and counts the
// others as Omitted.
func Run(text string, formats []string, first, maxProblems int) *Outcome {
	o := &Outcome{Schemes: map[string]*Counts{}, Diagnoses: map[string]int{}, Seen: map[string]map[string][]int{}, Flagged: map[string]*Flagged{}}
	if text == "" {
		return o
	}
	text = strings.TrimSuffix(text, "\n")
	for i := 0; ; i++ {
		line, rest, more := strings.Cut(text, "\n")
		format := ""
		if i < len(formats) {
			format = formats[i]
		}
		o.Lines++
		o.line(first+i, strings.TrimSuffix(line, "\r"), format, maxProblems)
		if !more {
			return o
		}
		text = rest
	}
}

func (o *Outcome) line(n int, line, format string, maxProblems int) {
	if len(line) > MaxLine {
		o.unreadable(n, 0, report.Problem{Field: FieldLine, Code: CodeTooLong}, "", maxProblems)
		return
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if line[0] == '{' || line[0] == '[' {
		v, ok := report.ParseJSON(line, maxDepth)
		if !ok {
			o.unreadable(n, 0, report.Problem{Field: FieldLine, Code: CodeBadJSON}, "", maxProblems)
			return
		}
		if list, isList := v.([]any); isList {
			for i, item := range list {
				o.record(n, i+1, item, maxProblems)
			}
			return
		}
		o.record(n, 0, v, maxProblems)
		return
	}
	// A link: a whole URL, or its fragment with or without "#".
	fragment := line
	if _, after, found := strings.Cut(line, "#"); found {
		fragment = after
	}
	rec, problems := verify.ParseLink(fragment, format)
	if len(problems) > 0 {
		if problems[0].Field == link.Field {
			// Unreadable as a whole: its page would say no more.
			o.unreadable(n, 0, problems[0], "", maxProblems)
			return
		}
		scheme, _ := rec["scheme"].(string)
		o.add(n, 0, report.InvalidResult(scheme, problems), verify.Rolls{}, fragment, maxProblems)
		return
	}
	res, rolls := verify.CheckRolls(rec)
	o.warn(n, rec, res)
	o.add(n, 0, res, rolls, fragment, maxProblems)
}

func (o *Outcome) record(n, item int, v any, maxProblems int) {
	rec, ok := v.(map[string]any)
	if !ok {
		o.unreadable(n, item, report.Problem{Field: FieldRecord, Code: "wrong-type"}, "", maxProblems)
		return
	}
	res, rolls := verify.CheckRolls(rec)
	o.warn(n, rec, res)
	// The link is written only for a line that is listed: most lines match.
	fragment := ""
	if res.Status != report.Match && len(o.Problems) < maxProblems {
		fragment = verify.FormatLink(rec)
	}
	o.add(n, item, res, rolls, fragment, maxProblems)
}

// add counts one record's result and dice, and lists it unless it matched.
func (o *Outcome) add(n, item int, res report.Result, rolls verify.Rolls, fragment string, maxProblems int) {
	o.Records++
	status := statusIndex(res.Status)
	o.Status[status]++
	counts := o.Schemes[res.Scheme]
	if counts == nil {
		counts = new(Counts)
		o.Schemes[res.Scheme] = counts
	}
	counts[status]++

	tally := &o.Computed
	if rolls.Recorded {
		tally = &o.Recorded
	}
	for _, r := range rolls.Dice {
		if r[0] >= 1 && r[0] <= 6 && r[1] >= 1 && r[1] <= 6 {
			tally[int(r[0]-1)*6+int(r[1]-1)]++
		}
	}

	if res.Status == report.Mismatch {
		o.Diagnoses[diagnosisKey(res.Diagnosis)]++
	}
	if res.Status != report.Match {
		o.list(n, item, res, fragment, maxProblems)
	}
}

// diagnosisKey is a mismatch's key in Outcome.Diagnoses: the codes of its
// slips, in the order found, or Unexplained.
func diagnosisKey(findings []diagnose.Finding) string {
	var slips []string
	for _, f := range findings {
		if diagnose.IsSlip(f.Code) {
			slips = append(slips, f.Code)
		}
	}
	if len(slips) == 0 {
		return Unexplained
	}
	return strings.Join(slips, " ")
}

// unreadable counts and lists a line, or an item of its JSON array, that
// holds no record.
func (o *Outcome) unreadable(n, item int, problem report.Problem, fragment string, maxProblems int) {
	o.Unreadable++
	o.list(n, item, report.InvalidResult("", []report.Problem{problem}), fragment, maxProblems)
}

// list lists a result that is not a match, or counts it as omitted past
// maxProblems.
func (o *Outcome) list(n, item int, res report.Result, fragment string, maxProblems int) {
	if len(o.Problems) >= maxProblems {
		o.Omitted++
		return
	}
	if len(fragment) > MaxLinkKept {
		fragment = ""
	}
	l := Line{Line: n, Item: item, Scheme: res.Scheme, Status: res.Status, Link: fragment}
	if len(res.Errors) > 0 {
		l.Problem = &res.Errors[0]
		l.Count = len(res.Errors)
	} else {
		l.Difference, l.Count = firstDifference(res)
	}
	for _, f := range res.Diagnosis {
		if zeroBased[res.Scheme] && diagnose.IsPlaced(f.Code) {
			f.At++
			f.Positions = slices.Clone(f.Positions)
			for i := range f.Positions {
				f.Positions[i]++
			}
		}
		l.Diagnosis = append(l.Diagnosis, f)
	}
	o.Problems = append(o.Problems, l)
}

func statusIndex(s report.Status) int {
	for i, known := range Statuses {
		if s == known {
			return i
		}
	}
	return 3 // invalid; no check returns another status
}

// valueKinds names what a scheme's mismatches without a Kind compare: the
// record field that holds the values.
var valueKinds = map[string]string{
	"dice_v1":         "rolls",
	"dice_v2":         "rolls",
	"shoe_v1":         "cards",
	"chess_colour_v1": "colourA",
}

// zeroBased are the schemes whose mismatch index counts from 0 (a card's
// position in the shoe, testdata/shoe_v1.md); every other counts from 1.
var zeroBased = map[string]bool{"shoe_v1": true}

// Kinds of a difference that is not a value of a list: the commitment
// (seal) differs, and the flags a result sets false (testdata/dice_v2.md,
// shoe_v1.md, tablegames.md).
const (
	KindCommitment  = "commitment"
	KindCommitmentB = "commitB"
)

// The flags a result sets false that come before its listed mismatches
// (the round's signature and timing, which decide every roll), and after.
var (
	flagsBefore = []struct{ key, kind string }{
		{"signatureValid", "drandSignature"},
		{"roundAfterSeal", "sealedAt"},
	}
	flagsAfter = []struct{ key, kind string }{
		{"cutMatches", "cut"},
	}
)

// firstDifference returns the first thing that differs in a result that is
// not invalid, and how many things differ, in the order the pages' verdicts
// and scripts name them (testdata/README.md, "One meaning per input"): a
// differing commitment (seal), the second commitment, a flag set false that
// decides the rolls, the listed mismatches (they have a position), then a
// flag set false that follows them. A computed result has none.
func firstDifference(res report.Result) (*report.Difference, int) {
	var first *report.Difference
	count := 0
	note := func(d report.Difference) {
		count++
		if first == nil {
			first = &d
		}
	}
	flags := func(list []struct{ key, kind string }) {
		for _, flag := range list {
			if v, ok := res.Extra[flag.key].(bool); ok && !v {
				note(report.Difference{Kind: flag.kind})
			}
		}
	}
	if c := res.Commitment; c != nil && c.Differs() {
		note(report.Difference{Kind: KindCommitment, Computed: c.Computed, Recorded: c.Given})
	}
	if b, ok := res.Extra["commitmentB"].(map[string]any); ok {
		if given, _ := b["given"].(string); given != "" && b["matches"] == false {
			computed, _ := b["computed"].(string)
			note(report.Difference{Kind: KindCommitmentB, Computed: computed, Recorded: given})
		}
	}
	flags(flagsBefore)
	if len(res.Mismatches) > 0 {
		d := res.Mismatches[0]
		if d.Kind == "" {
			d.Kind = valueKinds[res.Scheme]
		}
		if zeroBased[res.Scheme] {
			d.Index++
		}
		note(d)
		count += len(res.Mismatches) - 1
	}
	flags(flagsAfter)
	return first, count
}

// Map returns the outcome as the bridge's plain object:
//
//	{lines, records, unreadable, status: {match, mismatch, computed, invalid, unsupported},
//	 schemes: {<scheme>: {match, …}}, rolls: {recorded: [36], computed: [36]},
//	 problems: [{line, item?, scheme, status, error?: {field, code, at?, token?},
//	             difference?: {kind, at?, computed?, recorded?}, count, link?,
//	             diagnosis?: [{code, …}]}],
//	 omitted, diagnoses: {<slip codes> | "unexplained": count},
//	 seen: {<code>: {<hash>: [lines]}}, flagged: {<code>: {count, lines}}}
func (o *Outcome) Map() map[string]any {
	schemes := map[string]any{}
	for scheme, counts := range o.Schemes {
		schemes[scheme] = counts.Map()
	}
	problems := make([]any, len(o.Problems))
	for i, l := range o.Problems {
		problems[i] = l.Map()
	}
	diagnoses := make(map[string]any, len(o.Diagnoses))
	for key, n := range o.Diagnoses {
		diagnoses[key] = n
	}
	seen, flagged := o.warningsMap()
	return map[string]any{
		"diagnoses":  diagnoses,
		"lines":      o.Lines,
		"records":    o.Records,
		"unreadable": o.Unreadable,
		"status":     o.Status.Map(),
		"schemes":    schemes,
		"rolls":      map[string]any{"recorded": report.Ints(o.Recorded[:]), "computed": report.Ints(o.Computed[:])},
		"problems":   problems,
		"omitted":    o.Omitted,
		"seen":       seen,
		"flagged":    flagged,
	}
}

// Map returns the counts by status name.
func (c *Counts) Map() map[string]any {
	m := make(map[string]any, len(Statuses))
	for i, s := range Statuses {
		m[string(s)] = c[i]
	}
	return m
}

// Map returns the line as a plain object.
func (l Line) Map() map[string]any {
	m := map[string]any{"line": l.Line, "scheme": l.Scheme, "status": string(l.Status), "count": l.Count}
	if l.Item > 0 {
		m["item"] = l.Item
	}
	if l.Problem != nil {
		m["error"] = report.ProblemList([]report.Problem{*l.Problem})[0]
	}
	if d := l.Difference; d != nil {
		diff := map[string]any{"kind": d.Kind}
		if d.Index > 0 {
			diff["at"] = d.Index
		}
		if d.Computed != "" || d.Recorded != "" {
			diff["computed"] = d.Computed
			diff["recorded"] = d.Recorded
		}
		m["difference"] = diff
	}
	if l.Link != "" {
		m["link"] = l.Link
	}
	if len(l.Diagnosis) > 0 {
		m["diagnosis"] = diagnose.List(l.Diagnosis)
	}
	return m
}
