package verify

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pfcheck/internal/report"
)

// An operator's vector files (testdata/README.md, "For operators") are read
// here, one way, by the build (web/build: operator.go) and by conformance
// (web/node/conformance.mjs, through the wasm's conformance call), and
// strictly: what two readers could read two ways is refused, by name, never
// run. A refusal is "<path>: <why>", printable as it is (report.Escaped).

// MaxVectorFileBytes is the largest vector file read, the most a page's
// verifier takes (wasm: maxVectorBytes).
const MaxVectorFileBytes = 32 << 20

// maxVectorFileDepth is how deep a file may nest: a page reads its vectors
// as a list of files, one level more, with the wasm's maxDepth, 12.
const maxVectorFileDepth = 11

// VectorFileTooLarge is the refusal of a file of size bytes from path, if
// it is over MaxVectorFileBytes: a reader can refuse it unread.
func VectorFileTooLarge(path string, size int) string {
	if size <= MaxVectorFileBytes {
		return ""
	}
	return report.Escaped(path) + ": over " + strconv.Itoa(MaxVectorFileBytes>>20) + " MB, the most a page's verifier reads"
}

// VectorFile is a vector file as read: its scheme and its cases, each with
// a name of its own, one input and what it expects.
type VectorFile struct {
	Scheme string
	Cases  []map[string]any
}

// ReadVectorFile reads one vector file, text, from path. names holds the
// cases already read from other files ("<scheme>/<name>": their path): a
// case's name is its own among them all, as the pages report a case by it.
// It refuses a file over MaxVectorFileBytes, not UTF-8, not JSON, nested
// deeper than a page reads, with a number beyond a double or a key given
// twice or in two cases (JSON.parse keeps one, encoding/json another), of a
// scheme this verifier does not check, without cases; and a case without a
// name of its own, without "expect", or with not exactly one input.
func ReadVectorFile(path, text string, names map[string]string) (VectorFile, string) {
	refuse := func(why string) (VectorFile, string) {
		return VectorFile{}, report.Escaped(path) + ": " + why
	}
	if why := VectorFileTooLarge(path, len(text)); why != "" {
		return VectorFile{}, why
	}
	if !utf8.ValidString(text) {
		return refuse("not UTF-8")
	}
	v, problem := report.ReadJSON(text, maxVectorFileDepth)
	if problem != "" {
		return refuse(problem)
	}
	if a, b := caseVariantKeys(v); a != "" {
		return refuse("keys " + shownKey(a) + " and " + shownKey(b) + " differ only in case")
	}
	top, _ := v.(map[string]any)
	scheme, _ := top["scheme"].(string)
	list, isList := top["cases"].([]any)
	switch {
	case top == nil || scheme == "" || !isList:
		return refuse(`not a vector file: it needs "scheme" and a list of "cases" (testdata/README.md)`)
	case checks[scheme] == nil:
		return refuse("scheme " + shownKey(scheme) + ": this verifier does not check it (" + strings.Join(report.SortedKeys(schemeSet()), ", ") + ")")
	case len(list) == 0:
		return refuse("no cases")
	}
	file := VectorFile{Scheme: scheme, Cases: make([]map[string]any, len(list))}
	for i, item := range list {
		c, _ := item.(map[string]any)
		name, _ := c["name"].(string)
		id := scheme + "/" + name
		if name == "" {
			return refuse("case " + strconv.Itoa(i+1) + " has no name")
		}
		if other, seen := names[id]; seen {
			return refuse("two cases named " + report.Escaped(id) + " (the other in " + report.Escaped(other) + ")")
		}
		names[id] = path
		if why := caseProblem(c); why != "" {
			return refuse(report.Escaped(id) + ": " + why)
		}
		file.Cases[i] = c
	}
	return file, ""
}

// caseProblem is why a case cannot run, or "".
func caseProblem(c map[string]any) string {
	if _, ok := c["expect"].(map[string]any); !ok {
		return `no "expect" object`
	}
	if kinds := inputKinds(c); len(kinds) != 1 {
		return inputsProblem(kinds)
	}
	return ""
}

// Run runs every case of the file, read from path, as RunCase does, and
// returns why each failed ("": it passed), or why the file is refused: a
// case whose record or link the verifier computes as another scheme than
// the file's, which the file's page would not (one that no page computes is
// unsupported everywhere).
func (f VectorFile) Run(path string) (failures []string, refusal string) {
	failures = make([]string, len(f.Cases))
	for i, c := range f.Cases {
		failure, got := RunCase(c)
		if of, _ := got["scheme"].(string); of != "" && of != f.Scheme && got["status"] != string(report.Unsupported) {
			name, _ := c["name"].(string)
			return nil, report.Escaped(path) + ": " + report.Escaped(f.Scheme+"/"+name) + ": a " + shownKey(of) + " case in a file of " + f.Scheme
		}
		failures[i] = failure
	}
	return failures, ""
}

// schemeSet is the schemes this build checks.
func schemeSet() map[string]any {
	set := map[string]any{}
	for s := range checks {
		set[s] = true
	}
	return set
}

// caseVariantKeys returns two keys of one object in v that differ only in
// case ("cases" and "CASES"), or "": encoding/json matches a field by
// either, JavaScript by its own.
func caseVariantKeys(v any) (a, b string) {
	switch v := v.(type) {
	case []any:
		for _, item := range v {
			if a, b = caseVariantKeys(item); a != "" {
				return a, b
			}
		}
	case map[string]any:
		folded := make(map[string]string, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			f := strings.ToLower(strings.ToUpper(k))
			if other, seen := folded[f]; seen {
				return other, k
			}
			folded[f] = k
			if a, b = caseVariantKeys(v[k]); a != "" {
				return a, b
			}
		}
	}
	return "", ""
}

// shownKey is a key or value of a file, quoted and printable.
func shownKey(s string) string {
	return `"` + report.Escaped(s) + `"`
}
