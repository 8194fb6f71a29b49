package report

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"pfcheck/internal/hexstr"
)

// AppendJSON appends v, a value of the plain-object model (string, int,
// float64, bool, nil, []any, map[string]any), as JSON, keys sorted.
//
// The bridge hands results to JavaScript as one JSON text: building a large
// result object one property at a time through syscall/js costs some 50 times
// more than JSON.parse, and encoding/json would add reflect to the wasm.
// Values of other types are written as null.
func AppendJSON(b []byte, v any) []byte {
	switch v := v.(type) {
	case string:
		return appendString(b, v)
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case float64:
		return strconv.AppendFloat(b, v, 'g', -1, 64)
	case bool:
		return strconv.AppendBool(b, v)
	case []any:
		b = append(b, '[')
		for i, item := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendJSON(b, item)
		}
		return append(b, ']')
	case map[string]any:
		keys := SortedKeys(v)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = AppendJSON(b, v[k])
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

// SortedKeys returns the keys of a plain object in ascending order. It sorts
// by insertion: plain objects have a handful of keys, and slices.Sort would
// add 7 KB gzip of generic code to the wasm.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r)
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}

// ParseJSON parses JSON text into the plain-object model: objects as
// map[string]any, arrays as []any, numbers as float64. It refuses what
// encoding/json refuses (a number beyond a double, 1e400, too), an object
// with a key given twice, and nesting deeper than maxDepth; ok is false
// then. A lone surrogate (\ud800) reads as U+FFFD, as encoding/json reads it
// (testdata/README.md, "One meaning per input").
//
// The bridge takes its arguments as JSON text for the same reason it hands
// results back as JSON: one call instead of one per value.
func ParseJSON(text string, maxDepth int) (v any, ok bool) {
	p := jsonParser{s: text}
	v, ok = p.value(maxDepth)
	p.space()
	return v, ok && p.i == len(p.s)
}

// ReadJSON is ParseJSON that says why it refuses the text: nesting deeper
// than maxDepth, a key given twice, a number beyond a double, or else where
// it stops being JSON. An operator's vector file is read by it, so that the
// build and conformance refuse a file by name (verify.ReadVectorFile).
func ReadJSON(text string, maxDepth int) (v any, problem string) {
	p := jsonParser{s: text}
	v, ok := p.value(maxDepth)
	p.space()
	switch {
	case ok && p.i == len(p.s):
		return v, ""
	case p.problem != "":
		return nil, p.problem + Escaped(clip(p.what))
	}
	return nil, "not JSON at byte " + strconv.Itoa(p.i+1)
}

type jsonParser struct {
	s string
	i int
	// Why the text was refused, where more than "not JSON" can be said,
	// and what it refused (ReadJSON writes it; the pages do not link that).
	problem, what string
	// The items of the arrays being read, innermost last: each array is
	// allocated once, at its end, not once per doubling as it grows.
	items []any
}

func (p *jsonParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonParser) literal(word string) bool {
	if len(p.s)-p.i >= len(word) && p.s[p.i:p.i+len(word)] == word {
		p.i += len(word)
		return true
	}
	return false
}

func (p *jsonParser) value(depth int) (any, bool) {
	p.space()
	if p.i >= len(p.s) {
		return nil, false
	}
	if depth < 0 {
		p.problem = "nested deeper than a page's verifier reads"
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, ok := p.string()
		return StringValue(s), ok
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return p.number()
}

func (p *jsonParser) object(depth int) (any, bool) {
	p.i++ // {
	obj := map[string]any{}
	p.space()
	if p.literal("}") {
		return obj, true
	}
	for {
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, false
		}
		key, ok := p.string()
		p.space()
		if _, twice := obj[key]; twice {
			p.problem, p.what = "a key given twice: ", key // no one meaning
			return nil, false
		}
		if !ok || !p.literal(":") {
			return nil, false
		}
		if obj[key], ok = p.value(depth - 1); !ok {
			return nil, false
		}
		p.space()
		if p.literal("}") {
			return obj, true
		}
		if !p.literal(",") {
			return nil, false
		}
	}
}

