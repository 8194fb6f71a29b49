package report

// Contains reports whether want is a subset of got in the plain-object model:
// every key of a wanted object is present in got with a matching value, lists
// match element by element with the same length, and numbers compare by value
// whatever their Go type (JSON gives float64, results hold int).
//
// Vectors state only what they expect, so one comparison serves the Go tests
// and the in-browser self-test alike.
func Contains(got, want any) bool {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, wv := range w {
			gv, present := g[k]
			if !present || !Contains(gv, wv) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range w {
			if !Contains(g[i], w[i]) {
				return false
			}
		}
		return true
	}
	if wn, ok := number(want); ok {
		gn, ok := number(got)
		return ok && gn == wn
	}
	return got == want
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
