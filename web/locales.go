package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// LoadLocales reads a page's locale files (Page.LocaleFiles) from dir for
// every language into one map per language, and requires every language to
// have exactly the keys of the first, file by file.
func LoadLocales(dir string, page Page) (map[string]map[string]string, error) {
	locales := map[string]map[string]string{}
	var first []map[string]string
	for _, code := range Languages {
		locales[code] = map[string]string{}
		for i, name := range page.LocaleFiles(code) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return nil, err
			}
			words := map[string]string{}
			if err := json.Unmarshal(data, &words); err != nil {
				return nil, fmt.Errorf("locales/%s: %v", name, err)
			}
			if code == Languages[0] {
				first = append(first, words)
			} else if missing, extra := keyDifference(first[i], words); missing != "" || extra != "" {
				return nil, fmt.Errorf("locales/%s lacks %q, has extra %q", name, missing, extra)
			}
			for k, v := range words {
				locales[code][k] = v
			}
		}
	}
	return locales, nil
}

// A locale string sets a left-to-right island (a formula, an interval, a
// link, a number with its unit or range) apart from right-to-left words
// around it between these two tags, the only markup a locale string may
// carry: the bidi algorithm would otherwise reorder the island's neutral
// characters ("[0, n)" shows as "(n ,0]"). TestLocaleIsolates finds an
// island left out in a right-to-left language.
const (
	isolateOpen  = `<bdi dir="ltr">`
	isolateClose = `</bdi>`
)

// LocaleHTML is a locale string as a template writes it: its text escaped,
// its isolates <bdi> elements.
func LocaleHTML(s string) template.HTML {
	return template.HTML(strings.NewReplacer(
		template.HTMLEscapeString(isolateOpen), isolateOpen,
		template.HTMLEscapeString(isolateClose), isolateClose,
	).Replace(template.HTMLEscapeString(s)))
}

// LocaleText is a locale string as a page's script sets it, as text: its
// isolates between U+2066 (left-to-right isolate) and U+2069 (pop).
func LocaleText(s string) string {
	return strings.NewReplacer(isolateOpen, "\u2066", isolateClose, "\u2069").Replace(s)
}

// PluralCategories are the suffixes of a sentence's plural variants:
// <key>.<category> is the sentence for a count in that category of
// Intl.PluralRules in the page's language, <key> itself the category other
// (msgParts, web/static/common.js). Each language has the variants of its
// own categories, so they are not compared across languages (see
// TestLocalePlurals).
var PluralCategories = []string{"zero", "one", "two", "few", "many"}

// PluralBase returns the key a plural variant key of words is a variant of.
func PluralBase(words map[string]string, key string) (base string, ok bool) {
	i := strings.LastIndex(key, ".")
	if i < 0 || !slices.Contains(PluralCategories, key[i+1:]) {
		return "", false
	}
	_, ok = words[key[:i]]
	return key[:i], ok
}

// keyDifference names one key of want that got lacks and one key of got
// that want lacks, "" where there is none, plural variants aside.
func keyDifference(want, got map[string]string) (missing, extra string) {
	for k := range want {
		if _, ok := got[k]; !ok {
			if _, variant := PluralBase(want, k); !variant {
				missing = k
			}
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			if _, variant := PluralBase(got, k); !variant {
				extra = k
			}
		}
	}
	return missing, extra
}

// auditLabels names the label of a field a scheme's page gives another key
// than <page>.<field>.label (its form shows the field under that label).
var auditLabels = map[string]map[string]string{
	"dice_v2":       {"rolls": "dice.games.label"},
	"poker_hmac_v1": {"serverSeed": "games.pokerSeed.label", "seats": "games.pokerSeats.label"},
}

// SchemeWords returns the words of each scheme's own page that the audit
// page repeats when it lists a line of that scheme, keyed
// "<scheme>/<key>", so that a line says what the scheme's page would say:
// its problem sentences (msg.error.…) where they are not the audit page's
// own (own: the audit page's words in lang), each field's label as its form
// shows it ("<scheme>/label.<field>") and the chess colours (msg.colour.…).
func SchemeWords(dir, lang string, own map[string]string) (map[string]string, error) {
	words := map[string]string{}
	for _, page := range Pages {
		if page.Audits {
			continue
		}
		locales, err := LoadLocales(dir, page)
		if err != nil {
			return nil, err
		}
		theirs := locales[lang]
		for _, scheme := range page.Schemes {
			for key, text := range theirs {
				if (strings.HasPrefix(key, "msg.error.") || strings.HasPrefix(key, "msg.colour.")) && own[key] != text {
					words[scheme+"/"+key] = text
				}
				if field, ok := strings.CutPrefix(key, page.Name+"."); ok {
					if field, ok := strings.CutSuffix(field, ".label"); ok && !strings.Contains(field, ".") {
						words[scheme+"/label."+field] = text
					}
				}
			}
			for field, key := range auditLabels[scheme] {
				words[scheme+"/label."+field] = theirs[key]
			}
		}
	}
	return words, nil
}
