package shoe

import (
	"crypto/hmac"
	"crypto/sha256"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

func testSeed(label string) []byte {
	sum := sha256.Sum256([]byte("shoe test " + label))
	return sum[:]
}

func baseRecord(decks int) map[string]any {
	return map[string]any{
		"scheme":      Scheme,
		"serverSeed":  hexstr.Encode(testSeed("base")),
		"clientSeed":  "alice",
		"nonce":       float64(17),
		"decks":       float64(decks),
		"penetration": 0.75,
	}
}

func names(cards []Card) []any {
	out := make([]any, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return out
}

func TestOrderedShoe(t *testing.T) {
	shoe := OrderedShoe(2)
	if len(shoe) != 104 {
		t.Fatalf("len %d", len(shoe))
	}
	want := []string{"AS", "2S", "TS", "KS", "AH", "KH", "AD", "QD", "AC", "KC"}
	at := []int{0, 1, 9, 12, 13, 25, 26, 37, 39, 51}
	for i, p := range at {
		if shoe[p].String() != want[i] || shoe[52+p].String() != want[i] {
			t.Errorf("position %d: %s, want %s", p, shoe[p], want[i])
		}
	}
	if len(OrderedShoe(0)) != 0 || len(OrderedShoe(-1)) != 0 {
		t.Error("no decks, no cards")
	}
	if Card(52).String() != "??" {
		t.Error("Card out of range")
	}
}

// The stream is the concatenation of HMAC blocks keyed by the lowercase hex
// text, read byte by byte (n = 256 reads one byte, never rejected) and
// across block boundaries (n = 65536 reads two).
func TestStreamBytes(t *testing.T) {
	seed := testSeed("stream")
	key := []byte(hexstr.Encode(seed))
	var raw []byte
	for c := range 4 {
		m := hmac.New(sha256.New, key)
		m.Write([]byte("bob:3:" + strconv.Itoa(c)))
		raw = m.Sum(raw)
	}
	s := NewStream(seed, "bob", 3)
	pos := 0
	for pos < 31 {
		if got := s.Index(256); got != int(raw[pos]) {
			t.Fatalf("byte %d: %d, want %d", pos, got, raw[pos])
		}
		pos++
	}
	// A two-byte read from byte 31 of block 0 and byte 0 of block 1.
	if got, want := s.Index(65536), int(raw[31])<<8|int(raw[32]); got != want {
		t.Fatalf("spanning read %d, want %d", got, want)
	}
	pos = 33
	// A three-byte read from 94, 95 | 96.
	for pos < 94 {
		s.Index(256)
		pos++
	}
	if got, want := s.Index(1<<24), int(raw[94])<<16|int(raw[95])<<8|int(raw[96]); got != want {
		t.Fatalf("three-byte spanning read %d, want %d", got, want)
	}
}

func TestIndexRejects(t *testing.T) {
	seed := testSeed("reject")
	key := []byte(hexstr.Encode(seed))
	m := hmac.New(sha256.New, key)
	m.Write([]byte("r:0:0"))
	block := m.Sum(nil)
	// n = 52 rejects bytes >= 208: the first kept byte, mod 52.
	s := NewStream(seed, "r", 0)
	want := -1
	for _, b := range block {
		if b < 208 {
			want = int(b) % 52
			break
		}
	}
	if want < 0 {
		t.Skip("every byte rejected")
	}
	if got := s.Index(52); got != want {
		t.Fatalf("Index(52) = %d, want %d", got, want)
	}
	// n = 1 reads nothing.
	s = NewStream(seed, "r", 0)
	if s.Index(1) != 0 || s.Index(256) != int(block[0]) {
		t.Fatal("Index(1) consumed bytes")
	}
	for _, n := range []int{0, -1, MaxIndex + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Index(%d) did not panic", n)
				}
			}()
			s.Index(n)
		}()
	}
}

func TestCutBounds(t *testing.T) {
	for decks := 1; decks <= MaxDecks; decks++ {
		total := decks * CardsPerDeck
		lo := max(20, int(math.Floor(float64(total)*0.5+0.5)))
		for _, p := range []float64{1e-12, 0.1, 0.5, 0.6, 0.75, 0.9, 0.99, 1 - 1e-12} {
			for nonce := range 20 {
				cut := Cut(total, p, NewStream(testSeed("cut"), "c", nonce))
				if cut < lo || cut > total-15 {
					t.Fatalf("decks %d p %v: cut %d outside [%d, %d]", decks, p, cut, lo, total-15)
				}
			}
		}
	}
}

