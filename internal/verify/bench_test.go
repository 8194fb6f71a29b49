package verify

import (
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkVectors runs every case of each vector file, as the self-test does.
func BenchmarkVectors(b *testing.B) {
	for _, scheme := range []string{"dice_v1", "shoe_v1", "match_seed_v2", "poker_hmac_v1", "chess_colour_v1", "dice_v2"} {
		data, err := os.ReadFile(vectorDir + "/" + scheme + ".json")
		if err != nil {
			b.Fatal(err)
		}
		var f vectorFile
		if err := json.Unmarshal(data, &f); err != nil {
			b.Fatal(err)
		}
		b.Run(scheme, func(b *testing.B) {
			for b.Loop() {
				for _, c := range f.Cases {
					RunCase(c)
				}
			}
		})
	}
}
