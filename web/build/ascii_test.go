package main

import (
	"strings"
	"testing"
)

func TestASCIIPage(t *testing.T) {
	page := `<title>Würfel – Ζάρια</title><p title="ä">♠ & 🂡</p>` +
		`<style>p::before { content: "✓"; } /* – */</style>` +
		`<script type="application/json" id="m">{"k":"Ελ 🂡"}</script>` +
		`<SCRIPT>const s = 'ö'; /ä+/.test(s);</SCRIPT>ü`
	got, err := asciiPage(page)
	if err != nil {
		t.Fatal(err)
	}
	want := `<title>W&#xfc;rfel &#x2013; &#x396;&#x3ac;&#x3c1;&#x3b9;&#x3b1;</title><p title="&#xe4;">&#x2660; & &#x1f0a1;</p>` +
		`<style>p::before { content: "\2713 "; } /* \2013  */</style>` +
		`<script type="application/json" id="m">{"k":"\u0395\u03bb \ud83c\udca1"}</script>` +
		`<SCRIPT>const s = '\u00f6'; /\u00e4+/.test(s);</SCRIPT>&#xfc;`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{`<script>'\ä'</script>`, `<style>a { content: "\✓" }</style>`} {
		if _, err := asciiPage(bad); err == nil || !strings.Contains(err.Error(), "backslash") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
