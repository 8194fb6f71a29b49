package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The page hashes what it unpacked before it runs anything: the verifier it
// compiles and the vectors of its self-test. It shows both SHA-256 and gives
// no verdict when either is not the build's, or when its self-test ran
// fewer cases than the build put in.

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// integrityPage writes a copy of the built check page (lang) changed by
// change, and opens it from file:// with a real link; it returns the tab and
// the page's URL.
func integrityPage(t *testing.T, lang string, change func(html []byte) []byte) (*tab, string) {
	t.Helper()
	html, err := os.ReadFile(filepath.Join(distDir, lang, "check", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(file, change(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return open(t, "file://"+file+matchLink(t).Link), "file://" + file
}

// claimsNothing requires the page to say exactly want in its self-test line,
// with its fields disabled and no verdict; the page opened with a link shows
// all of itself all the same (the form, the footer with the hashes), which
// it keeps out of layout only until a verdict.
func (tb *tab) claimsNothing(want string) {
	tb.t.Helper()
	if got := eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`); got != "fail" {
		tb.t.Errorf("self-test %s", got)
	}
	if got := eval[string](tb, `document.querySelector('[data-selftest]').textContent`); got != want {
		tb.t.Errorf("the page says %q, want %q", got, want)
	}
	if !eval[bool](tb, `[...document.querySelectorAll('fieldset')].every((f) => f.disabled)`) {
		tb.t.Error("fields enabled")
	}
	if got := tb.status(); got != "" {
		tb.t.Errorf("verdict %q", got)
	}
	if !eval[bool](tb, `document.getElementById('inputs').checkVisibility() && document.querySelector('footer').checkVisibility()`) {
		tb.t.Error("the form or the footer is not shown")
	}
}

func (tb *tab) shownSHA256(part string) string {
	return eval[string](tb, `document.querySelector('[data-`+part+`-sha256]').textContent`)
}

// TestPageShowsTheHashOfWhatItRuns: the genuine page shows the SHA-256 of
// the verifier and the vectors the build wrote (web/dist/wasm), and runs
// nothing else: its policy (web.PagePolicy) refuses an inline script the
// build did not write, as it would one a link or a record got into the
// page, and Trusted Types refuse a string as HTML; each is reported as a
// violation, and neither runs.
func TestPageShowsTheHashOfWhatItRuns(t *testing.T) {
	tb, _ := integrityPage(t, "de", func(html []byte) []byte {
		return bytes.Replace(html, []byte("</body>"), []byte("<script>document.body.dataset.injected = 'ran';</script></body>"), 1)
	})
	if got := tb.status(); got != "match" {
		t.Fatalf("status %q", got)
	}
	if got := tb.expectUncaught(1); !strings.HasPrefix(got[0], "violation: script-src-elem inline ") {
		t.Errorf("the injected script: %q", got)
	}
	if eval[bool](tb, `'injected' in document.body.dataset`) {
		t.Error("the injected script ran")
	}
	sink := `(() => { try { document.querySelector('[data-verdict-text]').innerHTML = '<b>ran</b>'; } catch (e) { return e.name; } return 'ran'; })()`
	if got := eval[string](tb, sink); got != "TypeError" {
		t.Errorf("innerHTML of a string: %s", got)
	}
	if got := tb.expectUncaught(1); !strings.HasPrefix(got[0], "violation: require-trusted-types-for ") {
		t.Errorf("innerHTML: %q", got)
	}
	for part, file := range map[string]string{"verifier": "check.wasm", "vectors": "check.vectors"} {
		data, err := os.ReadFile(filepath.Join(distDir, "wasm", file))
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.shownSHA256(part); got != sha256Hex(data) {
			t.Errorf("%s: the page shows %q, the build wrote %s", part, got, sha256Hex(data))
		}
	}
}

// TestChangedVerifierGivesNoVerdict swaps the check page's verifier for
// another that checks dice_v1 and passes its self-test (the games page's):
// the page shows that verifier's SHA-256, says in its language that it is
// not the published one, and gives no verdict.
func TestChangedVerifierGivesNoVerdict(t *testing.T) {
	other, err := os.ReadFile(filepath.Join(distDir, "wasm", "games.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range lastLanguage {
		t.Run(lang, func(t *testing.T) {
			tb, url := integrityPage(t, lang, func(html []byte) []byte {
				return withBlob(t, html, "verifier", func([]byte) []byte { return other })
			})
			tb.claimsNothing(pageWords(t, "check", lang)["msg.integrity.verifier"])
			if got := tb.shownSHA256("verifier"); got != sha256Hex(other) {
				t.Errorf("the page shows %q, not the SHA-256 of what it unpacked, %s", got, sha256Hex(other))
			}
			tb.clean(url) // nothing uncaught, although the swapped verifier compiled
		})
	}
}

// TestCutVectorsFailTheSelfTest: a page whose vectors were cut to one case
// says its vectors are not the published ones; and when its build entry
// names the cut vectors' SHA-256 too, its self-test fails for the cases it
// did not run.
func TestCutVectorsFailTheSelfTest(t *testing.T) {
	cut := func(files []any) []any {
		first := files[0].(map[string]any)
		first["cases"] = first["cases"].([]any)[:1]
		return files[:1]
	}
	words := pageWords(t, "check", "fi")
	tb, _ := integrityPage(t, "fi", func(html []byte) []byte { return withVectors(t, html, false, cut) })
	tb.claimsNothing(words["msg.integrity.vectors"])

	tb, _ = integrityPage(t, "fi", func(html []byte) []byte { return withVectors(t, html, true, cut) })
	want := strings.NewReplacer("{n}", "1", "{total}", strconv.Itoa(pageSetSize(t, "check"))).Replace(words["msg.selftest.count"])
	tb.claimsNothing(want)
}
