package record

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"pfcheck/internal/report"
)

func TestWhole(t *testing.T) {
	for v, want := range map[any]bool{
		3: true, 3.0: true, -2.0: true, 1 << 50: true,
		1.5: false, math.NaN(): false, math.Inf(1): false, 1 << 51: false, float64(1 << 51): false, "3": false, nil: false,
	} {
		if _, ok := Whole(v); ok != want {
			t.Errorf("Whole(%v) ok=%v, want %v", v, ok, want)
		}
	}
}

func TestReaderCollectsEveryProblem(t *testing.T) {
	r := NewReader(map[string]any{"s": 5.0, "empty": "", "list": []any{"a", 2.0}, "n": 2.5})
	if _, ok := r.String("s", true); ok {
		t.Error("a number read as a string")
	}
	if _, ok := r.String("empty", true); ok {
		t.Error("an empty string read as present")
	}
	if _, ok := r.Strings("list", true); ok {
		t.Error("a list with a number read as strings")
	}
	if _, ok := r.Int("n", false); ok {
		t.Error("2.5 read as a whole number")
	}
	r.Int("absent", false) // optional and absent: no problem
	want := []report.Problem{
		{Field: "s", Code: CodeWrongType},
		{Field: "empty", Code: CodeMissing},
		{Field: "list", Code: CodeWrongType, At: 2},
		{Field: "n", Code: CodeWrongType},
	}
	if !reflect.DeepEqual(r.Problems, want) {
		t.Errorf("problems %v, want %v", r.Problems, want)
	}
}

func TestTextAndDigest(t *testing.T) {
	digest := strings.Repeat("aB", 32)
	r := NewReader(map[string]any{
		"short": "abc", "long": "abcd", "number": 5.0,
		"digest": digest, "odd": digest[1:], "short-digest": digest[2:], "not-hex": "g" + digest[1:],
	})
	if s := r.Text("short", true, 3); s != "abc" {
		t.Errorf("Text: %q", s)
	}
	if s := r.Text("long", true, 3); s != "" {
		t.Errorf("Text of a long text: %q", s)
	}
	r.Text("number", false, 3)
	r.Text("absent", true, 3)
	if s, ok := r.Digest("digest", true); !ok || s != strings.ToLower(digest) {
		t.Errorf("Digest: %q %v", s, ok)
	}
	for _, field := range []string{"odd", "short-digest", "not-hex", "number", "absent"} {
		if s, ok := r.Digest(field, false); ok || s != "" {
			t.Errorf("Digest of %s: %q %v", field, s, ok)
		}
	}
	want := []report.Problem{
		{Field: "long", Code: CodeTooLong},
		{Field: "number", Code: CodeWrongType},
		{Field: "absent", Code: CodeMissing},
		{Field: "odd", Code: CodeWrongLength},
		{Field: "short-digest", Code: CodeWrongLength},
		{Field: "not-hex", Code: "not-hex"},
		{Field: "number", Code: CodeWrongType},
	}
	if !reflect.DeepEqual(r.Problems, want) {
		t.Errorf("problems %v, want %v", r.Problems, want)
	}
}