func TestTournamentHandIsFreeRound(t *testing.T) {
	rec := baseRecord(6)
	delete(rec, "clientSeed")
	delete(rec, "nonce")
	rec["tournamentId"] = "cup"
	rec["hand"] = float64(4)
	got := Check(rec)
	cards, cut := Deal(testSeed("base"), "cup:4", 4, 6, 0.75)
	if !report.Contains(got.Map(), map[string]any{"cards": names(cards), "cut": cut, "clientSeed": "cup:4", "nonce": 4}) {
		t.Fatal("tournament hand 4 differs from the free round cup:4 / 4")
	}
}

// Changing any one recorded card gives a mismatch at exactly that index.
func TestEveryChangedCardIsFound(t *testing.T) {
	rec := baseRecord(1)
	full := Check(rec).Map()["cards"].([]any)
	for i := range full {
		cards := append([]any(nil), full...)
		orig := cards[i].(string)
		repl := "AS"
		if orig == repl {
			repl = "KC"
		}
		cards[i] = repl
		rec["cards"] = cards
		res := Check(rec)
		want := []report.Difference{{Index: i, Computed: orig, Recorded: repl}}
		if res.Status != report.Mismatch || len(res.Mismatches) != 1 || res.Mismatches[0] != want[0] {
			t.Fatalf("card %d: %v %+v", i, res.Status, res.Mismatches)
		}
	}
	rec["cards"] = full
	if res := Check(rec); res.Status != report.Match || len(res.Mismatches) != 0 {
		t.Fatalf("whole shoe: %v", res.Status)
	}
	for n := 1; n <= len(full); n += 7 {
		rec["cards"] = full[:n]
		if res := Check(rec); res.Status != report.Match {
			t.Fatalf("prefix %d: %v", n, res.Status)
		}
	}
}

// Flipping any hex digit of the commitment is caught; changing its case is not.
func TestCommitmentFlips(t *testing.T) {
	rec := baseRecord(1)
	good := Commitment(testSeed("base"))
	rec["commitment"] = strings.ToUpper(good)
	if res := Check(rec); !res.Commitment.Matches || res.Status != report.Computed {
		t.Fatalf("uppercase commitment: %+v %v", res.Commitment, res.Status)
	}
	for i := range good {
		b := []byte(good)
		b[i] = "0123456789abcdef"[(strings.IndexByte("0123456789abcdef", b[i])+1)%16]
		rec["commitment"] = string(b)
		if res := Check(rec); res.Commitment.Matches || res.Status != report.Mismatch {
			t.Fatalf("digit %d flipped: %+v %v", i, res.Commitment, res.Status)
		}
	}
	// The commitment hashes the bytes, not the text.
	text := sha256.Sum256([]byte(hexstr.Encode(testSeed("base"))))
	if good == hexstr.Encode(text[:]) {
		t.Fatal("commitment of the text")
	}
}

// Any spelling of the seed's hex gives the same shoe: the key is derived from
// the committed bytes, so a server cannot pick a case variant.
func TestSeedCaseDoesNotChangeShoe(t *testing.T) {
	rec := baseRecord(2)
	want := Check(rec).Map()["cards"]
	seed := rec["serverSeed"].(string)
	for i := range len(seed) {
		if seed[i] < 'a' {
			continue
		}
		rec["serverSeed"] = seed[:i] + strings.ToUpper(seed[i:i+1]) + seed[i+1:]
		if !report.Contains(Check(rec).Map()["cards"], want) {
			t.Fatalf("case of digit %d changed the shoe", i)
		}
	}
}

