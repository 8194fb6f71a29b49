package verify

import (
	"testing"

	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// linkFormatOf is the link format of a scheme's page, as the vectors name it.
var linkFormatOf = map[string]string{
	"dice_v1": FormatDice, "dice_v2": FormatDice, "shoe_v1": FormatShoe,
	"match_seed_v2": FormatGames, "match_seed_v1": FormatGames, "poker_hmac_v1": FormatGames, "chess_colour_v1": FormatGames,
}

func resultJSON(rec map[string]any) string { return string(report.AppendJSON(nil, Check(rec).Map())) }

// checkWritten requires of a link written for rec what FormatLink promises:
// rec is not invalid, the link reads in its scheme's format as a part of
// rec (what it leaves out: empty values, fields no link carries), and that
// part checks exactly as rec does.
func checkWritten(t *testing.T, rec map[string]any, fragment string) map[string]any {
	t.Helper()
	scheme, _ := rec["scheme"].(string)
	if Check(rec).Status == report.Invalid {
		t.Fatalf("%s: a link for an invalid record: %s", report.AppendJSON(nil, rec), fragment)
	}
	back, problems := ParseLink(fragment, linkFormatOf[scheme])
	if len(problems) > 0 || !report.Contains(rec, back) {
		t.Fatalf("%s\nis written as %s\nwhich reads as %s %v", report.AppendJSON(nil, rec), fragment, report.AppendJSON(nil, back), problems)
	}
	if got, want := resultJSON(back), resultJSON(rec); got != want {
		t.Fatalf("%s\nis written as %s, which checks as\n%.600s\nwant\n%.600s", report.AppendJSON(nil, rec), fragment, got, want)
	}
	return back
}

// vectorRecords returns the record of every vector case of a scheme with a
// link that check does not call invalid, a link case's as its link reads.
func vectorRecords(t testing.TB) []map[string]any {
	var out []map[string]any
	for _, f := range vectortest.LoadAll(t) {
		for _, c := range f.Cases {
			rec, _ := c["record"].(map[string]any)
			if fragment, isLink := c["link"].(string); isLink {
				format, _ := c["format"].(string)
				rec, _ = ParseLink(fragment, format)
			}
			scheme, _ := rec["scheme"].(string)
			if _, written := linkFormatOf[scheme]; written && Check(rec).Status != report.Invalid {
				out = append(out, rec)
			}
		}
	}
	return out
}

// TestFormatLinkRefuses: no link for a record that check calls invalid or
// that a link cannot carry with its meaning; before, these were written as
// links of another meaning (the first as v=1&s=aa&r=6363&p=a&v=2).
func TestFormatLinkRefuses(t *testing.T) {
	seed := "4ac1c3e910da1285168793ac87cb6bb982c74a677f73b473bc9b4715f5294fa8"
	for _, rec := range []map[string]any{
		{"scheme": "dice_v1", "serverSeed": "aa&r=6363", "clientSeeds": []any{"a&v=2"}},
		{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"a,b"}, "rolls": []any{"63"}},
		{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"a"}, "rolls": []any{"6", "3"}},
		{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"a"}, "count": 5}, // no key for count
		// A valid nonce of 16 digits: the link's numbers have at most 15.
		{"scheme": "shoe_v1", "serverSeed": seed, "clientSeed": "x", "nonce": 1 << 50, "decks": 1, "penetration": 0.5},
		{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"a"}, "games": []any{"3"}},
		{"scheme": "dice_v2", "serverSeed": seed + "&m=2", "match": 1, "players": []any{"a", "b"}},
		{"scheme": "shoe_v1", "serverSeed": seed + "&n=9", "clientSeed": "x", "nonce": 1, "decks": 1, "penetration": 0.5},
		{"scheme": "shoe_v1", "serverSeed": seed, "clientSeed": "x", "nonce": 1.5, "decks": 1, "penetration": 0.5},
		{"scheme": "chess_colour_v1", "seedA": seed, "clientA": true},
		{"scheme": "match_seed_v2", "game": "bridge", "serverSeed": seed, "clientSeeds": []any{"a"}, "seats": []any{"1,0"}},
	} {
		if fragment := FormatLink(rec); fragment != "" {
			t.Errorf("%s is written as %s", report.AppendJSON(nil, rec), fragment)
		}
	}
}

// TestFormatLinkVectors: every record of the vectors that check does not
// call invalid is written as a link that means the same, or refused (see
// TestFormatLinkRefuses for what a link cannot carry); every such record
// read from a link is written.
func TestFormatLinkVectors(t *testing.T) {
	written := 0
	for _, rec := range vectorRecords(t) {
		if fragment := FormatLink(rec); fragment != "" {
			checkWritten(t, rec, fragment)
			written++
		}
	}
	if written < 200 {
		t.Errorf("only %d records written", written)
	}
}

// FuzzFormatLink: whatever the record (as the bridge reads it from
// JavaScript), FormatLink writes nothing or a link that means the same.
func FuzzFormatLink(f *testing.F) {
	for _, rec := range vectorRecords(f) {
		if data := report.AppendJSON(nil, rec); len(data) < 4000 {
			f.Add(string(data))
		}
	}
	f.Add(`{"scheme":"dice_v1","serverSeed":"aa&r=6363","clientSeeds":["a&v=2"]}`)
	f.Add(`{"scheme":"shoe_v1","clientSeed":"","cards":[""],"penetration":1e21}`)
	f.Add(`{"scheme":"match_seed_v2","clientSeeds":[""],"seats":[],"dice":[12,"5"]}`)
	f.Fuzz(func(t *testing.T, text string) {
		v, _ := report.ParseJSON(text, 12)
		rec, isRecord := v.(map[string]any)
		if !isRecord {
			return
		}
		if fragment := FormatLink(rec); fragment != "" {
			checkWritten(t, rec, fragment)
		}
	})
}

// FuzzLinkRewritten: every link that reads as a record check does not call
// invalid is written back by FormatLink, as a link that reads as the same
// record.
func FuzzLinkRewritten(f *testing.F) {
	formats := []string{FormatDice, FormatShoe, FormatGames}
	for _, file := range vectortest.LoadAll(f) {
		for _, c := range file.Cases {
			if fragment, isLink := c["link"].(string); isLink {
				format, _ := c["format"].(string)
				for i, name := range formats {
					if name == format || format == "" && name == FormatDice {
						f.Add(fragment, uint8(i))
					}
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, fragment string, format uint8) {
		rec, problems := ParseLink(fragment, formats[int(format)%len(formats)])
		scheme, _ := rec["scheme"].(string)
		if _, hasLink := linkFormatOf[scheme]; !hasLink || len(problems) > 0 || Check(rec).Status == report.Invalid {
			return
		}
		written := FormatLink(rec)
		if written == "" {
			t.Fatalf("%q reads as %s, which gets no link", fragment, report.AppendJSON(nil, rec))
		}
		if back := checkWritten(t, rec, written); !report.Contains(back, rec) {
			t.Fatalf("%q reads as %s, written as %q, which reads as %s", fragment, report.AppendJSON(nil, rec), written, report.AppendJSON(nil, back))
		}
	})
}
