package web

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var placeholder = regexp.MustCompile(`\{[a-zA-Z0-9]+\}`)

// TestLocales: every language has the same keys, file by file, and each
// sentence the same placeholders as in the first language; a variant for one
// (<key>.one) has its sentence beside it.
func TestLocales(t *testing.T) {
	for _, page := range Pages {
		locales, err := LoadLocales("../locales", page)
		if err != nil {
			t.Errorf("%s: %v", page.Name, err)
			continue
		}
		first := locales[Languages[0]]
		for key := range first {
			// msg in web/static/common.js takes <key>.one for a count of one.
			if base, ok := strings.CutSuffix(key, ".one"); ok && first[base] == "" {
				t.Errorf("%s: %s is the variant of %s, which does not exist", page.Name, key, base)
			}
		}
		for _, lang := range Languages[1:] {
			for key, text := range first {
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

func TestLocalesRefuseAMissingKey(t *testing.T) {
	dir := t.TempDir()
	writeLocale := func(lang, content string) {
		t.Helper()
		if err := os.WriteFile(dir+"/"+lang+".json", []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeLocale("de", `{"a": "x", "b": "y"}`)
	writeLocale("el", `{"a": "x", "b": "y"}`)
	writeLocale("fi", `{"a": "x"}`)
	if _, err := LoadLocales(dir, Page{Name: "check"}); err == nil || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("missing key: %v", err)
	}
	writeLocale("fi", `{"a": "x", "b": "y", "c": "z"}`)
	if _, err := LoadLocales(dir, Page{Name: "check"}); err == nil || !strings.Contains(err.Error(), `"c"`) {
		t.Errorf("extra key: %v", err)
	}
}
