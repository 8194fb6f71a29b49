package web

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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

// keyDifference names one key of want that got lacks and one key of got
// that want lacks, "" where there is none.
func keyDifference(want, got map[string]string) (missing, extra string) {
	for k := range want {
		if _, ok := got[k]; !ok {
			missing = k
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			extra = k
		}
	}
	return missing, extra
}
