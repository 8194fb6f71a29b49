package web

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pfcheck/internal/dicestats"
	"pfcheck/internal/dicev2"
	"pfcheck/internal/verify"
)

// The dice page (dice_v2, seed 001): v=2 links and typed matches checked
// against the vectors and against the Go core, the tables of the 36 rolls
// against internal/dicestats, "roll yourself", the download button of the
// "three ways" section, and the page at 360 px, in every language.

type diceV2Case struct {
	Name   string         `json:"name"`
	Link   string         `json:"link"`
	Record map[string]any `json:"record"`
	Expect struct {
		Status         string `json:"status"`
		Anchor         string `json:"anchor"`
		RoundTime      *int   `json:"roundTime"`
		SignatureValid *bool  `json:"signatureValid"`
		RoundAfterSeal *bool  `json:"roundAfterSeal"`
		Commitment     struct {
			Computed string `json:"computed"`
			Given    string `json:"given"`
			Matches  bool   `json:"matches"`
		} `json:"commitment"`
		Games []struct {
			Game  int `json:"game"`
			Rolls []struct {
				N      int    `json:"n"`
				Dice   string `json:"dice"`
				Status string `json:"status"`
			} `json:"rolls"`
		} `json:"games"`
		Mismatches []struct {
			Index int `json:"index"`
		} `json:"mismatches"`
		Errors []problem `json:"errors"`
	} `json:"expect"`
}

// diceRow is one roll of the result as the page shows it.
type diceRow struct {
	Game   int    `json:"game"`
	N      int    `json:"n"`
	Dice   string `json:"dice"`
	Status string `json:"status"`
}

func (c diceV2Case) rows() []diceRow {
	var rows []diceRow
	for _, g := range c.Expect.Games {
		for _, r := range g.Rolls {
			rows = append(rows, diceRow{g.Game, r.N, r.Dice, r.Status})
		}
	}
	return rows
}

// hasRolls reports whether the vector lists the rolls of every game it
// expects (some list only each game's binding).
func (c diceV2Case) hasRolls() bool {
	for _, g := range c.Expect.Games {
		if len(g.Rolls) == 0 {
			return false
		}
	}
	return len(c.Expect.Games) > 0
}

// diceGoTo opens fragment in the loaded page; a fragment the page already
// shows is opened again by way of another one (the same hash fires no
// hashchange).
func (tb *tab) diceGoTo(fragment string) {
	tb.t.Helper()
	if eval[string](tb, `location.hash`) == "#"+strings.TrimPrefix(fragment, "#") {
		tb.goTo("#v=2") // another link of this page, refused
	}
	tb.goTo(fragment)
}

func diceV2Cases(t testing.TB) []diceV2Case { return vectorCases[diceV2Case](t, "dice_v2") }

func diceV2Case1(t testing.TB, name string) diceV2Case {
	t.Helper()
	for _, c := range diceV2Cases(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no vector %s", name)
	return diceV2Case{}
}

// linkOf returns the case's link: its own, or its record written as one
// ("" when a link cannot carry the record).
func (c diceV2Case) linkOf() string {
	if c.Link != "" {
		return c.Link
	}
	if f := dicev2.FormatLink(c.Record); f != "" {
		return "#" + f
	}
	return ""
}

// diceSentence is the page's sentence for a problem; the page names the
// players A and B where the core counts 1 and 2.
func diceSentence(t testing.TB, words map[string]string, p problem) string {
	t.Helper()
	s := sentenceTemplate(t, words, p.Field, p.Code)
	at := ""
	switch {
	case p.Field == "players" && p.At > 0:
		at = string(rune('A' + p.At - 1))
	case p.At > 0:
		at = strconv.Itoa(p.At)
	}
	return strings.ReplaceAll(s, "{at}", at)
}

// fill puts values into a sentence as the page's msg does.
func diceFill(s string, values ...any) string {
	for i := 0; i+1 < len(values); i += 2 {
		s = strings.ReplaceAll(s, "{"+values[i].(string)+"}", fmt.Sprint(values[i+1]))
	}
	return s
}

func (tb *tab) diceRows() []diceRow {
	return eval[[]diceRow](tb, `[...document.querySelectorAll('[data-roll-index]')].map((e) => ({
		game: +e.dataset.game, n: +e.dataset.rollIndex, dice: e.dataset.dice, status: e.dataset.status }))`)
}

func (tb *tab) diceText(selector string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector(%s)?.textContent ?? '<none>'`, jsString(selector)))
}

func (tb *tab) diceAttr(selector, name string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector(%s)?.getAttribute(%s) ?? '<none>'`, jsString(selector), jsString(name)))
}