func (p *jsonParser) array(depth int) (any, bool) {
	p.i++ // [
	p.space()
	if p.literal("]") {
		return []any{}, true
	}
	base := len(p.items)
	for {
		item, ok := p.value(depth - 1)
		if !ok {
			return nil, false
		}
		p.items = append(p.items, item)
		p.space()
		if p.literal("]") {
			list := make([]any, len(p.items)-base)
			copy(list, p.items[base:])
			clear(p.items[base:]) // keep no reference to what was read
			p.items = p.items[:base]
			return list, true
		}
		if !p.literal(",") {
			return nil, false
		}
	}
}

// number reads a JSON number; whole numbers, the only ones records hold,
// are read without strconv's float parser.
func (p *jsonParser) number() (any, bool) {
	start := p.i
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		p.i++
	}
	if p.i == digits || p.s[digits] == '0' && p.i-digits > 1 {
		return nil, false
	}
	whole := true
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		whole = false
		if !p.digits() {
			return nil, false
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		whole = false
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if !p.digits() {
			return nil, false
		}
	}
	if whole && p.i-digits <= 15 {
		n := 0
		for _, c := range []byte(p.s[digits:p.i]) {
			n = n*10 + int(c-'0')
		}
		if start != digits {
			n = -n
		}
		return float64(n), true
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil {
		p.problem, p.what = "a number beyond a double: ", p.s[start:p.i]
	}
	return f, err == nil
}

func (p *jsonParser) digits() bool {
	start := p.i
	for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		p.i++
	}
	return p.i > start
}

func (p *jsonParser) string() (string, bool) {
	p.i++ // "
	start := p.i
	// Most strings are printable ASCII without escapes: the input's own bytes.
	for p.i < len(p.s) && p.s[p.i] >= 0x20 && p.s[p.i] < utf8.RuneSelf && p.s[p.i] != '"' && p.s[p.i] != '\\' {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == '"' {
		p.i++
		return p.s[start : p.i-1], true
	}
	b := []byte(p.s[start:p.i])
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), true
		case c < 0x20:
			return "", false
		case c == '\\':
			r, ok := p.escape()
			if !ok {
				return "", false
			}
			b = utf8.AppendRune(b, r)
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			b = utf8.AppendRune(b, r)
			p.i += size
		}
	}
	return "", false
}

// escape reads one backslash escape; a lone surrogate becomes U+FFFD, as
// encoding/json makes it.
func (p *jsonParser) escape() (rune, bool) {
	if p.i+1 >= len(p.s) {
		return 0, false
	}
	c := p.s[p.i+1]
	p.i += 2
	switch c {
	case '"', '\\', '/':
		return rune(c), true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'u':
		r, ok := p.hex4()
		if !ok {
			return 0, false
		}
		if utf16.IsSurrogate(r) {
			if len(p.s)-p.i >= 6 && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
				save := p.i
				p.i += 2
				if r2, ok := p.hex4(); ok {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						return pair, true
					}
				}
				p.i = save
			}
			return utf8.RuneError, true
		}
		return r, true
	}
	return 0, false
}

func (p *jsonParser) hex4() (rune, bool) {
	if len(p.s)-p.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.s[p.i : p.i+4]) {
		d := hexstr.Digit(c)
		if d > 15 {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	p.i += 4
	return r, true
}

// digitPairs are the strings "00" … "99" as plain values. A match's rolls
// are two-digit strings ("63"): a value of its own for each would cost an
// allocation per roll, which an audit of many matches feels.
var digitPairs = func() (t [100]any) {
	for i := range t {
		t[i] = string([]byte{'0' + byte(i/10), '0' + byte(i%10)})
	}
	return t
}()

// StringValue returns s as a plain value; two decimal digits share one.
func StringValue(s string) any {
	if len(s) == 2 && '0' <= s[0] && s[0] <= '9' && '0' <= s[1] && s[1] <= '9' {
		return digitPairs[int(s[0]-'0')*10+int(s[1]-'0')]
	}
	return s
}
