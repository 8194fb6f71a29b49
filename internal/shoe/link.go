package shoe

import (
	"strconv"
	"strings"

	"pfcheck/internal/link"
	"pfcheck/internal/report"
)

// MaxLinkLength bounds the shoe page's fragment (without `#`): a record of
// 416 cards takes some 1700 characters.
const MaxLinkLength = 8192

// CodeNotANumber marks a number of the link that is not in the link's form.
const CodeNotANumber = "not-a-number"

// linkKeys are the keys of the shoe page's v=1 link with the record fields
// they fill, in the order FormatLink writes them (testdata/shoe_v1.md, "Link").
var linkKeys = [...]struct{ key, field string }{
	{"s", "serverSeed"}, {"h", "commitment"}, {"c", "clientSeed"}, {"n", "nonce"},
	{"t", "tournamentId"}, {"i", "hand"}, {"d", "decks"}, {"p", "penetration"},
	{"k", "cards"}, {"x", "cut"},
}

var linkFields = func() map[string]string {
	m := make(map[string]string, len(linkKeys))
	for _, k := range linkKeys {
		m[k.key] = k.field
	}
	return m
}()

// RecordFromLink builds the shoe_v1 record a v=1 shoe link stands for from
// its key=value pairs (link.SplitMax with MaxLinkLength; the version is
// already checked). Only the link's own syntax is read here: numbers,
// escapes and duplicates; Check validates the values, so a link and the
// typed form report the same problems.
//
// With problems, rec still holds every field that could be read, so that
// the page fills and checks them beside the problems; a value that could not
// be read is left out and comes back as its problem's Token.
func RecordFromLink(pairs [][2]string) (rec map[string]any, problems []report.Problem) {
	values, problems := link.Fields(pairs, linkFields)
	rec = map[string]any{"scheme": Scheme}
	for _, k := range linkKeys {
		value, ok := values[k.key]
		if !ok {
			continue
		}
		bad := func(code string) {
			problems = append(problems, report.Problem{Field: k.field, Code: code, Token: value})
		}
		switch k.key {
		case "s", "h":
			rec[k.field] = value
		case "c", "t":
			if decoded, code := link.Unescape(value); code != "" {
				bad(link.CodeBadEscape)
			} else {
				rec[k.field] = decoded
			}
		case "k":
			cards := []any{}
			for _, item := range strings.Split(value, ",") {
				card, code := link.Unescape(item)
				if code != "" {
					cards = nil
					break
				}
				cards = append(cards, card)
			}
			if cards == nil {
				bad(link.CodeBadEscape)
			} else {
				rec[k.field] = cards
			}
		case "p":
			if f, ok := linkDecimal(value); ok {
				rec[k.field] = f
			} else {
				bad(CodeNotANumber)
			}
		default: // n, i, d, x
			if n, ok := link.Number(value); ok {
				rec[k.field] = n
			} else {
				bad(CodeNotANumber)
			}
		}
	}
	return rec, problems
}

// linkDecimal reads a penetration as JavaScript writes a number:
// (0|[1-9]\d{0,14})(\.\d{1,20})?(e-\d{1,3})?
func linkDecimal(s string) (float64, bool) {
	digits := func(s string, lo, hi int) (rest string, ok bool) {
		n := 0
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		return s[n:], n >= lo && n <= hi
	}
	whole, frac, exp := s, "", ""
	if i := strings.IndexByte(whole, 'e'); i >= 0 {
		whole, exp = whole[:i], whole[i:]
	}
	if i := strings.IndexByte(whole, '.'); i >= 0 {
		whole, frac = whole[:i], whole[i:]
	}
	if rest, ok := digits(whole, 1, 15); !ok || rest != "" || (len(whole) > 1 && whole[0] == '0') {
		return 0, false
	}
	if frac != "" {
		if rest, ok := digits(frac[1:], 1, 20); !ok || rest != "" {
			return 0, false
		}
	}
	if exp != "" {
		if !strings.HasPrefix(exp, "e-") {
			return 0, false
		}
		if rest, ok := digits(exp[2:], 1, 3); !ok || rest != "" {
			return 0, false
		}
	}
	// Well-formed and short: the only error left is an underflow to 0,
	// which is the number JavaScript reads too. 15 nines and a fraction may
	// round up to 10^15, which this form cannot write: refused.
	f, _ := strconv.ParseFloat(s, 64)
	return f, f < 1e15
}

// FormatLink returns the shoe page's v=1 fragment (without `#`) for a record
// as RecordFromLink builds it or as the page's form makes it: keys in the
// order s h c n t i d p k x; clientSeed, tournamentId and every card
// percent-encoded (link.Escape); numbers as JavaScript writes them; serverSeed
// and commitment as they stand (escaped only when they hold "&", which no
// valid value does). Parsing the result gives the same record back. A value
// a link cannot carry (an object, a list outside cards) makes it "".
func FormatLink(rec map[string]any) string {
	var b strings.Builder
	b.WriteString("v=1")
	for _, k := range linkKeys {
		v, present := rec[k.field]
		if !present || v == nil {
			continue
		}
		var text string
		if list, isList := v.([]any); isList && k.key == "k" {
			items := make([]string, len(list))
			for i, item := range list {
				s, ok := link.Text(item)
				if !ok {
					return ""
				}
				items[i] = link.Escape(s)
			}
			text = strings.Join(items, ",")
		} else {
			s, ok := link.Text(v)
			if !ok {
				return ""
			}
			text = link.Escape(s)
			if _, isString := v.(string); isString && (k.key == "s" || k.key == "h") && !strings.Contains(s, "&") {
				text = s
			}
		}
		b.WriteString("&" + k.key + "=" + text)
	}
	return b.String()
}
