// Command build writes the self-contained check pages: for every page and
// language one index.html holding its CSS, JavaScript, wasm_exec.js, its
// schemes' test vectors and its own verifier (as text, a character a byte:
// web.BlobElements), so that a saved or downloaded page works offline. Each
// page's verifier links only the schemes it checks; it is also written to
// <dist>/wasm/<page>.wasm, and the vectors the page carries (its page set,
// binary) to <dist>/wasm/<page>.vectors, so that anyone can rebuild them and
// compare the SHA-256 the page shows. Every page but its blobs is written in
// ASCII (ascii.go), and carries its own Content-Security-Policy, which names
// its inline scripts and styles by hash (web.PagePolicy). It writes the
// landing page <dist>/index.html, <dist>/robots.txt and what keeps the served pages
// on a phone (offline.go): the service worker <dist>/sw.js, the web app
// manifest of each language and its icons; and beside each page and sw.js
// their brotli and gzip forms (<file>.br, <file>.gz), which a server sends
// instead (web.Handler). It says each step, and keeps every compressed form
// in <dist>.cache, so that a file of the same bytes is not compressed again
// (gzcache.go). Last it writes <dist>/integrity.json, the SHA-256 of every
// file a page or the worker uses, which -sign signs (integrity.go).
//
// With -operator, the operator's own vectors go into each page beside ours
// (operator.go).
//
// Usage: go run ./web/build [-dist web/dist] [-vectors testdata/vectors] [-operator dir] [-version v] [-pages check,shoe] [-support mailto:…|https://…]
// or, to sign a build: go run ./web/build [-dist web/dist] -sign key.pem
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"log"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"

	"pfcheck/internal/report"
	"pfcheck/web"
)

func main() {
	dist := flag.String("dist", "web/dist", "output directory; holds wasm_exec.js")
	vectors := flag.String("vectors", "testdata/vectors", "directory of the test vectors the pages carry")
	operatorDir := flag.String("operator", "", "directory of the operator's own vectors (*.json), run now and carried beside ours")
	version := flag.String("version", "dev", "version string built into the verifiers")
	only := flag.String("pages", "", "comma-separated pages to build (default: all)")
	support := flag.String("support", "", "where a player reports a mismatch: a mailto: or https:// address (default: the app's support, no address)")
	key := flag.String("sign", "", "build nothing: sign the built "+Manifest+" with this Ed25519 private key (PKCS#8 PEM), adding the signature to "+Signatures)
	flag.Parse()
	if *key != "" {
		fp, err := sign(*dist, *key)
		if err != nil {
			log.Fatal("sign: ", err)
		}
		step("%s signed by %s (%s)", filepath.Join(*dist, Manifest), fp, filepath.Join(*dist, Signatures))
		return
	}
	if err := checkSupport(*support); err != nil {
		log.Fatal("build: ", err)
	}
	pages := web.Pages
	if *only != "" {
		pages = nil
		for _, p := range web.Pages {
			if slices.Contains(strings.Split(*only, ","), p.Name) {
				pages = append(pages, p)
			}
		}
	}
	var operator operatorCases
	if *operatorDir != "" {
		var err error
		if operator, err = readOperatorVectors(*operatorDir); err != nil {
			log.Fatal("build: ", err)
		}
		step("the operator's vectors in %s: every case passes", *operatorDir)
	}
	if err := build(*dist, *vectors, *version, *support, pages, operator); err != nil {
		log.Fatal("build: ", err)
	}
}

// buildWasm compiles the page's verifier with its scheme tags, reproducibly.
func buildWasm(page web.Page, out, version string) ([]byte, error) {
	goTool := os.Getenv("GO")
	if goTool == "" {
		goTool = "go"
	}
	cmd := exec.Command(goTool, "build", "-trimpath", "-tags", page.BuildTags(),
		"-ldflags", "-s -w -X main.version="+version, "-o", out, "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building %s: %v", out, err)
	}
	return os.ReadFile(out)
}

// quick makes compressBrotli take quality 5: a build in seconds, for the
// tests, which read the forms but do not weigh them (make test's QUICK=1,
// TestOffline's second build); make build, serve and bench take 11.
var quick = flag.Bool("quick", false, "brotli at quality 5, not 11 (a quicker build, some 15% larger on the wire)")

