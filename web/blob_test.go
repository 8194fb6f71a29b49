package web

import (
	"bytes"
	"crypto/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// decodeBlob reads the bytes of a blob's elements from its form in the page
// (the pages' loader computes them: web/static/blob.js, decodeBlob).
func decodeBlob(t testing.TB, elements []byte) []byte {
	t.Helper()
	shift := regexp.MustCompile(`data-shift="(\d+)"`).FindSubmatch(elements)
	if shift == nil {
		t.Fatal("the blob names no shift")
	}
	by, _ := strconv.Atoi(string(shift[1]))
	byCode := map[string]byte{}
	for c, code := range blobCode {
		byCode[code] = byte(c - by)
	}
	var out []byte
	for _, text := range regexp.MustCompile(`(?s)>(.*?)</script>`).FindAllSubmatch(elements, -1) {
		for i := 0; i < len(text[1]); i++ {
			code := text[1][i : i+1]
			if strings.ContainsRune(`!"#`, rune(code[0])) {
				i++
				code = text[1][i-1 : i+1]
			}
			out = append(out, byCode[string(code)])
		}
	}
	return out
}

// TestBlobElements: every byte comes back, across parts, and the text is
// ASCII and holds none of what an HTML parser would change or end the
// element at.
func TestBlobElements(t *testing.T) {
	random := make([]byte, 2*PartSize+123)
	rand.Read(random)
	for name, data := range map[string][]byte{
		"empty": {},
		"every byte": func() []byte {
			b := make([]byte, 256)
			for i := range b {
				b[i] = byte(i)
			}
			return b
		}(),
		"three parts": random,
		"zeros":       make([]byte, 1000),
	} {
		elements := BlobElements("verifier", data)
		if got := decodeBlob(t, []byte(elements)); !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes came back as %d, not the same", name, len(data), len(got))
		}
		if parts, want := bytes.Count([]byte(elements), []byte("<script")), max(1, (len(data)+PartSize-1)/PartSize); parts != want {
			t.Errorf("%s: %d elements, want %d", name, parts, want)
		}
		if bad, ok := unsafeInBlob(elements); ok {
			t.Errorf("%s: the text holds %q", name, bad)
		}
	}
	// The zeros of a wasm's data are most of it: the shift makes them ASCII.
	if got := len(BlobElements("v", make([]byte, 1000))); got > 1100 {
		t.Errorf("1,000 zeros take %d bytes of page", got)
	}
}

// FuzzBlobElements: any bytes come back as they went in, and the text is
// ASCII without NUL, CR or '<'.
func FuzzBlobElements(f *testing.F) {
	f.Add([]byte("\x00\r<!\"#=\x7f\x80\xbf\xc0\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		elements := BlobElements("verifier", data)
		if got := decodeBlob(t, []byte(elements)); !bytes.Equal(got, data) {
			t.Fatalf("%x came back as %x", data, got)
		}
		if bad, ok := unsafeInBlob(elements); ok {
			t.Fatalf("the text holds %q", bad)
		}
	})
}

// unsafeInBlob returns the first character of a blob's texts that is not
// ASCII or that an HTML parser would change (NUL, CR) or end the element
// at ('<').
func unsafeInBlob(elements string) (rune, bool) {
	for _, text := range regexp.MustCompile(`(?s)>(.*?)</script>`).FindAllStringSubmatch(elements, -1) {
		for _, r := range text[1] {
			if r == 0 || r == '\r' || r == '<' || r > 0x7f {
				return r, true
			}
		}
	}
	return 0, false
}
