package shoe

import (
	"testing"

	"pfcheck/internal/link"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// TestVectors runs every shoe_v1 vector through this package directly; the
// freshness of the file and that every case can fail are checked for all
// vector files in internal/verify.
func TestVectors(t *testing.T) {
	vectortest.Run(t, Scheme, func(c map[string]any) map[string]any {
		switch input := c["record"]; {
		case input != nil:
			rec, _ := input.(map[string]any)
			return Check(rec).Map()
		case c["cardsText"] != nil:
			text, _ := c["cardsText"].(string)
			cards, p := ParseCards(text)
			if p != nil {
				return map[string]any{"errors": report.ProblemList([]report.Problem{*p})}
			}
			return map[string]any{"cards": report.Strings(cards)}
		case c["link"] != nil:
			fragment, _ := c["link"].(string)
			if c["format"] != "shoe" {
				t.Errorf("%v: a shoe link case without format shoe", c["name"])
			}
			return linkResult(fragment)
		case c["stream"] != nil:
			spec, _ := c["stream"].(map[string]any)
			return StreamResult(spec)
		}
		return nil
	})
}

// linkResult is verify.LinkResult for the shoe format, which this package
// cannot import: the check of the link's record, or its problems.
func linkResult(fragment string) map[string]any {
	pairs, p := link.SplitMax(fragment, MaxLinkLength)
	if p == nil {
		var v string
		if v, p = link.Version(pairs); p == nil && v != "1" {
			p = &report.Problem{Field: link.Field, Code: link.CodeNewerVersion}
		}
	}
	if p != nil {
		return report.InvalidResult("", []report.Problem{*p}).Map()
	}
	rec, problems := RecordFromLink(pairs)
	if len(problems) > 0 {
		return report.InvalidResult("", problems).Map()
	}
	got := Check(rec).Map()
	got["record"] = rec
	return got
}
