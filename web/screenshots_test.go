package web

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots renders what a player sees on a phone after tapping a
// link (make screenshots): the served check page's verdict on a match and
// on a mismatch (offlineLinks), in every language, 360×800 at a device
// scale of 1, into $PFCHECK_SCREENSHOTS/check-<lang>-<status>.png. A PNG
// whose pixels are the same as the one there is not written again, so that
// a rebuild changes no file for nothing.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("PFCHECK_SCREENSHOTS")
	if dir == "" {
		t.Skip("make screenshots sets PFCHECK_SCREENSHOTS")
	}
	needBrowser(t)
	links := offlineLinks(t)["check"]
	for _, lang := range Languages {
		for i, status := range []string{"match", "mismatch"} {
			tb := openSized(t, pageURLs(lang, "check")["http"]+links[i], 360, 800)
			if got := tb.status(); got != status {
				t.Fatalf("%s: status %s, want %s", lang, got, status)
			}
			shot, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, "check-"+lang+"-"+status+".png")
			if written, err := writeIfChanged(file, shot); err != nil {
				t.Fatal(err)
			} else if written {
				t.Logf("%s: written", file)
			}
		}
	}
}

// writeIfChanged writes the PNG shot to file unless file already holds the
// same pixels, and reports whether it wrote.
func writeIfChanged(file string, shot []byte) (bool, error) {
	if old, err := os.ReadFile(file); err == nil && samePixels(old, shot) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return false, err
	}
	return true, os.WriteFile(file, shot, 0o644)
}

// samePixels reports whether two PNGs decode to the same size and colours.
func samePixels(a, b []byte) bool {
	imgA, errA := png.Decode(bytes.NewReader(a))
	imgB, errB := png.Decode(bytes.NewReader(b))
	if errA != nil || errB != nil || imgA.Bounds() != imgB.Bounds() {
		return false
	}
	return bytes.Equal(rgba(imgA).Pix, rgba(imgB).Pix)
}

func rgba(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}
