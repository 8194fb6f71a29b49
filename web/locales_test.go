package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/bidi"
)

var placeholder = regexp.MustCompile(`\{[a-zA-Z0-9]+\}`)

// TestLocales: every language has the same keys, file by file (plural
// variants aside: TestLocalePlurals), and each sentence the same
// placeholders as in the first language.
func TestLocales(t *testing.T) {
	for _, page := range Pages {
		locales, err := LoadLocales("../locales", page)
		if err != nil {
			t.Errorf("%s: %v", page.Name, err)
			continue
		}
		first := locales[Languages[0]]
		for _, lang := range Languages {
			// A plural variant may spell its number out: its placeholders
			// are some of its sentence's, in its own language.
			for key, text := range locales[lang] {
				if base, ok := PluralBase(locales[lang], key); ok {
					for _, p := range placeholder.FindAllString(text, -1) {
						if !strings.Contains(locales[lang][base], p) {
							t.Errorf("%s/%s %s: placeholder %s, which %s lacks", page.Name, lang, key, p, base)
						}
					}
				}
			}
		}
		for _, lang := range Languages[1:] {
			for key, text := range first {
				if _, ok := PluralBase(first, key); ok {
					continue
				}
				want := placeholder.FindAllString(text, -1)
				got := placeholder.FindAllString(locales[lang][key], -1)
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s/%s %s: placeholders %v, want %v", page.Name, lang, key, got, want)
				}
				if strings.TrimSpace(locales[lang][key]) == "" {
					t.Errorf("%s/%s %s: empty", page.Name, lang, key)
				}
			}
		}
	}
}

// pluralForms names the plural categories of golang.org/x/text, as
// Intl.PluralRules and the locale keys' suffixes name them.
var pluralForms = map[plural.Form]string{
	plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// pluralCategories are the categories but other that a count (a whole
// number) takes in the language, by CLDR's rules: what Intl.PluralRules
// selects from for the page (msgParts in web/static/common.js).
func pluralCategories(code string) []string {
	var found []string
	for n := range 1000 {
		form, ok := pluralForms[plural.Cardinal.MatchPlural(language.Make(code), n, 0, 0, 0, 0)]
		if ok && !slices.Contains(found, form) {
			found = append(found, form)
		}
	}
	slices.Sort(found)
	return found
}

// pluralSentence is the sentence of words for key and the count n in lang,
// as msgParts chooses it: the variant of n's plural category, if any.
func pluralSentence(words map[string]string, lang, key string, n int) string {
	if form, ok := pluralForms[plural.Cardinal.MatchPlural(language.Make(lang), n, 0, 0, 0, 0)]; ok {
		if s, ok := words[key+"."+form]; ok {
			return s
		}
	}
	return words[key]
}

func TestPluralCategoriesOfTheLanguages(t *testing.T) {
	for code, want := range map[string][]string{"de": {"one"}, "ar": {"few", "many", "one", "two", "zero"}} {
		if got := pluralCategories(code); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", code, got, want)
		}
	}
}

// TestLocalePlurals: a sentence with a variant <key>.<category> in any
// language (a plural key) has in each language exactly the variants of that
// language's plural categories, and only those, beside <key> (other).
func TestLocalePlurals(t *testing.T) {
	for _, page := range Pages {
		locales, err := LoadLocales("../locales", page)
		if err != nil {
			t.Fatalf("%s: %v", page.Name, err)
		}
		plurals := map[string]bool{}
		for _, words := range locales {
			for key := range words {
				if base, ok := PluralBase(words, key); ok {
					plurals[base] = true
				}
			}
		}
		for _, lang := range Languages {
			want := pluralCategories(lang)
			for base := range plurals {
				var got []string
				for _, form := range PluralCategories {
					if _, ok := locales[lang][base+"."+form]; ok {
						got = append(got, form)
					}
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s/%s %s: plural variants %v, want %v", page.Name, lang, base, got, want)
				}
			}
		}
	}
}

// glossaryTerm is an entry of locales/glossary/<lang>.json: the word the
// pages use for a thing, what it means, and the variants they must not use.
type glossaryTerm struct {
	Term    string   `json:"term"`
	Meaning string   `json:"meaning"`
	Avoid   []string `json:"avoid"`
}