// compress gzips a file with compress/gzip at its best. Every browser takes
// brotli, so gzip is for other clients: zopfli made it 6% smaller, at 9 s a
// page of 3.4 MB (most of a clean build's time).
func compress(path, key, cache string) ([]byte, error) {
	return compressOnce(path, key, cache, "gzip", func(data []byte) ([]byte, error) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		return buf.Bytes(), nil
	})
}

// compressBrotli is compress with brotli at its best (quality 11; 5 with
// -quick, cached apart).
func compressBrotli(path, key, cache string) ([]byte, error) {
	quality, method := brotli.BestCompression, "brotli"
	if *quick {
		quality, method = 5, "brotli-5"
	}
	return compressOnce(path, key, cache, method, func(data []byte) ([]byte, error) {
		var buf bytes.Buffer
		bw := brotli.NewWriterLevel(&buf, quality)
		bw.Write(data)
		bw.Close()
		return buf.Bytes(), nil
	})
}

// compressOnce returns what pack, the compressor method names, makes of the
// file: a file of the same bytes as at the last build takes it from the
// cache under key (gzcache.go).
func compressOnce(path, key, cache, method string, pack func(data []byte) ([]byte, error)) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if packed := cachedForm(cache, key, method, data); packed != nil {
		return packed, nil
	}
	step("%s: compressing its %d KB with %s", path, len(data)/1024, method)
	packed, err := pack(data)
	if err != nil {
		return nil, err
	}
	return packed, storeForm(cache, key, method, data, packed)
}

// precompress writes the forms of web.Encodings beside each file, which a
// server sends instead to a browser that takes them (web.Handler, as
// nginx's brotli_static and gzip_static do), on every core: what the
// player's first tap downloads, some 30% less than the page itself. Each
// file's cache key is its path under dist.
func precompress(dist, cache string, files []string) error {
	compressors := map[string]func(path, key, cache string) ([]byte, error){"br": compressBrotli, "gzip": compress}
	jobs := make(chan string)
	errs := make(chan error, len(files))
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for file := range jobs {
				rel, _ := filepath.Rel(dist, file)
				key := strings.ReplaceAll(rel, string(filepath.Separator), "-")
				for _, e := range web.Encodings {
					packed, err := compressors[e.Name](file, key, cache)
					if err == nil {
						err = os.WriteFile(file+e.Suffix, packed, 0o644)
					}
					if err != nil {
						errs <- err
						break
					}
				}
			}
		})
	}
	for _, f := range files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	close(errs)
	return <-errs
}

// step says what the build does next: a first build takes a minute or two.
func step(format string, args ...any) {
	fmt.Printf("build: "+format+"\n", args...)
}

// writeVectors writes the page sets of the page's schemes (the cases the
// generators marked "covers", without that mark) as one list in the binary
// form of report.AppendPlain to out, the file the page carries, and
// returns it and its number of cases.
func writeVectors(dir string, page web.Page, out string) (data []byte, cases int, err error) {
	var files []any
	for _, scheme := range page.Schemes {
		data, err := os.ReadFile(filepath.Join(dir, scheme+".json"))
		if err != nil {
			return nil, 0, err
		}
		var all struct {
			Scheme string
			Cases  []map[string]any
		}
		if err := json.Unmarshal(data, &all); err != nil {
			return nil, 0, fmt.Errorf("%s.json: %v", scheme, err)
		}
		var set []any
		for _, c := range all.Cases {
			if _, marked := c["covers"]; marked {
				delete(c, "covers")
				set = append(set, c)
			}
		}
		if len(set) == 0 {
			return nil, 0, fmt.Errorf("%s.json: no case is marked for the page", scheme)
		}
		files = append(files, map[string]any{"scheme": all.Scheme, "cases": set})
		cases += len(set)
	}
	data = report.AppendPlain(nil, files)
	return data, cases, os.WriteFile(out, data, 0o644)
}

// hashed is what the page's build entry says of a blob: its SHA-256.
func hashed(data []byte) map[string]any {
	sum := sha256.Sum256(data)
	return map[string]any{"sha256": hex.EncodeToString(sum[:])}
}

// language is a language of the pages: its code, its writing direction
// (ltr, rtl), its name and, for the landing page, its words for the link to
// the audit page.
type language struct{ Code, Dir, Name, Audit string }

