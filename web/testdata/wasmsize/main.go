// Command wasmsize prints what a Go wasm's bytes are: each section's size,
// then the code of each package, from the function names of the name
// section (a build without -s). go tool nm reads object files, not a linked
// wasm; this reads the wasm itself. web/BENCHMARKS.md ("What each package
// costs") gives the commands and the figures.
//
//	wasmsize file.wasm          sections, then code by package, largest first
//	wasmsize -funcs file.wasm   each function's code, largest first
package main

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"slices"
	"strings"
)

func main() {
	funcs := flag.Bool("funcs", false, "list each function, not each package")
	flag.Parse()
	wasm, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm\x01\x00\x00\x00")) {
		log.Fatalf("%s: not a wasm module", flag.Arg(0))
	}
	sections := map[string]int{}
	var bodies []int          // each function's code, body and its size's bytes
	names := map[int]string{} // function index: name
	imported := 0             // functions are numbered imports first
	r := reader{b: wasm, i: 8}
	for r.i < len(wasm) {
		start := r.i
		id := r.byte()
		end := r.uint() + r.i
		switch id {
		case 0: // custom
			name := r.name()
			sections["custom "+name] += end - start
			if name == "name" {
				for r.i < end {
					sub, size := r.byte(), r.uint()
					next := r.i + size
					if sub == 1 { // function names
						for n := r.uint(); n > 0; n-- {
							index := r.uint()
							names[index] = r.name()
						}
					}
					r.i = next
				}
			}
		case 2: // imports
			sections["import"] += end - start
			for n := r.uint(); n > 0; n-- {
				r.name() // module
				r.name() // field
				if kind := r.byte(); kind != 0 {
					log.Fatalf("an import of kind %d: Go imports only functions", kind)
				}
				r.uint() // its type
				imported++
			}
		case 10: // code
			sections["code"] += end - start
			for n := r.uint(); n > 0; n-- {
				at := r.i
				size := r.uint()
				bodies = append(bodies, size+r.i-at)
				r.i += size
			}
		case 11:
			sections["data"] += end - start
		default:
			sections[fmt.Sprint("section ", id)] += end - start
		}
		r.i = end
	}
	for _, s := range slices.Sorted(maps.Keys(sections)) {
		fmt.Printf("section %-26s %9d\n", s, sections[s])
	}
	sizes := map[string]int{}
	for i, size := range bodies {
		name := names[imported+i]
		if !*funcs {
			name = pkg(name)
		}
		sizes[name] += size
	}
	keys := slices.SortedFunc(maps.Keys(sizes), func(a, b string) int { return cmp.Compare(sizes[b], sizes[a]) })
	for _, k := range keys {
		fmt.Printf("%-60s %9d\n", k, sizes[k])
	}
}

// pkg is the package of a function as Go's wasm linker names it: the import
// path with its slashes as underscores, then a dot.
func pkg(name string) string {
	name = strings.TrimPrefix(name, "type:.eq.")
	if dot := strings.IndexByte(name, '.'); dot > 0 {
		return name[:dot]
	}
	return name
}

type reader struct {
	b []byte
	i int
}

func (r *reader) byte() byte {
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b[r.i:])
	r.i += n
	return int(v)
}

func (r *reader) name() string {
	n := r.uint()
	r.i += n
	return string(r.b[r.i-n : r.i])
}
