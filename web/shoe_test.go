package web

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The card-shoe page (shoe_v1, seed 003): links, the typed form, fetching a
// proof record from the server (GET /api/shoe/<id>), and that endpoint.

type shoeCase struct {
	Name   string         `json:"name"`
	Record map[string]any `json:"record"`
	Expect struct {
		Status     string   `json:"status"`
		Cards      []string `json:"cards"`
		Cut        int      `json:"cut"`
		ClientSeed string   `json:"clientSeed"`
		Mismatches []struct {
			Index    int    `json:"index"`
			Recorded string `json:"recorded"`
			Computed string `json:"computed"`
		} `json:"mismatches"`
		Commitment struct {
			Computed string `json:"computed"`
		} `json:"commitment"`
		Errors []problem `json:"errors"`
	} `json:"expect"`
}

func shoeCases(t testing.TB) []shoeCase { return vectorCases[shoeCase](t, "shoe_v1") }

func shoeCaseNamed(t testing.TB, name string) shoeCase {
	t.Helper()
	for _, c := range shoeCases(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no shoe vector %q", name)
	return shoeCase{}
}

// linkEscape percent-encodes every byte but A-Z a-z 0-9 - _ . ~.
func linkEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// shoeLink writes a record's fragment as testdata/shoe_v1.md ("Link")
// defines it, independently of the page's own writer; ok is false for a
// record the link cannot carry (a number where text belongs, a negative
// count, …).
func shoeLink(rec map[string]any) (string, bool) {
	parts := []string{"v=1"}
	keys := []struct{ key, field, kind string }{
		{"s", "serverSeed", "text"}, {"h", "commitment", "text"}, {"c", "clientSeed", "text"},
		{"n", "nonce", "whole"}, {"t", "tournamentId", "text"}, {"i", "hand", "whole"},
		{"d", "decks", "whole"}, {"p", "penetration", "decimal"}, {"k", "cards", "cards"}, {"x", "cut", "whole"},
	}
	for _, k := range keys {
		v, present := rec[k.field]
		if !present {
			continue
		}
		var value string
		switch k.kind {
		case "text":
			s, ok := v.(string)
			if !ok {
				return "", false
			}
			value = linkEscape(s)
		case "whole":
			n, ok := v.(float64)
			if !ok || n < 0 || n != math.Trunc(n) || n > 1e15 {
				return "", false
			}
			value = strconv.FormatFloat(n, 'f', 0, 64)
		case "decimal":
			n, ok := v.(float64)
			if !ok || n < 0 {
				return "", false
			}
			value = strconv.FormatFloat(n, 'g', -1, 64)
		case "cards":
			list, ok := v.([]any)
			if !ok {
				return "", false
			}
			var items []string
			for _, item := range list {
				s, ok := item.(string)
				if !ok || strings.Contains(s, ",") {
					return "", false
				}
				items = append(items, linkEscape(s))
			}
			value = strings.Join(items, ",")
		}
		parts = append(parts, k.key+"="+value)
	}
	return "#" + strings.Join(parts, "&"), true
}

func mustShoeLink(t testing.TB, rec map[string]any) string {
	t.Helper()
	link, ok := shoeLink(rec)
	if !ok {
		t.Fatalf("record cannot be a link: %v", rec)
	}
	return link
}

// shoeCard is one compared card as the page shows it.
type shoeCard struct {
	Index    int    `json:"index"`
	Card     string `json:"card"`
	Status   string `json:"status"`
	Recorded string `json:"recorded"`
}

func (tb *tab) shoeCards() []shoeCard {
	return eval[[]shoeCard](tb, `[...document.querySelectorAll('[data-shoe] [data-index]')].map((e) => ({
		index: +e.dataset.index, card: e.dataset.card, status: e.dataset.status,
		recorded: e.querySelector('[data-recorded]')?.dataset.recorded ?? '' }))`)
}

// checkShoe compares the shown shoe with the vector: every card in order,
// the first `recorded` of them compared, exactly the expected positions
// differing with the recorded card beside them, the cut card marked before
// the first card behind it.
func checkShoe(t testing.TB, tb *tab, c shoeCase, recorded int) {
	t.Helper()
	cards := tb.shoeCards()
	if len(cards) != len(c.Expect.Cards) {
		t.Fatalf("%s: %d cards shown, want %d", c.Name, len(cards), len(c.Expect.Cards))
	}
	differs := map[int]string{}
	for _, m := range c.Expect.Mismatches {
		differs[m.Index] = m.Recorded
	}
	for i, got := range cards {
		want := shoeCard{Index: i, Card: c.Expect.Cards[i], Status: "computed"}
		if i < recorded {
			want.Status = "match"
			if r, ok := differs[i]; ok {
				want.Status, want.Recorded = "mismatch", r
			}
		}
		if got != want {
			t.Errorf("%s: card %d is %+v, want %+v", c.Name, i, got, want)
		}
	}
	marker := eval[string](tb, `(() => { const m = document.querySelector('[data-cut-marker]'); return m.dataset.cutMarker + '/' + m.nextElementSibling.dataset.index; })()`)
	if want := fmt.Sprintf("%d/%d", c.Expect.Cut, c.Expect.Cut); marker != want {
		t.Errorf("%s: cut marker %s, want %s (cut/index after it)", c.Name, marker, want)
	}
}

// errorSlot is the text next to a field (or, for a field without a slot,
// next to the link).
func (tb *tab) errorSlot(field string) string {
	return eval[string](tb, fmt.Sprintf(`(document.querySelector('[data-error-for=%s]') ?? document.querySelector('[data-error-for=link]')).textContent`, jsString(field)))
}

func recordedCards(rec map[string]any) int {
	list, _ := rec["cards"].([]any)
	return len(list)
}

// TestShoePage opens real links in every language, from file:// and served:
// a free round and a tournament hand that match, two swapped cards that
// mismatch at exactly those two positions, and bad input.
func TestShoePage(t *testing.T) {
	needBrowser(t)
	round := shoeCaseNamed(t, "recorded-whole-shoe-match")
	hand := shoeCaseNamed(t, "tournament-hand2-prefix-match")
	swapped := shoeCaseNamed(t, "two-cards-swapped")
	for _, lang := range oneLanguage {
		words := pageWords(t, "shoe", lang)
		for mode, url := range pageURLs(lang, "shoe") {
			t.Run(lang+"/"+mode, func(t *testing.T) {
				tb := open(t, url+mustShoeLink(t, round.Record))
				if checks := eval[string](tb, `document.querySelector('[data-selftest]').dataset.checks`); checks != fmt.Sprint(pageSetSize(t, "shoe")) {
					t.Errorf("self-test ran %s checks, want %d", checks, pageSetSize(t, "shoe"))
				}
				if got := tb.status(); got != "match" {
					t.Fatalf("free round: status %s (%s)", got, eval[string](tb, `document.getElementById('verdict').textContent`))
				}
				checkShoe(t, tb, round, recordedCards(round.Record))
				if got := eval[string](tb, `document.querySelector('[data-commitment]').textContent`); got != round.Expect.Commitment.Computed {
					t.Errorf("commitment %q, want %q", got, round.Expect.Commitment.Computed)
				}
				if got := eval[string](tb, `document.querySelector('[data-cut-matches]')?.dataset.cutMatches`); got != "true" {
					t.Errorf("recorded cut: data-cut-matches %q", got)
				}
				if got := eval[string](tb, `document.getElementById('clientSeed').value`); got != round.Record["clientSeed"] {
					t.Errorf("client seed field %q", got)
				}
				if mode == "http" {
					checkShoeClientSeedShown(t, tb, words, round.Record)
				}

				tb.goTo(mustShoeLink(t, hand.Record))
				if got := tb.status(); got != "match" {
					t.Fatalf("tournament hand: status %s", got)
				}
				checkShoe(t, tb, hand, recordedCards(hand.Record))
				if got := eval[string](tb, `document.querySelector('[data-inputs]').textContent`); !strings.Contains(got, hand.Expect.ClientSeed) {
					t.Errorf("tournament hand: inputs %q lack the client seed %q", got, hand.Expect.ClientSeed)
				}
				if !eval[bool](tb, `document.querySelector('input[name=mode][value=tournament]').checked && !document.getElementById('tournamentId').closest('[data-mode-only]').hidden`) {
					t.Error("tournament hand: case 2 not selected")
				}

				tb.goTo(mustShoeLink(t, swapped.Record))
				if got := tb.status(); got != "mismatch" {
					t.Fatalf("two cards swapped: status %s", got)
				}
				checkShoe(t, tb, swapped, recordedCards(swapped.Record))
				var at []int
				for _, c := range tb.shoeCards() {
					if c.Status == "mismatch" {
						at = append(at, c.Index)
					}
				}
				if !slices.Equal(at, []int{3, 4}) {
					t.Errorf("two cards swapped: mismatches at %v, want [3 4]", at)
				}
				// The pages' own "does not match", then its sentences: one
				// colon, the one that names the first card.
				verdict := eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`)
				opening, _, _ := strings.Cut(words["msg.verdict.mismatch"], "{details}")
				if !strings.HasPrefix(verdict, opening) || strings.Count(verdict, ":") != 1 {
					t.Errorf("two cards swapped: the verdict says %q", verdict)
				}

				// Bad input: invalid, the field's sentence beside it, no shoe.
				for _, name := range []string{"invalid-serverSeed-not-hex", "invalid-serverSeed-62-digits", "invalid-decks-0", "invalid-decks-9",
					"invalid-penetration-0", "invalid-penetration-1", "invalid-cards-unknown-card", "invalid-cards-53-of-1-deck"} {
					c := shoeCaseNamed(t, name)
					tb.goTo(mustShoeLink(t, c.Record))
					if got := tb.status(); got != "invalid" {
						t.Errorf("%s: status %s", name, got)
					}
					if n := len(tb.shoeCards()); n != 0 {
						t.Errorf("%s: %d cards shown", name, n)
					}
					for _, p := range c.Expect.Errors {
						if got, want := tb.errorSlot(p.Field), sentence(t, words, p.Field, p.Code, p.At); !strings.Contains(got, want) {
							t.Errorf("%s: error for %s is %q, want %q", name, p.Field, got, want)
						}
					}
				}
				tb.clean(url)
			})
		}
	}
}

// TestShoePageVectors runs every vector record a link can carry through the
// served German page: the verdict, every card, every problem's sentence.
func TestShoePageVectors(t *testing.T) {
	needBrowser(t)
	url := pageURLs("de", "shoe")["http"]
	words := pageWords(t, "shoe", "de")
	tb := open(t, url)
	ran := 0
	for _, c := range shoeCases(t) {
		link, ok := shoeLink(c.Record)
		if c.Record == nil || !ok {
			continue
		}
		ran++
		tb.goTo(link)
		if got := tb.status(); got != c.Expect.Status {
			t.Errorf("%s: status %s, want %s", c.Name, got, c.Expect.Status)
			continue
		}
		if c.Expect.Status == "invalid" {
			for _, p := range c.Expect.Errors {
				if got, want := tb.errorSlot(p.Field), sentence(t, words, p.Field, p.Code, p.At); !strings.Contains(got, want) {
					t.Errorf("%s: error for %s is %q, want %q", c.Name, p.Field, got, want)
				}
			}
			continue
		}
		checkShoe(t, tb, c, recordedCards(c.Record))
	}
	if ran < 60 {
		t.Errorf("only %d vector records ran as links", ran)
	}
	tb.clean(url)
}

// TestShoePageLinkErrors: what the link format itself refuses.
func TestShoePageLinkErrors(t *testing.T) {
	needBrowser(t)
	round := shoeCaseNamed(t, "recorded-whole-shoe-match")
	good := mustShoeLink(t, round.Record)
	url := pageURLs("de", "shoe")["http"]
	words := pageWords(t, "shoe", "de")
	tb := open(t, url)
	for _, c := range []struct{ name, link, field, code string }{
		{"seed twice", good + "&s=00", "serverSeed", "duplicate"},
		{"version twice", good + "&v=1", "link", "duplicate"},
		{"newer version", strings.Replace(good, "v=1", "v=2", 1), "link", "newer-version"},
		{"no version", strings.Replace(good, "v=1&", "", 1), "link", "missing-version"},
		{"part without =", good + "&oops", "link", "malformed"},
		{"too long", good + "&zz=" + strings.Repeat("a", 9000), "link", "too-long"},
		{"broken escape", strings.Replace(good, "&c=", "&c=%ZZ", 1), "clientSeed", "bad-escape"},
		{"escape not UTF-8", strings.Replace(good, "&c=", "&c=%FF", 1), "clientSeed", "bad-escape"},
		{"nonce not a number", strings.Replace(good, "&n=42", "&n=4x2", 1), "nonce", "not-a-number"},
		{"nonce with a sign", strings.Replace(good, "&n=42", "&n=+42", 1), "nonce", "not-a-number"},
		{"decks with a leading zero", strings.Replace(good, "&d=2", "&d=02", 1), "decks", "not-a-number"},
		{"penetration with a comma", strings.Replace(good, "&p=0.75", "&p=0,75", 1), "penetration", "not-a-number"},
		{"both cases", good + "&t=cup&i=1", "tournamentId", "conflict"},
	} {
		tb.goTo(c.link)
		if got := tb.status(); got != "invalid" {
			t.Errorf("%s: status %s", c.name, got)
		}
		if got, want := tb.errorSlot(c.field), sentence(t, words, c.field, c.code, 0); !strings.Contains(got, want) {
			t.Errorf("%s: error for %s is %q, want %q", c.name, c.field, got, want)
		}
		if n := len(tb.shoeCards()); n != 0 {
			t.Errorf("%s: %d cards shown", c.name, n)
		}
	}
	// Unknown keys are ignored; an escaped client seed and suit symbols read back.
	utf := shoeCaseNamed(t, "client-seed-utf8-with-colon")
	rec := maps.Clone(utf.Record)
	rec["cards"] = []any{}
	for i, card := range utf.Expect.Cards[:5] {
		rec["cards"] = append(rec["cards"].([]any), strings.NewReplacer("S", "♠", "H", "♥️", "D", "♦", "C", "♣").Replace(card))
		if i == 0 {
			rec["cards"].([]any)[0] = strings.ToLower(card)
		}
	}
	tb.goTo(mustShoeLink(t, rec) + "&later=1")
	if got := tb.status(); got != "match" {
		t.Errorf("escaped client seed and symbols: status %s", got)
	}
	if got := eval[string](tb, `document.getElementById('clientSeed').value`); got != utf.Record["clientSeed"] {
		t.Errorf("client seed read as %q", got)
	}
	tb.clean(url)
}

// TestShoePageMarkup: markup in every text value of a link is shown as text.
func TestShoePageMarkup(t *testing.T) {
	payload := linkEscape(`<img src=x onerror="window.pwned=1;alert(1)">`)
	url := pageURLs("de", "shoe")["http"]
	for _, link := range []string{
		"#v=1&s=" + payload + "&h=" + payload + "&c=" + payload + "&n=1&d=1&p=0.5&k=" + payload,
		"#v=1&s=" + strings.Repeat("ab", 32) + "&t=" + payload + "&i=1&d=1&p=0.5",
	} {
		tb := open(t, url+link)
		if bad := eval[int](tb, `document.querySelectorAll('img').length + (window.pwned ? 100 : 0)`); bad != 0 {
			t.Errorf("markup ran or was inserted (%d)", bad)
		}
		tb.clean(url)
	}
}

// TestShoePageForm fills the form as a player does.
func TestShoePageForm(t *testing.T) {
	needBrowser(t)
	round := shoeCaseNamed(t, "recorded-prefix-match")
	hand := shoeCaseNamed(t, "tournament-hand2-prefix-match")
	url := pageURLs("de", "shoe")["http"]
	words := pageWords(t, "shoe", "de")
	tb := open(t, url)
	if eval[bool](tb, `[...document.querySelectorAll('fieldset')].some((f) => f.disabled)`) {
		t.Fatal("fields still disabled after the self-test")
	}
	submit := func() {
		t.Helper()
		eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', true)`)
		if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#shoe-form button[type=submit]`))); err != nil {
			t.Fatal(err)
		}
		tb.waitVerdict()
	}
	// Case 1, cards pasted with commas, symbols and tens, penetration with a comma.
	var typed []string
	for _, name := range recordCards(round.Record) {
		typed = append(typed, strings.NewReplacer("T", "10", "H", "♥").Replace(name))
	}
	r := round.Record
	if err := chromedp.Do(tb.ctx,
		chromedp.SendKeys(chromedp.ID("serverSeed"), r["serverSeed"].(string)),
		chromedp.SendKeys(chromedp.ID("clientSeed"), r["clientSeed"].(string)),
		chromedp.SendKeys(chromedp.ID("nonce"), fmt.Sprint(r["nonce"])),
		chromedp.SendKeys(chromedp.ID("decks"), fmt.Sprint(r["decks"])),
		chromedp.SendKeys(chromedp.ID("penetration"), strings.Replace(fmt.Sprint(r["penetration"]), ".", ",", 1)),
		chromedp.SetValue(chromedp.ID("cards"), strings.Join(typed, ", ")),
	); err != nil {
		t.Fatal(err)
	}
	submit()
	if got := tb.status(); got != "match" {
		t.Fatalf("typed free round: status %s (%s)", got, tb.errorSlot("cards"))
	}
	checkShoe(t, tb, round, len(typed))

	// Case 2, chosen with the keyboard-reachable radio button.
	h := hand.Record
	if err := chromedp.Do(tb.ctx,
		chromedp.Click(chromedp.CSS(`input[name=mode][value=tournament]`)),
		chromedp.SetValue(chromedp.ID("serverSeed"), h["serverSeed"].(string)),
		chromedp.SetValue(chromedp.ID("commitment"), h["commitment"].(string)),
		chromedp.SendKeys(chromedp.ID("tournamentId"), h["tournamentId"].(string)),
		chromedp.SendKeys(chromedp.ID("hand"), fmt.Sprint(h["hand"])),
		chromedp.SetValue(chromedp.ID("decks"), fmt.Sprint(h["decks"])),
		chromedp.SetValue(chromedp.ID("penetration"), fmt.Sprint(h["penetration"])),
		chromedp.SetValue(chromedp.ID("cards"), strings.Join(recordCards(h), " ")),
	); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](tb, `document.getElementById('clientSeed').closest('[data-mode-only]').hidden`) {
		t.Error("case 2 chosen, but the client seed field still shows")
	}
	submit()
	if got := tb.status(); got != "match" {
		t.Fatalf("typed tournament hand: status %s", got)
	}
	checkShoe(t, tb, hand, len(recordCards(h)))

	// Bad input typed: each problem beside its field, no shoe.
	if err := chromedp.Do(tb.ctx,
		chromedp.SetValue(chromedp.ID("decks"), "9"),
		chromedp.SetValue(chromedp.ID("penetration"), "1,5"),
		chromedp.SetValue(chromedp.ID("hand"), "zwei"),
		chromedp.SetValue(chromedp.ID("cards"), "AS, KH, B♠"),
	); err != nil {
		t.Fatal(err)
	}
	submit()
	if got := tb.status(); got != "invalid" {
		t.Errorf("bad input: status %s", got)
	}
	for _, p := range []struct {
		field, code string
		at          int
	}{{"decks", "out-of-range", 0}, {"penetration", "out-of-range", 0}, {"hand", "wrong-type", 0}, {"cards", "unknown-card", 3}} {
		if got, want := tb.errorSlot(p.field), sentence(t, words, p.field, p.code, p.at); got != want {
			t.Errorf("bad input: error for %s is %q, want %q", p.field, got, want)
		}
	}
	if n := len(tb.shoeCards()); n != 0 {
		t.Errorf("bad input: %d cards shown", n)
	}
	tb.clean(url)
}

func recordCards(rec map[string]any) []string {
	var out []string
	for _, c := range rec["cards"].([]any) {
		out = append(out, c.(string))
	}
	return out
}

// proofsDir is the directory of proof records the test server answers from.
func proofsDir() string { return filepath.Join("..", "testdata", "proofs") }

// proofRecord reads testdata/proofs/<id>.json.
func proofRecord(t testing.TB, id string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(proofsDir(), id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var proof struct{ Record map[string]any }
	if err := json.Unmarshal(data, &proof); err != nil {
		t.Fatal(err)
	}
	return proof.Record
}

// shoeFields returns the form's mode and every field's value.
func (tb *tab) shoeFields() map[string]string {
	return eval[map[string]string](tb, `Object.fromEntries([
		['mode', document.querySelector('input[name=mode]:checked').value],
		...['serverSeed', 'commitment', 'clientSeed', 'nonce', 'tournamentId', 'hand', 'decks', 'penetration', 'cards', 'cut']
			.map((n) => [n, document.getElementById(n).value])])`)
}

// fetchProof types id, presses the button and waits for the answer's message.
// fetchProof asks the server for a proof record as a player does: the
// inputs unfolded (a page opened with a link folds them), the id typed, the
// button pressed; it waits for the answer and all it draws.
func (tb *tab) fetchProof(id string) string {
	tb.t.Helper()
	eval[bool](tb, `(document.querySelector('[data-fetch-status]').dataset.fetchStatus = '', true)`)
	if !eval[bool](tb, `document.getElementById('inputs').open`) {
		if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`#inputs > summary`))); err != nil {
			tb.t.Fatal(err)
		}
	}
	if err := chromedp.Do(tb.ctx,
		chromedp.SetValue(chromedp.ID("proofId"), id),
		chromedp.Click(chromedp.CSS(`[data-fetch]`)),
	); err != nil {
		tb.t.Fatal(err)
	}
	tb.poll(`!['', 'loading'].includes(document.querySelector('[data-fetch-status]').dataset.fetchStatus) && document.getElementById('verdict').dataset.drawn !== 'false'`)
	return eval[string](tb, `document.querySelector('[data-fetch-status]').dataset.fetchStatus`)
}

