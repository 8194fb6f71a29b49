package main

// What keeps the served checker on a phone (issue 13): the service worker
// that keeps the pages a player opens (issue 26), the web app manifest of each
// language, and the icons the manifests and Safari name, all made from the
// sources in web/static.

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"

	"pfcheck/web"
)

// icon is one PNG the build renders from web/static/icon.svg.
type icon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
	size    int
	rounded bool // corners cut; a maskable icon keeps its square, the launcher masks it
}

var icons = []icon{
	{Src: "icons/icon-192.png", Purpose: "any", size: 192, rounded: true},
	{Src: "icons/icon-512.png", Purpose: "any", size: 512, rounded: true},
	{Src: "icons/icon-maskable-512.png", Purpose: "maskable", size: 512},
}

// appleTouchIcon is the icon Safari on iOS gives a page added to the home
// screen (a served page links it: web/static/offline.js). iOS reads it rather
// than the manifest's, at 180×180, and cuts the corners itself, so it is
// the whole square.
var appleTouchIcon = icon{Src: "icons/apple-touch-icon.png", size: 180}

// writeOffline writes sw.js, <lang>/manifest.webmanifest for every language
// and the icons. The pages and the landing page must be in dist already:
// the worker carries the SHA-256 of each.
// A manifest has one theme colour: the light one; the pages' meta tags give
// the dark one too.
func writeOffline(dist, version string, shared map[string]map[string]string, theme string) error {
	if err := writeIcons(dist); err != nil {
		return err
	}
	for _, lang := range web.Languages {
		if err := writeManifest(dist, lang, shared[lang], theme); err != nil {
			return err
		}
	}
	return writeServiceWorker(dist, version)
}

// bgColour finds the pages' background colours in web/static/style.css:
// the first --bg is the light one, the second the dark one.
var bgColour = regexp.MustCompile(`--bg:\s*(#[0-9a-fA-F]{6})`)

// themeColours returns the pages' light and dark background colours, the
// colours the browser gives its bar around them.
func themeColours(style string) (light, dark string, err error) {
	found := bgColour.FindAllStringSubmatch(style, -1)
	if len(found) != 2 {
		return "", "", fmt.Errorf("web/static/style.css: want two --bg colours (light, dark), found %d", len(found))
	}
	return found[0][1], found[1][1], nil
}

// writeManifest writes the web app manifest of one language. Each language
// has its own, since a manifest has one name: the app a player adds to the
// home screen is named in the language of the page they added, and opens on
// that language's check page (the landing page would pick a language from
// the phone's settings instead).
func writeManifest(dist, lang string, words map[string]string, theme string) error {
	var listed []icon
	for _, ic := range icons {
		ic.Src = "../" + ic.Src
		ic.Sizes = fmt.Sprintf("%dx%d", ic.size, ic.size)
		ic.Type = "image/png"
		listed = append(listed, ic)
	}
	manifest := struct {
		Lang            string `json:"lang"`
		Dir             string `json:"dir"`
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		ID              string `json:"id"`
		StartURL        string `json:"start_url"`
		Scope           string `json:"scope"`
		Display         string `json:"display"`
		ThemeColor      string `json:"theme_color"`
		BackgroundColor string `json:"background_color"`
		Icons           []icon `json:"icons"`
	}{
		Lang: lang, Dir: web.Dir(lang), Name: words["app.name"], ShortName: words["app.shortName"],
		ID: "check/", StartURL: "check/", Scope: "../", Display: "standalone",
		ThemeColor: theme, BackgroundColor: theme, Icons: listed,
	}
	if manifest.Name == "" || manifest.ShortName == "" {
		return fmt.Errorf("locales/%s.json lacks app.name or app.shortName", lang)
	}
	data, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dist, lang, "manifest.webmanifest"), append(data, '\n'), 0o644)
}

// writeIcons renders web/static/icon.svg to the PNG icons, in pure Go so
// that every machine renders the same bytes.
func writeIcons(dist string) error {
	if err := os.MkdirAll(filepath.Join(dist, "icons"), 0o755); err != nil {
		return err
	}
	for _, ic := range append(icons, appleTouchIcon) {
		svg, err := oksvg.ReadIcon("web/static/icon.svg", oksvg.StrictErrorMode)
		if err != nil {
			return err
		}
		n := ic.size
		svg.SetTarget(0, 0, float64(n), float64(n))
		square := image.NewRGBA(image.Rect(0, 0, n, n))
		svg.Draw(rasterx.NewDasher(n, n, rasterx.NewScannerGV(n, n, square, square.Bounds())), 1)
		img := square
		if ic.rounded {
			img = image.NewRGBA(square.Bounds())
			draw.DrawMask(img, img.Bounds(), square, image.Point{}, roundedSquare(n), image.Point{}, draw.Src)
		}
		var out bytes.Buffer
		if err := iconEncoder.Encode(&out, paletted(img)); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dist, ic.Src), out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// iconEncoder compresses the icons at zlib's best: a first visit fetches
// all four (BenchmarkDataPlan), every build the same bytes.
var iconEncoder = png.Encoder{CompressionLevel: png.BestCompression}

// paletted is img with a palette of its own colours where it has no more
// than 256 (the same pixels, a byte each: the apple touch icon 2.7 → 1.9 KB
// as PNG), else img. The palette is sorted, so that a build writes the
// same bytes.
func paletted(img *image.RGBA) image.Image {
	seen := map[color.RGBA]bool{}
	for i := 0; i < len(img.Pix); i += 4 {
		seen[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}] = true
		if len(seen) > 256 {
			return img
		}
	}
	colours := slices.SortedFunc(maps.Keys(seen), func(a, b color.RGBA) int {
		return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.R, b.R), cmp.Compare(a.G, b.G), cmp.Compare(a.B, b.B))
	})
	palette := make(color.Palette, len(colours))
	index := map[color.RGBA]uint8{}
	for i, c := range colours {
		palette[i], index[c] = c, uint8(i)
	}
	out := image.NewPaletted(img.Bounds(), palette)
	for i := 0; i < len(img.Pix); i += 4 {
		out.Pix[i/4] = index[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]
	}
	return out
}