// avoided reports whether text uses the variant: case-insensitively, as a
// word or the start of one (a German compound, a Finnish or Greek case
// ending), or, in Arabic, whose article and prepositions join the word in
// front, anywhere.
func avoided(lang, text, variant string) bool {
	text, variant = strings.ToLower(text), strings.ToLower(variant)
	for at := 0; ; {
		i := strings.Index(text[at:], variant)
		if i < 0 {
			return false
		}
		i += at
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		if lang == "ar" || i == 0 || !unicode.IsLetter(before) {
			return true
		}
		at = i + len(variant)
	}
}

func TestAvoided(t *testing.T) {
	for _, c := range []struct {
		lang, text, variant string
		want                bool
	}{
		{"de", "Die Schnittkarte liegt", "schnittkarte", true},
		{"de", "Schnittkarten", "Schnittkarte", true},
		{"de", "die Cut-Card", "schnittkarte", false},
		{"fi", "laskettu sinetin", "sinet", true},
		{"fi", "tiiviste", "tiiv", true},
		{"fi", "sormenjälki", "jälki", false},
		{"el", "Η ετυμηγορία", "ετυμηγορ", true},
		{"ar", "والختم", "ختم", true},
	} {
		if got := avoided(c.lang, c.text, c.variant); got != c.want {
			t.Errorf("avoided(%s, %q, %q) = %v", c.lang, c.text, c.variant, got)
		}
	}
}

// TestGlossary: each language's glossary (locales/glossary/<lang>.json)
// names its terms and what they mean, and no sentence of that language
// uses a variant it rules out.
func TestGlossary(t *testing.T) {
	for _, lang := range Languages {
		data, err := os.ReadFile("../locales/glossary/" + lang + ".json")
		if err != nil {
			t.Errorf("%s: %v", lang, err)
			continue
		}
		var glossary []glossaryTerm
		if err := json.Unmarshal(data, &glossary); err != nil {
			t.Errorf("locales/glossary/%s.json: %v", lang, err)
			continue
		}
		for _, term := range glossary {
			if term.Term == "" || term.Meaning == "" {
				t.Errorf("locales/glossary/%s.json: a term without its word or meaning: %+v", lang, term)
			}
		}
		for _, page := range Pages {
			locales, err := LoadLocales("../locales", page)
			if err != nil {
				t.Fatalf("%s: %v", page.Name, err)
			}
			for key, text := range locales[lang] {
				for _, term := range glossary {
					for _, variant := range term.Avoid {
						if avoided(lang, text, variant) {
							t.Errorf("%s/%s %s uses %q, where the glossary says %q: %s", page.Name, lang, key, variant, term.Term, text)
						}
					}
				}
			}
		}
	}
}

// islandMarks are what makes a run of left-to-right text an island the
// bidi algorithm reorders inside right-to-left words: brackets, operators,
// a path or a link's #…=…&…, or digits joined by an operator or a per cent
// sign ("2^52", "[0, n)", "31–45%", "6-3").
var islandMarks = regexp.MustCompile(`[\[\]()^≥≤/#=&]|[0-9]\s*[-–−+×·*/^%]\s*[0-9]|[0-9]\s*%|%\s*[0-9]`)

// ltrKeys are the keys a template writes inside an element of dir="ltr"
// (the formulas' <pre>): left to right already, on any page.
var ltrKeys = regexp.MustCompile(`dir="ltr"[^>]*>(?:<[a-z][^>]*>)*\{\{t "([^"]+)"\}\}`)

// TestLocaleIsolates: a locale string carries no markup but isolates, each
// closed; and in a right-to-left language every left-to-right island of a
// sentence (a run without right-to-left letters that has a Latin letter or
// a digit and an islandMarks) is inside one, or in an element a template
// sets left to right. It reads each language once, so it does not grow
// with them.
func TestLocaleIsolates(t *testing.T) {
	fixed := map[string]bool{}
	templates, err := filepath.Glob("templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range templates {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ltrKeys.FindAllStringSubmatch(string(data), -1) {
			fixed[m[1]] = true
		}
	}
	for _, page := range Pages {
		locales, err := LoadLocales("../locales", page)
		if err != nil {
			t.Fatalf("%s: %v", page.Name, err)
		}
		for _, lang := range Languages {
			for key, text := range locales[lang] {
				outside, ok := outsideIsolates(text)
				if !ok {
					t.Errorf("%s/%s %s: markup other than closed %s…%s: %s", page.Name, lang, key, isolateOpen, isolateClose, text)
					continue
				}
				if Dir(lang) != "rtl" || fixed[key] {
					continue
				}
				if island := unisolatedIsland(outside); island != "" {
					t.Errorf("%s/%s %s: %q reads left to right but is not between %s and %s: %s", page.Name, lang, key, island, isolateOpen, isolateClose, text)
				}
			}
		}
	}
}