// errorSlot is the text next to a field, or in the link's slot for a field
// the form has no place for.
func (tb *tab) diceErrorSlot(field string) string {
	return eval[string](tb, fmt.Sprintf(`(document.querySelector('[data-error-for=%s]') ?? document.querySelector('[data-error-for=link]')).textContent`, jsString(field)))
}

// checkDiceResult compares what the page shows for a link with what the Go
// core says about the same link (verify.LinkResult, the self-test's call)
// and, where the case has them, with the vector's expectations.
func checkDiceResult(t *testing.T, tb *tab, words map[string]string, name, link string, c *diceV2Case) {
	t.Helper()
	want := verify.LinkResult(link, verify.FormatDice)
	status := want["status"].(string)
	if c != nil && c.Expect.Status != status {
		t.Errorf("%s: Go says %s for its link, the vector %s for the record", name, status, c.Expect.Status)
	}
	if got := tb.status(); got != status {
		t.Errorf("%s: status %s, want %s", name, got, status)
		return
	}
	verdict := tb.diceText("#verdict")
	if status == "invalid" || status == "unsupported" {
		if n := len(tb.diceRows()); n != 0 {
			t.Errorf("%s: %d rolls shown", name, n)
		}
		if !eval[bool](tb, `document.querySelector('[data-result]').hidden`) {
			t.Errorf("%s: a result is shown for an invalid record", name)
		}
		for _, p := range want["errors"].([]any) {
			p := p.(map[string]any)
			problem := problem{Field: p["field"].(string), Code: p["code"].(string)}
			if at, ok := p["at"].(int); ok {
				problem.At = at
			}
			if slot, sentence := tb.diceErrorSlot(problem.Field), diceSentence(t, words, problem); !strings.Contains(slot, sentence) {
				t.Errorf("%s: error for %s is %q, want %q", name, problem.Field, slot, sentence)
			}
			if problem.Field == "drandSignature" && problem.Code == "not-a-point" &&
				!strings.Contains(verdict, words["msg.dice.verdict.invalid-signature"]) {
				t.Errorf("%s: verdict %q does not say the signature is forged", name, verdict)
			}
		}
		return
	}

	rec := want["record"].(map[string]any)
	round := rec["drandRound"]
	if got, want := tb.diceText("[data-anchor]"), want["anchor"].(string); got != want {
		t.Errorf("%s: anchor %s, want %s", name, got, want)
	}
	if got, want := tb.diceAttr("[data-round-time]", "data-round-time"), fmt.Sprint(want["roundTime"]); got != want {
		t.Errorf("%s: round time %s, want %s", name, got, want)
	}
	if got, want := tb.diceAttr("[data-round]", "data-round"), fmt.Sprint(round); got != want {
		t.Errorf("%s: round %s, want %s", name, got, want)
	}
	valid := want["signatureValid"].(bool)
	if got := tb.diceAttr("[data-signature-valid]", "data-signature-valid"); got != strconv.FormatBool(valid) {
		t.Errorf("%s: data-signature-valid %s, want %t", name, got, valid)
	}
	timing := "unchecked"
	if after, ok := want["roundAfterSeal"].(bool); ok {
		timing = strconv.FormatBool(after)
	}
	if got := tb.diceAttr("[data-round-after-seal]", "data-round-after-seal"); got != timing {
		t.Errorf("%s: data-round-after-seal %s, want %s", name, got, timing)
	}
	commitment := want["commitment"].(map[string]any)
	if got := tb.diceText("[data-seal]"); got != commitment["computed"] {
		t.Errorf("%s: seal %s, want %s", name, got, commitment["computed"])
	}

	// Rows: every roll of every game, as the core computed it.
	var rows []diceRow
	for _, g := range want["games"].([]any) {
		g := g.(map[string]any)
		for _, r := range g["rolls"].([]any) {
			r := r.(map[string]any)
			rows = append(rows, diceRow{g["game"].(int), r["n"].(int), r["dice"].(string), r["status"].(string)})
		}
	}
	if got := tb.diceRows(); fmt.Sprint(got) != fmt.Sprint(rows) {
		t.Errorf("%s: rows\n%v\nwant\n%v", name, got, rows)
	}
	if c != nil && c.hasRolls() && fmt.Sprint(rows) != fmt.Sprint(c.rows()) {
		t.Errorf("%s: Go's rows differ from the vector's", name)
	}
	var bindings []string
	for _, g := range want["games"].([]any) {
		bindings = append(bindings, g.(map[string]any)["binding"].(string))
	}
	if got := eval[[]string](tb, `[...document.querySelectorAll('[data-binding]')].map((e) => e.textContent)`); fmt.Sprint(got) != fmt.Sprint(bindings) {
		t.Errorf("%s: bindings %v, want %v", name, got, bindings)
	}

	// The verdict names exactly what failed, and says what was not checked.
	says := func(key string, values ...any) bool {
		return strings.Contains(verdict, diceFill(words[key], values...))
	}
	saysPrefix := func(key string) bool { // a sentence with a duration in it: up to the duration
		before, _, _ := strings.Cut(words[key], "{delay}")
		return strings.Contains(verdict, diceFill(before, "round", round))
	}
	given, _ := commitment["given"].(string)
	if status == "mismatch" {
		if got, want := says("msg.dice.verdict.mismatch-seal"), given != "" && !commitment["matches"].(bool); got != want {
			t.Errorf("%s: verdict %q names the seal: %t, want %t", name, verdict, got, want)
		}
		if got := says("msg.dice.verdict.mismatch-signature", "round", round); got != !valid {
			t.Errorf("%s: verdict %q names the signature: %t, want %t", name, verdict, got, !valid)
		}
		if got := saysPrefix("msg.dice.verdict.mismatch-timing"); got != (timing == "false") {
			t.Errorf("%s: verdict %q names the timing: %t, want %t", name, verdict, got, timing == "false")
		}
		if n := len(want["mismatches"].([]any)); n > 0 {
			first := 0
			for i, r := range rows {
				if r.Status == "mismatch" {
					first = i
					break
				}
			}
			where := diceFill(words["msg.dice.where.roll"], "game", rows[first].Game, "n", rows[first].N)
			others := n == 1 || says("msg.verdict.mismatch-others", "count", n-1)
			if !says("msg.dice.verdict.mismatch-rolls", "first", where) || !others {
				t.Errorf("%s: verdict %q does not name the first differing roll (game %d, roll %d)", name, verdict, rows[first].Game, rows[first].N)
			}
		}
		return
	}
	matched := "msg.dice.verdict.match"
	if len(want["games"].([]any)) == 1 {
		matched = "msg.dice.verdict.match-one-game"
	}
	if status == "match" && !says(matched, "n", len(rows), "games", len(want["games"].([]any)), "round", round) {
		t.Errorf("%s: verdict %q", name, verdict)
	}
	if given != "" && !says("msg.dice.verdict.seal-ok") || given == "" && !says("msg.dice.verdict.seal-unchecked") {
		t.Errorf("%s: verdict %q does not say whether the seal was compared", name, verdict)
	}
	if timing == "unchecked" && !says("msg.dice.verdict.timing-unchecked") || timing == "true" && !saysPrefix("msg.dice.verdict.timing-ok") {
		t.Errorf("%s: verdict %q does not say whether the timing was checked", name, verdict)
	}
}

