// Command hello is the floor of BenchmarkColdVerdict: a hello-world Go
// program that marks the moment its main runs as its "verdict". In a minimal
// page (../hello.html) it times what every Go page pays: reading the page,
// unpacking, compiling and starting a Go wasm. In the check page in place of
// the verifier (the go-floor row) it times the check page before any of
// pfcheck's own work.
package main

import "syscall/js"

func main() {
	println("hello, world")
	js.Global().Get("performance").Call("mark", "pfcheck:verdict")
}
