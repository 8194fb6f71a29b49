// Package web holds what the page build, the local server (serve.go) and the
// browser tests share: the pages, their Content-Security-Policy, and the
// HTTP handler that serves web/dist.
package web

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"pfcheck/locales"
)

// Languages are the codes of the pages' languages (locales/languages.json),
// in the order the language switch lists them; the first is the one the
// landing page opens for a browser that asks for none of them.
var Languages = func() []string {
	var codes []string
	for _, l := range locales.Languages {
		codes = append(codes, l.Code)
	}
	return codes
}()

// Dir is the writing direction of a language of Languages: "ltr" or "rtl".
func Dir(code string) string {
	for _, l := range locales.Languages {
		if l.Code == code {
			return l.Dir
		}
	}
	return "ltr"
}

// Page is one check page: web/templates/<Name>.html with its script
// web/static/<Name>.js (and web/static/<Name>.css, if any), its words in
// locales/<lang>.json and, for every page but check, locales/<lang>.<Name>.json,
// built once per language to <lang>/<Name>/index.html.
type Page struct {
	Name string
	// Schemes the page checks: its wasm links only these (see internal/verify
	// for the build tags) and its self-test runs their vectors.
	Schemes []string
	// Connects is true for a page that may ask its own origin for inputs,
	// and only when the player asks; every other page connects nowhere.
	Connects bool
	// Audits is true for the page that audits many matches on Web Workers:
	// its verifier has the batch calls (build tag pfcheck_audit), its
	// policy lets it start workers from blob: URLs, and its script is
	// preceded by web/static/audit-core.js, which web/node/audit.mjs shares.
	Audits bool
}

// Pages lists every check page.
var Pages = []Page{
	{Name: "check", Schemes: []string{"dice_v1"}},
	{Name: "shoe", Schemes: []string{"shoe_v1"}, Connects: true},
	{Name: "games", Schemes: []string{"match_seed_v2", "poker_hmac_v1", "chess_colour_v1"}},
	{Name: "dice", Schemes: []string{"dice_v2"}},
	{Name: "audit", Schemes: []string{"dice_v1", "dice_v2", "shoe_v1", "match_seed_v2", "poker_hmac_v1", "chess_colour_v1"}, Audits: true},
}

// schemeTags are the build tags that add a scheme to a pfcheck_minimal build;
// dice_v1 is always in.
var schemeTags = map[string]string{
	"shoe_v1":         "pfcheck_shoe",
	"match_seed_v2":   "pfcheck_tablegames",
	"poker_hmac_v1":   "pfcheck_tablegames",
	"chess_colour_v1": "pfcheck_tablegames",
	"dice_v2":         "pfcheck_dicev2",
}

// LocaleFiles returns the locale files of a page for one language: the
// shared file, then the page's own.
func (p Page) LocaleFiles(lang string) []string {
	files := []string{lang + ".json"}
	if p.Name != "check" {
		files = append(files, lang+"."+p.Name+".json")
	}
	return files
}

// BuildTags returns the -tags value that builds the page's wasm.
func (p Page) BuildTags() string {
	tags := []string{"pfcheck_minimal"}
	for _, s := range p.Schemes {
		if tag, ok := schemeTags[s]; ok && !slices.Contains(tags, tag) {
			tags = append(tags, tag)
		}
	}
	if p.Audits {
		tags = append(tags, "pfcheck_audit")
	}
	return strings.Join(tags, ",")
}

