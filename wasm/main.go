//go:build js && wasm

// Command wasm is the JavaScript bridge of pfcheck. It registers one global
// object, pfcheck, and only translates between JavaScript values and the
// verification core in internal/verify:
//
//	pfcheck.version            string: module version and source hash of this build
//	pfcheck.selfTest(files)    {passed: int, failed: [case name, …]}: test-vector
//	                           files (testdata/vectors) through the same calls;
//	                           files is a list of parsed files, or its JSON text
//	pfcheck.parseLink(frag, format)
//	                           {record: {...}} or {errors: [{field, code, at?,
//	                           token?}, …], record?}: the fragment in the link
//	                           format of a page: "dice" (default, also for
//	                           dice_v2's v=2), "shoe" or "games" (in builds with
//	                           their schemes). With errors, record holds what
//	                           could be read where the format reads a link in
//	                           part (shoe: the fields beside the problems, whose
//	                           values come back as token; games: the scheme);
//	                           an unknown format is {field: "format", code:
//	                           "unknown-format"}
//	pfcheck.parseRolls(text)   {rolls: ["63", …]} or {errors: [{field, code, at?}]}
//	pfcheck.parseCards(text)   {cards: ["AS", …]} or {errors: [{field, code, at?}]}
//	                           (in builds with shoe_v1)
//	pfcheck.check(record)      {scheme, status, commitment?, errors, mismatches, …}
//	pfcheck.formatLink(record) the link fragment (no "#") for a record in the
//	                           format of its scheme's page, "" if none
//	pfcheck.reach(distance)    {distance, rolls: ["11", "12", …], count} or
//	                           {errors: [{field: "distance", code}]}: the ordered
//	                           rolls that carry one checker exactly distance pips
//	                           (1..24) on an open board, count in 36ths
//	pfcheck.openingRolls()     {rolls: ["12", …], count: 30}: the rolls that can
//	                           open a game (no double)
//
// In builds for the audit page (tag pfcheck_audit) and the build with every
// scheme (audit.go):
//
//	pfcheck.audit(text, {first?, formats?, maxProblems?})
//	                           one batch of an audit (testdata/audit.md): text
//	                           is lines of links and JSON records, the first
//	                           one line number first (default 1); formats[i]
//	                           the link format of line i where it is a link
//	                           (the page that reads it, by linkPage); the
//	                           first maxProblems (default 1000) lines that are
//	                           not a match are listed. Returns {lines, records,
//	                           status: {match, …}, schemes: {<scheme>: {match,
//	                           …}}, rolls: {recorded: [36], computed: [36]},
//	                           problems: [{line, item?, scheme, status, error?:
//	                           {field, code, at?}, difference?: {kind, at?,
//	                           computed?, recorded?}, count, link?}], omitted}
//	                           or {errors: [{field: "text" | "options", code}]}
//	pfcheck.rollStats(counts)  {rolls, counts, faces, doubles, expected36,
//	                           expectedFaces, expectedDoubles, df36, dfFaces,
//	                           chiSquare36?, p36?, chiSquareFaces?, pFaces?}:
//	                           the chi-square tests of 36 counts of ordered
//	                           rolls (roll a-b at 6(a−1)+b−1) against fair dice
//
// status is one of match, mismatch, computed, invalid, unsupported. A call
// never throws into JavaScript: bad arguments and internal faults come back
// as status invalid with errors. The README documents every field.
//
// Values cross as JSON text, both ways: one JSON.stringify or JSON.parse per
// call instead of one syscall/js call per value, which made a self-test some
// ten times slower.
package main

import (
	"syscall/js"

	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// version is set by the Makefile: module version and a hash of the sources.
var version = "dev"

// calls are bridge functions that only some builds have (audit.go).
var calls = map[string]func(args []js.Value) any{}

// Bounds on what a call takes from JavaScript, so a hostile argument cannot
// exhaust memory: records nest a few levels and hold at most a match's rolls;
// the vector files a page carries are larger.
const (
	maxDepth       = 12
	maxRecordBytes = 4 << 20
	maxVectorBytes = 32 << 20
)

func main() {
	api := map[string]any{
		"version":    version,
		"selfTest":   function(selfTest),
		"parseLink":  function(parseLink),
		"check":      function(check),
		"formatLink": function(formatLink),
		"reach": function(func(args []js.Value) any {
			return verify.Reach(plain(args, maxRecordBytes))
		}),
		"openingRolls": function(func([]js.Value) any { return verify.OpeningRolls() }),
	}
	for name, parse := range verify.Parsers {
		api[name] = function(textParser(parse))
	}
	for name, call := range calls {
		api[name] = function(call)
	}
	js.Global().Set("pfcheck", js.ValueOf(api))
	select {} // keep the functions callable
}

// function wraps f so that a panic comes back as an invalid result instead of
// killing the Go program behind every later call, and hands its plain-object
// result over as JSON text that JavaScript parses at once: much faster than
// building a large object one property at a time through syscall/js.
func function(f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if recover() != nil {
				result = toJS(report.InvalidResult("", []report.Problem{{Field: "record", Code: "internal-error"}}).Map())
			}
		}()
		return toJS(f(args))
	})
}