// changeSignatureByte returns link with byte i of its signature (x=) changed.
func changeSignatureByte(t *testing.T, link string, i int) string {
	t.Helper()
	start := strings.Index(link, "&x=") + 3
	j := start + 2*i
	b, err := strconv.ParseUint(link[j:j+2], 16, 8)
	if err != nil {
		t.Fatal(err)
	}
	return link[:j] + fmt.Sprintf("%02x", b^0x5a) + link[j+2:]
}

func TestDicePage(t *testing.T) {
	needBrowser(t)
	cases := diceV2Cases(t)
	real := diceV2Case1(t, "link-r1000-alice-bob")
	for _, lang := range oneLanguage {
		words := pageWords(t, "dice", lang)
		for mode, url := range pageURLs(lang, "dice") {
			t.Run(lang+"/"+mode, func(t *testing.T) {
				tb := open(t, url+real.Link)
				if checks := tb.diceAttr("[data-selftest]", "data-checks"); checks != fmt.Sprint(pageSetSize(t, "dice")) {
					t.Errorf("self-test ran %s checks, want %d", checks, pageSetSize(t, "dice"))
				}
				if got := tb.status(); got != "match" {
					t.Fatalf("real link: status %s, verdict %q", got, tb.diceText("#verdict"))
				}
				checkDiceResult(t, tb, words, real.Name, real.Link, &real)
				if got := tb.diceText("[data-players]"); !strings.Contains(got, "alice") || !strings.Contains(got, "bob") {
					t.Errorf("players shown as %q", got)
				}
				if mode == "http" {
					checkDicePlayersShown(t, tb, words, real.Link)
				}

				// One changed byte of the signature: never a match, and the
				// verdict says the signature is what failed.
				for _, i := range []int{0, 17, 47} {
					link := changeSignatureByte(t, real.Link, i)
					tb.goTo(link)
					if tb.status() == "match" {
						t.Errorf("signature byte %d changed: match", i)
					}
					checkDiceResult(t, tb, words, fmt.Sprintf("signature byte %d", i), link, nil)
				}

				// Every vector a link can carry, refused ones included.
				for _, c := range cases {
					link := c.linkOf()
					if link == "" {
						continue
					}
					tb.diceGoTo(link)
					checkDiceResult(t, tb, words, c.Name, link, &c)
				}
				tb.clean(url)
			})
		}
	}
}