// CSP is the policy a server sends with a page of the kind p (Headers; the
// web/DEPLOY.md's nginx map): nothing is loaded or sent, inline script and style
// are the page itself, and 'wasm-unsafe-eval' lets it compile its own
// verifier. A served page may register the service worker and link the web
// app manifest of its origin (web/static/offline.js), whose icons the
// browser loads as the page's images; a saved one does neither. The audit
// page may also start workers from the blob: URLs it makes of its own
// script. No string becomes HTML or script (Trusted Types): the one policy
// a page may make, pfcheck (common.js: scriptURL), makes only the URLs of
// its own workers. The header allows any inline script and style, so that
// it stays the same from build to build; the page carries the same policy
// naming its own inline elements by hash (PagePolicy) in a meta tag, and a
// browser enforces both. A server sends frame-ancestors too (Headers).
func CSP(p Page) string {
	if p.Name == "" {
		return LandingCSP
	}
	workers := "'self'"
	if p.Audits {
		workers += " blob:"
	}
	connect := ""
	if p.Connects {
		connect = "; connect-src 'self'"
	}
	return "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data: 'self'; worker-src " + workers + "; manifest-src 'self'; base-uri 'none'; form-action 'none'" + connect + "; require-trusted-types-for 'script'; trusted-types pfcheck"
}

// LandingCSP is the policy of the landing page (index.html), which only
// runs its one script: it opens a page in the browser's language.
const LandingCSP = "default-src 'none'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'"

// PagePolicy returns the policy a built page carries in its meta tag:
// policy (its CSP) with 'unsafe-inline' replaced by the SHA-256 of each
// inline script and style element of html, as the build wrote them, so that
// nothing runs or styles the page that the build did not put there, on a
// served page as on a saved file. Data blocks (JSON, the blobs) run
// nothing and are not named; a script of any other type is an error.
func PagePolicy(policy, html string) (string, error) {
	sums := map[string][]string{}
	for rest := html; ; {
		start := strings.Index(rest, "<")
		if start < 0 {
			break
		}
		rest = rest[start+1:]
		tag := ""
		for _, t := range []string{"script", "style"} {
			if len(rest) > len(t) && strings.EqualFold(rest[:len(t)], t) && strings.ContainsRune(" \t\n>", rune(rest[len(t)])) {
				tag = t
			}
		}
		if tag == "" {
			continue
		}
		open := strings.IndexByte(rest, '>')
		end := strings.Index(rest, "</"+tag) // lower case: readAsset allows no other
		if open < 0 || end < open {
			return "", fmt.Errorf("a %s element without its end", tag)
		}
		attributes, text := rest[len(tag):open], rest[open+1:end]
		rest = rest[end:]
		if tag == "script" {
			switch kind := scriptType.FindStringSubmatch(attributes); {
			case kind == nil:
			case kind[1] == "application/json" || kind[1] == BlobType:
				continue
			default:
				return "", fmt.Errorf("a script of type %q, neither run as JavaScript nor data", kind[1])
			}
		}
		if strings.Contains(text, "\r") {
			return "", fmt.Errorf("a %s element with a CR, which the parser rewrites before it is hashed", tag)
		}
		sum := sha256.Sum256([]byte(text))
		source := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !slices.Contains(sums[tag], source) {
			sums[tag] = append(sums[tag], source)
		}
	}
	for _, tag := range []string{"script", "style"} {
		sources := "'none'"
		if len(sums[tag]) > 0 {
			sources = strings.Join(sums[tag], " ")
		}
		directive := tag + "-src 'unsafe-inline'"
		if !strings.Contains(policy, directive) {
			if len(sums[tag]) > 0 {
				return "", fmt.Errorf("the page has an inline %s and its policy allows none", tag)
			}
			continue
		}
		policy = strings.Replace(policy, directive, tag+"-src "+sources, 1)
	}
	return policy, nil
}

// scriptType is a script element's type attribute, as the build writes it.
var scriptType = regexp.MustCompile(`\btype="([^"]*)"`)

// noFraming keeps every response out of other sites' frames. It is only
// obeyed in a header: in a meta tag a browser ignores it, with a warning.
const noFraming = "; frame-ancestors 'none'"

// StrictCSP is the policy of every response that is not a page.
const StrictCSP = "default-src 'none'" + noFraming

