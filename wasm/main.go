//go:build js && wasm

// Command wasm is the JavaScript bridge of pfcheck. It registers one global
// object, pfcheck, and only translates between JavaScript values and the
// verification core in internal/verify:
//
//	pfcheck.version            string: module version and source hash of this build
//	pfcheck.selfTest(files)    {passed: int, failed: [case name, …], differences:
//	                           [why, …]}: test-vector files (testdata/vectors,
//	                           or an operator's) through the same calls; each
//	                           failure's first difference (verify.RunCase);
//	                           files is a list of parsed files, its JSON text,
//	                           or its binary form as a page carries it (a
//	                           Uint8Array, see report.ParsePlain)
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
//	                           format of its scheme's page that means what the
//	                           record means, "" if none (verify.FormatLink)
//
// In builds with dice_v2 (tag pfcheck_dicev2: the dice and audit pages) and
// the build with every scheme (reach.go):
//
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
//	                           (a string, or its UTF-8 bytes in a Uint8Array)
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
// as status invalid with errors. wasm/API.md documents every field.
//
// Two rules keep a hostile argument from harming the verifier. One call runs
// at a time: a call made while another runs (from an argument's toJSON or
// getter) is refused with the code reentrant, since nesting them without end
// kills the Go program and every later call with it. And every argument's
// size is bounded before it is copied into wasm memory, which never shrinks:
// a string's length is read first, and a text over its bound is refused
// unread.
//
// Values cross as JSON text, both ways: one JSON.stringify or JSON.parse per
// call instead of one syscall/js call per value, which made a self-test some
// ten times slower.
package main

import (
	"math"
	"strings"
	"syscall/js"

	"pfcheck/internal/link"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// version is set by the Makefile: module version and a hash of the sources.
var version = "dev"

// calls are bridge functions that only some builds have (audit.go, reach.go).
var calls = map[string]call{}

// call is a bridge function and its answer to a call made while another
// runs (see function).
type call struct {
	f         func(args []js.Value) any
	reentered any
}

// Bounds on what a call takes from JavaScript, so a hostile argument cannot
// exhaust memory: records nest a few levels and hold at most a match's rolls;
// the vector files a page carries are larger.
const (
	maxDepth       = 12
	maxRecordBytes = 4 << 20
	maxVectorBytes = 32 << 20
)

// Codes of the bridge itself, on the argument's field, besides the record
// codes missing, wrong-type and too-long.
const (
	codeReentrant = "reentrant"
	codeInternal  = "internal-error"
)

func main() {
	api := map[string]any{
		"version":    version,
		"selfTest":   function(selfTest, map[string]any{"passed": 0, "failed": []any{codeReentrant}, "differences": []any{"a call made while another runs"}}),
		"parseLink":  function(parseLink, errorsObject("link", codeReentrant)),
		"check":      function(check, invalid(codeReentrant)),
		"formatLink": function(formatLink, ""),
	}
	for name, parser := range verify.Parsers {
		api[name] = function(textParser(parser), errorsObject("text", codeReentrant))
	}
	for name, call := range calls {
		api[name] = function(call.f, call.reentered)
	}
	js.Global().Set("pfcheck", js.ValueOf(api))
	select {} // keep the functions callable
}

// running is true while a call runs. JavaScript runs one thing at a time, so
// a call that finds it set was made by the running call's argument.
var running bool

// function wraps f so that a call made while another runs gets reentered,
// and a panic an invalid result, instead of killing the Go program behind
// every later call; it hands its plain-object result over as JSON text that
// JavaScript parses at once: much faster than building a large object one
// property at a time through syscall/js.
func function(f func(args []js.Value) any, reentered any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		if running {
			return toJS(reentered)
		}
		running = true
		defer func() {
			running = false
			if recover() != nil {
				result = toJS(invalid(codeInternal))
			}
		}()
		return toJS(f(args))
	})
}

