package web

import (
	"fmt"
	"strings"
	"testing"
)

// dollarText holds every replacement pattern of String.prototype.replace: a
// sentence that fills it in with a string instead of a function shows the
// matched placeholder ($&) or the sentence's text before ($`) or after ($')
// it in place of the player's text.
const dollarText = "QX$`QY$&QZ$'QW"

// dollarMangled returns what in a page's sentences is not dollarText as it
// stands: a piece of it outside it, or a placeholder left in.
func dollarMangled(sentences []string) []string {
	var bad []string
	for _, s := range sentences {
		whole := strings.Count(s, dollarText)
		for _, piece := range []string{"QX", "QY", "QZ", "QW"} {
			if strings.Count(s, piece) != whole {
				bad = append(bad, s)
				break
			}
		}
		if placeholder.MatchString(s) {
			bad = append(bad, s)
		}
	}
	return bad
}

// pageSentences returns the text of everything a page says in sentences.
func (tb *tab) pageSentences() []string {
	return eval[[]string](tb, `[...document.querySelectorAll('#verdict, [data-error-for], [data-inputs], [data-selftest], [data-result] p, [data-result] li')].map((e) => e.textContent)`)
}

// TestDollarInUserText: text with "$" patterns in every field of every page
// (each in one language, the languages in turn) is shown exactly as typed
// wherever a sentence echoes it. Before, msg filled placeholders with
// replaceAll and a string, and a client seed QX$`QY… was shown as
// "QXClient-Seed „QY…".
func TestDollarInUserText(t *testing.T) {
	needBrowser(t)
	round := shoeCaseNamed(t, "recorded-prefix-match").Record
	hand := shoeCaseNamed(t, "tournament-hand2-prefix-match").Record
	for i, page := range Pages {
		lang := Languages[i%len(Languages)] // one language a page, each language in turn
		t.Run(lang+"/"+page.Name, func(t *testing.T) {
			words := pageWords(t, page.Name, lang)
			url := pageURLs(lang, page.Name)["http"]
			tb := open(t, url)
			want := strings.ReplaceAll(words["msg.error"], "{code}", dollarText)
			if got := eval[string](tb, fmt.Sprintf(`msg('msg.error', { code: %s })`, jsString(dollarText))); got != want {
				t.Errorf("msg fills {code} as %q, want %q", got, want)
			}
			modes := []string{""}
			switch page.Name {
			case "shoe":
				modes = []string{"round", "tournament"}
			case "games":
				modes = eval[[]string](tb, `[...document.querySelectorAll('#what option')].map((o) => o.value)`)
			}
			echoed := 0
			for _, mode := range modes {
				// Every text field holds the text: each is refused, and
				// its sentence says so without mangling it.
				tb.submitForm(page.Name, mode, dollarText, nil)
				sentences := tb.pageSentences()
				if bad := dollarMangled(sentences); len(bad) > 0 {
					t.Errorf("%s: mangled: %q", mode, bad)
				}
				for _, s := range sentences {
					echoed += strings.Count(s, dollarText)
				}
			}
			if page.Name == "games" && echoed == 0 {
				t.Error("no sentence echoes a token") // each bad card, tile, seat or key is named
			}
			if page.Name == "shoe" {
				// A valid round and tournament hand with the text as
				// client seed and tournament id: the result names it.
				for mode, rec := range map[string]map[string]any{"round": round, "tournament": hand} {
					fields := map[string]string{"clientSeed": "", "nonce": "", "tournamentId": "", "hand": "", "commitment": "", "cut": "", "cards": ""}
					for _, k := range []string{"serverSeed", "nonce", "hand", "decks", "penetration"} {
						if v, ok := rec[k]; ok {
							fields[k] = fmt.Sprint(v)
						}
					}
					key, clientSeed, nonce := "msg.shoe.inputs.round", dollarText, fields["nonce"]
					if mode == "round" {
						fields["clientSeed"] = dollarText
					} else {
						fields["tournamentId"] = dollarText
						key, clientSeed, nonce = "msg.shoe.inputs.tournament", dollarText+":"+fields["hand"], fields["hand"]
					}
					tb.submitForm("shoe", mode, dollarText, fields)
					want := strings.NewReplacer("{nonce}", nonce, "{clientSeed}", clientSeed).Replace(words[key])
					if got := eval[string](tb, `document.querySelector('[data-inputs]').textContent`); got != want {
						t.Errorf("%s: inputs %q, want %q", mode, got, want)
					}
				}
			}
			tb.clean(url)
		})
	}
}

// submitForm chooses the page's mode (the shoe's case, the games page's
// game), sets every text field to text or, with fields, the fields given by
// id, submits the form and waits for the verdict.
func (tb *tab) submitForm(page, mode, text string, fields map[string]string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`((page, mode, text, fields) => {
		const form = document.getElementById(page + '-form');
		if (page === 'shoe') form.querySelector('input[name=mode][value=' + mode + ']').click();
		if (page === 'games') {
			const what = document.getElementById('what');
			what.value = mode;
			what.dispatchEvent(new Event('change'));
		}
		for (const el of form.querySelectorAll('input:not([type=radio]):not([type=checkbox]):not([type=file]), textarea')) {
			el.value = fields ? (fields[el.id] ?? el.value) : text;
		}
		document.getElementById('verdict').dataset.status = '';
		form.requestSubmit();
		return true;
	})(%s, %s, %s, %s)`, jsString(page), jsString(mode), jsString(text), mustJSON(tb.t, fields)))
	tb.waitVerdict()
}
