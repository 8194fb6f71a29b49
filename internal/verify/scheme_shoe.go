//go:build !pfcheck_minimal || pfcheck_shoe

package verify

import (
	"pfcheck/internal/report"
	"pfcheck/internal/shoe"
)

func init() {
	checks[shoe.Scheme] = shoe.Check
	linkFormats[FormatShoe] = &linkFormat{shoe.MaxLinkLength, map[string]func([][2]string) (map[string]any, []report.Problem){
		"1": shoe.RecordFromLink,
	}}
	linkWriters[shoe.Scheme] = linkWriter{FormatShoe, shoe.FormatLink}
	Parsers["parseCards"] = TextParser{shoe.MaxCardsText, report.Problem{Field: "cards", Code: shoe.CodeTooMany}, CardsResult}
	inputs["cardsText"] = text(CardsResult)
	inputs["stream"] = func(v any, _ map[string]any) (map[string]any, bool) {
		spec, ok := v.(map[string]any)
		return shoe.StreamResult(spec), ok
	}
}

// CardsResult is parseCards' answer: {cards: ["AS", …]} or {errors}.
func CardsResult(text string) map[string]any {
	cards, p := shoe.ParseCards(text)
	return listResult("cards", cards, p)
}
