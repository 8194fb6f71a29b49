package report_test

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// TestPlainRoundTrip: every vector file, and values at the edges of the
// number forms, read back as they were written.
func TestPlainRoundTrip(t *testing.T) {
	values := []any{
		nil, true, false, "", "ä\x00\"", 0.0, -1.0, 1 << 53, -(1 << 53), 1<<53 + 2, 0.75, 1e-7, math.MaxFloat64,
		[]any{}, map[string]any{}, []any{map[string]any{"a": []any{1.0, "x"}, "": nil}},
	}
	for _, f := range vectortest.LoadAll(t) {
		data, _ := json.Marshal(f)
		var v any
		json.Unmarshal(data, &v)
		values = append(values, v)
	}
	for _, want := range values {
		if i, ok := want.(int); ok {
			want = float64(i)
		}
		data := report.AppendPlain(nil, want)
		got, ok := report.ParsePlain(string(data), 16)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%.80v: read back as %.80v, %v", want, got, ok)
		}
		if again := report.AppendPlain(nil, got); string(again) != string(data) {
			t.Errorf("%.80v: written twice, not the same bytes", want)
		}
	}
}

// TestParsePlainRefuses bytes that are not one whole plain value.
func TestParsePlainRefuses(t *testing.T) {
	good := string(report.AppendPlain(nil, map[string]any{"a": []any{"bc", 1.0}}))
	for name, data := range map[string]string{
		"no magic":          good[len(report.PlainMagic):],
		"cut short":         good[:len(good)-1],
		"trailing byte":     good + "n",
		"unknown kind":      report.PlainMagic + "x",
		"count past end":    report.PlainMagic + "a\x05n",
		"string past end":   report.PlainMagic + "s\x09abc",
		"endless varint":    report.PlainMagic + "i" + strings.Repeat("\xff", 10),
		"whole beyond 2^53": report.PlainMagic + "i\x82\x80\x80\x80\x80\x80\x80\x20", // 2^53+1
		"short float":       report.PlainMagic + "d\x00\x00",
	} {
		if _, ok := report.ParsePlain(data, 16); ok {
			t.Errorf("%s: read", name)
		}
	}
	if _, ok := report.ParsePlain(string(report.AppendPlain(nil, []any{[]any{[]any{}}})), 1); ok {
		t.Error("nesting deeper than maxDepth read")
	}
}

func FuzzParsePlain(f *testing.F) {
	f.Add(string(report.AppendPlain(nil, map[string]any{"a": []any{"bc", 1.5, true, nil}})))
	f.Fuzz(func(t *testing.T, data string) {
		v, ok := report.ParsePlain(data, 16)
		if ok {
			if _, again := report.ParsePlain(string(report.AppendPlain(nil, v)), 16); !again {
				t.Fatalf("%q read, but its rewrite is not", data)
			}
		}
	})
}