// field is the argument of the "field" partial in web/templates/fields.html,
// which says what each option renders.
type field struct {
	ID, Name, Key  string // the control's id and name; Key.label and Key.hint are its words
	Hint           bool   // a hint paragraph; true unless the option "hint" is false
	Rows           int    // a textarea of that many rows; 0, an input
	InputMode      string // inputmode="…"
	Autocapitalize string // autocapitalize="…"
	Spellcheck     string // spellcheck="…"
	CopyButton     bool   // a copy button beside the control
	Kind           string // data-kind-field="…" on the field's div
	DescribedBy    string // an id named first in aria-describedby
	ExtraErrorFor  string // a second error slot, for that field
}

// newField is the template function field:
// field "ID" "NAME" "KEY" "rows" 4 "spellcheck" "false" … builds the argument
// of the "field" partial from its id, name, locale key and options, given as
// pairs of an option's name and its value.
func newField(id, name, key string, options ...any) (field, error) {
	f := field{ID: id, Name: name, Key: key, Hint: true}
	targets := map[string]any{
		"hint": &f.Hint, "rows": &f.Rows, "inputmode": &f.InputMode,
		"autocapitalize": &f.Autocapitalize, "spellcheck": &f.Spellcheck,
		"copyButton": &f.CopyButton, "kind": &f.Kind,
		"describedBy": &f.DescribedBy, "extraErrorFor": &f.ExtraErrorFor,
	}
	if len(options)%2 != 0 {
		return f, fmt.Errorf("field %q: an option without its value in %v", id, options)
	}
	for i := 0; i < len(options); i += 2 {
		option, value := options[i], options[i+1]
		ok := false
		switch target := targets[fmt.Sprint(option)].(type) {
		case *bool:
			*target, ok = value.(bool)
		case *int:
			*target, ok = value.(int)
		case *string:
			*target, ok = value.(string)
		default:
			return f, fmt.Errorf("field %q: no option %q", id, option)
		}
		if !ok {
			return f, fmt.Errorf("field %q: option %q cannot take %#v", id, option, value)
		}
	}
	return f, nil
}

// checkSupport accepts the support contact only as an address a mismatch
// verdict can link: mailto: or https://, with no space or quote in it.
func checkSupport(contact string) error {
	if contact == "" {
		return nil
	}
	u, err := url.Parse(contact)
	if err != nil || strings.ContainsAny(contact, " \"'<>") ||
		!(u.Scheme == "mailto" && u.Opaque != "" || u.Scheme == "https" && u.Host != "") {
		return fmt.Errorf("SUPPORT=%q: give a mailto: or https:// address", contact)
	}
	return nil
}

