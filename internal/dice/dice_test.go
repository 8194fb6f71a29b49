package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pfcheck/internal/report"
)

var (
	testSeedHex = strings.Repeat("0123456789abcdef", 4)
	testSeeds   = []any{"phoneA_seed-1", "phoneB"}
)

func testRecord(rolls []any, games ...any) map[string]any {
	rec := map[string]any{"scheme": Scheme, "serverSeed": testSeedHex, "clientSeeds": testSeeds}
	if rolls != nil {
		rec["rolls"] = rolls
	}
	if len(games) > 0 {
		rec["games"] = games
	}
	return rec
}

// computedRolls returns the rolls of the test match as Check computes them.
func computedRolls(t *testing.T, count int) []any {
	t.Helper()
	rec := testRecord(nil)
	rec["count"] = count
	res := Check(rec)
	if res.Status != report.Computed {
		t.Fatalf("status %s, errors %v", res.Status, res.Errors)
	}
	var rolls []any
	for _, r := range res.Extra["rolls"].([]any) {
		rolls = append(rolls, r.(map[string]any)["dice"])
	}
	return rolls
}

// TestRollFormula recomputes roll n straight from the formula of seed 000.
func TestRollFormula(t *testing.T) {
	seed := []byte("sixteen byte key")
	r := NewRoller(seed, []string{"a", "b"})
	for n := 1; n <= 200; n++ {
		mac := hmac.New(sha256.New, seed)
		mac.Write([]byte("a:b:" + strconv.Itoa(n)))
		var want Roll
		for _, b := range mac.Sum(nil) {
			if b < 252 {
				want = Roll{b%36/6 + 1, b%36%6 + 1}
				break
			}
		}
		if got := r.Roll(n); got != want {
			t.Fatalf("roll %d: got %s, want %s", n, got, want)
		}
	}
}

func TestOneChangedRollIsTheOnlyMismatch(t *testing.T) {
	played := computedRolls(t, 100)
	if res := Check(testRecord(played)); res.Status != report.Match || len(res.Mismatches) != 0 {
		t.Fatalf("unchanged: status %s, mismatches %v", res.Status, res.Mismatches)
	}
	for _, i := range []int{0, 1, 50, 99} {
		rolls := append([]any(nil), played...)
		changed := "11"
		if rolls[i] == changed {
			changed = "66"
		}
		rolls[i] = changed
		res := Check(testRecord(rolls))
		want := []report.Difference{{Index: i + 1, Computed: played[i].(string), Recorded: changed}}
		if res.Status != report.Mismatch || !reflect.DeepEqual(res.Mismatches, want) {
			t.Errorf("roll %d changed: status %s, mismatches %v, want %v", i+1, res.Status, res.Mismatches, want)
		}
		for j, r := range res.Extra["rolls"].([]any) {
			wantStatus := "match"
			if j == i {
				wantStatus = "mismatch"
			}
			if got := r.(map[string]any)["status"]; got != wantStatus {
				t.Errorf("roll %d changed: roll %d status %v", i+1, j+1, got)
			}
		}
	}
}

func TestSeal(t *testing.T) {
	rec := testRecord(computedRolls(t, 3))
	seed, _ := Read(rec)
	sum := sha256.Sum256(seed.Seed)
	rec["seal"] = strings.ToUpper(hex.EncodeToString(sum[:]))
	if res := Check(rec); res.Status != report.Match || !res.Commitment.Matches {
		t.Fatalf("right seal (upper case): %s %+v", res.Status, res.Commitment)
	}
	sum[31] ^= 1
	rec["seal"] = hex.EncodeToString(sum[:])
	if res := Check(rec); res.Status != report.Mismatch || res.Commitment.Matches || len(res.Mismatches) != 0 {
		t.Fatalf("wrong seal: %s %+v %v", res.Status, res.Commitment, res.Mismatches)
	}
	delete(rec, "rolls")
	rec["count"] = 3
	if res := Check(rec); res.Status != report.Mismatch {
		t.Fatalf("wrong seal without rolls: %s", res.Status)
	}
}

func TestOpeningRolls(t *testing.T) {
	seed, _ := Read(testRecord(nil, 1))
	m := Match{Seed: seed.Seed, ClientSeeds: []string{"x"}, Count: 300, Games: []int{100, 120, 80}}
	rolls := annotate(m, Rolls(m))
	starts := map[int]bool{1: true, 101: true, 221: true}
	opening := false
	for _, r := range rolls {
		if starts[r.N] {
			opening = true
		}
		if r.Opening != opening {
			t.Fatalf("roll %d (%s, game %d): opening %v, want %v", r.N, r.Dice, r.Game, r.Opening, opening)
		}
		opening = opening && r.Dice.IsDouble()
	}
	if rolls[99].Game != 1 || rolls[100].Game != 2 || rolls[299].Game != 3 {
		t.Fatalf("game numbers: %d %d %d", rolls[99].Game, rolls[100].Game, rolls[299].Game)
	}
}

