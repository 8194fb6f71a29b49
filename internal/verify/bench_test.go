package verify

import (
	"testing"

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
