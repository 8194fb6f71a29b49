package dicev2

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"pfcheck/internal/drand"
	"pfcheck/internal/link"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

const (
	sig1000  = "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39"
	sig123   = "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92"
	time1000 = 1692806364
)

// linkResult is what the page shows for a v=2 link (verify.LinkResult's
// shape): the link's problems, or the check of its record plus the record.
func linkResult(fragment string) map[string]any {
	pairs, p := link.Split(fragment)
	if p != nil {
		return report.InvalidResult("", []report.Problem{*p}).Map()
	}
	version, p := link.Version(pairs)
	if p != nil {
		return report.InvalidResult("", []report.Problem{*p}).Map()
	}
	if version != "2" {
		return report.InvalidResult("", []report.Problem{{Field: link.Field, Code: link.CodeNewerVersion}}).Map()
	}
	rec, problems := RecordFromLink(pairs)
	if len(problems) > 0 {
		return report.InvalidResult("", problems).Map()
	}
	got := Check(rec, drand.CheckRound).Map()
	got["record"] = rec
	return got
}

func TestVectors(t *testing.T) {
	vectortest.Run(t, Scheme, func(c map[string]any) map[string]any {
		switch {
		case c["record"] != nil:
			return Check(c["record"].(map[string]any), drand.CheckRound).Map()
		case c["link"] != nil:
			return linkResult(c["link"].(string))
		}
		return nil
	})
}

// baseRecord is a valid, honest record: its rolls are the computed ones.
func baseRecord(t testing.TB) map[string]any {
	t.Helper()
	for _, c := range vectortest.Load(t, Scheme).Cases {
		if c["name"] == "r1000-alice-bob-2-games" {
			return c["record"].(map[string]any)
		}
	}
	t.Fatal("base case not found")
	return nil
}

// clone deep-copies a plain record.
func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = clone(e)
		}
		return l
	}
	return v
}

func TestBaseMatches(t *testing.T) {
	res := Check(baseRecord(t), drand.CheckRound)
	if res.Status != report.Match {
		t.Fatalf("status %s, errors %v", res.Status, res.Errors)
	}
	if res.Extra["roundAfterSeal"] != true || res.Extra["signatureValid"] != true || res.Extra["roundTime"] != time1000 {
		t.Errorf("extra: %v", res.Extra)
	}
}

// Changing any one roll gives a mismatch at exactly that position.
func TestEachChangedRollIsFound(t *testing.T) {
	base := baseRecord(t)
	pos := 0
	for g, game := range base["games"].([]any) {
		for i := range game.(map[string]any)["rolls"].([]any) {
			pos++
			rec := clone(base).(map[string]any)
			rolls := rec["games"].([]any)[g].(map[string]any)["rolls"].([]any)
			old := rolls[i].(string)
			changed := string([]byte{'0' + (old[0]-'0')%6 + 1, old[1]})
			rolls[i] = changed
			res := Check(rec, drand.CheckRound)
			if res.Status != report.Mismatch || len(res.Mismatches) != 1 {
				t.Fatalf("game %d roll %d: %s %v", g+1, i+1, res.Status, res.Mismatches)
			}
			d := res.Mismatches[0]
			if d.Index != pos || d.Computed != old || d.Recorded != changed {
				t.Errorf("game %d roll %d: %+v, want index %d", g+1, i+1, d, pos)
			}
			r := res.Extra["games"].([]any)[g].(map[string]any)["rolls"].([]any)[i].(map[string]any)
			if r["status"] != "mismatch" || r["n"] != i+1 {
				t.Errorf("game %d roll %d: %v", g+1, i+1, r)
			}
		}
	}
}

