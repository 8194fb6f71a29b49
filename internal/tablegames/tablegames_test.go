package tablegames

import (
	"strconv"
	"testing"

	"pfcheck/internal/pf2stream"
	"pfcheck/internal/report"
	"pfcheck/internal/vectortest"
)

// checkAny dispatches as the verifier does: match_seed_v1 records go to CheckV1.
func checkAny(rec map[string]any) report.Result {
	if rec["scheme"] == SchemeV1 {
		return CheckV1(rec)
	}
	return Check(rec)
}

func TestVectors(t *testing.T) { vectortest.RunRecords(t, Scheme, checkAny) }

// matchRecord returns a valid record of game with n draws as Play computes them.
func matchRecord(game string, n int) (map[string]any, Played) {
	seeds := []string{"alice", "bob"}
	p := Play(game, "m-42", "server-seed", seeds, n)
	rec := map[string]any{
		"scheme": Scheme, "game": game, "matchId": "m-42", "serverSeed": "server-seed",
		"commitment": Commitment("server-seed"), "clientSeeds": []any{"alice", "bob"},
		"seats": []any{p.Seats[0], p.Seats[1]},
	}
	switch kindOf[game] {
	case KindDice:
		dice := make([]any, len(p.Dice))
		for i, d := range p.Dice {
			dice[i] = d
		}
		rec[KindDice] = dice
	case KindDeals:
		deals := make([]any, len(p.Deals))
		for i := range p.Deals {
			deals[i] = report.Strings(p.Deals[i][:])
		}
		rec[KindDeals] = deals
	case KindHands:
		hands := make([]any, len(p.Hands))
		for i, h := range p.Hands {
			hands[i] = map[string]any{"first": report.Strings(h.First[:]), "second": report.Strings(h.Second[:])}
		}
		rec[KindHands] = hands
	case KindDraws:
		rec[KindDraws] = report.Strings(p.Draws)
	}
	return rec, p
}

// flat returns pointers to every recorded value of the game's kind, in the
// order of the mismatch index.
func flat(rec map[string]any, game string) []*any {
	var out []*any
	add := func(list []any) {
		for i := range list {
			out = append(out, &list[i])
		}
	}
	switch kind := kindOf[game]; kind {
	case KindDice, KindDraws:
		add(rec[kind].([]any))
	case KindDeals:
		for _, d := range rec[kind].([]any) {
			add(d.([]any))
		}
	case KindHands:
		for _, h := range rec[kind].([]any) {
			add(h.(map[string]any)["first"].([]any))
			add(h.(map[string]any)["second"].([]any))
		}
	}
	return out
}

// other returns a valid value of the same kind that differs from v.
func other(game string, v any) any {
	switch game {
	case Backgammon:
		return v.(int)%6 + 1
	case Baloot:
		if v == "7c" {
			return "8c"
		}
		return "7c"
	case Mahjong:
		if v == "1f" {
			return "2f"
		}
		return "1f"
	}
	if v == "2c" {
		return "3c"
	}
	return "2c"
}

// Changing any one recorded value gives exactly one mismatch, at its index.
func TestOneValueChanged(t *testing.T) {
	for game, n := range map[string]int{Backgammon: 30, Bridge: 2, Trix: 1, Tarneeb: 1, Baloot: 2, Mahjong: 144} {
		rec, _ := matchRecord(game, n)
		if res := Check(rec); res.Status != report.Match {
			t.Fatalf("%s: unchanged record: %v %v", game, res.Status, res.Errors)
		}
		values := flat(rec, game)
		for i, v := range values {
			was := *v
			*v = other(game, was)
			res := Check(rec)
			*v = was
			ms, _ := res.Map()["mismatches"].([]any)
			if res.Status != report.Mismatch || len(ms) != 1 {
				t.Fatalf("%s value %d: status %v, %d mismatches", game, i+1, res.Status, len(ms))
			}
			m := ms[0].(map[string]any)
			if m["kind"] != kindOf[game] || m["index"] != i+1 || m["recorded"] != toString(other(game, was)) {
				t.Fatalf("%s value %d: mismatch %v", game, i+1, m)
			}
		}
	}
}

func toString(v any) string {
	if n, ok := v.(int); ok {
		return strconv.Itoa(n)
	}
	return v.(string)
}

func TestSeatsSwapped(t *testing.T) {
	for game := range kindOf {
		rec, p := matchRecord(game, 2)
		rec["seats"] = []any{p.Seats[1], p.Seats[0]}
		res := Check(rec)
		ms := res.Map()["mismatches"].([]any)
		if res.Status != report.Mismatch || len(ms) != 2 || ms[0].(map[string]any)["kind"] != KindSeats {
			t.Errorf("%s: %v %v", game, res.Status, ms)
		}
	}
}

// The deal layout: seat i holds positions 13i..13i+12 of each deal, and the
// baloot seats the first deal's 5i..5i+4.
func TestSeatHands(t *testing.T) {
	rec, p := matchRecord(Bridge, 2)
	got := Check(rec).Extra["seatHands"].([]any)
	for d := range 2 {
		for s := range 4 {
			hand := got[d].([]any)[s].([]any)
			for j := range 13 {
				if hand[j] != p.Deals[d][13*s+j] {
					t.Fatalf("deal %d seat %d card %d", d, s, j)
				}
			}
		}
	}
	rec, p = matchRecord(Baloot, 1)
	got = Check(rec).Extra["seatHands"].([]any)
	for s := range 4 {
		hand := got[0].([]any)[s].([]any)
		for j := range 5 {
			if hand[j] != p.Hands[0].First[5*s+j] {
				t.Fatalf("baloot seat %d card %d", s, j)
			}
		}
	}
}

