package web

import (
	"os"
	"regexp"
	"testing"
)

// TestSchemePages: the pages' map of which page checks each scheme
// (common.js, schemePages), which sends a record of another page's scheme
// there, is Pages'.
func TestSchemePages(t *testing.T) {
	js, err := os.ReadFile("static/common.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)const schemePages = \{(.*?)\};`).FindSubmatch(js)
	if block == nil {
		t.Fatal("common.js has no schemePages")
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`(\w+): '(\w+)'`).FindAllSubmatch(block[1], -1) {
		got[string(m[1])] = string(m[2])
	}
	want := map[string]string{"match_seed_v1": "games"} // read by the games page, which says it is not published
	for _, p := range Pages {
		for _, s := range p.Schemes {
			if !p.Audits {
				want[s] = p.Name
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("schemePages %v, Pages %v", got, want)
	}
	for s, page := range want {
		if got[s] != page {
			t.Errorf("schemePages[%s] = %q, Pages say %q", s, got[s], page)
		}
	}
}