// TestDiceDurationsWithoutIntl: the dice page says a length of time as
// Intl's long units do, in every language, but makes no Intl.NumberFormat
// on its way to the verdict (its first costs 30-80 ms there, make bench).
func TestDiceDurationsWithoutIntl(t *testing.T) {
	needBrowser(t)
	for _, lang := range oneLanguage {
		tb := newTab(t)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: countIntl}); err != nil {
			t.Fatal(err)
		}
		tb.navigate(pageURLs(lang, "dice")["http"] + diceV2Case1(t, "link-r1000-alice-bob").Link)
		if tb.waitSelfTest() != "pass" {
			t.Fatal("self-test failed")
		}
		tb.waitVerdict()
		if n := eval[int](tb, `window.intlAtVerdict`); n != 0 {
			t.Errorf("%s: %d numbers formatted with Intl by the verdict", lang, n)
		}
		differ := eval[[]string](tb, `[1, 2, 59, 60, 61, 90, 3599, 3600, 5400, 7200, 86399, 86400, 129600, 1e6].flatMap((s) => {
			const [unit, size] = [['day', 86400], ['hour', 3600], ['minute', 60]].find(([, size]) => s >= size) ?? ['second', 1];
			const intl = new Intl.NumberFormat(pageLang, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(s / size);
			return formatDuration(s) === intl ? [] : [s + ' s: ' + formatDuration(s) + ', Intl ' + intl];
		})`)
		for _, d := range differ {
			t.Errorf("%s: %s", lang, d)
		}
		tb.clean(pageURLs(lang, "dice")["http"])
	}
}