func problem(field, code string, at int) report.Problem {
	return report.Problem{Field: field, Code: code, At: at}
}

func TestInvalidRecordsNeverGetAVerdict(t *testing.T) {
	long := strings.Repeat("ab", 65)
	for _, tc := range []struct {
		name   string
		change func(map[string]any)
		want   []report.Problem
	}{
		{"no seed", func(r map[string]any) { delete(r, "serverSeed") }, []report.Problem{problem("serverSeed", "missing", 0)}},
		{"15 bytes", func(r map[string]any) { r["serverSeed"] = testSeedHex[:30] }, []report.Problem{problem("serverSeed", "too-short", 0)}},
		{"65 bytes", func(r map[string]any) { r["serverSeed"] = long }, []report.Problem{problem("serverSeed", "too-long", 0)}},
		{"odd", func(r map[string]any) { r["serverSeed"] = testSeedHex + "a" }, []report.Problem{problem("serverSeed", "odd-length", 0)}},
		{"markup", func(r map[string]any) { r["serverSeed"] = "<b>" }, []report.Problem{problem("serverSeed", "not-hex", 0)}},
		{"seal short", func(r map[string]any) { r["seal"] = "abcd" }, []report.Problem{problem("seal", "wrong-length", 0)}},
		{"seed 129", func(r map[string]any) { r["clientSeeds"] = []any{"a", strings.Repeat("x", 129)} }, []report.Problem{problem("clientSeeds", "too-long", 2)}},
		{"seed colon", func(r map[string]any) { r["clientSeeds"] = []any{"a:b"} }, []report.Problem{problem("clientSeeds", "bad-character", 1)}},
		{"count 0", func(r map[string]any) { r["count"] = 0 }, []report.Problem{problem("count", "not-positive", 0)}},
		{"count 10001", func(r map[string]any) { r["count"] = 10001.0 }, []report.Problem{problem("count", "too-large", 0)}},
		{"count 1.5", func(r map[string]any) { r["count"] = 1.5 }, []report.Problem{problem("count", "wrong-type", 0)}},
		{"nothing to count", func(r map[string]any) { delete(r, "rolls") }, []report.Problem{problem("count", "missing", 0)}},
		{"roll 7", func(r map[string]any) { r["rolls"] = []any{"63", "71"} }, []report.Problem{problem("rolls", "bad-roll", 2)}},
		{"games sum", func(r map[string]any) { r["games"] = []any{1, 1} }, []report.Problem{problem("games", "sum-mismatch", 0)}},
		{"games zero", func(r map[string]any) { r["games"] = []any{3, 0} }, []report.Problem{problem("games", "not-positive", 2)}},
		{"empty games list", func(r map[string]any) { r["games"] = []any{}; delete(r, "rolls") }, []report.Problem{problem("count", "missing", 0)}},
		{"all at once", func(r map[string]any) {
			r["serverSeed"], r["seal"], r["clientSeeds"], r["count"], r["games"] = 5.0, "xyz", "a", 2, []any{2, 2}
		}, []report.Problem{problem("serverSeed", "wrong-type", 0), problem("seal", "not-hex", 0), problem("clientSeeds", "wrong-type", 0), problem("count", "disagrees", 0), problem("games", "sum-mismatch", 0)}},
	} {
		rec := testRecord([]any{"63", "41", "22"})
		tc.change(rec)
		res := Check(rec)
		if res.Status != report.Invalid || !reflect.DeepEqual(res.Errors, tc.want) || res.Commitment != nil || res.Extra != nil {
			t.Errorf("%s: status %s, errors %v, want %v", tc.name, res.Status, res.Errors, tc.want)
		}
	}
}

// TestLargestCount: 10000 rolls, the most a record may ask for, are computed.
func TestLargestCount(t *testing.T) {
	rec := testRecord(nil)
	rec["count"] = MaxRolls
	res := Check(rec)
	if res.Status != report.Computed || len(res.Extra["rolls"].([]any)) != MaxRolls {
		t.Fatalf("count %d: status %s, errors %v", MaxRolls, res.Status, res.Errors)
	}
}

func TestRollAllocatesNothing(t *testing.T) {
	r := NewRoller([]byte(testSeedHex), []string{"phoneA", "phoneB"})
	n := 0
	if allocs := testing.AllocsPerRun(1000, func() { n++; r.Roll(n) }); allocs != 0 {
		t.Fatalf("Roll allocates %v times", allocs)
	}
}

func BenchmarkRoll(b *testing.B) {
	r := NewRoller([]byte(testSeedHex)[:32], []string{strings.Repeat("a", 32), strings.Repeat("b", 32)})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r.Roll(i + 1)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
}

func BenchmarkCheck400(b *testing.B) {
	rec := testRecord(nil)
	rec["count"] = 400
	for b.Loop() {
		Check(rec)
	}
}
