// Package locales holds the pages' words: <lang>.json and <lang>.<page>.json
// for every language languages.json lists, and each language's glossary
// (glossary/<lang>.json). It gives Go the list of languages, embedded, so
// that the build, the server and the tests read one list.
package locales

import (
	_ "embed"
	"encoding/json"
)

// Language is one language of the pages: its BCP 47 code (the pages'
// lang and the first part of their path) and its writing direction,
// "ltr" or "rtl".
type Language struct {
	Code string `json:"code"`
	Dir  string `json:"dir"`
}

//go:embed languages.json
var languagesJSON []byte

// Languages are the languages of languages.json, in its order: the order
// of the language switch; the first is the landing page's language for a
// browser that asks for none of them.
var Languages = parse(languagesJSON)

func parse(data []byte) []Language {
	var list []Language
	if err := json.Unmarshal(data, &list); err != nil {
		panic("locales/languages.json: " + err.Error())
	}
	for _, l := range list {
		if l.Code == "" || l.Dir != "ltr" && l.Dir != "rtl" {
			panic("locales/languages.json: a language needs a code and dir ltr or rtl: " + string(data))
		}
	}
	return list
}
