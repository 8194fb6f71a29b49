package pf2stream

// Card names of SPEC.md §4, shared by the table games and poker. A 52-card
// id has rank id mod 13 (23456789TJQKA) and suit id div 13 (c d h s), so
// "Td" is the ten of diamonds; a 32-card id (baloot) has rank id mod 8
// (789TJQKA) and suit id div 8.
const (
	ranks52 = "23456789TJQKA"
	ranks32 = "789TJQKA"
	suits   = "cdhs"
)

var (
	names52 = cardNames(ranks52)
	names32 = cardNames(ranks32)
)

func cardNames(ranks string) []string {
	out := make([]string, 0, len(ranks)*len(suits))
	for s := range len(suits) {
		for r := range len(ranks) {
			out = append(out, string([]byte{ranks[r], suits[s]}))
		}
	}
	return out
}

// Card52 returns the name of a 52-card id (0..51), or "" for another number.
func Card52(id int) string { return name(names52, id) }

// Card32 returns the name of a baloot card id (0..31), or "" for another number.
func Card32(id int) string { return name(names32, id) }

func name(names []string, id int) string {
	if id < 0 || id >= len(names) {
		return ""
	}
	return names[id]
}

// IsCard52 reports whether s is a 52-card name exactly as Card52 writes it.
func IsCard52(s string) bool { return isCard(s, ranks52) }

// IsCard32 reports whether s is a baloot card name exactly as Card32 writes it.
func IsCard32(s string) bool { return isCard(s, ranks32) }

func isCard(s, ranks string) bool {
	return len(s) == 2 && index(ranks, s[0]) >= 0 && index(suits, s[1]) >= 0
}

func index(set string, c byte) int {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return i
		}
	}
	return -1
}