func build(dist, vectorDir, version, support string, pages []web.Page, operator operatorCases) error {
	step("%d pages in %d languages into %s; a page is compressed again only when its bytes changed (brotli: some 8 s each)", len(pages), len(web.Languages), dist)
	wasmExec, err := os.ReadFile(filepath.Join(dist, "wasm_exec.js"))
	if err != nil {
		return err
	}
	style, err := readAsset("web/static/style.css")
	if err != nil {
		return err
	}
	links, err := readAsset("web/static/links.js")
	if err != nil {
		return err
	}
	values, err := readAsset("web/static/values.js")
	if err != nil {
		return err
	}
	var loader string
	for _, file := range web.Loader {
		script, err := readAsset("web/static/" + file)
		if err != nil {
			return err
		}
		loader += script + "\n"
	}
	common, err := readAsset("web/static/common.js")
	if err != nil {
		return err
	}
	offline, err := readAsset("web/static/offline.js")
	if err != nil {
		return err
	}
	kept, err := readAsset("web/static/kept.js")
	if err != nil {
		return err
	}
	themeLight, themeDark, err := themeColours(style)
	if err != nil {
		return err
	}

	shared, err := web.LoadLocales("locales", web.Pages[0])
	if err != nil {
		return err
	}
	var languages []language
	for _, code := range web.Languages {
		languages = append(languages, language{code, web.Dir(code), shared[code]["lang.name"], shared[code]["msg.page.audit"]})
	}
	if err := os.MkdirAll(filepath.Join(dist, "wasm"), 0o755); err != nil {
		return err
	}
	cache := filepath.Clean(dist) + ".cache"
	served := []string{filepath.Join(dist, "index.html"), filepath.Join(dist, "sw.js")} // compressed at the end, with the manifest
	for _, page := range pages {
		locales, err := web.LoadLocales("locales", page)
		if err != nil {
			return err
		}
		script, err := readAsset("web/static/" + page.Name + ".js")
		if err != nil {
			return err
		}
		if page.Audits {
			core, err := readAsset("web/static/audit-core.js")
			if err != nil {
				return err
			}
			script = core + "\n" + script
		}
		scripts, err := checkScripts(page)
		if err != nil {
			return err
		}
		pageStyle, err := readAsset("web/static/" + page.Name + ".css")
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		step("%s: the verifier (go build -tags %s)", page.Name, page.BuildTags())
		wasm, err := buildWasm(page, filepath.Join(dist, "wasm", page.Name+".wasm"), version)
		if err != nil {
			return err
		}
		vectorFile := filepath.Join(dist, "wasm", page.Name+".vectors")
		vectors, cases, err := writeVectors(vectorDir, page, vectorFile)
		if err != nil {
			return err
		}
		// What the page checks before it runs anything (loadVerifier, start).
		build := map[string]map[string]any{"verifier": hashed(wasm), "vectors": hashed(vectors)}
		build["vectors"]["cases"] = cases
		operatorBlob, err := operatorEntry(operator, page, dist, build)
		if err != nil {
			return err
		}
		// The blobs, ASCII already (web.BlobElements), go in after the page
		// is made ASCII, so that asciiPage does not read their megabytes
		// once per language.
		blobs := map[string]string{
			"@VERIFIER@":         web.BlobElements("verifier", wasm),
			"@VECTORS@":          web.BlobElements("vectors", vectors),
			"@OPERATOR_VECTORS@": operatorBlob,
		}
		perPage := map[string]string{
			"@LOADER@":    loader,
			"@SCRIPT@":    links + "\n" + values + "\n" + common + "\n" + offline + "\n" + kept + "\n" + script,
			"@STYLE@":     style + pageStyle,
			"@WASM_EXEC@": string(wasmExec),
		}
		tmpl, err := template.New("base.html").
			Funcs(template.FuncMap{"t": func(string) template.HTML { return "" }, "field": newField}).
			ParseFiles("web/templates/base.html", "web/templates/fields.html", "web/templates/"+page.Name+".html")
		if err != nil {
			return err
		}
		step("%s: the pages in %s", page.Name, strings.Join(web.Languages, ", "))
		for _, code := range web.Languages {
			words := locales[code]
			messages := map[string]string{}
			for k, v := range words {
				if strings.HasPrefix(k, "msg.") {
					messages[k] = v
				}
			}
			if page.Audits {
				scheme, err := web.SchemeWords("locales", code, messages)
				if err != nil {
					return err
				}
				maps.Copy(messages, scheme)
			}
			for k, v := range messages {
				messages[k] = web.LocaleText(v)
			}
			var missing []string
			t := func(key string) template.HTML {
				v, ok := words[key]
				if !ok {
					missing = append(missing, key)
				}
				return web.LocaleHTML(v)
			}
			var out bytes.Buffer
			err := template.Must(tmpl.Clone()).Funcs(template.FuncMap{"t": t}).Execute(&out, map[string]any{
				"Lang": code, "Dir": web.Dir(code), "Page": page.Name, "CSP": cspPlaceholder, "Languages": languages, "Pages": web.Pages,
				"Messages": messages, "Build": build, "Support": support,
				"ThemeLight": themeLight, "ThemeDark": themeDark, "Scripts": scripts,
			})
			if err != nil {
				return err
			}
			if len(missing) > 0 {
				return fmt.Errorf("locales/%s.json lacks %s", code, strings.Join(missing, ", "))
			}
			html, err := asciiPage(fill(out.String(), perPage))
			if err != nil {
				return fmt.Errorf("%s/%s: %w", code, page.Name, err)
			}
			html = fill(html, blobs)
			if html, err = withPolicy(html, web.CSP(page)); err != nil {
				return fmt.Errorf("%s/%s: %w", code, page.Name, err)
			}
			file := filepath.Join(dist, code, page.Name, "index.html")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
				return err
			}
			served = append(served, file)
		}
	}
	step("the landing page, the service worker, the manifests and icons")
	picker, err := asciiPage(languagePicker(languages, links))
	if err == nil {
		picker, err = withPolicy(picker, web.LandingCSP)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dist, "robots.txt"), []byte(robots), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte(picker), 0o644); err != nil {
		return err
	}
	if err := writeOffline(dist, version, shared, themeLight); err != nil {
		return err
	}
	if err := writeIntegrity(dist, version, support); err != nil {
		return err
	}
	// Every worker's install fetches the manifest past every cache: sent
	// compressed, 4.3 KB of it costs 2.2 (BenchmarkDataPlan).
	served = append(served, filepath.Join(dist, Manifest))
	step("the pages compressed as a server sends them (%s), each only when its bytes changed", "brotli, gzip")
	return precompress(dist, cache, served)
}

