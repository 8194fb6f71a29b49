package verify

import (
	"strings"

	"pfcheck/internal/dice"
	"pfcheck/internal/report"
)

// inputs maps each input kind of a vector case (testdata/README.md and the
// schemes' own notes in testdata/) to the call the page makes for it; a
// link case names its page's format in "format" (absent: dice).
var inputs = map[string]func(v any, c map[string]any) (map[string]any, bool){
	"record": func(v any, _ map[string]any) (map[string]any, bool) {
		rec, ok := v.(map[string]any)
		return Check(rec).Map(), ok
	},
	"link": func(v any, c map[string]any) (map[string]any, bool) {
		fragment, ok := v.(string)
		format, isString := c["format"].(string)
		if _, present := c["format"]; present && !isString {
			ok = false
		}
		return LinkResult(fragment, format), ok
	},
	"rollsText": text(RollsResult),
}

func text(run func(string) map[string]any) func(any, map[string]any) (map[string]any, bool) {
	return func(v any, _ map[string]any) (map[string]any, bool) {
		s, ok := v.(string)
		return run(s), ok
	}
}

// RunCase runs one test-vector case through the same functions the page
// calls, and returns "" when what ran contains what the case expects, else
// why not (caseFailure); got is what ran, for a report.
func RunCase(c map[string]any) (failure string, got map[string]any) {
	want, hasWant := c["expect"].(map[string]any)
	if !hasWant {
		return "expect: no object", nil
	}
	kinds := inputKinds(c)
	if len(kinds) != 1 {
		// Two inputs would run whichever the map gave first.
		return inputsProblem(kinds), nil
	}
	got, ok := inputs[kinds[0]](c[kinds[0]], c)
	if !ok {
		return kinds[0] + ": of the wrong type", got
	}
	return caseFailure(got, want), got
}

// inputKinds are the inputs a case gives (record, link, …), sorted.
func inputKinds(c map[string]any) []string {
	given := map[string]any{}
	for kind := range inputs {
		if _, present := c[kind]; present {
			given[kind] = true
		}
	}
	return report.SortedKeys(given)
}

// inputsProblem says what is wrong with a case that gives not one input.
func inputsProblem(kinds []string) string {
	if len(kinds) == 0 {
		return "no input (record, link, rollsText, …)"
	}
	return "inputs " + strings.Join(kinds, " and ") + ": a case gives one"
}

// caseFailure is where got first differs from what the case expects
// (report.Unmet) and, unless the case expects it, the first thing the check
// found wrong: a problem, a mismatch, or else a comparison that failed
// (`cutMatches: false`, `commitment.matches: false`). For a record that
// should match, that says where it and the calculation part: what an
// operator's vector needs said.
func caseFailure(got, want map[string]any) string {
	failure := report.Unmet(got, want)
	if failure == "" {
		return ""
	}
	for _, key := range []string{"errors", "mismatches"} {
		if found, _ := got[key].([]any); len(found) > 0 && want[key] == nil {
			return failure + "; first of " + key + ": " + string(report.AppendJSON(nil, found[0]))
		}
	}
	found, suffix := "", ""
	for key, v := range got {
		inner, _ := v.(map[string]any)
		switch {
		case want[key] != nil || found != "" && key > found:
		case v == false:
			found, suffix = key, ""
		case inner != nil && inner["matches"] == false:
			found, suffix = key, ".matches"
		}
	}
	if found != "" {
		failure += "; " + found + suffix + ": false"
	}
	return failure
}

// LinkResult is what the page shows for a link in the given format: the
// check of its record, or the link's own problems as an invalid result.
func LinkResult(fragment, format string) map[string]any {
	rec, problems := ParseLink(fragment, format)
	if len(problems) > 0 {
		return report.InvalidResult("", problems).Map()
	}
	got := Check(rec).Map()
	got["record"] = rec
	return got
}

// RollsResult is parseRolls' answer: {rolls: ["63", …]} or {errors}.
func RollsResult(text string) map[string]any {
	rolls, p := dice.ParseRolls(text)
	out := make([]string, len(rolls))
	for i, r := range rolls {
		out[i] = r.String()
	}
	return listResult("rolls", out, p)
}

func listResult(key string, items []string, p *report.Problem) map[string]any {
	if p != nil {
		return errorsResult(*p)
	}
	return map[string]any{key: report.Strings(items)}
}

func errorsResult(p report.Problem) map[string]any {
	return map[string]any{"errors": report.ProblemList([]report.Problem{p})}
}
