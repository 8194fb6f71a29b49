package shoe

import (
	"testing"

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
		case c["stream"] != nil:
			spec, _ := c["stream"].(map[string]any)
			return StreamResult(spec)
		}
		return nil
	})
}