// Every deal is a permutation; every baloot hand holds 32 distinct cards;
// the whole wall comes out once.
func TestDrawsArePermutations(t *testing.T) {
	p := Play(Bridge, "m", "s", []string{"c"}, 20)
	for _, d := range p.Deals {
		seen := map[string]bool{}
		for _, c := range d {
			seen[c] = true
		}
		if len(seen) != 52 {
			t.Fatal("deal is not a permutation")
		}
	}
	p = Play(Baloot, "m", "s", []string{"c"}, 20)
	for _, h := range p.Hands {
		seen := map[string]bool{}
		for _, c := range append(h.First[:], h.Second[:]...) {
			seen[c] = true
		}
		if len(seen) != 32 {
			t.Fatal("baloot hand is not a permutation")
		}
	}
	p = Play(Mahjong, "m", "s", []string{"c"}, 144)
	count := map[string]int{}
	for _, t := range p.Draws {
		count[t]++
	}
	for i, tile := range wallOrder {
		want := 4
		if i >= 136 {
			want = 1
		}
		if count[tile] != want {
			t.Fatalf("tile %s drawn %d times", tile, count[tile])
		}
	}
	if len(count) != 42 {
		t.Fatalf("%d kinds of tile", len(count))
	}
}

func TestWallOrder(t *testing.T) {
	want := map[int]string{0: "1m", 3: "1m", 4: "2m", 35: "9m", 36: "1p", 72: "1s", 108: "1z", 120: "4z", 124: "5z", 135: "7z", 136: "1f", 143: "8f"}
	for i, tile := range want {
		if wallOrder[i] != tile {
			t.Errorf("wall[%d] = %s, want %s", i, wallOrder[i], tile)
		}
	}
	for _, tile := range wallOrder {
		if !IsTile(tile) {
			t.Errorf("%s is not a tile", tile)
		}
	}
	for _, bad := range []string{"", "0m", "10m", "8z", "9f", "1x", "m1", "1M", "1", "1mm"} {
		if IsTile(bad) {
			t.Errorf("IsTile(%q)", bad)
		}
	}
}

func TestPrefix(t *testing.T) {
	got := Prefix("bridge", "m:1", []string{"a", "", "c"})
	if want := "pf2:bridge:m:1:0=a,1=,2=c:"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}

// The draws are the stream of pf2stream under the match's prefix: seats
// first, then the dice.
func TestPlayUsesTheStream(t *testing.T) {
	s := pf2stream.New(Prefix(Backgammon, "x", []string{"y"}), "z")
	seats := []int{0, 1}
	s.Shuffle(seats)
	p := Play(Backgammon, "x", "z", []string{"y"}, 10)
	if p.Seats != [2]int{seats[0], seats[1]} {
		t.Fatal("seats")
	}
	for i, d := range p.Dice {
		if d != pf2stream.Die(s) {
			t.Fatalf("die %d", i+1)
		}
	}
}

// Only a commitment: the seats are computed, no verdict; a wrong commitment
// alone is a mismatch.
func TestCommitmentAlone(t *testing.T) {
	rec := map[string]any{"game": Checkers, "matchId": "m", "serverSeed": "s", "clientSeeds": []any{"c"},
		"commitment": Commitment("s")}
	if res := Check(rec); res.Status != report.Computed || !res.Commitment.Matches {
		t.Fatalf("%v %+v", res.Status, res.Commitment)
	}
	rec["commitment"] = Commitment("t")
	if res := Check(rec); res.Status != report.Mismatch || res.Commitment.Matches {
		t.Fatalf("%v %+v", res.Status, res.Commitment)
	}
	delete(rec, "commitment")
	if res := Check(rec); res.Status != report.Computed {
		t.Fatalf("%v", res.Status)
	}
}

// Edge values of the text fields and lists at their limits.
func TestLimits(t *testing.T) {
	long := string(make([]byte, MaxText))
	rec := map[string]any{"game": Mahjong, "matchId": long, "serverSeed": long,
		"clientSeeds": make([]any, MaxClientSeeds)}
	for i := range MaxClientSeeds {
		rec["clientSeeds"].([]any)[i] = long
	}
	p := Play(Mahjong, long, long, toStrings(rec["clientSeeds"].([]any)), MaxDraws)
	rec["draws"] = report.Strings(p.Draws)
	if res := Check(rec); res.Status != report.Match {
		t.Fatalf("at the limits: %v %v", res.Status, res.Errors)
	}
	dice := make([]any, MaxDice)
	for i := range dice {
		dice[i] = 1
	}
	rec = map[string]any{"game": Backgammon, "matchId": "m", "serverSeed": "s", "clientSeeds": []any{"c"}, "dice": dice}
	if res := Check(rec); res.Status != report.Mismatch {
		t.Fatalf("10000 dice: %v %v", res.Status, res.Errors)
	}
}

func toStrings(v []any) []string {
	out := make([]string, len(v))
	for i, s := range v {
		out[i] = s.(string)
	}
	return out
}

func TestCheckV1(t *testing.T) {
	res := CheckV1(map[string]any{"scheme": SchemeV1})
	if res.Status != report.Unsupported || len(res.Errors) != 1 || res.Errors[0].Code != CodeNotPublished {
		t.Fatalf("%+v", res)
	}
}

func FuzzCheck(f *testing.F) { vectortest.FuzzRecords(f, Scheme, 4000, Check) }

func BenchmarkBridgeDeal(b *testing.B) {
	for b.Loop() {
		Play(Bridge, "m-1", "server-seed", []string{"a", "b", "c", "d"}, 1)
	}
}

func BenchmarkCheckBackgammon400(b *testing.B) {
	rec, _ := matchRecord(Backgammon, 400)
	for b.Loop() {
		Check(rec)
	}
}
