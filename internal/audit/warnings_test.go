package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pfcheck/internal/report"
)

// reused returns the line lists of the values of code seen in more than
// one record, in the order of their first line, as the pages' sum of the
// batches finds them (auditWarnings, web/static/audit-core.js).
func reused(o *Outcome, code string) [][]int {
	var groups [][]int
	for _, lines := range o.Seen[code] {
		if len(lines) > 1 {
			groups = append(groups, lines)
		}
	}
	slices.SortFunc(groups, func(a, b []int) int { return a[0] - b[0] })
	return groups
}

func flagged(o *Outcome, code string) []int {
	if f := o.Flagged[code]; f != nil {
		return f.Lines
	}
	return nil
}

// Records of every scheme with nothing recorded (computed), as lines.
func diceV1(seed string, clients ...string) string {
	list := make([]any, len(clients))
	for i, c := range clients {
		list[i] = c
	}
	return string(report.AppendJSON(nil, map[string]any{"scheme": "dice_v1", "serverSeed": seed, "clientSeeds": list, "count": 3}))
}

const (
	// quicknet's round 1000 (SPEC §2).
	round1000 = `"drandRound": 1000, "drandSignature": "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39"`
	hexA      = "0123456789abcdef0123456789abcdef"
	hexB      = "fedcba9876543210fedcba9876543210"
	hexC      = "00112233445566778899aabbccddeeff"
)

func seed(label string) string {
	sum := sha256.Sum256([]byte(label))
	return hex.EncodeToString(sum[:])
}

func sealOf(seedHex string) string {
	b, _ := hex.DecodeString(seedHex)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func shoe(seedHex, client string, nonce int) string {
	return fmt.Sprintf(`{"scheme": "shoe_v1", "serverSeed": %q, "clientSeed": %q, "nonce": %d, "decks": 1, "penetration": 0.75}`, seedHex, client, nonce)
}

func diceV2(seedHex string, sealedAt string) string {
	return fmt.Sprintf(`{"scheme": "dice_v2", "serverSeed": %q, %s"match": 7, "players": ["alice", "bob"], %s}`, seedHex, sealedAt, round1000)
}

func games(serverSeed string, clients ...string) string {
	return fmt.Sprintf(`{"scheme": "match_seed_v2", "game": "checkers", "matchId": "m-1", "serverSeed": %q, "clientSeeds": ["%s"]}`, serverSeed, strings.Join(clients, `", "`))
}

func chess(seedA, clientA, seedB, clientB string) string {
	return fmt.Sprintf(`{"scheme": "chess_colour_v1", "seedA": %q, "clientA": %q, "seedB": %q, "clientB": %q}`, seedA, clientA, seedB, clientB)
}

// TestWarnings: each warning is found for what it names, once a value is in
// two records, and for nothing else; a season of every scheme with fresh
// seeds has none. An invalid record counts for none.
func TestWarnings(t *testing.T) {
	const sealedAt = `"sealedAt": 1692806000, `
	clean := []string{
		diceV1(seed("d1"), hexA, hexB),
		diceV2(seed("d2"), sealedAt),
		shoe(seed("s1"), "client", 1),
		shoe(seed("s2"), "client", 2), // a client seed kept from shoe to shoe is how shoe_v1 works
		games("server seed g1", "c0", "c1"),
		chess("seed a", "ca", "seed b", "cb"),
		`{"scheme": "chess_colour_v1", "seedA": "seed a2", "clientA": "ca2"}`, // a bot's client seed is none
		"",
		`{"scheme": "dice_v1", "serverSeed": "zz", "clientSeeds": ["x"], "count": 1}`, // invalid
		`{"scheme": "dice_v1", "serverSeed": "zz", "clientSeeds": ["x"], "count": 1}`,
	}
	g := func(groups ...[]int) [][]int { return groups }
	for _, c := range []struct {
		name  string
		lines []string
		want  map[string]any // code: the groups of a reuse warning, the lines of another
	}{
		{name: "clean"},
		{"the same dice_v1 seed, in either case", []string{diceV1(seed("d1"), hexC), diceV1(strings.ToUpper(seed("d1")), hexC[1:]+"0")},
			map[string]any{WarnSeedReused: g([]int{1, 11, 12})}},
		{"a seal of another record's seed", []string{fmt.Sprintf(`{"scheme": "dice_v1", "serverSeed": %q, "seal": %q, "clientSeeds": [%q], "count": 1}`, seed("x"), sealOf(seed("d1")), hexC)},
			map[string]any{WarnSeedReused: g([]int{1, 11})}},
		{"the same seed in dice_v1 and dice_v2", []string{diceV2(seed("d1"), sealedAt)}, map[string]any{WarnSeedReused: g([]int{1, 11})}},
		{"a table game's server seed", []string{games("server seed g1", "c2", "c3")}, map[string]any{WarnSeedReused: g([]int{5, 11})}},
		{"chess: B's seed as A's", []string{chess("seed b", "cc", "seed x", "cd")}, map[string]any{WarnSeedReused: g([]int{6, 11})}},
		{"a dice_v1 client seed", []string{diceV1(seed("d3"), hexB, hexC)}, map[string]any{WarnClientSeedReused: g([]int{1, 11})}},
		{"a table game's client seeds", []string{games("server seed g2", "c0", "c1")}, map[string]any{WarnClientSeedReused: g([]int{5, 11}, []int{5, 11})}},
		{"a chess client seed", []string{chess("seed c", "cb", "seed d", "ce")}, map[string]any{WarnClientSeedReused: g([]int{6, 11})}},
		{"short and not hex", []string{diceV1(seed("d4"), hexC, "abc123"), diceV1(seed("d5"), strings.Repeat("Z", 32))},
			map[string]any{WarnClientSeedShort: []int{11, 12}}},
		{"a repeated shoe", []string{shoe(strings.ToUpper(seed("s1")), "client", 1)},
			map[string]any{WarnShoeRepeated: g([]int{3, 11}), WarnSeedReused: g([]int{3, 11})}},
		{"no sealedAt", []string{diceV2(seed("d6"), "")}, map[string]any{WarnRoundNotAfterSeal: []int{11}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Run(strings.Join(append(slices.Clone(clean), c.lines...), "\n"), nil, 1, 100)
			for _, code := range []string{WarnSeedReused, WarnClientSeedReused, WarnShoeRepeated, WarnClientSeedShort, WarnRoundNotAfterSeal} {
				var got any = reused(o, code)
				if code == WarnClientSeedShort || code == WarnRoundNotAfterSeal {
					got = flagged(o, code)
				}
				if fmt.Sprint(got) != fmt.Sprint(c.want[code]) && (c.want[code] != nil || fmt.Sprint(got) != "[]") {
					t.Errorf("%s: %v, want %v", code, got, c.want[code])
				}
			}
			if o.Status[3] != 2 || o.Status[1]+o.Status[2] != o.Records-2 {
				t.Errorf("statuses %v: a warning changes none", o.Status)
			}
		})
	}
}
