package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// The compressed forms of the build's files are kept in <dist>.cache
// (beside the pages, not among what a host serves), named by the file, the
// compressor and the SHA-256 of what it compressed: brotli at its best
// takes minutes over the pages' files, which come out the same
// bytes from one build to the next unless their sources changed. An entry
// is used only when it unpacks to the file's bytes, so a stale or damaged
// one is compressed again, never put into a page or served.

// cachedForm returns the form of data that method ("gzip"; "brotli" or
// "brotli-5", both brotli) made, from the cache dir, or nil when it has none
// that unpacks to data.
func cachedForm(dir, name, method string, data []byte) []byte {
	packed, err := os.ReadFile(cacheEntry(dir, name, method, data))
	if err != nil {
		return nil
	}
	var r io.Reader
	if strings.HasPrefix(method, "brotli") {
		r = brotli.NewReader(bytes.NewReader(packed))
	} else if r, err = gzip.NewReader(bytes.NewReader(packed)); err != nil {
		return nil
	}
	if unpacked, err := io.ReadAll(r); err != nil || !bytes.Equal(unpacked, data) {
		return nil
	}
	return packed
}

// storeForm keeps packed, the form of data that method made, in the cache
// dir as the file's only entry of that method.
func storeForm(dir, name, method string, data, packed []byte) error {
	old, _ := filepath.Glob(filepath.Join(dir, name+"."+method+".*"))
	for _, f := range old {
		os.Remove(f)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(cacheEntry(dir, name, method, data), packed, 0o644)
}

func cacheEntry(dir, name, method string, data []byte) string {
	sum := sha256.Sum256(data)
	return filepath.Join(dir, fmt.Sprintf("%s.%s.%x", name, method, sum[:12]))
}
