package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestPalettedIconKeepsEveryPixel: an icon of up to 256 colours is written
// with a palette of them and reads back pixel for pixel, the same bytes
// each time; one of more colours is written as it is.
func TestPalettedIconKeepsEveryPixel(t *testing.T) {
	for _, colours := range []int{1, 256, 257} {
		img := image.NewRGBA(image.Rect(0, 0, 32, 16))
		for i := range 32 * 16 {
			n := i % colours
			// Premultiplied (no channel above alpha), partly transparent
			// as an icon's edges are.
			img.SetRGBA(i%32, i/32, color.RGBA{uint8(n % 16), uint8(n / 16), 0, 255 - uint8(n%8)*16})
		}
		var first, second bytes.Buffer
		for _, out := range []*bytes.Buffer{&first, &second} {
			if err := iconEncoder.Encode(out, paletted(img)); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Errorf("%d colours: two encodings differ", colours)
		}
		back, err := png.Decode(&first)
		if err != nil {
			t.Fatal(err)
		}
		if _, isPaletted := back.(*image.Paletted); isPaletted != (colours <= 256) {
			t.Errorf("%d colours: read back as %T", colours, back)
		}
		for y := range 16 {
			for x := range 32 {
				if want, got := color.NRGBAModel.Convert(img.At(x, y)), color.NRGBAModel.Convert(back.At(x, y)); got != want {
					t.Fatalf("%d colours: pixel %d,%d is %v, want %v", colours, x, y, got, want)
				}
			}
		}
	}
}