func (tb *tab) fetchMessage() string {
	return eval[string](tb, `document.querySelector('[data-fetch-status]').textContent`)
}

// cleanBut is clean for a tab that asked the server: the only requests
// besides the document are the given ones, and the only console entries the
// browser's own notes of the given failed responses.
func (tb *tab) cleanBut(documentURL string, requests []string, failedStatuses int) {
	tb.t.Helper()
	if got := tb.requestsBesides(documentURL); !slices.Equal(got, requests) {
		tb.t.Errorf("requests besides the document: %q, want %q", got, requests)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	failed := regexp.MustCompile(`^log: Failed to load resource: the server responded with a status of 404`)
	var problems []string
	for _, p := range tb.problems {
		if failed.MatchString(p) && failedStatuses > 0 {
			failedStatuses--
			continue
		}
		problems = append(problems, p)
	}
	if len(problems) > 0 {
		tb.t.Errorf("console problems: %q", problems)
	}
	if len(tb.dialogs) > 0 {
		tb.t.Errorf("dialogs opened: %q", tb.dialogs)
	}
}

// TestShoeFetch asks the test server (Handler with testdata/proofs) for
// each kind of proof record, in every language.
func TestShoeFetch(t *testing.T) {
	needBrowser(t)
	for _, lang := range oneLanguage {
		t.Run(lang, func(t *testing.T) {
			words := pageWords(t, "shoe", lang)
			url := pageURLs(lang, "shoe")["http"]
			tb := open(t, url)
			if got := tb.requestsBesides(url); len(got) != 0 {
				t.Fatalf("requests before the button: %q", got)
			}
			api := server.URL + "/api/shoe/"
			var asked []string

			// A revealed free round: every field filled, checked at once.
			if got := tb.fetchProof("shoe-42"); got != "filled" {
				t.Fatalf("shoe-42: %s (%s)", got, tb.fetchMessage())
			}
			asked = append(asked, api+"shoe-42")
			rec := proofRecord(t, "shoe-42")
			fields := tb.shoeFields()
			want := map[string]string{
				"mode": "round", "serverSeed": rec["serverSeed"].(string), "commitment": rec["commitment"].(string),
				"clientSeed": rec["clientSeed"].(string), "nonce": "42", "tournamentId": "", "hand": "", "decks": "2",
				"penetration": "0.75", "cards": strings.Join(recordCards(rec), " "), "cut": "76",
			}
			if !maps.Equal(fields, want) {
				t.Errorf("shoe-42 filled\n%v\nwant\n%v", fields, want)
			}
			if got := tb.status(); got != "match" {
				t.Errorf("shoe-42: status %s", got)
			}
			round := shoeCaseNamed(t, "recorded-whole-shoe-match")
			checkShoe(t, tb, round, len(recordCards(rec)))
			if got, want := tb.fetchMessage(), strings.ReplaceAll(words["msg.fetch.filled"], "{id}", "shoe-42"); got != want {
				t.Errorf("shoe-42 message %q, want %q", got, want)
			}

			// A revealed tournament hand.
			if got := tb.fetchProof("cup-spring-2024-h2"); got != "filled" {
				t.Fatalf("tournament hand: %s", got)
			}
			asked = append(asked, api+"cup-spring-2024-h2")
			if got := tb.status(); got != "match" {
				t.Errorf("tournament hand: status %s", got)
			}
			if f := tb.shoeFields(); f["mode"] != "tournament" || f["tournamentId"] != "spring-cup-2024" || f["hand"] != "2" || f["clientSeed"] != "" {
				t.Errorf("tournament hand filled %v", f)
			}
			checkShoe(t, tb, shoeCaseNamed(t, "tournament-hand2-prefix-match"), 12)

			// Unknown, malformed and not JSON: each its message, fields untouched.
			before := tb.shoeFields()
			beforeStatus := tb.status()
			for _, c := range []struct{ id, state string }{
				{"no-such-shoe", "not-found"}, {"shoe-broken", "malformed"}, {"shoe-garbled", "malformed"},
			} {
				if got := tb.fetchProof(c.id); got != c.state {
					t.Errorf("%s: %s, want %s", c.id, got, c.state)
				}
				asked = append(asked, api+c.id)
				if got, want := tb.fetchMessage(), strings.ReplaceAll(words["msg.fetch."+c.state], "{id}", c.id); got != want {
					t.Errorf("%s: message %q, want %q", c.id, got, want)
				}
				if after := tb.shoeFields(); !maps.Equal(after, before) {
					t.Errorf("%s: fields changed\n%v\nfrom\n%v", c.id, after, before)
				}
				if got := tb.status(); got != beforeStatus {
					t.Errorf("%s: verdict changed to %s", c.id, got)
				}
			}

			// An id that is no id: no request at all.
			if got := tb.fetchProof("../shoe-42"); got != "bad-id" {
				t.Errorf("bad id: %s", got)
			}

			// A running shoe: its commitment only, no verdict.
			if got := tb.fetchProof("shoe-43"); got != "running" {
				t.Fatalf("running shoe: %s", got)
			}
			asked = append(asked, api+"shoe-43")
			if got := tb.status(); got != "" {
				t.Errorf("running shoe: verdict %q", got)
			}
			if n := len(tb.shoeCards()); n != 0 {
				t.Errorf("running shoe: %d cards shown", n)
			}
			f := tb.shoeFields()
			if f["commitment"] != proofRecord(t, "shoe-43")["commitment"] || f["serverSeed"] != "" || f["cards"] != "" {
				t.Errorf("running shoe filled %v", f)
			}
			tb.cleanBut(url, asked, 1)
		})
	}
}

// TestShoeFetchFromFile: a saved copy asks no one and says why.
func TestShoeFetchFromFile(t *testing.T) {
	needBrowser(t)
	url := pageURLs("fi", "shoe")["file"]
	tb := open(t, url)
	before := tb.shoeFields()
	if got := tb.fetchProof("shoe-42"); got != "file" {
		t.Errorf("from file://: %s", got)
	}
	if got, want := tb.fetchMessage(), pageWords(t, "shoe", "fi")["msg.fetch.file"]; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if after := tb.shoeFields(); !maps.Equal(after, before) {
		t.Errorf("fields changed: %v", after)
	}
	tb.clean(url)
}

// TestShoeFetchUnreachable: the server is gone when the button is pressed.
func TestShoeFetchUnreachable(t *testing.T) {
	needBrowser(t)
	gone := httptest.NewServer(Handler(distDir, proofsDir()))
	url := gone.URL + "/el/shoe/"
	tb := open(t, url+mustShoeLink(t, shoeCaseNamed(t, "recorded-prefix-match").Record))
	before := tb.shoeFields()
	gone.CloseClientConnections()
	gone.Close()
	if got := tb.fetchProof("shoe-42"); got != "unreachable" {
		t.Errorf("server gone: %s", got)
	}
	if got, want := tb.fetchMessage(), pageWords(t, "shoe", "el")["msg.fetch.unreachable"]; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if after := tb.shoeFields(); !maps.Equal(after, before) {
		t.Errorf("fields changed: %v", after)
	}
	if got := tb.status(); got != "match" {
		t.Errorf("verdict changed to %s", got)
	}
}

// TestShoePhoneWidth: the largest shoe with mismatches fits a 360-pixel screen.
func TestShoePhoneWidth(t *testing.T) {
	needBrowser(t)
	c := shoeCaseNamed(t, "decks8-pen0.9")
	rec := maps.Clone(c.Record)
	var cards []any
	for _, card := range c.Expect.Cards[:60] {
		cards = append(cards, card)
	}
	cards[7], cards[8] = "AS", "KD"
	rec["cards"], rec["cut"] = cards, float64(c.Expect.Cut+1)
	link := mustShoeLink(t, rec)
	for _, lang := range oneLanguage {
		tb := open(t, pageURLs(lang, "shoe")["http"])
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			t.Fatal(err)
		}
		tb.goTo(link)
		if got := tb.status(); got != "mismatch" {
			t.Errorf("%s: status %s", lang, got)
		}
		if width := eval[int](tb, `document.documentElement.scrollWidth`); width > 360 {
			t.Errorf("%s: page is %d px wide on a 360 px screen", lang, width)
		}
		if dir := os.Getenv("SHOE_SCREENSHOTS"); dir != "" {
			// For looking at the page: one screenful after another.
			height := eval[int](tb, `document.documentElement.scrollHeight`)
			for y, n := 0, 0; y < height; y, n = y+740, n+1 {
				eval[bool](tb, fmt.Sprintf(`(scrollTo(0, %d), true)`, y))
				if png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot()); err == nil {
					os.WriteFile(filepath.Join(dir, fmt.Sprintf("shoe-%s-%02d.png", lang, n)), png, 0o644)
				}
			}
		}
	}
}

