package gameslink

import (
	"reflect"
	"strings"
	"testing"

	"pfcheck/internal/link"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

func readLink(fragment string) (map[string]any, []report.Problem) {
	pairs, p := link.Split(fragment)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	return RecordFromLink(pairs)
}

func sameJSON(a, b any) bool {
	return string(report.AppendJSON(nil, a)) == string(report.AppendJSON(nil, b))
}

// TestVectorRecords: every vector record the page checks writes a link that
// reads back as the same record, less its empty values.
func TestVectorRecords(t *testing.T) {
	ran := 0
	for _, scheme := range []string{"match_seed_v2", "poker_hmac_v1", "chess_colour_v1"} {
		for _, c := range vectortest.Load(t, scheme).Cases {
			rec, ok := c["record"].(map[string]any)
			if !ok {
				continue
			}
			if want, _ := c["expect"].(map[string]any); want["status"] == "invalid" {
				continue
			}
			fragment := FormatLink(rec)
			got, problems := readLink(fragment)
			if len(problems) > 0 || !sameJSON(got, link.WithoutEmpty(rec)) {
				t.Errorf("%s/%v: %s reads as %s %v", scheme, c["name"], fragment, report.AppendJSON(nil, got), problems)
			}
			ran++
		}
	}
	if ran < 10 {
		t.Errorf("only %d records", ran)
	}
}

func TestRecordFromLink(t *testing.T) {
	for fragment, want := range map[string]string{
		"v=1&scheme=chess_colour_v1&seedA=a&seedA=b": "seedA/duplicate",
		"v=1&seedA=a":    "scheme/missing",
		"v=1&scheme=":    "scheme/missing",
		"v=1&scheme=%ZZ": "scheme/bad-escape",
		"v=1&scheme=chess_colour_v1&seedA=%E0%A4%A":  "seedA/bad-escape",
		"v=1&scheme=poker_hmac_v1&seats=3:a,3:b":     "seats/duplicate-seat",
		"v=1&scheme=poker_hmac_v1&seats=3:a,4":       "seats/bad-item",
		"v=1&scheme=poker_hmac_v1&seats=3:%":         "seats/bad-escape",
		"v=1&scheme=match_seed_v2&clientSeeds=a,%":   "clientSeeds/bad-escape",
		"v=1&scheme=chess_colour_v1&seats=1&seats=2": "seats/duplicate",
	} {
		_, problems := readLink(fragment)
		if len(problems) != 1 || problems[0].Field+"/"+problems[0].Code != want {
			t.Errorf("%s: %v, want %s", fragment, problems, want)
		}
	}
	rec, problems := readLink("v=1&scheme=poker_hmac_v1&seats=3:a,3:b")
	if !reflect.DeepEqual(rec, map[string]any{"scheme": "poker_hmac_v1"}) ||
		problems[0] != (report.Problem{Field: "seats", Code: CodeDuplicateSeat, At: 2, Token: "3"}) {
		t.Errorf("duplicate seat: %v %v", rec, problems)
	}
	for fragment, want := range map[string]map[string]any{
		"v=1&scheme=chess_colour_v1&seedA=a&clientA=b&later=1&v2=x": {"scheme": "chess_colour_v1", "seedA": "a", "clientA": "b"},
		"v=1&scheme=match_seed_v2&seats=1,-0,007,x,&dice=12a&clientSeeds=&deals=,AsK": {"scheme": "match_seed_v2",
			"seats": []any{1, 0, 7, "x", ""}, "dice": []any{1, 2, "a"},
			"deals": []any{[]any{}, []any{"As", "K"}}},
		"v=1&scheme=poker_hmac_v1&hand=12x&proofs=3:As:ff:a:b,4,&seats=": {"scheme": "poker_hmac_v1", "hand": "12x",
			"proofs": []any{map[string]any{"position": 3, "card": "As", "salt": "ff", "path": []any{"a", "b"}},
				map[string]any{"position": 4}, map[string]any{"position": ""}}},
		"v=1&scheme=match_seed_v2&hands=" + strings.Repeat("7c", 21) + "&draws=1m2": {"scheme": "match_seed_v2",
			"hands": []any{map[string]any{"first": []any{"7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c", "7c"}, "second": []any{"7c"}}},
			"draws": []any{"1m", "2"}},
		"v=1&scheme=some_v9&seedA=a": {"scheme": "some_v9"},
	} {
		rec, problems := readLink(fragment)
		if len(problems) > 0 || !sameJSON(rec, want) {
			t.Errorf("%s: %s %v, want %s", fragment, report.AppendJSON(nil, rec), problems, report.AppendJSON(nil, want))
		}
	}
}

// FuzzLink: no input panics, and every link that reads formats back to a
// link that reads as the same record.
func FuzzLink(f *testing.F) {
	for _, s := range []string{
		"v=1&scheme=match_seed_v2&game=bridge&matchId=m%201&clientSeeds=a,,b%2C&seats=1,0&dice=41x&deals=AsKs,Qd&hands=7c8c&draws=1m9p",
		"v=1&scheme=poker_hmac_v1&table=t&hand=-3&seats=1:a%3A,2:b&deck=AsKs&proofs=3:As:ff:a:b,x,:",
		"v=1&scheme=chess_colour_v1&seedA=%E2%99%A5&colourA=white", "v=1&scheme=match_seed_v1&dice=%&draws=%41",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fragment string) {
		rec, problems := readLink(fragment)
		if rec == nil || len(problems) > 0 {
			return
		}
		formatted := FormatLink(rec)
		again, problems := readLink(formatted)
		if len(problems) > 0 || !reflect.DeepEqual(again, rec) {
			t.Fatalf("%q reads as %s; formatted %q reads as %s %v", fragment, report.AppendJSON(nil, rec), formatted, report.AppendJSON(nil, again), problems)
		}
		if FormatLink(again) != formatted {
			t.Fatalf("%q formats twice differently", fragment)
		}
	})
}