// TestDicePageMarkup: ids are any text, markup included; the page shows
// them as text and runs nothing.
func TestDicePageMarkup(t *testing.T) {
	real := diceV2Case1(t, "link-r1000-alice-bob")
	payload := `%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%3Balert(1)%22%3E`
	link := strings.Replace(strings.Replace(real.Link, "&a=alice", "&a="+payload, 1), "&b=bob", "&b=%3Cscript%3Ewindow.pwned%3D2%3C%2Fscript%3E", 1)
	url := pageURLs("de", "dice")["http"]
	tb := open(t, url+link)
	if got := tb.status(); got != "mismatch" {
		t.Errorf("status %s", got)
	}
	if got := tb.diceText("[data-players]"); !strings.Contains(got, `<img src=x onerror="window.pwned=1;alert(1)">`) || !strings.Contains(got, "<script>") {
		t.Errorf("players shown as %q", got)
	}
	if bad := eval[int](tb, `document.querySelectorAll('img').length + (window.pwned ? 100 : 0)`); bad != 0 {
		t.Errorf("markup ran or was inserted (%d)", bad)
	}
	tb.clean(url)
}

// TestDicePageReach: the distance table answers as internal/dicestats does
// for every distance, in 36ths, and shows all 36 rolls when none is chosen.
func TestDicePageReach(t *testing.T) {
	for _, lang := range oneLanguage {
		t.Run(lang, func(t *testing.T) {
			url := pageURLs(lang, "dice")["file"]
			tb := open(t, url)
			words := pageWords(t, "dice", lang)
			if n := eval[int](tb, `document.querySelectorAll('[data-reach-table] td[data-roll]').length`); n != 36 {
				t.Fatalf("%d cells, want 36", n)
			}
			for d := 1; d <= dicestats.MaxDistance; d++ {
				if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=distance][value="%d"]`, d)))); err != nil {
					t.Fatal(err)
				}
				table, count := dicestats.Table(d)
				cells := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-reach-table] td[data-roll]')].map((e) => [e.dataset.roll, e.dataset.reaches]))`)
				for a := 1; a <= 6; a++ {
					for b := 1; b <= 6; b++ {
						if got, want := cells[fmt.Sprintf("%d%d", a, b)], strconv.FormatBool(table[a-1][b-1]); got != want {
							t.Errorf("distance %d, roll %d-%d: data-reaches %q, want %s", d, a, b, got, want)
						}
					}
				}
				if got := tb.diceAttr("[data-reach-count]", "data-reach-count"); got != strconv.Itoa(count) {
					t.Errorf("distance %d: count %s, want %d of 36", d, got, count)
				}
				text := tb.diceText("[data-reach-count]")
				key := "msg.dice.reach.count"
				if count == 1 { // one ordered roll: a double
					key += ".one"
				}
				if count > 0 && !strings.HasPrefix(text, strings.Split(diceFill(words[key], "count", count, "d", d), ":")[0]) {
					t.Errorf("distance %d: %q", d, text)
				}
			}
			if got := tb.diceAttr("[data-reach-count]", "data-reach-count"); got != "1" {
				t.Errorf("24 is reached only by 6-6, and 24 was last: count %s", got)
			}
			// 6 → 17 of 36, by the text too.
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`input[name=distance][value="6"]`))); err != nil {
				t.Fatal(err)
			}
			if got, want := tb.diceText("[data-reach-count]"), diceFill(words["msg.dice.reach.count"], "count", 17, "d", 6, "distinct", 10, "doubles", 3); got != want {
				t.Errorf("distance 6: %q, want %q", got, want)
			}
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`input[name=distance][value=""]`))); err != nil {
				t.Fatal(err)
			}
			if n := eval[int](tb, `document.querySelectorAll('[data-reach-table] td[data-reaches]').length`); n != 0 {
				t.Errorf("nothing chosen: %d cells still marked", n)
			}
			if got := tb.diceText("[data-reach-count]"); got != words["msg.dice.reach.none"] {
				t.Errorf("nothing chosen: %q", got)
			}
			// The opening rule: 30 of 36, no double.
			if got := tb.diceAttr("[data-opening-count]", "data-opening-count"); got != strconv.Itoa(dicestats.OpeningCount()) {
				t.Errorf("opening count %s", got)
			}
			opening := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-opening-table] td[data-roll]')].map((e) => [e.dataset.roll, e.dataset.opening]))`)
			for a := 1; a <= 6; a++ {
				for b := 1; b <= 6; b++ {
					if got, want := opening[fmt.Sprintf("%d%d", a, b)], strconv.FormatBool(dicestats.Opening(a, b)); got != want {
						t.Errorf("opening %d-%d: %q, want %s", a, b, got, want)
					}
				}
			}
			tb.clean(url)
		})
	}
}