// invalid is the result of a check refused for the record as a whole.
// It and errorsObject are not inlined: each of their callers would carry
// its own copy of the map building, some 15 KB of wasm in all.
//
//go:noinline
func invalid(code string) map[string]any {
	return report.InvalidResult("", []report.Problem{{Field: "record", Code: code}}).Map()
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
// and the problem's code: missing, wrong-type for one JSON cannot carry,
// too-long for one over maxBytes. A number JSON cannot carry (NaN,
// ±Infinity: what a JSON number beyond a double, 1e400, reads as) is
// wrong-type too, where stringify would write it as null, an absent value
// (testdata/README.md, "One meaning per input").
func plain(args []js.Value, maxBytes int) (v any, code string) {
	if len(args) < 1 {
		return nil, record.CodeMissing
	}
	text, code := jsonText(args[0], maxBytes)
	if code != "" {
		return nil, code
	}
	if holdsNonFinite(args[0], text) {
		return nil, record.CodeWrongType
	}
	v, _ = report.ParseJSON(text, maxDepth)
	return v, ""
}

// jsonText is JSON.stringify(v), or the problem's code: wrong-type where it
// throws (cycles, BigInt) or gives no text (undefined, functions), too-long
// where the text is over maxBytes.
func jsonText(v js.Value, maxBytes int) (text, code string) {
	defer func() {
		if recover() != nil {
			text, code = "", record.CodeWrongType
		}
	}()
	return stringValue(jsonObject.Call("stringify", v), maxBytes)
}

var object = js.Global().Get("Object")

// stringValue copies a JavaScript string of at most maxBytes UTF-8 bytes
// into Go. Its length, in UTF-16 units, is read first (from its String
// object: syscall/js reads no property of a primitive): each unit is at
// least one byte, so a longer string is refused uncopied, and what is
// copied is at most three times maxBytes.
func stringValue(v js.Value, maxBytes int) (text, code string) {
	switch {
	case v.Type() != js.TypeString:
		return "", record.CodeWrongType
	case object.Invoke(v).Length() > maxBytes:
		return "", record.CodeTooLong
	}
	text = v.String()
	if len(text) > maxBytes {
		return "", record.CodeTooLong
	}
	return text, ""
}

// bytesValue copies a Uint8Array of at most maxBytes bytes into Go, in one
// piece; a longer one is refused uncopied.
func bytesValue(v js.Value, maxBytes int) (data []byte, code string) {
	if v.Length() > maxBytes {
		return nil, record.CodeTooLong
	}
	data = make([]byte, v.Length())
	js.CopyBytesToGo(data, v)
	return data, ""
}

// stringArg is the first argument, a string of at most maxBytes bytes.
func stringArg(args []js.Value, maxBytes int) (text, code string) {
	if len(args) < 1 {
		return "", record.CodeWrongType
	}
	return stringValue(args[0], maxBytes)
}

//go:noinline
func errorsObject(field, code string) map[string]any {
	return map[string]any{"errors": report.ProblemList([]report.Problem{{Field: field, Code: code}})}
}

func parseLink(args []js.Value) any {
	// One byte more than the longest link: its "#".
	fragment, code := stringArg(args, link.MaxLength+1)
	if code != "" {
		return errorsObject("link", code)
	}
	format := ""
	if len(args) > 1 && !args[1].IsUndefined() {
		name, code := stringValue(args[1], maxFormatName)
		if code != "" {
			return errorsObject("format", record.CodeWrongType)
		}
		format = name
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

// maxFormatName bounds a link format's name ("dice", "shoe", "games").
const maxFormatName = 16

// textParser wraps a parser of typed text into a bridge function; a text
// over the parser's bound gets its answer for that unread.
func textParser(p verify.TextParser) func([]js.Value) any {
	return func(args []js.Value) any {
		text, code := stringArg(args, p.MaxBytes)
		switch code {
		case record.CodeTooLong:
			return p.Refused()
		case record.CodeWrongType:
			return errorsObject("text", code)
		}
		return p.Parse(text)
	}
}

func check(args []js.Value) any {
	v, code := plain(args, maxRecordBytes)
	rec, isRecord := v.(map[string]any)
	switch {
	case code != "":
		return invalid(code)
	case !isRecord:
		return invalid(record.CodeWrongType)
	}
	return verify.Check(rec).Map()
}

func formatLink(args []js.Value) any {
	v, _ := plain(args, maxRecordBytes)
	rec, _ := v.(map[string]any)
	return verify.FormatLink(rec)
}

// nonFinite is a JSON.stringify replacer that notes any number JSON cannot
// carry; holdsNonFinite runs it only over a value whose JSON has a null,
// which is what stringify writes for such a number (most records have none).
var (
	sawNonFinite bool
	nonFinite    = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if v := args[1]; v.Type() == js.TypeNumber && (math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0)) {
			sawNonFinite = true
		}
		return args[1]
	})
)

func holdsNonFinite(v js.Value, text string) bool {
	if !strings.Contains(text, "null") {
		return false
	}
	sawNonFinite = false
	jsonObject.Call("stringify", v, nonFinite)
	return sawNonFinite
}

var uint8Array = js.Global().Get("Uint8Array")

// vectorFiles reads selfTest's argument: the vector files as the page
// carries them (a Uint8Array of their binary form, report.ParsePlain, copied
// in one piece), as JSON text, or as a list of parsed files.
func vectorFiles(args []js.Value) []any {
	var v any
	switch {
	case len(args) > 0 && args[0].InstanceOf(uint8Array):
		if data, code := bytesValue(args[0], maxVectorBytes); code == "" {
			v, _ = report.ParsePlain(string(data), maxDepth)
		}
	case len(args) > 0 && args[0].Type() == js.TypeString:
		if text, code := stringArg(args, maxVectorBytes); code == "" {
			v, _ = report.ParseJSON(text, maxDepth)
		}
	default:
		v, _ = plain(args, maxVectorBytes)
	}
	files, _ := v.([]any)
	return files
}

// selfTest runs every case of the given vector files through verify.RunCase,
// the same code behind check, parseLink and the text parsers. No files, or a
// file without cases, is a failure: a self-test that ran nothing passed
// nothing. differences[i] says why failed[i] failed.
func selfTest(args []js.Value) any {
	passed, failed, differences := 0, []any{}, []any{}
	fail := func(name, why string) {
		failed = append(failed, name)
		differences = append(differences, why)
	}
	files := vectorFiles(args)
	if len(files) == 0 {
		fail("vectors", "no vector files")
	}
	for _, f := range files {
		file, _ := f.(map[string]any)
		scheme, _ := file["scheme"].(string)
		cases, _ := file["cases"].([]any)
		if len(cases) == 0 {
			fail(scheme, "no cases")
		}
		for _, c := range cases {
			c, _ := c.(map[string]any)
			name, _ := c["name"].(string)
			if failure, _ := verify.RunCase(c); failure != "" {
				fail(scheme+"/"+name, failure)
			} else {
				passed++
			}
		}
	}
	return map[string]any{"passed": passed, "failed": failed, "differences": differences}
}