// Headers returns the headers of a response to urlPath, besides the file's
// own (Content-Type, Last-Modified): the server's whole policy, in one
// place. A page (an index.html: the landing page or /<lang>/<page>/) gets
// its CSP; anything else, the strictest one; the shoe API is never cached.
// Pages and files are revalidated, since their names stay across builds.
// web/DEPLOY.md lists the same headers for a static host.
func Headers(urlPath string) http.Header {
	h := http.Header{}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", StrictCSP)
	h.Set("Cache-Control", "no-cache")
	if p, ok := pageOf(urlPath); ok {
		h.Set("Content-Security-Policy", CSP(p)+noFraming)
	}
	switch {
	case strings.HasPrefix(urlPath, ShoeAPI):
		h.Set("Cache-Control", "no-store") // a running shoe is revealed later
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
	case urlPath == "/sw.js":
		// The service worker (web/static/sw.js) may fetch the pages it
		// stores. It sits at the root of the pages, the scope it registers,
		// so it needs no Service-Worker-Allowed.
		h.Set("Content-Security-Policy", WorkerCSP)
	case strings.HasSuffix(urlPath, ".webmanifest"):
		h.Set("Content-Type", ContentType(urlPath))
	}
	return h
}

// ContentType is the media type a file is served with, by its name's
// extension (a page is index.html): what the service worker, which keeps a
// file only with its type, expects.
func ContentType(name string) string {
	if strings.HasSuffix(name, ".webmanifest") {
		return "application/manifest+json"
	}
	if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
		return ctype
	}
	return "application/octet-stream"
}

// pageOf returns the page a URL path shows: the landing page (/ and
// /index.html, a Page without a name) or a check page (/<lang>/<page>/ and
// its index.html).
func pageOf(urlPath string) (Page, bool) {
	dir, file := path.Split(urlPath)
	if file != "" && file != "index.html" {
		return Page{}, false
	}
	parts := strings.Split(strings.Trim(dir, "/"), "/")
	switch {
	case dir == "/":
		return Page{}, true
	case len(parts) != 2 || !slices.Contains(Languages, parts[0]):
		return Page{}, false
	}
	for _, p := range Pages {
		if p.Name == parts[1] {
			return p, true
		}
	}
	return Page{}, false
}

// Handler serves the built pages in dist with the headers of Headers; a
// directory is not listed. Under ShoeAPI it answers the shoe page's "fetch
// inputs from the server" with the proof records in the directory proofs
// ("" answers none): see serveShoeProof.
func Handler(dist, proofs string) http.Handler {
	root := pagesOnly{http.Dir(dist)}
	files := http.FileServer(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		maps.Copy(w.Header(), Headers(r.URL.Path))
		if strings.HasPrefix(r.URL.Path, ShoeAPI) {
			serveShoeProof(w, r, proofs)
			return
		}
		if servePrecompressed(w, r, root) {
			return
		}
		files.ServeHTTP(w, r)
	})
}

// Encodings are the compressed forms the build writes beside a large file
// (<file>.br, <file>.gz), in the order a server prefers them.
var Encodings = []struct{ Name, Suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed answers a GET or HEAD of a file that has compressed
// forms beside it, as nginx's brotli_static and gzip_static do: the first
// form of Encodings the request's Accept-Encoding takes, with
// Content-Encoding, the file's own Content-Type, Vary: Accept-Encoding and
// an ETag and Last-Modified of that form, so that a second visit costs a 304
// (http.ServeContent also answers ranges of it, and HEAD). The uncompressed
// file, when no form is taken, gets the same Vary. It reports false when it
// did not answer: a file without compressed forms, a directory without its
// trailing slash or a path ending in index.html, which http.FileServer
// redirects.
func servePrecompressed(w http.ResponseWriter, r *http.Request, root http.FileSystem) bool {
	name := r.URL.Path
	if r.Method != http.MethodGet && r.Method != http.MethodHead || strings.HasSuffix(name, "/index.html") {
		return false
	}
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	name = path.Clean(name)
	var chosen http.File
	encoding := ""
	compressed := false
	for _, e := range Encodings {
		f, err := root.Open(name + e.Suffix)
		if err != nil {
			continue
		}
		if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
			f.Close()
			continue
		}
		compressed = true
		if chosen == nil && accepts(r.Header.Get("Accept-Encoding"), e.Name) {
			chosen, encoding = f, e.Name
			continue
		}
		f.Close()
	}
	if !compressed {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if chosen == nil {
		return false // the file itself, by http.FileServer
	}
	defer chosen.Close()
	info, _ := chosen.Stat()
	h := w.Header()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", ContentType(name))
	}
	h.Set("Content-Encoding", encoding)
	h.Set("ETag", fmt.Sprintf(`"%x-%x-%s"`, info.ModTime().UnixNano(), info.Size(), encoding))
	http.ServeContent(w, r, name, info.ModTime(), chosen)
	return true
}

