package web

import (
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pfcheck/internal/verify"
)

// A value a record carries is shown as what it is (issue 35; values.js,
// common.js: valueElement): a character that shows nothing by its code
// point, each value in a <bdi>, a long one cut with the whole on demand,
// and a warning under a verdict whose record holds such a character, while
// the verdict stays what the exact bytes give. The pages' own tests call
// these on the page they have loaded (TestDicePage, TestShoePage,
// TestAuditDropAndPaste); values.test.mjs tests shownValue itself.

// shownValues is what a page shows of the values at selector, and the
// warning under its verdict ("" where it is hidden).
type shownValues struct {
	Text     string `json:"text"`
	Isolated int    `json:"isolated"` // the values in a <bdi> each
	Warning  string `json:"warning"`
}

func (tb *tab) shownValues(selector string) shownValues {
	tb.t.Helper()
	return eval[shownValues](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		const warning = document.querySelector('[data-verdict-unseen]');
		return { text: el.textContent, isolated: el.querySelectorAll('bdi').length, warning: warning.hidden ? '' : warning.textContent };
	})()`, jsString(selector)))
}

// checkUnseenWarning: the warning is the page's sentence and names the
// values shown, as shown.
func checkUnseenWarning(t *testing.T, words map[string]string, got shownValues, shown ...string) {
	t.Helper()
	opening, _, _ := strings.Cut(words["msg.verdict.unseen"], "{values}")
	if opening == "" || !strings.HasPrefix(got.Warning, opening) {
		t.Errorf("the warning is %q, want it to start %q", got.Warning, opening)
	}
	for _, s := range shown {
		if !strings.Contains(got.Warning, s) {
			t.Errorf("the warning %q does not name %q", got.Warning, s)
		}
	}
}

// diceLinkWithPlayers is the dice_v2 link with the players a and b
// (percent-escaped, as a link writes them) and the rolls the verifier
// computes for them: a match, as an operator who tried invisible variants
// of the ids would record the one he chose.
func diceLinkWithPlayers(t *testing.T, link, a, b string) string {
	t.Helper()
	link = regexp.MustCompile(`&a=[^&]*&b=[^&]*`).ReplaceAllLiteralString(link, "&a="+a+"&b="+b)
	rec, problems := verify.ParseLink(link, "")
	if len(problems) > 0 {
		t.Fatalf("%s: %v", link, problems)
	}
	games, _ := verify.Check(rec).Extra["games"].([]any)
	var rolls []string
	for _, g := range games {
		var r strings.Builder
		for _, roll := range g.(map[string]any)["rolls"].([]any) {
			r.WriteString(roll.(map[string]any)["dice"].(string))
		}
		rolls = append(rolls, r.String())
	}
	return regexp.MustCompile(`&r=[^&]*`).ReplaceAllLiteralString(link, "&r="+strings.Join(rolls, "."))
}

// checkDicePlayersShown: ids with a zero-width space, or reversed between
// RLO and PDF, are a match shown as they are, with the warning; the real
// ids get none.
func checkDicePlayersShown(t *testing.T, tb *tab, words map[string]string, real string) {
	t.Helper()
	for _, c := range []struct {
		a, b, shownA, shownB string
		unseen               []string // the values the warning names
	}{
		{"alice%E2%80%8B", "bob%E2%80%8B", "alice⟨U+200B⟩", "bob⟨U+200B⟩", []string{"alice⟨U+200B⟩", "bob⟨U+200B⟩"}},
		{"%E2%80%AEecila%E2%80%AC", "bob", "⟨U+202E⟩ecila⟨U+202C⟩", "bob", []string{"⟨U+202E⟩ecila⟨U+202C⟩"}},
	} {
		tb.goTo(diceLinkWithPlayers(t, real, c.a, c.b))
		if got := tb.status(); got != "match" {
			t.Errorf("players %s, %s: status %s", c.a, c.b, got)
		}
		got := tb.shownValues("[data-players]")
		if !strings.Contains(got.Text, ": "+c.shownA+" · ") || !strings.HasSuffix(got.Text, ": "+c.shownB) || got.Isolated != 2 {
			t.Errorf("players %s, %s shown as %q, %d of them isolated", c.a, c.b, got.Text, got.Isolated)
		}
		checkUnseenWarning(t, words, got, c.unseen...)
		if len(c.unseen) == 1 && strings.Contains(got.Warning, "bob") {
			t.Errorf("the warning names bob, whose id shows as it is: %q", got.Warning)
		}
	}
	tb.diceGoTo(real)
	if got := tb.shownValues("[data-players]"); got.Warning != "" {
		t.Errorf("alice and bob: warned %q", got.Warning)
	}
}

// checkShoeClientSeedShown: a client seed with an RLO, left open or closed,
// is shown as it is, without turning the nonce after it around, with the
// warning; the status is the one of the exact bytes.
func checkShoeClientSeedShown(t *testing.T, tb *tab, words map[string]string, round map[string]any) {
	t.Helper()
	for _, c := range []struct{ seed, shown string }{
		{"my-seed\u202e", "my-seed⟨U+202E⟩"},
		{"\u202edees-ym\u202c", "⟨U+202E⟩dees-ym⟨U+202C⟩"},
	} {
		rec := maps.Clone(round)
		rec["clientSeed"] = c.seed
		rec["nonce"] = 12.0
		tb.goTo(mustShoeLink(t, rec))
		if got, want := tb.status(), string(verify.Check(rec).Status); got != want {
			t.Errorf("client seed %q: status %s, want %s", c.seed, got, want)
		}
		got := tb.shownValues("[data-inputs]")
		want := strings.NewReplacer("{clientSeed}", c.shown, "{nonce}", "12").Replace(words["msg.shoe.inputs.round"])
		if got.Text != want || got.Isolated != 1 {
			t.Errorf("client seed %q: inputs %q (%d isolated), want %q", c.seed, got.Text, got.Isolated, want)
		}
		checkUnseenWarning(t, words, got, c.shown)
	}
}

// checkAuditValuesShown audits a match (the line match) and lines of
// hostile schemes: reversed between RLO and PDF, 100,000 characters, 128
// accents with nothing under them. Each is listed as it is, the long ones
// cut, within a few lines of the list, and the whole is there when asked for.
func checkAuditValuesShown(t *testing.T, tb *tab, match string) {
	t.Helper()
	long := strings.Repeat("x", 100000)
	tb.auditText(match + `{"scheme":"\u202ehctam\u202c"}` + "\n" + `{"scheme":"` + long + `"}` + "\n" + `{"scheme":"` + strings.Repeat(`\u0301`, 128) + `"}` + "\n")
	type line struct {
		Text   string  `json:"text"`
		Height float64 `json:"height"`
		Whole  int     `json:"whole"`
	}
	lines := eval[[]line](tb, `[...document.querySelectorAll('[data-audit-line]')].map((li) => ({
		text: li.textContent, height: li.getBoundingClientRect().height, whole: li.querySelectorAll('[data-whole-value]').length }))`)
	if len(lines) != 3 {
		t.Fatalf("%d lines listed, want 3", len(lines))
	}
	if !strings.Contains(lines[0].Text, "⟨U+202E⟩hctam⟨U+202C⟩") || lines[0].Whole != 0 {
		t.Errorf("the reversed scheme: %q", lines[0].Text)
	}
	if !strings.Contains(lines[1].Text, strings.Repeat("x", 64)+"…") || strings.Contains(lines[1].Text, strings.Repeat("x", 65)) || lines[1].Whole != 1 {
		t.Errorf("the long scheme: %.200q, %d buttons for the whole", lines[1].Text, lines[1].Whole)
	}
	if !strings.Contains(lines[2].Text, "⟨U+0301⟩") || strings.ContainsRune(lines[2].Text, '\u0301') || lines[2].Whole != 1 {
		t.Errorf("the accents: %q", lines[2].Text)
	}
	for i, l := range lines {
		if l.Height > 200 {
			t.Errorf("line %d takes %.0f px", i+1, l.Height)
		}
	}
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-audit-line][data-line="3"] [data-whole-value]`))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](tb, `document.querySelector('[data-audit-line][data-line="3"]').textContent`); !strings.Contains(got, long) {
		t.Errorf("the whole long scheme is not shown when asked for: %d characters", len(got))
	}
}
