package report

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestAppendJSONRoundTrips(t *testing.T) {
	for _, v := range []any{
		map[string]any{"b": []any{1, 2.5, "x", true, nil}, "a": map[string]any{}, "c": []any{}},
		"quote \" backslash \\ newline \n tab \t nul \x00 Ζαριά ♠ </script>",
		-7, 1e21, false,
	} {
		out := AppendJSON(nil, v)
		var back any
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		want, _ := json.Marshal(v)
		var wantBack any
		json.Unmarshal(want, &wantBack)
		if !reflect.DeepEqual(back, wantBack) {
			t.Errorf("%v: got %s", v, out)
		}
	}
	if got := string(AppendJSON(nil, "\xff")); got != "\"\uFFFD\"" {
		t.Errorf("invalid UTF-8: %q", got)
	}
}

func FuzzAppendJSONString(f *testing.F) {
	f.Add("Wurf 1: 6–3\n<b>")
	f.Fuzz(func(t *testing.T, s string) {
		var back string
		if err := json.Unmarshal(AppendJSON(nil, s), &back); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := string([]rune(s)); back != want {
			t.Fatalf("%q came back as %q", s, back)
		}
	})
}

// FuzzParseJSON compares ParseJSON with encoding/json on any input: both
// accept it with the same value, or both refuse it; ParseJSON also refuses
// an object with a key given twice, where encoding/json takes the last.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00",true,null]}`, `[]`, `"\ud800"`, `01`, `1.`, `{"a":1,}`, ` 7 `, `-0`, `1e400`, `{"a":1,"a":1}`, `[{"a":{"b":1,"b":2}}]`, `{"\u0061":1,"a":2}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ParseJSON(s, 64)
		var want any
		err := json.Unmarshal([]byte(s), &want)
		if err == nil && duplicateKey(s) {
			if ok {
				t.Fatalf("%q: a key given twice, and ParseJSON took it", s)
			}
			return
		}
		if ok != (err == nil) {
			t.Fatalf("%q: ParseJSON ok=%v, encoding/json err=%v", s, ok, err)
		}
		if ok && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: ParseJSON %#v, encoding/json %#v", s, got, want)
		}
		if ok {
			again, ok := ParseJSON(string(AppendJSON(nil, got)), 64)
			if !ok || !reflect.DeepEqual(again, got) {
				t.Fatalf("%q: does not survive AppendJSON: %#v", s, again)
			}
		}
	})
}

func TestParseJSONDepth(t *testing.T) {
	if _, ok := ParseJSON(`[[[1]]]`, 2); ok {
		t.Error("nesting deeper than allowed was accepted")
	}
	if _, ok := ParseJSON(`[[[1]]]`, 3); !ok {
		t.Error("nesting within the limit was refused")
	}
}

func TestStringValue(t *testing.T) {
	for _, s := range []string{"63", "00", "99", "6", "636", "6a", "", "٣٣"} {
		if got, ok := StringValue(s).(string); !ok || got != s {
			t.Errorf("StringValue(%q) = %v", s, StringValue(s))
		}
	}
	v, _ := ParseJSON(`["63","63","x"]`, 2)
	if list := v.([]any); list[0] != "63" || list[1] != "63" || list[2] != "x" {
		t.Errorf("parsed %v", list)
	}
}

// duplicateKey reports whether valid JSON text has an object with a key
// given twice (as encoding/json decodes keys).
func duplicateKey(s string) bool {
	d := json.NewDecoder(strings.NewReader(s))
	type object struct {
		keys  map[string]bool
		atKey bool
	}
	var stack []*object
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch tok {
		case json.Delim('{'):
			if top != nil && top.keys != nil {
				top.atKey = true
			}
			stack = append(stack, &object{keys: map[string]bool{}, atKey: true})
			continue
		case json.Delim('['):
			if top != nil && top.keys != nil {
				top.atKey = true
			}
			stack = append(stack, &object{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			continue
		}
		if top == nil || top.keys == nil {
			continue
		}
		if top.atKey {
			key := tok.(string)
			if top.keys[key] {
				return true
			}
			top.keys[key] = true
			top.atKey = false
		} else {
			top.atKey = true
		}
	}
}

// TestReadJSONSaysWhy: ReadJSON names why it refuses a text, printably, and
// reads what ParseJSON reads.
func TestReadJSONSaysWhy(t *testing.T) {
	for text, want := range map[string]string{
		`{"a":[1]}`:                     "",
		`[[[1]]]`:                       "nested deeper than a page's verifier reads",
		`{"a":1e400}`:                   "a number beyond a double: 1e400",
		`{"a":1,"a":2}`:                 "a key given twice: a",
		`{"\u001b[2K":1,"\u001b[2K":1}`: `a key given twice: \u{1b}[2K`,
		`{"a":1,}`:                      "not JSON at byte 8",
		`[1] 2`:                         "not JSON at byte 5",
	} {
		if _, why := ReadJSON(text, 2); why != want {
			t.Errorf("%q: %q, not %q", text, why, want)
		}
	}
	if _, why := ReadJSON(`{"`+strings.Repeat("é", 50)+`":1,"`+strings.Repeat("é", 50)+`":1}`, 2); why != "a key given twice: "+strings.Repeat("é", 40)+"…" {
		t.Errorf("a long key: %q", why)
	}
	if got := Escaped("a\\b\u202e\u200b\u009b é"); got != `a\\b\u{202e}\u{200b}\u{9b} é` {
		t.Errorf("Escaped: %q", got)
	}
}
