// Command serve serves the built pages (web/dist) on a local address with
// the headers of web.Headers, within web.ServerLimits, and prints a link to
// an example match. Run it with `go run serve.go` after `make build`.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"strings"

	"pfcheck/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dist := flag.String("dist", "web/dist", "directory of the built pages")
	proofs := flag.String("proofs", "testdata/proofs", "directory of the shoe proof records that GET /api/shoe/<id> answers with (<id>.json)")
	flag.Parse()

	if _, err := os.Stat(*dist + "/" + web.Languages[0] + "/check/index.html"); err != nil {
		log.Fatalf("no pages in %s: run `make build` first (%v)", *dist, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// The address listened on, so that -addr 127.0.0.1:0 names its port.
	at := ln.Addr().String()
	fmt.Printf("pfcheck: serving %s on http://%s/\n", *dist, at)
	if example := exampleLink(); example != "" {
		fmt.Printf("an example match: http://%s/%s/check/#%s\n", at, web.Languages[0], example)
	}
	fmt.Printf("shoe proofs from %s: try the id shoe-42 on http://%s/%s/shoe/\n", *proofs, at, web.Languages[0])
	srv, limited := web.NewServer(ln, web.Handler(*dist, *proofs), web.ServerLimits)
	log.Fatal(srv.Serve(limited))
}

// exampleLink picks a real match from the dice vectors: the first link case
// that checks as a match and has several games.
func exampleLink() string {
	data, err := os.ReadFile("testdata/vectors/dice_v1.json")
	if err != nil {
		return ""
	}
	var file struct {
		Cases []struct {
			Link   string `json:"link"`
			Expect struct {
				Status string `json:"status"`
			} `json:"expect"`
		} `json:"cases"`
	}
	if json.Unmarshal(data, &file) != nil {
		return ""
	}
	for _, c := range file.Cases {
		if c.Expect.Status == "match" && strings.Contains(c.Link, "&g=") {
			return strings.TrimPrefix(c.Link, "#")
		}
	}
	return ""
}
