package audit

import (
	"crypto/sha256"
	"slices"
	"strconv"
	"strings"

	"pfcheck/internal/hexstr"
	"pfcheck/internal/report"
)

// Warnings: what a match does not prove (testdata/audit.md, "Warnings").
// They are an auditor's notes, never verdicts: no status changes for them.
//
// The reuse warnings are found across the whole file, while a batch sees
// only its own lines: a batch keeps a short hash of each value it saw, with
// the lines it was in (Seen), and the caller's sum of the batches
// (addAuditOutcome, web/static/audit-core.js) finds the values in more than
// one record. The other warnings concern one record each (Flagged).
const (
	// WarnSeedReused: the same server seed, seal or commitment in two or
	// more records. A seed's secrecy until the reveal is what a seal rests
	// on: once revealed in one match, it decides the next in advance.
	WarnSeedReused = "seed-reused"
	// WarnClientSeedReused: the same client seed in two or more records,
	// where each match takes fresh ones (not shoe_v1, whose client seed
	// stays and whose nonce counts the shoes). A client seed the server
	// knows before it seals lets it choose a seed for the rolls it likes.
	WarnClientSeedReused = "client-seed-reused"
	// WarnClientSeedShort: a dice_v1 client seed shorter than the 32 hex
	// digits its app writes (seeds 000, 002), or not hex.
	WarnClientSeedShort = "client-seed-short"
	// WarnShoeRepeated: a shoe_v1 server seed, client seed and nonce seen
	// again: the same shoe, dealt twice.
	WarnShoeRepeated = "shoe-repeated"
	// WarnRoundNotAfterSeal: a dice_v2 record without sealedAt, so nothing
	// shows that its drand round was drawn after the seal (one with a
	// sealedAt after the round is a mismatch already).
	WarnRoundNotAfterSeal = "round-not-after-seal"
)

const (
	// MaxWarningLines bounds the lines a batch keeps of a flagged warning.
	MaxWarningLines = 100
	// clientSeedDigits is the length of the client seeds the dice_v1 app
	// writes, in hex digits (seeds 000, 002).
	clientSeedDigits = 32
)

// Flagged is a warning about single records: how many, and their first lines.
type Flagged struct {
	Count int
	Lines []int // the first MaxWarningLines
}

// warn notes what record rec, at line n, adds to the warnings. Only a
// record that was checked counts: an invalid one's fields are not known to
// mean anything.
func (o *Outcome) warn(n int, rec map[string]any, res report.Result) {
	switch res.Status {
	case report.Match, report.Mismatch, report.Computed:
	default:
		return
	}
	var seals []string
	if c := res.Commitment; c != nil {
		seals = append(seals, c.Computed, c.Given)
	}
	if b, ok := res.Extra["commitmentB"].(map[string]any); ok {
		computed, _ := b["computed"].(string)
		given, _ := b["given"].(string)
		seals = append(seals, computed, given)
	}
	o.see(WarnSeedReused, n, seals)

	switch res.Scheme {
	case "dice_v1":
		seeds := strs(rec["clientSeeds"])
		o.see(WarnClientSeedReused, n, seeds)
		for _, s := range seeds {
			if len(s) < clientSeedDigits || !hexstr.IsHex(s) {
				o.flag(WarnClientSeedShort, n)
				break
			}
		}
	case "match_seed_v2":
		o.see(WarnClientSeedReused, n, strs(rec["clientSeeds"]))
	case "chess_colour_v1":
		a, _ := rec["clientA"].(string)
		b, _ := rec["clientB"].(string)
		o.see(WarnClientSeedReused, n, []string{a, b})
	case "shoe_v1":
		seed, _ := rec["serverSeed"].(string)
		client, _ := res.Extra["clientSeed"].(string)
		nonce, _ := res.Extra["nonce"].(int)
		// The seed has 64 digits and the nonce none of ":": one text per shoe.
		o.see(WarnShoeRepeated, n, []string{strings.ToLower(seed) + strconv.Itoa(nonce) + ":" + client})
	case "dice_v2":
		if rec["sealedAt"] == nil {
			o.flag(WarnRoundNotAfterSeal, n)
		}
	}
}

// see notes the values of one record (each once; "" is none) under code.
func (o *Outcome) see(code string, n int, values []string) {
	var done []string
	for _, v := range values {
		if v == "" || slices.Contains(done, v) {
			continue
		}
		done = append(done, v)
		if o.Seen[code] == nil {
			o.Seen[code] = map[string][]int{}
		}
		h := shortHash(v)
		o.Seen[code][h] = append(o.Seen[code][h], n)
	}
}

func (o *Outcome) flag(code string, n int) {
	f := o.Flagged[code]
	if f == nil {
		f = &Flagged{}
		o.Flagged[code] = f
	}
	f.Count++
	if len(f.Lines) < MaxWarningLines {
		f.Lines = append(f.Lines, n)
	}
}

// shortHash is what a batch keeps of a value: 64 bits of its SHA-256, so
// that two values of a file of millions are taken for one with a chance
// below 10⁻⁶, and no seed travels in the outcome.
func shortHash(v string) string {
	sum := sha256.Sum256([]byte(v))
	return hexstr.Encode(sum[:8])
}

func strs(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, item := range list {
		if s, ok := item.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// warningsMap returns Seen and Flagged as the bridge's plain objects:
// {<code>: {<hash>: [lines]}} and {<code>: {count, lines}}.
func (o *Outcome) warningsMap() (seen, flagged map[string]any) {
	seen = map[string]any{}
	for code, hashes := range o.Seen {
		m := make(map[string]any, len(hashes))
		for h, lines := range hashes {
			m[h] = report.Ints(lines)
		}
		seen[code] = m
	}
	flagged = map[string]any{}
	for code, f := range o.Flagged {
		flagged[code] = map[string]any{"count": f.Count, "lines": report.Ints(f.Lines)}
	}
	return seen, flagged
}