// accepts reports whether an Accept-Encoding header takes the coding: named,
// or by "*", with a weight above zero.
func accepts(header, coding string) bool {
	star := false
	for _, item := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(item, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		weight := 1.0
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil {
				weight = v
			}
		}
		if name == coding {
			return weight > 0
		}
		star = weight > 0
	}
	return star
}

// pagesOnly is a file system whose directories exist only with their
// index.html, so that http.FileServer serves that and lists none.
type pagesOnly struct{ http.FileSystem }

func (p pagesOnly) Open(name string) (http.File, error) {
	f, err := p.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		index, err := p.FileSystem.Open(path.Join(name, "index.html"))
		if err != nil {
			f.Close()
			return nil, fs.ErrNotExist
		}
		index.Close()
	}
	return f, nil
}

// WorkerCSP is the policy of the service worker (sw.js): it may fetch the
// pages of its own origin, which it stores, and nothing else.
const WorkerCSP = "default-src 'none'; connect-src 'self'"

// ShoeAPI is the path under which Handler answers GET <ShoeAPI><id> with
// the proof record of a shoe or tournament hand (testdata/shoe_v1.md,
// "Fetching inputs from the server").
const ShoeAPI = "/api/shoe/"

// proofID is what a shoe or round id may be. It has no dot and no slash, so
// "<id>.json" always names a file directly in the proofs directory.
var proofID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// maxProofSize bounds a proof record: a whole 8-deck shoe is under 4 KB.
const maxProofSize = 1 << 20

// serveShoeProof answers GET <ShoeAPI><id> with the file <id>.json of the
// proofs directory, as it is: the page validates what it gets, as it must
// with any server. An id that is not proofID (percent-escapes included) is
// 400, an id without a record 404. Only that directory is read, through
// os.Root, so not even a symbolic link leads out of it; the id is never
// used as a path.
func serveShoeProof(w http.ResponseWriter, r *http.Request, proofs string) {
	h := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		apiError(w, http.StatusMethodNotAllowed, "method-not-allowed")
		return
	}
	id := strings.TrimPrefix(r.URL.EscapedPath(), ShoeAPI)
	if !proofID.MatchString(id) {
		apiError(w, http.StatusBadRequest, "bad-id")
		return
	}
	data, err := readProof(proofs, id+".json")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		apiError(w, http.StatusNotFound, "not-found")
		return
	case err != nil:
		apiError(w, http.StatusInternalServerError, "unavailable")
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	w.Write(data)
}

// readProof reads one regular file of at most maxProofSize bytes directly
// in dir; anything else that is not there, or leads out of dir, does not
// exist. It is opened without blocking, so that a FIFO, which would wait for
// a writer, is found to be no regular file at once; reads of a regular
// file ignore the flag.
func readProof(dir, name string) ([]byte, error) {
	if dir == "" {
		return nil, fs.ErrNotExist
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			err = errors.Join(fs.ErrNotExist, err) // e.g. a link out of dir
		}
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	data, err := io.ReadAll(io.LimitReader(f, maxProofSize+1))
	if err == nil && len(data) > maxProofSize {
		err = errors.New("proof record too large")
	}
	return data, err
}

// apiError answers with status and {"error": code}.
func apiError(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	io.WriteString(w, `{"error":"`+code+`"}`)
}
