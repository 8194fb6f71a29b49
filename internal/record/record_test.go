package record

import (
	"math"
	"reflect"
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
