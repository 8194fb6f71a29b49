//go:build js && wasm

// Command wasm is the JavaScript bridge of pfcheck. It registers one global
// object, pfcheck, and only translates between JavaScript values and the
// verification core in internal/verify:
//
//	pfcheck.version            string: module version and source hash of this build
//	pfcheck.selfTest(files)    {passed: int, failed: [case name, …]}: test-vector
//	                           files (testdata/vectors, parsed) through the same calls
//	pfcheck.parseLink(frag)    {record: {...}} or {errors: [{field, code, at?}, …]}
//	pfcheck.parseRolls(text)   {rolls: ["63", …]} or {errors: [{field, code, at?}]}
//	pfcheck.parseCards(text)   {cards: ["AS", …]} or {errors: [{field, code, at?}]}
//	                           (in builds with shoe_v1)
//	pfcheck.check(record)      {scheme, status, commitment?, errors, mismatches, …}
//	pfcheck.formatLink(record) the link fragment (no "#") for a record, "" if none
//
// status is one of match, mismatch, computed, invalid, unsupported. A call
// never throws into JavaScript: bad arguments and internal faults come back
// as status invalid with errors. The README documents every field.
package main

import (
	"syscall/js"

	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// version is set by the Makefile: module version and a hash of the sources.
var version = "dev"

// Bounds on what a call converts from JavaScript, so a hostile object cannot
// exhaust memory: records nest a few levels and hold at most a match's rolls;
// the vector files a page carries are larger.
const (
	maxDepth       = 8
	maxItems       = 200000
	maxVectorItems = 1 << 24
)

func main() {
	api := map[string]any{
		"version":    version,
		"selfTest":   function(selfTest),
		"parseLink":  function(parseLink),
		"check":      function(check),
		"formatLink": function(formatLink),
	}
	for name, parse := range verify.Parsers {
		api[name] = function(textParser(parse))
	}
	js.Global().Set("pfcheck", js.ValueOf(api))
	select {} // keep the functions callable
}

// function wraps f so that a panic comes back as an invalid result instead of
// killing the Go program behind every later call.
func function(f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if recover() != nil {
				result = report.InvalidResult("", []report.Problem{{Field: "record", Code: "internal-error"}}).Map()
			}
		}()
		return f(args)
	})
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
	rec, problems := verify.ParseLink(fragment)
	if len(problems) > 0 {
		return map[string]any{"errors": report.ProblemList(problems)}
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
	rec, ok := fromJS(args[0], maxDepth, budget(maxItems)).(map[string]any)
	if !ok {
		return report.InvalidResult("", []report.Problem{{Field: "record", Code: "wrong-type"}}).Map()
	}
	return verify.Check(rec).Map()
}

func formatLink(args []js.Value) any {
	if len(args) < 1 {
		return ""
	}
	rec, _ := fromJS(args[0], maxDepth, budget(maxItems)).(map[string]any)
	return verify.FormatLink(rec)
}

// selfTest runs every case of the given vector files through verify.RunCase,
// the same code behind check, parseLink and the text parsers. No files, or a
// file without cases, is a failure: a self-test that ran nothing passed nothing.
func selfTest(args []js.Value) any {
	passed, failed := 0, []any{}
	var files []any
	if len(args) > 0 {
		files, _ = fromJS(args[0], maxDepth, budget(maxVectorItems)).([]any)
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

func budget(n int) *int { return &n }

// fromJS converts a JavaScript value to the plain-record model (string,
// float64, bool, nil, []any, map[string]any). Functions, symbols and values
// past the depth or the item budget become nil, which the checks refuse.
func fromJS(v js.Value, depth int, items *int) any {
	*items--
	if depth < 0 || *items < 0 {
		return nil
	}
	switch v.Type() {
	case js.TypeString:
		return v.String()
	case js.TypeNumber:
		return v.Float()
	case js.TypeBoolean:
		return v.Bool()
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			n := v.Length()
			if n > *items {
				return nil
			}
			list := make([]any, n)
			for i := range n {
				list[i] = fromJS(v.Index(i), depth-1, items)
			}
			return list
		}
		keys := js.Global().Get("Object").Call("keys", v)
		obj := make(map[string]any, keys.Length())
		for i := range keys.Length() {
			k := keys.Index(i).String()
			obj[k] = fromJS(v.Get(k), depth-1, items)
		}
		return obj
	}
	return nil
}