// A forged signature is never a match: each single-bit flip is either not a
// point (invalid) or a signature that does not verify (mismatch).
func TestForgedSignatureNeverMatches(t *testing.T) {
	base := baseRecord(t)
	sig, _ := hex.DecodeString(sig1000)
	for i := range len(sig) * 8 {
		forged := append([]byte(nil), sig...)
		forged[i/8] ^= 0x80 >> (i % 8)
		rec := clone(base).(map[string]any)
		rec["drandSignature"] = hex.EncodeToString(forged)
		res := Check(rec, drand.CheckRound)
		switch res.Status {
		case report.Invalid:
			if len(res.Errors) != 1 || res.Errors[0] != (report.Problem{Field: "drandSignature", Code: drand.CodeNotAPoint}) {
				t.Fatalf("bit %d: %v", i, res.Errors)
			}
		case report.Mismatch:
			if res.Extra["signatureValid"] != false {
				t.Fatalf("bit %d: %v", i, res.Extra)
			}
		default:
			t.Fatalf("bit %d flipped: status %s", i, res.Status)
		}
	}
}

func TestWrongRoundIsMismatch(t *testing.T) {
	rec := clone(baseRecord(t)).(map[string]any)
	rec["drandRound"] = 1001
	delete(rec, "sealedAt")
	res := Check(rec, drand.CheckRound)
	if res.Status != report.Mismatch || res.Extra["signatureValid"] != false || res.Extra["roundTime"] != time1000+3 {
		t.Errorf("%s %v", res.Status, res.Extra)
	}
	// The rolls themselves still match: they depend on the signature, not the round.
	if len(res.Mismatches) != 0 {
		t.Errorf("mismatches %v", res.Mismatches)
	}
}

func TestRoundAfterSeal(t *testing.T) {
	for _, c := range []struct {
		sealedAt any
		after    any // nil: absent
		status   report.Status
	}{
		{time1000 - 1, true, report.Match},
		{time1000, false, report.Mismatch},
		{time1000 + 1, false, report.Mismatch},
		{1, true, report.Match},
		{nil, nil, report.Match},
	} {
		rec := clone(baseRecord(t)).(map[string]any)
		rec["sealedAt"] = c.sealedAt
		res := Check(rec, drand.CheckRound)
		after, present := res.Extra["roundAfterSeal"]
		if res.Status != c.status || (c.after == nil) == present || (present && after != c.after) {
			t.Errorf("sealedAt %v: %s, roundAfterSeal %v (present %v)", c.sealedAt, res.Status, after, present)
		}
	}
}

// Without a Verifier the anchor is unproven: no signature verdict, and never
// a match.
func TestNilVerifier(t *testing.T) {
	res := Check(baseRecord(t), nil)
	if res.Status != report.Computed {
		t.Errorf("status %s", res.Status)
	}
	for _, k := range []string{"signatureValid", "roundTime", "roundAfterSeal"} {
		if _, ok := res.Extra[k]; ok {
			t.Errorf("%s present without a verifier", k)
		}
	}
	if res.Extra["anchor"] != "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd" {
		t.Errorf("anchor %v", res.Extra["anchor"])
	}
	rec := clone(baseRecord(t)).(map[string]any)
	rec["games"].([]any)[0].(map[string]any)["rolls"].([]any)[0] = "77"
	if res := Check(rec, nil); res.Status != report.Invalid {
		t.Errorf("bad roll without verifier: %s", res.Status)
	}
	rec = clone(baseRecord(t)).(map[string]any)
	rolls := rec["games"].([]any)[1].(map[string]any)["rolls"].([]any)
	rolls[2] = map[bool]string{true: "12", false: "11"}[rolls[2] == "11"]
	if res := Check(rec, nil); res.Status != report.Mismatch || len(res.Mismatches) != 1 || res.Mismatches[0].Index != 15 {
		t.Errorf("changed roll without verifier: %s %v", res.Status, res.Mismatches)
	}
}

func TestPlayerNotUTF8(t *testing.T) {
	rec := clone(baseRecord(t)).(map[string]any)
	rec["players"] = []any{"alice", "b\xffb"}
	res := Check(rec, drand.CheckRound)
	want := []report.Problem{{Field: "players", Code: CodeNotUTF8, At: 2}}
	if !reflect.DeepEqual(res.Errors, want) {
		t.Errorf("%v", res.Errors)
	}
}