// outsideIsolates is text with each isolate and each {placeholder} a
// neutral U+FFFC (a value with a letter in it is isolated as the page sets
// it, msgParts in web/static/common.js), and whether the text had no other
// markup and no isolate left open or nested.
func outsideIsolates(text string) (string, bool) {
	var out strings.Builder
	for {
		before, after, found := strings.Cut(text, isolateOpen)
		if strings.ContainsAny(before, "<>") {
			return "", false
		}
		out.WriteString(placeholder.ReplaceAllLiteralString(before, "\uFFFC"))
		if !found {
			return out.String(), true
		}
		inside, rest, closed := strings.Cut(after, isolateClose)
		if !closed || strings.ContainsAny(inside, "<>") {
			return "", false
		}
		out.WriteRune('\uFFFC')
		text = rest
	}
}

// unisolatedIsland is the first left-to-right island of text, "" if none:
// text is cut at its right-to-left letters (bidi class R or AL), and a run
// with a left-to-right letter or a digit (L, EN) is an island if it has an
// islandMarks.
func unisolatedIsland(text string) string {
	runs := strings.FieldsFunc(text, func(r rune) bool {
		p, _ := bidi.LookupRune(r)
		return p.Class() == bidi.R || p.Class() == bidi.AL
	})
	for _, run := range runs {
		ltr := strings.IndexFunc(run, func(r rune) bool {
			p, _ := bidi.LookupRune(r)
			return p.Class() == bidi.L || p.Class() == bidi.EN
		}) >= 0
		if ltr && islandMarks.MatchString(run) {
			return strings.TrimSpace(run)
		}
	}
	return ""
}

func TestUnisolatedIsland(t *testing.T) {
	// Each text with the island it has, "" for none.
	for _, c := range [][2]string{
		{"في [0, n)، فخذ", "[0, n)،"},
		{"نحو 2^-192، وهو", "2^-192،"},
		{"نحو <bdi dir=\"ltr\">2^-192</bdi>، وهو", ""},
		{"الوقت (اختياري)", ""},
		{"6-3 أو 63", "6-3"},
		{"من {percent}% الآن", ""},
		{"حرية، p = {p}.", "، p = \uFFFC."},
		{"(k = 0، 1، …)", "(k = 0، 1، …)"},
		{"الختم SHA-256 هنا", ""},
	} {
		outside, ok := outsideIsolates(c[0])
		if got := unisolatedIsland(outside); !ok || got != c[1] {
			t.Errorf("unisolatedIsland(%q) = %q, %v; want %q", c[0], got, ok, c[1])
		}
	}
	for _, text := range []string{"<b>x</b>", "<bdi dir=\"ltr\">x", "<bdi dir=\"ltr\"><bdi dir=\"ltr\">x</bdi></bdi>"} {
		if _, ok := outsideIsolates(text); ok {
			t.Errorf("outsideIsolates(%q) takes it", text)
		}
	}
}

func TestLocalesRefuseAMissingKey(t *testing.T) {
	dir := t.TempDir()
	writeLocale := func(lang, content string) {
		t.Helper()
		if err := os.WriteFile(dir+"/"+lang+".json", []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, lang := range Languages {
		writeLocale(lang, `{"a": "x", "b": "y"}`)
	}
	last := Languages[len(Languages)-1]
	writeLocale(last, `{"a": "x"}`)
	if _, err := LoadLocales(dir, Page{Name: "check"}); err == nil || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("missing key: %v", err)
	}
	writeLocale(last, `{"a": "x", "b": "y", "c": "z"}`)
	if _, err := LoadLocales(dir, Page{Name: "check"}); err == nil || !strings.Contains(err.Error(), `"c"`) {
		t.Errorf("extra key: %v", err)
	}
}