// roundedSquare is the mask of an n×n square with corners rounded like a
// phone's app icons (radius a fifth of the side).
func roundedSquare(n int) *image.Alpha {
	mask := image.NewAlpha(image.Rect(0, 0, n, n))
	filler := rasterx.NewFiller(n, n, rasterx.NewScannerGV(n, n, mask, mask.Bounds()))
	r := float64(n) / 5
	rasterx.AddRoundRect(0, 0, float64(n), float64(n), r, r, 0, rasterx.RoundGap, filler)
	filler.SetColor(color.Opaque)
	filler.Draw()
	return mask
}

// writeServiceWorker writes dist/sw.js from web/static/sw.js with what it
// may keep (keptFiles), by URL relative to the worker's scope, each with the
// SHA-256 of its bytes and its media type (web.ContentType without its
// parameters), which the worker checks; the SHA-256 of each page's
// verifier (dist/wasm/<page>.wasm), which the worker keeps apart, decoded
// from the page by web/static/blob.js, which it carries; the name of its
// cache: a hash of those and of the worker itself, so a build that changes
// any of them or the worker gets a new cache; and the build's version,
// which the verifier's history names (issue 39).
func writeServiceWorker(dist, version string) error {
	source, err := readAsset("web/static/sw.js")
	if err != nil {
		return err
	}
	decoder, err := readAsset("web/static/blob.js")
	if err != nil {
		return err
	}
	verifiers := map[string]string{}
	for _, page := range web.Pages {
		if verifiers[page.Name], err = fileSum(filepath.Join(dist, "wasm", page.Name+".wasm")); err != nil {
			return fmt.Errorf("sw.js keeps every page's verifier: %v", err)
		}
	}
	files, pages := keptFiles()
	type kept struct {
		SHA256 string `json:"sha256"`
		Type   string `json:"type"`
	}
	sums := map[string]kept{}
	for url, file := range files {
		sum, err := fileSum(filepath.Join(dist, file))
		if err != nil {
			return fmt.Errorf("sw.js may keep every page: %v", err)
		}
		ctype, _, _ := strings.Cut(web.ContentType(file), ";")
		sums[url] = kept{sum, ctype}
	}
	list, err := json.MarshalIndent(sums, "", "  ") // sorted by URL
	if err != nil {
		return err
	}
	needs, err := json.MarshalIndent(pages, "", "  ")
	if err != nil {
		return err
	}
	wasms, _ := json.MarshalIndent(verifiers, "", "  ") // strings marshal
	build := sha256.Sum256(slices.Concat(list, needs, wasms, []byte(decoder), []byte(source)))
	id, _ := json.Marshal(hex.EncodeToString(build[:8])) // a string marshals
	ver, _ := json.Marshal(version)
	worker := fill(source, map[string]string{
		"@FILES@":       string(list),
		"@PAGES@":       string(needs),
		"@VERIFIERS@":   string(wasms),
		"@DECODE_BLOB@": decoder,
		"@BUILD@":       string(id),
		"@VERSION@":     string(ver),
	})
	return os.WriteFile(filepath.Join(dist, "sw.js"), []byte(worker), 0o644)
}

// keptFiles returns what the service worker may keep, for every page of
// every language of the build: files, each file by its URL relative to the
// worker's scope (a page in its directory form, "de/check/") with its path
// in dist; and pages, each page's URL with the URLs of what it needs
// besides itself: its language's manifest and the icons (the page links
// them), and the landing page, which a link may open first. A player keeps
// only the pages they open (issue 26).
func keptFiles() (files map[string]string, pages map[string][]string) {
	files = map[string]string{"": "index.html"}
	var shared []string
	for _, ic := range append(icons, appleTouchIcon) {
		files[ic.Src] = ic.Src
		shared = append(shared, ic.Src)
	}
	pages = map[string][]string{}
	for _, lang := range web.Languages {
		manifest := lang + "/manifest.webmanifest"
		files[manifest] = filepath.Join(lang, "manifest.webmanifest")
		for _, page := range web.Pages {
			url := lang + "/" + page.Name + "/"
			files[url] = filepath.Join(lang, page.Name, "index.html")
			pages[url] = append([]string{"", manifest}, shared...)
		}
	}
	return files, pages
}