// cspPlaceholder stands for the page's policy in its meta tag until the
// page is whole: the policy names each inline script and style by its hash.
const cspPlaceholder = "@CSP@"

// withPolicy writes policy into the page's meta tag (the first
// cspPlaceholder, which comes before any asset), naming the page's inline
// scripts and styles as they are now, the last bytes they get
// (web.PagePolicy).
func withPolicy(html, policy string) (string, error) {
	strict, err := web.PagePolicy(policy, html)
	if err != nil {
		return "", err
	}
	return strings.Replace(html, cspPlaceholder, strict, 1), nil
}

// robots is robots.txt: search engines may index the pages, which say what
// they check in each language, but nothing of the API (web.ShoeAPI is under
// it), whose records are no pages.
const robots = "User-agent: *\nDisallow: /api/\n"

// fill puts the raw assets where the template left their placeholders, in
// one pass, so that no asset's text is taken for a placeholder. They are the
// project's own files, which readAsset checked cannot end their element.
func fill(html string, assets map[string]string) string {
	var pairs []string
	for placeholder, content := range assets {
		pairs = append(pairs, placeholder, content)
	}
	return strings.NewReplacer(pairs...).Replace(html)
}

var closingTag = regexp.MustCompile(`(?i)</(script|style)`)

func readAsset(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if closingTag.Match(data) {
		return "", fmt.Errorf("%s contains a closing script or style tag and cannot be inlined", path)
	}
	return string(data), nil
}

// checkScripts are the templates of the "check it without this page" scripts
// of a page's schemes (web/static/scripts/<scheme>.mjs and .py, written from
// SPEC), by scheme and language; common.js fills in a match's values. The
// audit page, which gives no verdict of one match, has none.
func checkScripts(page web.Page) (map[string]map[string]string, error) {
	if page.Audits {
		return nil, nil
	}
	scripts := map[string]map[string]string{}
	for _, scheme := range page.Schemes {
		scripts[scheme] = map[string]string{}
		for lang, ext := range map[string]string{"node": "mjs", "python": "py"} {
			text, err := readAsset("web/static/scripts/" + scheme + "." + ext)
			if err != nil {
				return nil, err
			}
			scripts[scheme][lang] = text
		}
	}
	return scripts, nil
}

// languagePicker is web/dist/index.html: it opens the page that reads the
// link in the fragment (linkPage, web/static/links.js; the check page
// without one) in the browser's preferred language and keeps the fragment,
// which holds the match. Without script it lists the check and audit pages.
func languagePicker(languages []language, linkPageScript string) string {
	var links, codes strings.Builder
	for _, l := range languages {
		fmt.Fprintf(&links, "<li lang=\"%s\" dir=\"%s\"><a href=\"%s/check/index.html\">%s</a> · <a href=\"%s/audit/index.html\">%s</a></li>\n",
			l.Code, l.Dir, l.Code, template.HTMLEscapeString(l.Name), l.Code, template.HTMLEscapeString(l.Audit))
		fmt.Fprintf(&codes, "%q,", l.Code)
	}
	// Each line says its own language; the page's is the first, which it
	// opens when the browser asks for none of them (locales/languages.json).
	// A browser's language matches a page's by its primary subtag: de-AT
	// opens de.
	return `<!doctype html>
<html lang="` + languages[0].Code + `">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="` + cspPlaceholder + `">
<title>pfcheck</title>
</head>
<body>
<ul>
` + links.String() + `</ul>
<script>
` + linkPageScript + `
const available = [` + codes.String() + `];
const wanted = (navigator.languages ?? [navigator.language]).map((l) => l.split('-')[0].toLowerCase());
const lang = wanted.find((l) => available.includes(l)) ?? available[0];
location.replace(lang + '/' + linkPage(location.hash) + '/index.html' + location.hash);
</script>
</body>
</html>
`
}
