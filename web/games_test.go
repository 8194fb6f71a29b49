package web

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pfcheck/internal/link"
)

// The table-games page (games): match_seed_v2, poker_hmac_v1 and
// chess_colour_v1 records from the vectors, opened as links (the format of
// testdata/tablegames.md, "Link", written here independently of the page's
// own formatLink) and typed into the form, in every language.

type gamesVector struct {
	Name   string         `json:"name"`
	Record map[string]any `json:"record"`
	Expect map[string]any `json:"expect"`
}

var gamesSchemes = []string{"match_seed_v2", "poker_hmac_v1", "chess_colour_v1"}

func gamesVectors(t testing.TB, scheme string) []gamesVector {
	return vectorCases[gamesVector](t, scheme)
}

// gamesRecord returns a copy of a vector's record, to change at will.
func gamesRecord(t testing.TB, scheme, name string) map[string]any {
	t.Helper()
	for _, c := range gamesVectors(t, scheme) {
		if c.Name == name {
			data, _ := json.Marshal(c.Record)
			var rec map[string]any
			json.Unmarshal(data, &rec)
			return rec
		}
	}
	t.Fatalf("no vector %s/%s", scheme, name)
	return nil
}

// gamesEscape percent-encodes all but A-Z a-z 0-9 - _ . ~ (any escape is
// valid in the link; the page decodes each text value once).
func gamesEscape(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

var gamesLinkFields = map[string][]string{
	"match_seed_v2":   {"game", "matchId", "serverSeed", "commitment", "clientSeeds", "seats", "dice", "deals", "hands", "draws"},
	"match_seed_v1":   {"game", "matchId", "serverSeed", "commitment", "clientSeeds", "seats", "dice", "deals", "hands", "draws"},
	"poker_hmac_v1":   {"table", "session", "hand", "root", "serverSeed", "handCommitment", "seats", "deck", "proofs"},
	"chess_colour_v1": {"seedA", "commitA", "clientA", "seedB", "commitB", "clientB", "colourA"},
}

// gamesLink writes a record as a link fragment (with '#').
func gamesLink(rec map[string]any) string {
	scheme := rec["scheme"].(string)
	parts := []string{"v=1", "scheme=" + scheme}
	joined := func(items []any, sep string, f func(any) string) string {
		var out []string
		for _, it := range items {
			out = append(out, f(it))
		}
		return strings.Join(out, sep)
	}
	str := func(v any) string { return fmt.Sprint(v) }
	for _, field := range gamesLinkFields[scheme] {
		v, ok := rec[field]
		if !ok {
			continue
		}
		var s string
		switch {
		case field == "clientSeeds":
			s = joined(v.([]any), ",", func(x any) string { return gamesEscape(x.(string)) })
		case field == "seats" && scheme == "poker_hmac_v1":
			m := v.(map[string]any)
			var keys []string
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var items []string
			for _, k := range keys {
				items = append(items, gamesEscape(k)+":"+gamesEscape(m[k].(string)))
			}
			s = strings.Join(items, ",")
		case field == "seats":
			s = joined(v.([]any), ",", str)
		case field == "dice" || field == "draws" || field == "deck":
			s = joined(v.([]any), "", str)
		case field == "deals":
			s = joined(v.([]any), ",", func(d any) string { return joined(d.([]any), "", str) })
		case field == "hands":
			s = joined(v.([]any), ",", func(h any) string {
				hand := h.(map[string]any)
				return joined(append(append([]any{}, hand["first"].([]any)...), hand["second"].([]any)...), "", str)
			})
		case field == "proofs":
			s = joined(v.([]any), ",", func(p any) string {
				proof := p.(map[string]any)
				return fmt.Sprint(proof["position"]) + ":" + proof["card"].(string) + ":" + proof["salt"].(string) + ":" + joined(proof["path"].([]any), ":", str)
			})
		default:
			s = gamesEscape(fmt.Sprint(v))
		}
		parts = append(parts, field+"="+s)
	}
	return "#" + strings.Join(parts, "&")
}

type gamesProblem struct {
	Field, Code string
	At, Pos     int
	Token       string
	Count       int
}

// gamesSentence is the sentence the page shows for a problem.
func gamesSentence(t *testing.T, words map[string]string, p gamesProblem) string {
	t.Helper()
	s := sentenceTemplate(t, words, p.Field, p.Code)
	blank := func(n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprint(n)
	}
	return strings.NewReplacer("{at}", blank(p.At), "{pos}", blank(p.Pos), "{token}", p.Token, "{count}", blank(p.Count), "{code}", p.Code).Replace(s)
}

type gamesItem struct {
	Kind     string `json:"kind"`
	Index    int    `json:"index"`
	Status   string `json:"status"`
	Computed string `json:"computed"`
	Recorded string `json:"recorded"`
}

// items returns every compared item the page shows.
func (tb *tab) gamesItems() []gamesItem {
	return eval[[]gamesItem](tb, `[...document.querySelectorAll('[data-result] [data-kind]')].map((e) => ({
		kind: e.dataset.kind, index: +e.dataset.index, status: e.dataset.status,
		computed: e.dataset.computed ?? '', recorded: e.dataset.recorded ?? '' }))`)
}

// gamesGo opens another fragment in the loaded page and waits for its
// verdict; the same fragment twice is opened again too.
func (tb *tab) gamesGo(fragment string) {
	tb.t.Helper()
	eval[bool](tb, `(history.replaceState(null, '', location.href.split('#')[0]), true)`)
	tb.goTo(fragment)
}

func gamesMismatched(items []gamesItem) []gamesItem {
	var out []gamesItem
	for _, it := range items {
		if it.Status == "mismatch" {
			out = append(out, it)
		}
	}
	return out
}

func gamesCount(items []gamesItem, kind string) int {
	n := 0
	for _, it := range items {
		if it.Kind == kind {
			n++
		}
	}
	return n
}

// errorFor returns the text next to a field of the shown group, or of the
// page-wide slot of that name.
func (tb *tab) gamesErrorFor(field string) string {
	return eval[string](tb, fmt.Sprintf(`((f) => {
		const g = document.querySelector('[data-group]:not([hidden])');
		const find = (root, name) => root?.querySelector('[data-error-for="' + name + '"]');
		const base = f.split('.')[0];
		const slot = find(g, f) ?? find(g, base) ?? find(document, f) ?? find(document, base);
		return slot ? slot.textContent : '<no slot>';
	})(%s)`, jsString(field)))
}

func (tb *tab) gamesVerdict() string {
	return eval[string](tb, `document.querySelector('[data-verdict-text]').textContent`)
}

// expectOneMismatch checks that exactly one compared item differs, the one
// of kind at index, with the recorded value shown.
func gamesExpectOneMismatch(t *testing.T, tb *tab, what, kind string, index int, recorded string) {
	t.Helper()
	if got := tb.status(); got != "mismatch" {
		t.Errorf("%s: status %s, want mismatch", what, got)
	}
	bad := gamesMismatched(tb.gamesItems())
	if len(bad) != 1 || bad[0].Kind != kind || bad[0].Index != index || bad[0].Recorded != recorded {
		t.Errorf("%s: mismatched items %+v, want one %s %d recorded %q", what, bad, kind, index, recorded)
	}
}

func gamesExpectAllMatch(t *testing.T, tb *tab, what string) []gamesItem {
	t.Helper()
	if got := tb.status(); got != "match" {
		t.Errorf("%s: status %s (%s), want match", what, got, tb.gamesVerdict())
	}
	items := tb.gamesItems()
	if bad := gamesMismatched(items); len(bad) > 0 {
		t.Errorf("%s: mismatched items %+v", what, bad)
	}
	return items
}

func gamesOtherCard(c string) string {
	if c == "As" {
		return "Kd"
	}
	return "As"
}

func TestGamesPage(t *testing.T) {
	needBrowser(t)
	total := pageSetSize(t, "games")
	for _, lang := range oneLanguage {
		words := pageWords(t, "games", lang)
		for mode, url := range pageURLs(lang, "games") {
			t.Run(lang+"/"+mode, func(t *testing.T) {
				bridge := gamesRecord(t, "match_seed_v2", "bridge-1-deals-2-seeds")
				backgammon := gamesRecord(t, "match_seed_v2", "backgammon-40-dice-1-seeds-no-commitment")
				poker := gamesRecord(t, "poker_hmac_v1", "left-table-2-seats")
				chess := gamesRecord(t, "chess_colour_v1", "player-3-a-black")
				v1 := gamesRecord(t, "match_seed_v2", "match-seed-v1-unsupported")
				mahjong := gamesRecord(t, "match_seed_v2", "mahjong-144-draws-4-seeds")
				baloot := gamesRecord(t, "match_seed_v2", "baloot-1-hands-2-seeds")
				tb := open(t, url)
				if st := eval[string](tb, `document.querySelector('[data-selftest]').dataset.selftest`); st != "pass" {
					t.Fatalf("self-test %s", st)
				}
				if checks := eval[string](tb, `document.querySelector('[data-selftest]').dataset.checks`); checks != fmt.Sprint(total) {
					t.Errorf("self-test ran %s checks, want %d", checks, total)
				}

				// A bridge deal: every card by seat, then one card changed.
				tb.gamesGo(gamesLink(bridge))
				items := gamesExpectAllMatch(t, tb, "bridge")
				if n := gamesCount(items, "deals"); n != 52 {
					t.Errorf("bridge: %d cards shown, want 52", n)
				}
				if n := eval[int](tb, `document.querySelectorAll('[data-result] [data-kind=deals] .card.suit-d, [data-result] [data-kind=deals] .card.suit-h').length`); n != 26 {
					t.Errorf("bridge: %d red cards, want 26", n)
				}
				deal := bridge["deals"].([]any)[0].([]any)
				const pos = 30
				changed := gamesOtherCard(deal[pos].(string))
				deal[pos] = changed
				tb.gamesGo(gamesLink(bridge))
				gamesExpectOneMismatch(t, tb, "bridge card changed", "deals", pos+1, changed)

				// A backgammon match: each die, then one die changed.
				tb.gamesGo(gamesLink(backgammon))
				items = gamesExpectAllMatch(t, tb, "backgammon")
				dice := backgammon["dice"].([]any)
				if n := gamesCount(items, "dice"); n != len(dice) {
					t.Errorf("backgammon: %d dice shown, want %d", n, len(dice))
				}
				if n := eval[int](tb, `document.querySelectorAll('[data-throw]').length`); n != len(dice)/2 {
					t.Errorf("backgammon: %d throws shown, want %d", n, len(dice)/2)
				}
				// No commitment given: said in the text's own weight, as on
				// the check page; only a verdict on a commitment stands out.
				if got := eval[[]string](tb, `[...document.querySelectorAll('.commitment dd')].filter((dd) => dd.textContent.includes(`+jsString(words["msg.commitment.none"])+`))
					.map((dd) => getComputedStyle(dd.lastChild).fontWeight)`); !slices.Equal(got, []string{"400"}) {
					t.Errorf("backgammon, no commitment: its sentence in weights %q, want one in 400", got)
				}
				const die = 17
				old := int(dice[die-1].(float64))
				dice[die-1] = float64(old%6 + 1)
				tb.gamesGo(gamesLink(backgammon))
				gamesExpectOneMismatch(t, tb, "die changed", "dice", die, fmt.Sprint(old%6+1))

				// Poker, leaving the table: each card proven, then one card changed.
				tb.gamesGo(gamesLink(poker))
				gamesExpectAllMatch(t, tb, "poker")
				proofs := poker["proofs"].([]any)
				if got := eval[[]string](tb, `[...document.querySelectorAll('[data-proof]')].map((e) => e.dataset.holds)`); len(got) != len(proofs) || strings.Contains(strings.Join(got, ","), "false") {
					t.Errorf("poker: proofs hold %v, want %d × true", got, len(proofs))
				}
				proof := proofs[1].(map[string]any)
				proof["card"] = gamesOtherCard(proof["card"].(string))
				tb.gamesGo(gamesLink(poker))
				gamesExpectOneMismatch(t, tb, "poker card changed", "proofs", 2, "")
				if got := eval[[]string](tb, `[...document.querySelectorAll('[data-proof]')].map((e) => e.dataset.holds)`); len(got) < 2 || got[1] != "false" || strings.Count(strings.Join(got, ","), "false") != 1 {
					t.Errorf("poker card changed: proofs hold %v, want only the second false", got)
				}

				// Chess: who plays White, then the recorded colour changed.
				tb.gamesGo(gamesLink(chess))
				gamesExpectAllMatch(t, tb, "chess")
				if got := eval[string](tb, `document.querySelector('[data-kind=colour]').dataset.computed`); got != "black" {
					t.Errorf("chess: A plays %s, want black", got)
				}
				if why := eval[string](tb, `document.querySelector('[data-result]').textContent`); !strings.Contains(why, words["msg.chess.why"]) {
					t.Errorf("chess: the explanation is missing")
				}
				chess["colourA"] = "white"
				tb.gamesGo(gamesLink(chess))
				gamesExpectOneMismatch(t, tb, "colour changed", "colour", 1, "white")

				// Baloot's two deals and mahjong's tiles, readable.
				tb.gamesGo(gamesLink(baloot))
				items = gamesExpectAllMatch(t, tb, "baloot")
				if n := gamesCount(items, "hands"); n != 32 {
					t.Errorf("baloot: %d cards shown, want 32", n)
				}
				tb.gamesGo(gamesLink(mahjong))
				gamesExpectAllMatch(t, tb, "mahjong")
				gamesCheckTiles(t, tb, words, mahjong)

				// match_seed_v1: cannot be checked here.
				tb.gamesGo(gamesLink(v1))
				if got := tb.status(); got != "unsupported" {
					t.Errorf("match_seed_v1: status %s", got)
				}
				if got := tb.gamesVerdict(); got != words["msg.verdict.not-published"] {
					t.Errorf("match_seed_v1: verdict %q", got)
				}
				if n := len(tb.gamesItems()); n != 0 {
					t.Errorf("match_seed_v1: %d items shown", n)
				}

				// Bad links: invalid, the sentence next to its field, nothing shown.
				shortPath := gamesRecord(t, "poker_hmac_v1", "left-table-2-seats")
				first := shortPath["proofs"].([]any)[0].(map[string]any)
				first["path"] = first["path"].([]any)[:5]
				shortDeal := gamesRecord(t, "match_seed_v2", "bridge-1-deals-2-seeds")
				shortDeal["deals"].([]any)[0] = shortDeal["deals"].([]any)[0].([]any)[:51]
				for _, c := range []struct {
					link string
					want gamesProblem
				}{
					{strings.Replace(gamesLink(bridge), "game=bridge", "game=canasta", 1), gamesProblem{Field: "game", Code: "unknown-game"}},
					{gamesLink(bridge) + "&seats=0,1", gamesProblem{Field: "seats", Code: "duplicate"}},
					{strings.Replace(gamesLink(bridge), "seats=1,0", "seats=1,1", 1), gamesProblem{Field: "seats", Code: "same", At: 2}},
					{strings.Replace(gamesLink(bridge), "commitment=", "commitment=zz", 1), gamesProblem{Field: "commitment", Code: "not-hex"}},
					{gamesLink(shortPath), gamesProblem{Field: "proofs.path", Code: "wrong-count", At: 1}},
					{gamesLink(shortDeal), gamesProblem{Field: "deals", Code: "wrong-count", At: 1}},
					{"#v=1&scheme=poker_hmac_v1&seats=3:a,3:b", gamesProblem{Field: "seats", Code: "duplicate-seat", At: 2, Token: "3"}},
					{"#v=2&scheme=match_seed_v2", gamesProblem{Field: "link", Code: "newer-version"}},
					{"#v=1&scheme=match_seed_v2&oops", gamesProblem{Field: "link", Code: "malformed"}},
				} {
					tb.gamesGo(c.link)
					if got := tb.status(); got != "invalid" {
						t.Errorf("%s: status %s", c.want.Code, got)
					}
					if got, want := tb.gamesErrorFor(c.want.Field), gamesSentence(t, words, c.want); !strings.Contains(got, want) {
						t.Errorf("%s: error for %s is %q, want %q", c.want.Code, c.want.Field, got, want)
					}
					if n := len(tb.gamesItems()); n != 0 {
						t.Errorf("%s: %d items shown", c.want.Code, n)
					}
					// A label that asks ("Was willst du prüfen?") takes no colon after it.
					if got := eval[string](tb, `document.querySelector('[data-verdict-problems]').textContent`); strings.Contains(got, "?:") || strings.Contains(got, ";:") {
						t.Errorf("%s: verdict %q", c.want.Code, got)
					}
				}

				// Markup in every field is text, never markup.
				payload := gamesEscape(`<img src=x onerror="window.pwned=1;alert(1)">`)
				tb.gamesGo("#v=1&scheme=match_seed_v2&game=" + payload + "&matchId=" + payload + "&serverSeed=" + payload + "&clientSeeds=" + payload)
				tb.gamesGo("#v=1&scheme=chess_colour_v1&seedA=" + payload + "&clientA=" + payload)
				if bad := eval[int](tb, `document.querySelectorAll('img, iframe, object, embed').length + (window.pwned ? 100 : 0)`); bad != 0 {
					t.Errorf("markup ran or was inserted (%d)", bad)
				}
				tb.clean(url)
			})
		}
	}
}

// checkTiles: every drawn tile shows its character and its name in the
// page's language.
func gamesCheckTiles(t *testing.T, tb *tab, words map[string]string, rec map[string]any) {
	t.Helper()
	type tile struct{ Tile, Face, Name string }
	got := eval[[]tile](tb, `[...document.querySelectorAll('[data-kind=draws] [data-tile]')].map((e) => ({
		tile: e.dataset.tile, face: e.querySelector('.tile-face').textContent, name: e.querySelector('.tile-name').textContent }))`)
	draws := rec["draws"].([]any)
	if len(got) != len(draws) {
		t.Fatalf("%d tiles shown, want %d", len(got), len(draws))
	}
	suits := map[byte]string{'m': "萬", 'p': "筒", 's': "索"}
	honours := map[string]string{"1z": "東", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "發", "7z": "中",
		"1f": "梅", "2f": "蘭", "3f": "菊", "4f": "竹", "5f": "春", "6f": "夏", "7f": "秋", "8f": "冬"}
	for i, g := range got {
		name := draws[i].(string)
		face, wantName := honours[name], words["msg.tile."+name]
		if s, ok := suits[name[1]]; ok {
			face = name[:1] + " " + s
			wantName = strings.ReplaceAll(words["msg.tile."+name[1:]], "{n}", name[:1])
		}
		if g.Tile != name || g.Face != face || g.Name != wantName || wantName == "" {
			t.Errorf("tile %d: %+v, want %s %q %q", i+1, g, name, face, wantName)
		}
	}
}

// submitForm clicks the check button and waits for the verdict.
func (tb *tab) gamesSubmit() {
	tb.t.Helper()
	eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', true)`)
	if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`button[type=submit]`))); err != nil {
		tb.t.Fatal(err)
	}
	tb.waitVerdict()
}

