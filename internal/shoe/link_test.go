package shoe

import (
	"reflect"
	"testing"

	"pfcheck/internal/link"
	"pfcheck/internal/report"
)

func readLink(t testing.TB, fragment string) (map[string]any, []report.Problem) {
	t.Helper()
	pairs, p := link.SplitMax(fragment, MaxLinkLength)
	if p != nil {
		return nil, []report.Problem{*p}
	}
	return RecordFromLink(pairs)
}

func TestRecordFromLink(t *testing.T) {
	seed := "ab12"
	rec, problems := readLink(t, "#v=1&s="+seed+"&c=caf%C3%A9%3A1+&n=42&d=2&p=0.75&k=AS,9%E2%99%A5&x=0&later=1")
	want := map[string]any{"scheme": Scheme, "serverSeed": seed, "clientSeed": "café:1+", "nonce": 42,
		"decks": 2, "penetration": 0.75, "cards": []any{"AS", "9♥"}, "cut": 0}
	if len(problems) > 0 || !reflect.DeepEqual(rec, want) {
		t.Fatalf("got %v %v, want %v", rec, problems, want)
	}
	for _, c := range []struct {
		fragment string
		want     report.Problem
	}{
		{"s=1&s=2", report.Problem{Field: "serverSeed", Code: link.CodeDuplicate}},
		{"c=%ZZ", report.Problem{Field: "clientSeed", Code: link.CodeBadEscape, Token: "%ZZ"}},
		{"t=%FF", report.Problem{Field: "tournamentId", Code: link.CodeBadEscape, Token: "%FF"}},
		{"k=AS,%4", report.Problem{Field: "cards", Code: link.CodeBadEscape, Token: "AS,%4"}},
		{"n=+42", report.Problem{Field: "nonce", Code: CodeNotANumber, Token: "+42"}},
		{"d=02", report.Problem{Field: "decks", Code: CodeNotANumber, Token: "02"}},
		{"x=1234567890123456", report.Problem{Field: "cut", Code: CodeNotANumber, Token: "1234567890123456"}},
		{"p=0,75", report.Problem{Field: "penetration", Code: CodeNotANumber, Token: "0,75"}},
		{"p=.75", report.Problem{Field: "penetration", Code: CodeNotANumber, Token: ".75"}},
		{"p=1e5", report.Problem{Field: "penetration", Code: CodeNotANumber, Token: "1e5"}},
		{"p=999999999999999.99", report.Problem{Field: "penetration", Code: CodeNotANumber, Token: "999999999999999.99"}},
	} {
		rec, problems := readLink(t, "v=1&h=x&"+c.fragment)
		if len(problems) != 1 || problems[0] != c.want {
			t.Errorf("%s: problems %v, want %v", c.fragment, problems, c.want)
		}
		if rec["commitment"] != "x" {
			t.Errorf("%s: the fields that read are not kept: %v", c.fragment, rec)
		}
	}
	if rec, _ := readLink(t, "v=1&p=1e-7&n=&k="); rec["penetration"] != 1e-7 || len(rec) != 2 {
		t.Errorf("p=1e-7, empty n and k: %v", rec)
	}
}

func TestFormatLinkForm(t *testing.T) {
	rec := map[string]any{"scheme": Scheme, "serverSeed": "ab", "clientSeed": "a b&c", "nonce": 3.0,
		"decks": "2x", "penetration": 0.75, "cards": []any{"7D", "TC"}}
	want := "v=1&s=ab&c=a%20b%26c&n=3&d=2x&p=0.75&k=7D,TC"
	if got := FormatLink(rec); got != want {
		t.Errorf("FormatLink = %s, want %s", got, want)
	}
	if got := FormatLink(map[string]any{"scheme": Scheme, "nonce": map[string]any{}}); got != "" {
		t.Errorf("an object as nonce: %q", got)
	}
}

// FuzzLink: no input panics, and every link that reads formats back to a
// link that reads as the same record.
func FuzzLink(f *testing.F) {
	for _, s := range []string{
		"v=1&s=ab&h=cd&c=caf%C3%A9&n=42&d=2&p=0.75&k=AS,9%E2%99%A5&x=0",
		"v=1&t=cup%20a&i=2&d=6&p=1.5e-7", "s=%41&s=1&p=0.00000123456789012345", "k=,,&c=%", "p=999999999999999.9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fragment string) {
		rec, problems := readLink(t, fragment)
		if rec == nil || len(problems) > 0 {
			return
		}
		formatted := FormatLink(rec)
		again, problems := readLink(t, formatted)
		if len(problems) > 0 || !reflect.DeepEqual(again, rec) {
			t.Fatalf("%q reads as %v; formatted %q reads as %v %v", fragment, rec, formatted, again, problems)
		}
		if FormatLink(again) != formatted {
			t.Fatalf("%q formats twice differently", fragment)
		}
	})
}