// TestShoeSelfTestFailure: a page whose vectors expect one wrong card keeps
// both forms disabled and claims nothing, even with a link.
func TestShoeSelfTestFailure(t *testing.T) {
	needBrowser(t)
	var c shoeCase
	for _, c = range pageSet[shoeCase](t, "shoe_v1") {
		if len(c.Expect.Cards) > 0 {
			break
		}
	}
	file := pageWithChangedCase(t, "de", "shoe", c.Name, func(c map[string]any) {
		cards := c["expect"].(map[string]any)["cards"].([]any)
		cards[0] = map[bool]string{true: "KC", false: "AS"}[cards[0] == "AS"]
	})
	tb := open(t, "file://"+file+mustShoeLink(t, shoeCaseNamed(t, "recorded-prefix-match").Record))
	if got := eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`); got != "fail" {
		t.Fatalf("self-test %s with a corrupted vector", got)
	}
	if got := eval[string](tb, `document.querySelector('[data-selftest-failed]').textContent`); got != "shoe_v1/"+c.Name {
		t.Errorf("failed cases listed: %q", got)
	}
	if !eval[bool](tb, `[...document.querySelectorAll('form > fieldset')].every((f) => f.disabled)`) {
		t.Error("a form is enabled although the self-test failed")
	}
	if got := tb.status(); got != "" {
		t.Errorf("verdict %q from a page that failed its self-test", got)
	}
}

// TestShoeAPI: GET /api/shoe/<id> answers only ids of [A-Za-z0-9_-]{1,64},
// only from the proofs directory, as JSON; the pages keep their policies.
func TestShoeAPI(t *testing.T) {
	proofs := t.TempDir()
	outside := t.TempDir()
	write := func(dir, name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(proofs, "shoe-1.json", `{"id":"shoe-1"}`)
	write(proofs, "A_b-9.json", `{"id":"A_b-9"}`)
	write(proofs, "plain", `{"id":"plain"}`)
	write(outside, "secret.json", `{"secret":true}`)
	write(filepath.Dir(proofs), "above.json", `{"above":true}`)
	if err := os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(proofs, "escape.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(proofs, "dir.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(proofs, "huge.json", `"`+strings.Repeat("x", maxProofSize)+`"`)
	h := Handler(dist, proofs)

	get := func(method, target string) *http.Response {
		t.Helper()
		w := httptest.NewRecorder()
		r := httptest.NewRequest(method, "http://localhost"+target, nil)
		h.ServeHTTP(w, r)
		return w.Result()
	}
	for _, c := range []struct {
		target string
		status int
		body   string
	}{
		{"/api/shoe/shoe-1", 200, `{"id":"shoe-1"}`},
		{"/api/shoe/A_b-9", 200, `{"id":"A_b-9"}`},
		{"/api/shoe/shoe-1?x=1", 200, `{"id":"shoe-1"}`},
		{"/api/shoe/" + strings.Repeat("a", 64), 404, `{"error":"not-found"}`},
		{"/api/shoe/nope", 404, `{"error":"not-found"}`},
		{"/api/shoe/escape", 404, `{"error":"not-found"}`},
		{"/api/shoe/dir", 404, `{"error":"not-found"}`},
		{"/api/shoe/huge", 500, `{"error":"unavailable"}`},
		{"/api/shoe/" + strings.Repeat("a", 65), 400, `{"error":"bad-id"}`},
		{"/api/shoe/", 400, `{"error":"bad-id"}`},
		{"/api/shoe/plain.json", 400, `{"error":"bad-id"}`},
		{"/api/shoe/shoe-1.json", 400, `{"error":"bad-id"}`},
		{"/api/shoe/a/b", 400, `{"error":"bad-id"}`},
		{"/api/shoe/..%2Fabove", 400, `{"error":"bad-id"}`},
		{"/api/shoe/%2e%2e", 400, `{"error":"bad-id"}`},
		{"/api/shoe/shoe%2D1", 400, `{"error":"bad-id"}`},
		{"/api/shoe/shoe%201", 400, `{"error":"bad-id"}`},
		{"/api/shoe/sh%C3%B6e", 400, `{"error":"bad-id"}`},
	} {
		res := get("GET", c.target)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != c.status || string(body) != c.body {
			t.Errorf("GET %s: %d %s, want %d %s", c.target, res.StatusCode, body, c.status, c.body)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", c.target, ct)
		}
		if csp := res.Header.Get("Content-Security-Policy"); csp != StrictCSP {
			t.Errorf("GET %s: CSP %q", c.target, csp)
		}
		if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: headers %v", c.target, res.Header)
		}
	}
	if res := get("HEAD", "/api/shoe/shoe-1"); res.StatusCode != 200 {
		t.Errorf("HEAD: %d", res.StatusCode)
	}
	for _, method := range []string{"POST", "PUT", "DELETE"} {
		if res := get(method, "/api/shoe/shoe-1"); res.StatusCode != 405 || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d, Allow %q", method, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	// No proofs directory: nothing is found.
	w := httptest.NewRecorder()
	Handler(dist, "").ServeHTTP(w, httptest.NewRequest("GET", "/api/shoe/shoe-1", nil))
	if w.Code != 404 {
		t.Errorf("without proofs: %d", w.Code)
	}

	// The shipped records: each answers, as the browser tests expect.
	shipped := Handler(dist, proofsDir())
	for _, id := range []string{"shoe-42", "cup-spring-2024-h2", "shoe-43", "shoe-broken", "shoe-garbled"} {
		w := httptest.NewRecorder()
		shipped.ServeHTTP(w, httptest.NewRequest("GET", "/api/shoe/"+id, nil))
		if w.Code != 200 {
			t.Errorf("testdata/proofs/%s.json: %d", id, w.Code)
		}
	}

	// Pages keep their policy: only the shoe page may connect, to itself.
	for _, lang := range oneLanguage {
		if _, err := os.Stat(filepath.Join(dist, lang, "shoe", "index.html")); err != nil {
			t.Skip("shoe page not built")
		}
		res := get("GET", "/"+lang+"/shoe/")
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != 200 || !strings.Contains(csp, "; connect-src 'self'") || csp != CSP(Page{Name: "shoe", Connects: true})+noFraming {
			t.Errorf("/%s/shoe/: %d, CSP %q", lang, res.StatusCode, csp)
		}
		res = get("GET", "/"+lang+"/check/")
		if csp := res.Header.Get("Content-Security-Policy"); strings.Contains(csp, "connect-src") {
			t.Errorf("/%s/check/: CSP %q allows connecting", lang, csp)
		}
	}
}

// TestShoePageCopyLink: the link the page writes for a typed form opens
// the same form and verdict (a client seed with a colon, spaces, a quote
// and symbols; cards typed loosely; a tournament hand).
func TestShoePageCopyLink(t *testing.T) {
	needBrowser(t)
	utf := shoeCaseNamed(t, "client-seed-utf8-with-colon")
	hand := shoeCaseNamed(t, "tournament-hand2-prefix-match")
	url := pageURLs("el", "shoe")["http"]
	tb := open(t, url)
	copyLink := func() string {
		t.Helper()
		eval[bool](tb, `(Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text) => { window.copied = text; } }), window.copied = '', true)`)
		if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-copy-link]`))); err != nil {
			t.Fatal(err)
		}
		tb.poll(`window.copied !== ''`)
		copied := eval[string](tb, `window.copied`)
		base, fragment, _ := strings.Cut(copied, "#")
		if base != url {
			t.Errorf("copied link %q does not point at this page", copied)
		}
		return "#" + fragment
	}
	for _, c := range []struct {
		name   string
		fields map[string]string
		status string
	}{
		{"free round", map[string]string{
			"mode": "round", "serverSeed": utf.Record["serverSeed"].(string), "commitment": utf.Expect.Commitment.Computed,
			"clientSeed": utf.Record["clientSeed"].(string) + ` & "#%41+'`, "nonce": "3", "tournamentId": "", "hand": "", "decks": "1",
			"penetration": "0,75", "cards": "7♦, 2h 10c", "cut": "",
		}, "mismatch"},
		{"tournament hand", map[string]string{
			"mode": "tournament", "serverSeed": hand.Record["serverSeed"].(string), "commitment": "", "clientSeed": "",
			"nonce": "", "tournamentId": "spring-cup-2024", "hand": "2", "decks": "6", "penetration": "0.75", "cards": "", "cut": "230",
		}, "match"},
	} {
		eval[bool](tb, fmt.Sprintf(`(() => {
			const f = %s;
			document.querySelector('input[name=mode][value=' + f.mode + ']').click();
			for (const [k, v] of Object.entries(f)) if (k !== 'mode') document.getElementById(k).value = v;
			return true; })()`, mustJSON(t, c.fields)))
		link := copyLink()
		tb.goTo(link)
		if got := tb.status(); got != c.status {
			t.Errorf("%s: the copied link %s checks as %s, want %s", c.name, link, got, c.status)
		}
		got := tb.shoeFields()
		want := maps.Clone(c.fields)
		want["penetration"] = "0.75"
		if c.name == "free round" {
			want["cards"] = "7D 2H TC" // the link carries canonical names
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: the copied link %s fills\n%v\nwant\n%v", c.name, link, got, want)
		}
	}

	// Values no link can carry: the page says so and copies no other link.
	eval[bool](tb, `(document.getElementById('serverSeed').value = 'not a seed', window.copied = '', true)`)
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-copy-link]`))); err != nil {
		t.Fatal(err)
	}
	want := pageWords(t, "shoe", "el")["msg.copy.no-link"]
	tb.poll(`document.querySelector('[data-copied]').textContent === ` + jsString(want))
	if copied := eval[string](tb, `window.copied`); copied != "" {
		t.Errorf("a form no link can carry copied %q", copied)
	}
	tb.clean(url)
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