// TestDicePageRollYourself presses the buttons and checks that the cells,
// the total and the doubles add up.
func TestDicePageRollYourself(t *testing.T) {
	for _, lang := range oneLanguage {
		t.Run(lang, func(t *testing.T) {
			url := pageURLs(lang, "dice")["http"]
			tb := open(t, url)
			const presses = 25
			for range presses {
				if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-roll-once]`))); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-roll-many]`))); err != nil {
				t.Fatal(err)
			}
			type board struct{ Total, Doubles, Empty, Sum, SumDoubles, Zero, Filled, Cells int }
			read := func() board {
				return eval[board](tb, `(() => {
					const cells = [...document.querySelectorAll('[data-self-table] td[data-roll]')];
					const n = (e) => +e.dataset.rolled;
					const num = (s) => +document.querySelector(s).textContent;
					return { Total: num('[data-rolled-total]'), Doubles: num('[data-rolled-doubles]'), Empty: num('[data-rolled-empty]'),
						Sum: cells.reduce((s, e) => s + n(e), 0),
						SumDoubles: cells.filter((e) => e.dataset.roll[0] === e.dataset.roll[1]).reduce((s, e) => s + n(e), 0),
						Zero: cells.filter((e) => n(e) === 0).length,
						Filled: cells.filter((e) => e.textContent !== '' && +e.textContent === n(e)).length,
						Cells: cells.length };
				})()`)
			}
			b := read()
			if b.Cells != 36 {
				t.Fatalf("%d cells", b.Cells)
			}
			if b.Total != presses+36 || b.Sum != b.Total {
				t.Errorf("total %d, cells add up to %d, want %d", b.Total, b.Sum, presses+36)
			}
			if b.Doubles != b.SumDoubles {
				t.Errorf("doubles %d, the diagonal adds up to %d", b.Doubles, b.SumDoubles)
			}
			if b.Empty != b.Zero || b.Filled != 36-b.Zero || b.Filled == 0 {
				t.Errorf("empty %d, cells at zero %d, filled %d", b.Empty, b.Zero, b.Filled)
			}
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-roll-clear]`))); err != nil {
				t.Fatal(err)
			}
			if b := read(); b.Total != 0 || b.Sum != 0 || b.Empty != 36 {
				t.Errorf("after clearing: %+v", b)
			}
			tb.clean(url)
		})
	}
}

// TestDicePageRollsAreUniform rolls 36000 times with the page's own roller
// and checks that each of the 36 rolls fell about 1000 times: no roll is
// missed or favoured grossly. (A bias as small as the one the page explains,
// 43 against 42 of 256, would need far more rolls; the roller avoids it by
// construction, rejecting bytes from 252 up.)
func TestDicePageRollsAreUniform(t *testing.T) {
	url := pageURLs("de", "dice")["file"]
	tb := open(t, url)
	counts := eval[[]int](tb, `(() => {
		const many = document.querySelector('[data-roll-many]');
		many.dataset.rollMany = '36000';
		many.click();
		return [...document.querySelectorAll('[data-self-table] td[data-roll]')].map((e) => +e.dataset.rolled);
	})()`)
	chi := 0.0
	for _, n := range counts {
		chi += float64((n-1000)*(n-1000)) / 1000
	}
	// 35 degrees of freedom: P(χ² > 80) < 1e-5.
	if len(counts) != 36 || chi > 80 {
		t.Errorf("36000 rolls: χ² = %.1f over %v", chi, counts)
	}
	tb.clean(url)
}

// TestDicePageForm types a three-game match with Greek and Finnish ids.
func TestDicePageForm(t *testing.T) {
	c := diceV2Case1(t, "r123-greek-finnish-3-games")
	url := pageURLs("de", "dice")["http"]
	tb := open(t, url)
	if eval[bool](tb, `document.getElementById('dice-form').querySelector('fieldset').disabled`) {
		t.Fatal("fields still disabled after the self-test")
	}
	rec := c.Record
	var lines []string
	for _, g := range rec["games"].([]any) {
		var rolls []string
		for _, r := range g.(map[string]any)["rolls"].([]any) {
			s := r.(string)
			rolls = append(rolls, s[:1]+"-"+s[1:])
		}
		lines = append(lines, strings.Join(rolls, " "))
	}
	players := rec["players"].([]any)
	num := func(v any) string { return strconv.FormatFloat(v.(float64), 'f', -1, 64) }
	set := func(id, value string) chromedp.Action[chromedp.Void] {
		return chromedp.SetValue(chromedp.ID(id), value)
	}
	if err := chromedp.Do(tb.ctx,
		chromedp.SendKeys(chromedp.ID("serverSeed"), rec["serverSeed"].(string)),
		set("seal", rec["seal"].(string)),
		set("sealedAt", num(rec["sealedAt"])),
		set("match", num(rec["match"])),
		set("playerA", players[0].(string)),
		set("playerB", players[1].(string)),
		set("drandRound", num(rec["drandRound"])),
		set("drandSignature", rec["drandSignature"].(string)),
		set("games", strings.Join(lines, "\n\n")),
		chromedp.Click(chromedp.CSS(`#dice-form button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.waitVerdict()
	if got := tb.status(); got != "match" {
		t.Fatalf("typed form: status %s, verdict %q, problems %q", got, tb.diceText("#verdict"), tb.diceText("form"))
	}
	if got := tb.diceRows(); fmt.Sprint(got) != fmt.Sprint(c.rows()) {
		t.Errorf("rows\n%v\nwant\n%v", got, c.rows())
	}

	// A line that is no list of rolls is named by its line.
	eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', true)`)
	if err := chromedp.Do(tb.ctx,
		set("games", lines[0]+"\nPartie zwei"),
		chromedp.Click(chromedp.CSS(`#dice-form button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.waitVerdict()
	if got := tb.status(); got != "invalid" {
		t.Errorf("bad line: status %s", got)
	}
	want := diceSentence(t, pageWords(t, "dice", "de"), problem{Field: "games", Code: "bad-line", At: 2})
	if got := tb.diceErrorSlot("games"); got != want {
		t.Errorf("games error %q, want %q", got, want)
	}
	// The players' problems name A and B.
	eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', document.getElementById('playerB').value = '', true)`)
	if err := chromedp.Do(tb.ctx,
		set("games", lines[0]),
		chromedp.Click(chromedp.CSS(`#dice-form button[type=submit]`)),
	); err != nil {
		t.Fatal(err)
	}
	tb.waitVerdict()
	want = diceSentence(t, pageWords(t, "dice", "de"), problem{Field: "players", Code: "empty", At: 2})
	if got := tb.diceErrorSlot("players"); got != want || !strings.Contains(got, "Spieler B") {
		t.Errorf("players error %q, want %q", got, want)
	}
	tb.clean(url)
}

// TestDicePagePhoneWidth: nothing is wider than a 360-pixel screen, with a
// result and with the form open.
func TestDicePagePhoneWidth(t *testing.T) {
	real := diceV2Case1(t, "link-greek-finnish-escaped")
	bad := diceV2Case1(t, "link-player-bad-escape")
	for _, lang := range oneLanguage {
		tb := open(t, pageURLs(lang, "dice")["http"])
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			t.Fatal(err)
		}
		for _, link := range []string{real.Link, bad.Link} {
			tb.goTo(link)
			eval[bool](tb, `(document.querySelector('input[name=distance][value="6"]').click(), document.querySelector('[data-roll-many]').click(), true)`)
			if width := eval[int](tb, `document.documentElement.scrollWidth`); width > 360 {
				wide := eval[[]string](tb, `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 361).slice(0, 5).map((e) => e.tagName + '.' + e.className)`)
				t.Errorf("%s: page is %d px wide on a 360 px screen: %v", lang, width, wide)
			}
		}
		if dir := os.Getenv("DICE_SHOTS"); dir != "" {
			tb.goTo(real.Link)
			png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "dice-"+lang+".png"), png, 0o644)
		}
	}
}