// fillForm chooses what to check and sets fields by id.
func (tb *tab) gamesFill(what string, fields map[string]string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(() => {
		for (const c of document.querySelectorAll('#games-form input, #games-form textarea')) c.value = '';
		const w = document.getElementById('what');
		w.value = %s;
		w.dispatchEvent(new Event('change'));
		return true;
	})()`, jsString(what)))
	for id, v := range fields {
		if err := chromedp.Do(tb.ctx, chromedp.SetValue(chromedp.ID(id), v)); err != nil {
			tb.t.Fatal(err)
		}
	}
}

func gamesCardLines(cards []any, per int, label func(int) string) string {
	var b strings.Builder
	for i := 0; i < len(cards); i += per {
		b.WriteString(label(i / per))
		for _, c := range cards[i : i+per] {
			b.WriteString(" " + c.(string))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func gamesStrs(items []any) []string {
	var out []string
	for _, it := range items {
		out = append(out, fmt.Sprint(it))
	}
	return out
}

// TestGamesPageForm types records as a player pastes them, in every language.
func TestGamesPageForm(t *testing.T) {
	needBrowser(t)
	for _, lang := range oneLanguage {
		words := pageWords(t, "games", lang)
		t.Run(lang, func(t *testing.T) {
			bridge := gamesRecord(t, "match_seed_v2", "bridge-4-deals-1-seeds-no-commitment")
			backgammon := gamesRecord(t, "match_seed_v2", "backgammon-opening-tie-rethrown")
			poker := gamesRecord(t, "poker_hmac_v1", "left-table-3-seats")
			rotated := gamesRecord(t, "poker_hmac_v1", "rotated-3-seats")
			chess := gamesRecord(t, "chess_colour_v1", "bot-2-a-black")
			url := pageURLs(lang, "games")["http"]
			tb := open(t, url)
			if disabled := eval[bool](tb, `document.querySelector('fieldset').disabled`); disabled {
				t.Fatal("fields still disabled after the self-test")
			}

			// Bridge: four deals pasted as 16 labelled lines of 13 cards, some with suit symbols.
			var deals strings.Builder
			for d, deal := range bridge["deals"].([]any) {
				fmt.Fprintf(&deals, "\n%d:\n", d+1)
				deals.WriteString(gamesCardLines(deal.([]any), 13, func(s int) string { return fmt.Sprintf("Sitz %d:", s+1) }))
			}
			text := strings.Replace(deals.String(), " Td ", " 10♦ ", 1)
			bridgeFields := map[string]string{
				"tg-serverSeed": bridge["serverSeed"].(string), "tg-matchId": bridge["matchId"].(string),
				"tg-clientSeeds": strings.Join(gamesStrs(bridge["clientSeeds"].([]any)), "\n"),
				"tg-seats":       strings.Join(gamesStrs(bridge["seats"].([]any)), ", "), "tg-deals": text,
			}
			tb.gamesFill("bridge", bridgeFields)
			tb.gamesSubmit()
			if items := gamesExpectAllMatch(t, tb, "typed bridge"); gamesCount(items, "deals") != 4*52 {
				t.Errorf("typed bridge: %d cards", gamesCount(items, "deals"))
			}

			// A card that is none, at line 3, item 4: the line and the item are named.
			lines := strings.Split(text, "\n")
			fields := strings.Fields(lines[2]) // "Sitz", "1:", then the cards
			fields[2+3] = "Xx"
			lines[2] = strings.Join(fields, " ")
			bad := map[string]string{}
			for k, v := range bridgeFields {
				bad[k] = v
			}
			bad["tg-deals"] = strings.Join(lines, "\n")
			bad["tg-seats"] = "1, 1"
			bad["tg-commitment"] = "not-a-commitment"
			tb.gamesFill("bridge", bad)
			tb.gamesSubmit()
			if got := tb.status(); got != "invalid" {
				t.Errorf("bad bridge: status %s", got)
			}
			for _, p := range []gamesProblem{
				{Field: "deals", Code: "bad-card-text", At: 3, Pos: 4, Token: "Xx"},
				{Field: "seats", Code: "same", At: 2},
				{Field: "commitment", Code: "not-hex"},
			} {
				if got, want := tb.gamesErrorFor(p.Field), gamesSentence(t, words, p); got != want {
					t.Errorf("bad bridge: error for %s is %q, want %q", p.Field, got, want)
				}
			}

			// Three seats' cards: no whole number of deals.
			bad["tg-deals"] = strings.Replace(strings.Join(lines[:5], "\n"), "Xx", "As", 1)
			bad["tg-seats"] = "1 0"
			delete(bad, "tg-commitment")
			tb.gamesFill("bridge", bad)
			tb.gamesSubmit()
			if got, want := tb.gamesErrorFor("deals"), gamesSentence(t, words, gamesProblem{Field: "deals", Code: "card-count", Count: 39}); got != want {
				t.Errorf("39 cards: error %q, want %q", got, want)
			}

			// Backgammon, typed turn by turn with numbers, the tied opening throw first.
			dice := gamesStrs(backgammon["dice"].([]any))
			var throws []string
			for i := 0; i < len(dice); i += 2 {
				throws = append(throws, fmt.Sprintf("%d. %s-%s", i/2+1, dice[i], dice[i+1]))
			}
			bg := map[string]string{
				"tg-serverSeed": backgammon["serverSeed"].(string), "tg-matchId": backgammon["matchId"].(string),
				"tg-commitment":  backgammon["commitment"].(string),
				"tg-clientSeeds": strings.Join(gamesStrs(backgammon["clientSeeds"].([]any)), "\n"),
				"tg-seats":       "1, 0", "tg-dice": strings.Join(throws, "\n"),
			}
			tb.gamesFill("backgammon", bg)
			tb.gamesSubmit()
			gamesExpectAllMatch(t, tb, "typed backgammon")
			if got := eval[[]string](tb, `[...document.querySelectorAll('[data-throw]')].map((e) => e.dataset.opening)`); strings.Join(got, ",") != "true,true,false,false" {
				t.Errorf("opening throws %v, want the tie and its re-throw", got)
			}
			throws[1], throws[2] = throws[2], throws[1]
			bg["tg-dice"] = strings.Join(throws, "\n")
			tb.gamesFill("backgammon", bg)
			tb.gamesSubmit()
			if got, want := tb.gamesErrorFor("dice"), gamesSentence(t, words, gamesProblem{Field: "dice", Code: "text-out-of-order", At: 2}); got != want {
				t.Errorf("throws out of order: error %q, want %q", got, want)
			}

			// Poker: the table's export pasted whole; table, session, hand and root come from it.
			export, _ := json.MarshalIndent(poker, "", "  ")
			tb.gamesFill("poker", map[string]string{"pk-proofs": string(export)})
			tb.gamesSubmit()
			gamesExpectAllMatch(t, tb, "pasted poker export")
			if got := eval[string](tb, `document.getElementById('pk-root').value`); got != poker["root"] {
				t.Errorf("root field %q after pasting the export", got)
			}
			// A path element one digit short.
			proof := poker["proofs"].([]any)[0].(map[string]any)
			path := proof["path"].([]any)
			path[3] = path[3].(string)[1:]
			export, _ = json.Marshal(poker)
			tb.gamesFill("poker", map[string]string{"pk-proofs": string(export)})
			tb.gamesSubmit()
			if got, want := tb.gamesErrorFor("proofs"), gamesSentence(t, words, gamesProblem{Field: "proofs.path", Code: "wrong-length", At: 1}); got != want {
				t.Errorf("short path element: error %q, want %q", got, want)
			}
			// A key twice in the export.
			tb.gamesFill("poker", map[string]string{"pk-proofs": "{\"table\": \"t\",\n \"table\": \"u\"}"})
			tb.gamesSubmit()
			if got, want := tb.gamesErrorFor("proofs"), gamesSentence(t, words, gamesProblem{Field: "proofs", Code: "json-duplicate-key", At: 2, Token: "table"}); got != want {
				t.Errorf("duplicate key: error %q, want %q", got, want)
			}

			// Poker after the session rotated: the whole deck from fields.
			proofsOnly, _ := json.Marshal(rotated["proofs"])
			var seatLines []string
			for seat, seed := range rotated["seats"].(map[string]any) {
				seatLines = append(seatLines, seat+": "+seed.(string))
			}
			deck := rotated["deck"].([]any)
			rot := map[string]string{
				"pk-proofs": string(proofsOnly), "pk-table": rotated["table"].(string), "pk-session": rotated["session"].(string),
				"pk-hand": fmt.Sprint(rotated["hand"]), "pk-root": rotated["root"].(string),
				"pk-serverSeed": rotated["serverSeed"].(string), "pk-handCommitment": rotated["handCommitment"].(string),
				"pk-seats": strings.Join(seatLines, "\n"), "pk-deck": strings.Join(gamesStrs(deck), " "),
			}
			tb.gamesFill("poker", rot)
			tb.gamesSubmit()
			if items := gamesExpectAllMatch(t, tb, "rotated poker"); gamesCount(items, "deck") != 52 || gamesCount(items, "root") != 1 {
				t.Errorf("rotated poker: %d deck cards, %d roots", gamesCount(items, "deck"), gamesCount(items, "root"))
			}
			changed := gamesOtherCard(deck[7].(string))
			deck[7] = changed
			rot["pk-deck"] = strings.Join(gamesStrs(deck), " ")
			tb.gamesFill("poker", rot)
			tb.gamesSubmit()
			gamesExpectOneMismatch(t, tb, "deck card changed", "deck", 8, changed)

			// Chess against a bot, then a client seed for the bot.
			ch := map[string]string{"ch-seedA": chess["seedA"].(string), "ch-commitA": chess["commitA"].(string), "ch-clientA": chess["clientA"].(string), "ch-colourA": "black"}
			tb.gamesFill("chess", ch)
			tb.gamesSubmit()
			gamesExpectAllMatch(t, tb, "typed chess")
			if why := eval[string](tb, `document.querySelector('[data-result]').textContent`); !strings.Contains(why, words["msg.chess.whyBot"]) {
				t.Errorf("chess against a bot: the explanation is missing")
			}
			ch["ch-clientB"] = "x"
			tb.gamesFill("chess", ch)
			tb.gamesSubmit()
			if got, want := tb.gamesErrorFor("clientB"), gamesSentence(t, words, gamesProblem{Field: "clientB", Code: "unexpected"}); got != want {
				t.Errorf("client seed for a bot: error %q, want %q", got, want)
			}

			// A pasted match_seed_v1 record.
			eval[bool](tb, `(document.querySelector('details.paste').open = true, true)`)
			v1, _ := json.Marshal(gamesRecord(t, "match_seed_v2", "match-seed-v1-unsupported"))
			if err := chromedp.Do(tb.ctx, chromedp.SetValue(chromedp.ID("paste-record"), string(v1))); err != nil {
				t.Fatal(err)
			}
			eval[bool](tb, `(document.getElementById('verdict').dataset.status = '', true)`)
			if err := chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(`[data-check-pasted]`))); err != nil {
				t.Fatal(err)
			}
			tb.waitVerdict()
			if got := tb.status(); got != "unsupported" || tb.gamesVerdict() != words["msg.verdict.not-published"] {
				t.Errorf("pasted match_seed_v1: status %s, verdict %q", got, tb.gamesVerdict())
			}
			tb.clean(url)
		})
	}
}

// TestGamesLinkFormat: the page's link reader and writer agree with the
// documented format on every vector record that is not refused, and the
// reader is strict.
func TestGamesLinkFormat(t *testing.T) {
	needBrowser(t)
	url := pageURLs("de", "games")["http"]
	tb := open(t, url)
	for _, scheme := range gamesSchemes {
		for _, c := range gamesVectors(t, scheme) {
			if c.Expect["status"] == "invalid" || c.Record == nil { // link cases run in the self-test
				continue
			}
			rec := jsString(mustJSON(t, c.Record))
			want, _ := json.Marshal(link.WithoutEmpty(c.Record)) // an empty value is an absent key
			got := eval[string](tb, fmt.Sprintf(`JSON.stringify(pfcheck.parseLink(%s, 'games').record ?? null)`, jsString(gamesLink(c.Record))))
			if !gamesSameJSON(got, string(want)) {
				t.Errorf("%s: the documented link reads as %s, want %s", c.Name, got, want)
			}
			got = eval[string](tb, fmt.Sprintf(`JSON.stringify(pfcheck.parseLink(pfcheck.formatLink(JSON.parse(%s)), 'games').record ?? null)`, rec))
			if !gamesSameJSON(got, string(want)) {
				t.Errorf("%s: formatLink then parseLink gives %s, want %s", c.Name, got, want)
			}
		}
	}
	type problems struct {
		Problems []struct{ Field, Code string } `json:"errors"`
	}
	for link, want := range map[string]string{
		"#v=1&scheme=chess_colour_v1&seedA=a&seedA=b":                     "seedA/duplicate",
		"#v=1&v=1&scheme=chess_colour_v1":                                 "link/duplicate",
		"#scheme=chess_colour_v1&seedA=a":                                 "link/missing-version",
		"#v=1&seedA=a":                                                    "scheme/missing",
		"#v=1&scheme=chess_colour_v1&seedA=%E0%A4%A":                      "seedA/bad-escape",
		"#v=1&scheme=poker_hmac_v1&seats=3:a,3:b":                         "seats/duplicate-seat",
		"#v=1&scheme=chess_colour_v1&seedA=" + strings.Repeat("a", 65536): "link/too-long",
	} {
		got := eval[problems](tb, fmt.Sprintf(`pfcheck.parseLink(%s, 'games')`, jsString(link)))
		if len(got.Problems) != 1 || got.Problems[0].Field+"/"+got.Problems[0].Code != want {
			t.Errorf("%.60s: problems %+v, want %s", link, got.Problems, want)
		}
	}
	// Unknown keys are ignored.
	got := eval[string](tb, `JSON.stringify(pfcheck.parseLink('#v=1&scheme=chess_colour_v1&seedA=a&clientA=b&later=1&v2=x', 'games').record)`)
	if !gamesSameJSON(got, `{"scheme":"chess_colour_v1","seedA":"a","clientA":"b"}`) {
		t.Errorf("unknown keys: %s", got)
	}
	tb.clean(url)
}

func gamesSameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// TestGamesPhoneWidth: nothing of any result is wider than a 360-pixel screen.
func TestGamesPhoneWidth(t *testing.T) {
	needBrowser(t)
	links := []string{
		gamesLink(gamesRecord(t, "match_seed_v2", "bridge-4-deals-1-seeds-no-commitment")),
		gamesLink(gamesRecord(t, "match_seed_v2", "backgammon-400-dice-4-seeds")),
		gamesLink(gamesRecord(t, "match_seed_v2", "baloot-3-hands-1-seeds-no-commitment")),
		gamesLink(gamesRecord(t, "match_seed_v2", "mahjong-144-draws-4-seeds")),
		gamesLink(gamesRecord(t, "match_seed_v2", "bridge-two-cards-swapped-in-deal-2")),
		gamesLink(gamesRecord(t, "poker_hmac_v1", "rotated-9-seats")),
		gamesLink(gamesRecord(t, "poker_hmac_v1", "left-table-root-bit-flipped")),
		gamesLink(gamesRecord(t, "chess_colour_v1", "player-0-a-white")),
		gamesLink(gamesRecord(t, "match_seed_v2", "match-seed-v1-unsupported")),
	}
	for _, lang := range oneLanguage {
		url := pageURLs(lang, "games")["http"]
		tb := open(t, url)
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			tb.gamesGo(l)
			if width := eval[int](tb, `document.documentElement.scrollWidth`); width > 360 {
				t.Errorf("%s: page is %d px wide on a 360 px screen with %.60s", lang, width, l)
			}
		}
		tb.clean(url)
	}
}

// TestGamesDownload downloads the page with its own button and checks a
// match with the downloaded file, opened from disk.
func TestGamesDownload(t *testing.T) {
	needBrowser(t)
	link := gamesLink(gamesRecord(t, "match_seed_v2", "tarneeb-1-deals-2-seeds"))
	downloadChecks(t, pageURLs("fi", "games")["http"], link, `[data-download]`, "pfcheck-fi-games.html")
}
