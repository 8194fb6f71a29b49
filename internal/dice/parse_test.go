package dice

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pfcheck/internal/link"
)

func TestParseRollsForms(t *testing.T) {
	for text, want := range map[string]string{
		"63":                         "63",
		"6 3\n6-3\r\n6–3\n\n6:3":     "63636363",
		"1. 6-3\n2) 41\n#3 2:2":      "634122",
		"Wurf 1: 6-3\nWurf 2: 5-5":   "6355",
		"Ζαριά 1: 6-3\nHeitto 2: 12": "6312",
		"634455":                     "634455",
		"63 44, 52\n4. 11":           "63445211",
		"12 6 3":                     "",
	} {
		rolls, p := ParseRolls(text)
		if want == "" {
			if p == nil || p.Code != CodeOutOfOrder || p.At != 1 {
				t.Errorf("%q: problem %v, want out-of-order at 1", text, p)
			}
			continue
		}
		if p != nil {
			t.Errorf("%q: %v", text, p)
			continue
		}
		var got strings.Builder
		for _, r := range rolls {
			got.WriteString(r.String())
		}
		if got.String() != want {
			t.Errorf("%q: got %s, want %s", text, got.String(), want)
		}
	}
	for text, line := range map[string]int{"63\n16-3": 2, "63\n6-7": 2, "6": 1, "Wurf1: 6-3": 1, "<b>63</b>": 1, "1. 63\n3. 41": 2} {
		if _, p := ParseRolls(text); p == nil || p.At != line {
			t.Errorf("%q: problem %v, want one at line %d", text, p, line)
		}
	}
}

func FuzzParseRolls(f *testing.F) {
	for _, s := range []string{"63", "1. 6-3\n2) 41", "Wurf 1: 6–3", "634455", "63 44, 52", "#1 6:3", "16-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rolls, p := ParseRolls(text)
		if p != nil {
			return
		}
		var formatted []string
		for i, r := range rolls {
			if i%2 == 0 {
				formatted = append(formatted, r.String())
			} else {
				formatted = append(formatted, strings.Repeat(" ", i%3)+"#"+strconv.Itoa(i+1)+" "+r.String()[:1]+"-"+r.String()[1:])
			}
		}
		again, p := ParseRolls(strings.Join(formatted, "\n"))
		if p != nil || !reflect.DeepEqual(again, rolls) {
			t.Fatalf("%q parsed to %v, formatted back to %q, parsed again to %v (%v)", text, rolls, formatted, again, p)
		}
	})
}

func parseLink(fragment string) (map[string]any, bool) {
	pairs, p := link.Split(fragment)
	if p != nil {
		return nil, false
	}
	rec, problems := RecordFromLink(pairs)
	return rec, problems == nil
}

func FuzzLink(f *testing.F) {
	for _, s := range []string{"v=1&s=00&c=ab&p=a,b&r=6344&g=1,1", "#v=1&p=a,,b&r=123&x=y", "v=1&g=+5", "s=a=b&r="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fragment string) {
		rec, ok := parseLink(fragment)
		if !ok {
			return
		}
		Check(rec) // must not panic
		formatted := FormatLink(rec)
		again, ok := parseLink(formatted)
		if !ok || !reflect.DeepEqual(again, rec) {
			t.Fatalf("%q → %v → %q → %v", fragment, rec, formatted, again)
		}
	})
}
