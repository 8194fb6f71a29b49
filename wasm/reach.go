//go:build js && wasm && (!pfcheck_minimal || pfcheck_dicev2)

package main

import (
	"syscall/js"

	"pfcheck/internal/verify"
)

// Only the dice page draws the tables of reach and of the opening rolls;
// the other pages' verifiers leave them out (some 16 KB raw).
func init() {
	calls["reach"] = call{func(args []js.Value) any {
		v, _ := plain(args, maxRecordBytes)
		return verify.Reach(v)
	}, errorsObject("distance", codeReentrant)}
	calls["openingRolls"] = call{func([]js.Value) any { return verify.OpeningRolls() }, errorsObject("rolls", codeReentrant)}
}