func TestCutRecorded(t *testing.T) {
	rec := baseRecord(8)
	cut := Check(rec).Map()["cut"].(int)
	for _, c := range []int{0, cut - 1, cut, cut + 1, 416} {
		rec["cut"] = float64(c)
		res := Check(rec)
		m := res.Map()
		if m["cutMatches"] != (c == cut) || (res.Status == report.Match) != (c == cut) || len(res.Mismatches) != 0 {
			t.Fatalf("cut %d (computed %d): %v %v", c, cut, res.Status, m["cutMatches"])
		}
	}
	rec["cut"] = float64(417)
	if res := Check(rec); res.Status != report.Invalid {
		t.Fatal("cut past the shoe accepted")
	}
}

// Every problem code of the package is exercised by some vector.
func TestEveryCodeHasAVector(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(vectortest.Dir(), Scheme+".json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{
		"missing", "wrong-type", hexstr.CodeNotHex, CodeWrongLength, CodeTooLong,
		CodeOutOfRange, CodeConflict, CodeUnknownCard, CodeTooMany,
	} {
		if !strings.Contains(string(data), `"code":"`+code+`"`) {
			t.Errorf("no vector for code %s", code)
		}
	}
}

func TestCheckOddRecords(t *testing.T) {
	for _, rec := range []map[string]any{
		nil,
		{},
		{"serverSeed": nil, "nonce": nil, "cards": nil},
		{"serverSeed": []any{}, "clientSeed": map[string]any{}, "nonce": true, "decks": "x", "penetration": math.NaN(), "cards": []any{nil}, "cut": math.Inf(1)},
		{"penetration": math.Inf(-1), "hand": float64(1), "tournamentId": "", "cards": []any{}},
		{"decks": 8, "penetration": 0.5, "cut": 5, "nonce": 3, "hand": 2},
	} {
		res := Check(rec)
		if res.Status != report.Invalid || len(res.Errors) == 0 {
			t.Errorf("%v: %v", rec, res.Status)
		}
	}
	// Go ints work as well as JSON numbers.
	rec := baseRecord(1)
	rec["decks"], rec["nonce"], rec["penetration"] = 1, 17, 0.75
	if res := Check(rec); res.Status != report.Computed {
		t.Fatalf("int fields: %v %+v", res.Status, res.Errors)
	}
}

func TestParseCardAll(t *testing.T) {
	symbols := []string{"♠", "♥", "♦", "♣"}
	white := []string{"♤", "♡", "♢", "♧"}
	for c := range Card(CardsPerDeck) {
		name := c.String()
		rank, suit := name[:1], int(c)/13
		if rank == "T" {
			rank = "10"
		}
		for _, s := range []string{
			name, strings.ToLower(name), rank + symbols[suit], rank + white[suit],
			rank + symbols[suit] + "\ufe0f", strings.ToLower(rank) + white[suit] + "\ufe0e",
		} {
			if got, ok := ParseCard(s); !ok || got != c {
				t.Errorf("ParseCard(%q) = %v %v, want %v", s, got, ok, name)
			}
		}
	}
	for _, s := range []string{"", "A", "S", "10", "1S", "0S", "ASS", "AS ", " AS", "♠A", "A♠♠", "A\ufe0f", "AS\ufe0f", "A♠\ufe0f\ufe0f", "BH", "11H", "100S", "A\xff"} {
		if c, ok := ParseCard(s); ok {
			t.Errorf("ParseCard(%q) = %v", s, c)
		}
	}
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{
		"AS TD 9H", "as,td,9h", "10♥ A♠️ K♢", " , ", "", "AS,,TD\n\r\t", "1OH", "\u00a0AS\u00a0",
		FormatCards([]string{"AS", "KC"}), "A\xff", "♠", "10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cards, p := ParseCards(text)
		if p != nil {
			if cards != nil || p.Field != "cards" || (p.Code != CodeUnknownCard && p.Code != CodeTooMany) {
				t.Fatalf("problem %+v with cards %v", p, cards)
			}
			return
		}
		if len(cards) > MaxCards {
			t.Fatalf("%d cards", len(cards))
		}
		for _, c := range cards {
			if got, ok := ParseCard(c); !ok || got.String() != c {
				t.Fatalf("non-canonical card %q", c)
			}
		}
		again, p := ParseCards(FormatCards(cards))
		if p != nil || strings.Join(again, ",") != strings.Join(cards, ",") {
			t.Fatalf("format and parse again: %v %+v, want %v", again, p, cards)
		}
	})
}

