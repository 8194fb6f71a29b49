// Command gofloor is the floor of BenchmarkColdVerdict: a Go program that
// only marks the moment its main runs. In the check page in place of the
// verifier, it times what the page costs before any of pfcheck's own work:
// loading the page, unpacking and compiling a Go wasm, starting Go's runtime.
package main

import "syscall/js"

func main() {
	js.Global().Get("performance").Call("mark", "pfcheck:verdict")
}