func TestBindingLengthPrefix(t *testing.T) {
	var anchor [AnchorBytes]byte
	ab := Binding(7, 1, "ab", "c", anchor)
	bc := Binding(7, 1, "a", "bc", anchor)
	if bytes.Equal(ab, bc) {
		t.Fatal("ab|c and a|bc bind alike")
	}
	want := "00000001" + "37" + "00000001" + "31" + "00000002" + "6162" + "00000001" + "63" + "00000020" + strings.Repeat("00", 32)
	if got := hex.EncodeToString(ab); got != want {
		t.Errorf("binding %s\nwant    %s", got, want)
	}
	if got := Binding(1<<50, 10000, "", "", anchor); !bytes.HasPrefix(got, []byte("\x00\x00\x00\x101125899906842624\x00\x00\x00\x0510000")) {
		t.Errorf("large numbers: %q", got[:30])
	}
}

// The continuation (j = 1, 2, …) cannot be reached with a real MAC; keep
// carries the dice across MACs, shown here on made-up ones.
func TestKeepAcrossMACs(t *testing.T) {
	all := func(b byte) []byte { return bytes.Repeat([]byte{b}, 32) }
	var r Roll
	if k := keep(&r, 0, all(0xff)); k != 0 {
		t.Fatalf("all skipped: kept %d", k)
	}
	one := all(0xfc)
	one[31] = 7 // 7 mod 6 + 1 = 2
	k := keep(&r, 0, one)
	next := all(0xfd)
	next[5], next[6] = 10, 0 // die 2 = 5; the 0 is not reached
	if k = keep(&r, k, next); k != 2 || r != (Roll{2, 5}) {
		t.Errorf("one then next: kept %d roll %v", k, r)
	}
	r = Roll{}
	if k := keep(&r, 0, []byte{251, 252, 253, 254, 255, 0}); k != 2 || r != (Roll{6, 1}) {
		t.Errorf("251 kept, 252..255 skipped: kept %d roll %v", k, r)
	}
}

func TestRollerReuseAndAllocs(t *testing.T) {
	seed := bytes.Repeat([]byte{1}, 32)
	var anchor [AnchorBytes]byte
	b1 := Binding(1, 1, "a", "b", anchor)
	b2 := Binding(1, 2, "a", "b", anchor)
	r := NewRoller(seed, b1)
	first := r.Roll(1)
	r.SetBinding(b2)
	r.Roll(1)
	r.SetBinding(b1)
	if again := r.Roll(1); again != first {
		t.Errorf("roll changed after SetBinding: %v %v", again, first)
	}
	if fresh := NewRoller(seed, b1).Roll(1); fresh != first {
		t.Errorf("fresh roller: %v %v", fresh, first)
	}
	if n := testing.AllocsPerRun(100, func() { r.Roll(5) }); n != 0 {
		t.Errorf("Roll allocates %v times", n)
	}
	var counts [7]int
	for n := uint64(1); n <= 6000; n++ {
		roll := r.Roll(n)
		if roll[0] < 1 || roll[0] > 6 || roll[1] < 1 || roll[1] > 6 {
			t.Fatalf("roll %d: %v", n, roll)
		}
		counts[roll[0]]++
		counts[roll[1]]++
	}
	for face := 1; face <= 6; face++ {
		if counts[face] < 1800 || counts[face] > 2200 { // 2000 ± 10 σ-ish
			t.Errorf("face %d: %d of 12000", face, counts[face])
		}
	}
}

