package report

import "math"

// The binary form of plain values: how a page carries its test vectors
// (web/build writes it with AppendPlain, the verifier's self-test reads it
// with ParsePlain). It holds what JSON holds, and reads without scanning
// text, escapes or number syntax, with every list and object sized in
// advance. After the magic, one value:
//
//	n                 null
//	t, f              true, false
//	i <zigzag varint> a whole number within ±2^53
//	d <8 bytes>       any other number, IEEE 754 bits, little-endian
//	s <len> <bytes>   a string
//	a <n> <value>…    a list of n values
//	o <n> (<len> <key bytes> <value>)…
//	                  an object of n keys, in ascending order
//
// where <len> and <n> are unsigned varints (encoding/binary's Uvarint).
const PlainMagic = "pfplain1"

// AppendPlain appends the binary form of v, a value of the plain-object
// model (string, int, float64, bool, nil, []any, map[string]any), magic
// included; keys are sorted, so the same value gives the same bytes.
func AppendPlain(b []byte, v any) []byte {
	return appendPlain(append(b, PlainMagic...), v)
}

func appendPlain(b []byte, v any) []byte {
	switch v := v.(type) {
	case string:
		return append(appendUvarint(append(b, 's'), uint64(len(v))), v...)
	case int:
		return appendPlain(b, float64(v))
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= 1<<53 {
			n := int64(v)
			return appendUvarint(append(b, 'i'), uint64(n<<1)^uint64(n>>63))
		}
		bits := math.Float64bits(v)
		b = append(b, 'd')
		for i := range 8 {
			b = append(b, byte(bits>>(8*i)))
		}
		return b
	case bool:
		if v {
			return append(b, 't')
		}
		return append(b, 'f')
	case []any:
		b = appendUvarint(append(b, 'a'), uint64(len(v)))
		for _, item := range v {
			b = appendPlain(b, item)
		}
		return b
	case map[string]any:
		b = appendUvarint(append(b, 'o'), uint64(len(v)))
		for _, k := range SortedKeys(v) {
			b = append(appendUvarint(b, uint64(len(k))), k...)
			b = appendPlain(b, v[k])
		}
		return b
	}
	return append(b, 'n')
}

func appendUvarint(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// ParsePlain reads the binary form of one plain value (AppendPlain) nested
// at most maxDepth deep; ok is false for anything else, trailing bytes
// included. Strings share data's memory.
func ParsePlain(data string, maxDepth int) (v any, ok bool) {
	if len(data) < len(PlainMagic) || data[:len(PlainMagic)] != PlainMagic {
		return nil, false
	}
	p := plainParser{s: data, i: len(PlainMagic)}
	v, ok = p.value(maxDepth)
	return v, ok && p.i == len(p.s)
}

type plainParser struct {
	s string
	i int
}

// uvarint reads an unsigned varint of at most 63 bits.
func (p *plainParser) uvarint() (uint64, bool) {
	var x uint64
	for shift := 0; shift < 63 && p.i < len(p.s); shift += 7 {
		c := p.s[p.i]
		p.i++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, true
		}
	}
	return 0, false
}

// count reads the size of a list, object or string; it cannot exceed what
// is left, since each item takes at least a byte.
func (p *plainParser) count() (int, bool) {
	n, ok := p.uvarint()
	return int(n), ok && n <= uint64(len(p.s)-p.i)
}

func (p *plainParser) string() (string, bool) {
	n, ok := p.count()
	if !ok {
		return "", false
	}
	p.i += n
	return p.s[p.i-n : p.i], true
}

func (p *plainParser) value(depth int) (any, bool) {
	if p.i >= len(p.s) || depth < 0 {
		return nil, false
	}
	kind := p.s[p.i]
	p.i++
	switch kind {
	case 'n':
		return nil, true
	case 't':
		return true, true
	case 'f':
		return false, true
	case 'i':
		u, ok := p.uvarint()
		return float64(int64(u>>1) ^ -int64(u&1)), ok && u>>1 <= 1<<53
	case 'd':
		if len(p.s)-p.i < 8 {
			return nil, false
		}
		var bits uint64
		for i := range 8 {
			bits |= uint64(p.s[p.i+i]) << (8 * i)
		}
		p.i += 8
		return math.Float64frombits(bits), true
	case 's':
		return p.string()
	case 'a':
		n, ok := p.count()
		if !ok {
			return nil, false
		}
		list := make([]any, n)
		for i := range list {
			if list[i], ok = p.value(depth - 1); !ok {
				return nil, false
			}
		}
		return list, true
	case 'o':
		n, ok := p.count()
		if !ok {
			return nil, false
		}
		obj := make(map[string]any, n)
		for range n {
			key, ok := p.string()
			if !ok {
				return nil, false
			}
			if obj[key], ok = p.value(depth - 1); !ok {
				return nil, false
			}
		}
		return obj, true
	}
	return nil, false
}
