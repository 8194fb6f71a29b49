package verify

import (
	"strings"
	"testing"

	"pfcheck/internal/report"
)

// FuzzOneMeaning: each input of testdata/README.md's "One meaning per
// input" has one meaning in the core: a record read from JSON text checks
// exactly as the same record with its empty texts and empty lists left out
// (they are no value), and as the text with a lone surrogate's escape
// written as U+FFFD; a text with a key given twice, or a number beyond a
// double, does not read at all.
func FuzzOneMeaning(f *testing.F) {
	for _, rec := range vectorRecords(f) {
		if data := report.AppendJSON(nil, rec); len(data) < 4000 {
			f.Add(string(data))
		}
	}
	f.Add(`{"scheme":"chess_colour_v1","seedA":"\ud800","clientA":"ca","seedB":"","colourA":""}`)
	f.Add(`{"scheme":"poker_hmac_v1","table":"t","session":"s","hand":1,"root":"","serverSeed":"","seats":{}}`)
	f.Add(`{"scheme":"dice_v1","serverSeed":"00112233445566778899aabbccddeeff","clientSeeds":["a"],"count":1e400}`)
	f.Add(`{"scheme":"dice_v1","scheme":"dice_v1"}`)
	f.Fuzz(func(t *testing.T, text string) {
		v, ok := report.ParseJSON(text, 12)
		rec, isRecord := v.(map[string]any)
		if !ok || !isRecord {
			return
		}
		want := resultJSON(rec)
		stripped := map[string]any{}
		for k, v := range rec {
			if list, isList := v.([]any); v == "" || isList && len(list) == 0 {
				continue
			}
			stripped[k] = v
		}
		if got := resultJSON(stripped); got != want {
			t.Fatalf("%s checks as %s, without its empty values as %s", text, want, got)
		}
		for _, lone := range []string{`\ud800`, `\udfff`} {
			if strings.Contains(text, lone) {
				replaced, _ := report.ParseJSON(strings.ReplaceAll(text, lone, `\ufffd`), 12)
				if back, isRecord := replaced.(map[string]any); isRecord && resultJSON(back) != want {
					t.Fatalf("%s checks unlike the same with %s as U+FFFD", text, lone)
				}
			}
		}
	})
}