func TestFormatLinkRoundTrip(t *testing.T) {
	for _, c := range vectortest.Load(t, Scheme).Cases {
		rec, ok := c["record"].(map[string]any)
		if !ok {
			continue
		}
		frag := FormatLink(rec)
		if frag == "" {
			continue // records with wrong types have no link
		}
		pairs, p := link.Split(frag)
		if p != nil {
			t.Fatalf("%s: %v", c["name"], p)
		}
		back, problems := RecordFromLink(pairs)
		if len(problems) > 0 {
			// Only a value a link refuses to read (a negative number) may get here.
			continue
		}
		want := Check(rec, drand.CheckRound).Map()
		got := Check(back, drand.CheckRound).Map()
		if !report.Contains(got, want) || !report.Contains(want, got) {
			t.Errorf("%s: link %s\n gives %v\n want  %v", c["name"], frag, got, want)
		}
	}
}

func TestFormatLinkRefuses(t *testing.T) {
	for _, rec := range []map[string]any{
		{"serverSeed": 5},
		{"serverSeed": "a&b"},
		{"match": -1},
		{"match": 1.5},
		{"drandRound": 1e15},
		{"players": []any{"a"}},
		{"players": []any{"a", 1}},
		{"players": []any{"a", "\xff"}},
		{"games": []any{map[string]any{"rolls": []any{}}}},
		{"games": []any{map[string]any{"rolls": []any{"6", "3"}}}},
		{"games": []any{map[string]any{"rolls": []any{"6.3"}}}},
		{"games": []any{map[string]any{"rolls": []any{"63"}, "n": 1}}},
		{"games": "6363"},
	} {
		if frag := FormatLink(rec); frag != "" {
			t.Errorf("%v formats as %q", rec, frag)
		}
	}
}

func FuzzRecordFromLink(f *testing.F) {
	for _, c := range vectortest.Load(f, Scheme).Cases {
		if l, ok := c["link"].(string); ok {
			f.Add(l)
		}
	}
	f.Add("v=2&a=%&b=%4&r=6.&m=0&t=00")
	f.Add("v=2&r=..&a=%C3%A4&b=+")
	f.Fuzz(func(t *testing.T, fragment string) {
		pairs, p := link.Split(fragment)
		if p != nil {
			return
		}
		rec, problems := RecordFromLink(pairs)
		Check(rec, nil) // must not panic, on what a refused link could say too
		if len(problems) > 0 {
			return
		}
		frag := FormatLink(rec)
		if frag == "" {
			t.Fatalf("%q parses to %v, which does not format", fragment, rec)
		}
		pairs2, p := link.Split(frag)
		if p != nil {
			t.Fatalf("%q formats as %q: %v", fragment, frag, p)
		}
		if v, p := link.Version(pairs2); p != nil || v != "2" {
			t.Fatalf("%q formats as %q: version %q %v", fragment, frag, v, p)
		}
		back, problems := RecordFromLink(pairs2)
		if len(problems) > 0 || !reflect.DeepEqual(back, rec) {
			t.Fatalf("%q\n-> %v\n-> %q\n-> %v %v", fragment, rec, frag, back, problems)
		}
	})
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"games":[{"rolls":[1]},{}],"players":[null,""],"match":-0}`))
	vectortest.FuzzRecords(f, Scheme, 4096, func(rec map[string]any) report.Result { return Check(rec, nil) })
}

func BenchmarkRoll(b *testing.B) {
	var anchor [AnchorBytes]byte
	r := NewRoller(bytes.Repeat([]byte{1}, 32), Binding(1, 1, "alice", "bob", anchor))
	n := uint64(0)
	for b.Loop() {
		n++
		r.Roll(n)
	}
}

// BenchmarkCheck10000 checks a record with the most rolls allowed (without
// the signature check, which drand benchmarks).
func BenchmarkCheck10000(b *testing.B) {
	rec := clone(baseRecord(b)).(map[string]any)
	games := make([]any, 100)
	for g := range games {
		rolls := make([]any, 100)
		for i := range rolls {
			rolls[i] = "11"
		}
		games[g] = map[string]any{"rolls": rolls}
	}
	rec["games"] = games
	for b.Loop() {
		Check(rec, nil)
	}
}