func FuzzCheck(f *testing.F) {
	seed := hexstr.Encode(testSeed("fuzz"))
	f.Add(seed, "", "alice", 3.0, 1.0, 0.75, "AS TD", 30.0, false)
	f.Add(strings.ToUpper(seed), Commitment(testSeed("fuzz")), "cup", 0.0, 8.0, 0.5, "", -1.0, true)
	f.Add("zz", "00", "", -1.0, 9.0, 1.0, "XX", 1e300, false)
	f.Fuzz(func(t *testing.T, serverSeed, commitment, clientSeed string, nonce, decks, pen float64, cardsText string, cut float64, tournament bool) {
		rec := map[string]any{"serverSeed": serverSeed, "commitment": commitment, "decks": decks, "penetration": pen, "cut": cut}
		if tournament {
			rec["tournamentId"], rec["hand"] = clientSeed, nonce
		} else {
			rec["clientSeed"], rec["nonce"] = clientSeed, nonce
		}
		var items []any
		for _, c := range strings.Fields(cardsText) {
			items = append(items, c)
		}
		rec["cards"] = items
		res := Check(rec)
		if (res.Status == report.Invalid) != (len(res.Errors) > 0) {
			t.Fatalf("status %v with errors %+v", res.Status, res.Errors)
		}
		if res.Status != report.Invalid {
			n := len(res.Extra["cards"].([]any))
			c := res.Extra["cut"].(int)
			if n%CardsPerDeck != 0 || n == 0 || c < 20 || c > n-15 {
				t.Fatalf("%d cards, cut %d", n, c)
			}
		}
	})
}

func BenchmarkDeal8(b *testing.B) {
	seed := testSeed("bench")
	for b.Loop() {
		Deal(seed, "alice", 17, 8, 0.75)
	}
}

func BenchmarkCheck8Recorded(b *testing.B) {
	rec := baseRecord(8)
	rec["cards"] = Check(rec).Map()["cards"]
	rec["commitment"] = Commitment(testSeed("base"))
	b.ReportAllocs()
	for b.Loop() {
		if Check(rec).Status != report.Match {
			b.Fatal("no match")
		}
	}
}

func BenchmarkParseCards416(b *testing.B) {
	text := FormatCards(func() []string {
		var s []string
		for _, c := range OrderedShoe(8) {
			s = append(s, c.String())
		}
		return s
	}())
	b.ReportAllocs()
	for b.Loop() {
		ParseCards(text)
	}
}

func TestStreamResultErrors(t *testing.T) {
	seed := hexstr.Encode(testSeed("s"))
	for _, tc := range []struct {
		spec map[string]any
		want []any
	}{
		{map[string]any{}, []any{
			map[string]any{"field": "serverSeed", "code": "missing"},
			map[string]any{"field": "clientSeed", "code": "missing"},
			map[string]any{"field": "nonce", "code": "missing"},
			map[string]any{"field": "reads", "code": "missing"},
		}},
		{map[string]any{"serverSeed": seed, "clientSeed": "c", "nonce": 1.0, "reads": []any{2.0, 0.0}},
			[]any{map[string]any{"field": "reads", "code": "out-of-range", "at": 2}}},
		{map[string]any{"serverSeed": seed, "clientSeed": "c", "nonce": 1.0, "reads": []any{2.0, float64(MaxIndex + 1)}},
			[]any{map[string]any{"field": "reads", "code": "out-of-range", "at": 2}}},
		{map[string]any{"serverSeed": seed, "clientSeed": "c", "nonce": 1.0, "reads": make([]any, MaxReads+1)},
			[]any{map[string]any{"field": "reads", "code": "wrong-type", "at": 1}}},
	} {
		if got := StreamResult(tc.spec); !report.Contains(got, map[string]any{"errors": tc.want}) {
			t.Errorf("%v: %v", tc.spec, got)
		}
	}
	many := make([]any, MaxReads+1)
	for i := range many {
		many[i] = 2.0
	}
	got := StreamResult(map[string]any{"serverSeed": seed, "clientSeed": "c", "nonce": 1.0, "reads": many})
	if !report.Contains(got, map[string]any{"errors": []any{map[string]any{"field": "reads", "code": "too-many"}}}) {
		t.Errorf("too many reads: %v", got)
	}
}
