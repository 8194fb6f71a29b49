package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// The gzip of each verifier and vector set is kept in <dist>.cache (beside
// the pages, not among what a host serves), named by the file, the
// compressor and the SHA-256 of what it compressed: zopfli takes about a
// minute over the pages' files, which come out the same bytes from one build
// to the next unless their sources changed. An entry is used only when it
// unpacks to the file's bytes, so a stale or damaged one is compressed
// again, never put into a page.

// cachedGzip returns the gzip of data from the cache dir, or nil when it has
// none that unpacks to data.
func cachedGzip(dir, name, method string, data []byte) []byte {
	gz, err := os.ReadFile(cacheEntry(dir, name, method, data))
	if err != nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil
	}
	if unpacked, err := io.ReadAll(zr); err != nil || !bytes.Equal(unpacked, data) {
		return nil
	}
	return gz
}

// storeGzip keeps gz, the gzip of data, in the cache dir as the file's only
// entry.
func storeGzip(dir, name, method string, data, gz []byte) error {
	old, _ := filepath.Glob(filepath.Join(dir, name+".*.gz"))
	for _, f := range old {
		os.Remove(f)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(cacheEntry(dir, name, method, data), gz, 0o644)
}

func cacheEntry(dir, name, method string, data []byte) string {
	sum := sha256.Sum256(data)
	return filepath.Join(dir, fmt.Sprintf("%s.%s.%x.gz", name, method, sum[:12]))
}