var jsonObject = js.Global().Get("JSON")

// toJS hands a plain-object result to JavaScript through JSON.parse.
func toJS(v any) any {
	if _, isString := v.(string); isString {
		return v
	}
	return jsonObject.Call("parse", string(report.AppendJSON(nil, v)))
}

// plain returns the first argument in the plain-record model (string,
// float64, bool, nil, []any, map[string]any) through JSON.stringify, or nil
// for a missing argument, one JSON cannot carry, or one over maxBytes.
func plain(args []js.Value, maxBytes int) any {
	if len(args) < 1 {
		return nil
	}
	text, ok := jsonText(args[0])
	if !ok || len(text) > maxBytes {
		return nil
	}
	v, _ := report.ParseJSON(text, maxDepth)
	return v
}

// jsonText is JSON.stringify(v); ok is false where it throws (cycles,
// BigInt) or gives no text (undefined, functions).
func jsonText(v js.Value) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	out := jsonObject.Call("stringify", v)
	if out.Type() != js.TypeString {
		return "", false
	}
	return out.String(), true
}

func stringArg(args []js.Value) (string, bool) {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return "", false
	}
	return args[0].String(), true
}

func errorsObject(field string) map[string]any {
	return map[string]any{"errors": report.ProblemList([]report.Problem{{Field: field, Code: "wrong-type"}})}
}

func parseLink(args []js.Value) any {
	fragment, ok := stringArg(args)
	if !ok {
		return errorsObject("link")
	}
	format := ""
	if len(args) > 1 && !args[1].IsUndefined() {
		if args[1].Type() != js.TypeString {
			return errorsObject("format")
		}
		format = args[1].String()
	}
	rec, problems := verify.ParseLink(fragment, format)
	if len(problems) > 0 {
		out := map[string]any{"errors": report.ProblemList(problems)}
		if rec != nil {
			out["record"] = rec
		}
		return out
	}
	return map[string]any{"record": rec}
}

// textParser wraps a parser of typed text into a bridge function.
func textParser(parse func(string) map[string]any) func([]js.Value) any {
	return func(args []js.Value) any {
		text, ok := stringArg(args)
		if !ok {
			return errorsObject("text")
		}
		return parse(text)
	}
}

func check(args []js.Value) any {
	if len(args) < 1 {
		return report.InvalidResult("", []report.Problem{{Field: "record", Code: "missing"}}).Map()
	}
	rec, ok := plain(args, maxRecordBytes).(map[string]any)
	if !ok {
		return report.InvalidResult("", []report.Problem{{Field: "record", Code: "wrong-type"}}).Map()
	}
	return verify.Check(rec).Map()
}

func formatLink(args []js.Value) any {
	if len(args) < 1 {
		return ""
	}
	rec, _ := plain(args, maxRecordBytes).(map[string]any)
	return verify.FormatLink(rec)
}

// selfTest runs every case of the given vector files through verify.RunCase,
// the same code behind check, parseLink and the text parsers. No files, or a
// file without cases, is a failure: a self-test that ran nothing passed nothing.
func selfTest(args []js.Value) any {
	passed, failed := 0, []any{}
	var files []any
	if text, ok := stringArg(args); ok && len(text) <= maxVectorBytes {
		v, _ := report.ParseJSON(text, maxDepth)
		files, _ = v.([]any)
	} else {
		files, _ = plain(args, maxVectorBytes).([]any)
	}
	if len(files) == 0 {
		failed = append(failed, "vectors")
	}
	for _, f := range files {
		file, _ := f.(map[string]any)
		scheme, _ := file["scheme"].(string)
		cases, _ := file["cases"].([]any)
		if len(cases) == 0 {
			failed = append(failed, scheme)
		}
		for _, c := range cases {
			c, _ := c.(map[string]any)
			name, _ := c["name"].(string)
			if ok, _ := verify.RunCase(c); ok {
				passed++
			} else {
				failed = append(failed, scheme+"/"+name)
			}
		}
	}
	return map[string]any{"passed": passed, "failed": failed}
}