// TestDicePageDownload: the button of "three ways" downloads this page, and
// the downloaded file checks a link offline.
func TestDicePageDownload(t *testing.T) {
	downloadChecks(t, pageURLs("fi", "dice")["http"], diceV2Case1(t, "link-r1000-alice-bob").Link, `[data-download-again]`, "pfcheck-fi-dice.html")
}

// TestDicePageSendsV1Elsewhere: a v=1 link belongs to the check page; the
// served page goes there, a file says so (TestLinkOfAnotherPage has the
// rest).
func TestDicePageSendsV1Elsewhere(t *testing.T) {
	v1 := matchLink(t)
	tb := open(t, pageURLs("de", "dice")["http"])
	eval[bool](tb, fmt.Sprintf(`(location.hash = %s, true)`, jsString(v1.Link)))
	// The page navigates; ask the new one until it has a verdict.
	var at string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		at, _ = chromedp.Run(tb.ctx, chromedp.Evaluate[string](`location.pathname + location.hash + ' ' + (document.getElementById('verdict')?.dataset.status ?? '')`))
		if at == "/de/check/"+v1.Link+" match" || at == "/de/check/index.html"+v1.Link+" match" {
			break
		}
	}
	if !strings.HasPrefix(at, "/de/check/") || !strings.HasSuffix(at, v1.Link+" match") {
		t.Errorf("after a v=1 link: %s", at)
	}

	file := open(t, pageURLs("de", "dice")["file"]+v1.Link)
	if got := file.status(); got != "elsewhere" {
		t.Errorf("a file given a v=1 link: status %s", got)
	}
	file.clean(pageURLs("de", "dice")["file"])
}

// TestDicePageInvalidLinkKeepsValues: a link with one value its syntax
// refuses fills the form with everything else it said, beside the problem.
func TestDicePageInvalidLinkKeepsValues(t *testing.T) {
	needBrowser(t)
	real := diceV2Case1(t, "link-r1000-alice-bob")
	tb := open(t, pageURLs("de", "dice")["http"]+real.Link+"&t=notanumber")
	if got := tb.status(); got != "invalid" {
		t.Fatalf("status %s", got)
	}
	values, err := url.ParseQuery(strings.TrimPrefix(real.Link, "#"))
	if err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]string](tb, `Object.fromEntries(['serverSeed', 'drandSignature', 'playerA', 'playerB', 'games'].map((id) => [id, document.getElementById(id).value]))`)
	if got["serverSeed"] != values.Get("s") || got["drandSignature"] != values.Get("x") || got["playerA"] != "alice" || got["playerB"] != "bob" || got["games"] == "" {
		t.Errorf("form after an invalid link: %v", got)
	}
}
