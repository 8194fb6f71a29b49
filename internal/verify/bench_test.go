package verify

import (
	"slices"
	"strings"
	"testing"

	"pfcheck/internal/dice"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// BenchmarkVectors runs every case of each vector file, as the self-test does.
func BenchmarkVectors(b *testing.B) {
	for _, scheme := range []string{"dice_v1", "shoe_v1", "match_seed_v2", "poker_hmac_v1", "chess_colour_v1", "dice_v2"} {
		f := vectortest.Load(b, scheme)
		b.Run(scheme, func(b *testing.B) {
			for b.Loop() {
				for _, c := range f.Cases {
					RunCase(c)
				}
			}
		})
	}
}

// BenchmarkDiagnosis times the check of a 10,000-roll dice_v1 match three
// ways: a match (no diagnosis: the floor), rolls numbered from 0 (the slip
// that is the record's runs all 10,000 rolls), and five rolls substituted
// (every variant stops at its first roll or two). testdata/diagnosis.md
// reports the ratios.
func BenchmarkDiagnosis(b *testing.B) {
	seed := strings.Repeat("5e", 32)
	roller := dice.NewRoller([]byte(strings.Repeat("^", 32)), []string{"alpha", "beta"})
	rolls := make([]any, 10001) // SPEC's rolls 0 to 10,000
	for n := range rolls {
		rolls[n] = roller.Roll(n).String()
	}
	record := func(rolls []any) map[string]any {
		return map[string]any{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": []any{"alpha", "beta"}, "rolls": rolls}
	}
	tampered := slices.Clone(rolls[1:])
	for _, i := range []int{17, 2000, 4711, 8000, 9998} {
		tampered[i] = map[bool]any{true: "11", false: "66"}[tampered[i] != "11"]
	}
	for _, c := range []struct {
		name   string
		rolls  []any
		status report.Status
	}{
		{"match", rolls[1:], report.Match},
		{"numbered-from-0", rolls[:10000], report.Mismatch},
		{"tampered", tampered, report.Mismatch},
	} {
		rec := record(c.rolls)
		if res := Check(rec); res.Status != c.status || (c.status == report.Mismatch) != (len(res.Diagnosis) > 0) {
			b.Fatalf("%s: %s %v", c.name, res.Status, res.Diagnosis)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Check(rec)
			}
		})
	}
}
