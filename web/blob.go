package web

import (
	"fmt"
	"strings"
)

// A page carries its verifier and its vectors as ASCII text that keeps
// their bytes' structure, which brotli then finds as it finds it in the
// bytes themselves (the check page costs 675 KB on the wire, where base64
// of its gzip cost 764 KB): with c = (b + shift) mod 256, byte b is the
// character c where c < 0x80, else '!' or '"' and one of the 64 characters
// from '?' (c from 0x80 and from 0xC0). The loader reads it with no
// inflating (web/static/blob.js: decodeBlob). What an HTML parser would
// not hand to a script as it is (NUL, CR, which it rewrites, and '<', which
// could end the element), and the three prefixes, are '#' and c + 0x40. The
// page stays ASCII (web/build/ascii.go): the bytes of UTF-8 above 0x7F,
// which this once was, took Chromium 0.5 s more to parse on a phone's CPU.

// Loader is the pages' loader script, by its files in web/static: the
// loader, then the decoder of the blobs, which the service worker takes too.
var Loader = []string{"loader.js", "blob.js"}

// BlobType is the type of the script elements that carry a blob, which no
// browser runs.
const BlobType = "application/x-pfcheck-bytes"

// blobCode is the text of each c = (b + shift) mod 256.
var blobCode = func() (code [256]string) {
	for c := range 256 {
		switch {
		case c >= 0xc0:
			code[c] = "\"" + string(rune(c-0xc0+'?'))
		case c >= 0x80:
			code[c] = "!" + string(rune(c-0x80+'?'))
		case c == 0 || c == '\r' || c == '<' || c == '!' || c == '"' || c == '#':
			code[c] = "#" + string(rune(c+0x40))
		default:
			code[c] = string(rune(c))
		}
	}
	return code
}()

// PartSize is how many bytes a part of a page's verifier holds (some 0.3 s
// of a phone's 1.6 Mbit/s): the loader feeds each part to the engine's
// compile as soon as the parser is past it (web/static/loader.js: receive).
const PartSize = 48 << 10

// BlobElements writes data as the script element id and, where it is larger
// than PartSize, elements data-part-of=id after it, each of which decodes
// alone. The first names the blob's shift, the one of the 256
// that makes the text shortest.
func BlobElements(id string, data []byte) string {
	shift := shortestShift(data)
	var b strings.Builder
	for i := 0; i == 0 || i < len(data); i += PartSize {
		attributes := fmt.Sprintf(`id="%s" data-shift="%d"`, id, shift)
		if i > 0 {
			attributes = fmt.Sprintf(`data-part-of="%s"`, id)
		}
		fmt.Fprintf(&b, `<script type="%s" %s>`, BlobType, attributes)
		for _, c := range data[i:min(i+PartSize, len(data))] {
			b.WriteString(blobCode[c+shift])
		}
		b.WriteString("</script>\n")
	}
	return b.String()
}

// shortestShift is the shift whose text of data has the fewest bytes.
func shortestShift(data []byte) byte {
	var count [256]int
	for _, c := range data {
		count[c]++
	}
	best, bestLength := 0, -1
	for shift := range 256 {
		length := 0
		for c, n := range count {
			length += n * len(blobCode[byte(c+shift)])
		}
		if bestLength < 0 || length < bestLength {
			best, bestLength = shift, length
		}
	}
	return byte(best)
}
