// Package corpus writes a deterministic benchmark corpus of canonical tool
// files: many files of the three shapes (single tool, array, tools wrapper)
// across nested directories, each tool with 5–30 properties, nested
// objects, arrays of objects, enums, bounds, patterns and $defs reached
// through $refs, pretty-printed. Every generated tool loads cleanly, so
// benchmarks measure the normal path. The same (tools, seed) always gives
// byte-identical files. The package also holds what benchmarks over the
// corpus share: the standard corpus (Shared), the decode-only baseline and
// peak-heap sampling.
package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Stats describes a generated corpus.
type Stats struct {
	Files int
	Tools int
	Bytes int64
}

// Generate writes a corpus of n tools under dir (created if needed). With
// n = 10,000 it is about 85 MB.
func Generate(dir string, n int, seed int64) (Stats, error) {
	g := &gen{rng: rand.New(rand.NewPCG(uint64(seed), 0x5eed_c0de))}
	var st Stats
	for made := 0; made < n; {
		// Shape mix: half single-tool files, a quarter arrays, a quarter
		// wrappers of 2–8 tools.
		shape := g.rng.IntN(4)
		count := 1
		if shape >= 2 {
			count = 2 + g.rng.IntN(7)
		}
		if count > n-made {
			count = n - made
		}
		tools := make([]jsonvalue.Value, count)
		for i := range tools {
			tools[i] = g.tool(made + i)
		}
		var doc jsonvalue.Value
		switch {
		case shape < 2 && count == 1:
			doc = tools[0]
		case shape == 2:
			doc = jsonvalue.NewArray(tools...)
		default:
			doc = obj(kv("$comment", str("generated benchmark tools")), kv("tools", jsonvalue.NewArray(tools...)))
		}
		rel := filepath.Join(fmt.Sprintf("team-%02d", st.Files%23), fmt.Sprintf("area-%d", st.Files%7), fmt.Sprintf("tools-%05d.json", st.Files))
		text := jsonvalue.Encode(&doc, "  ") + "\n"
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return st, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return st, err
		}
		st.Files++
		st.Tools += count
		st.Bytes += int64(len(text))
		made += count
	}
	return st, nil
}

type gen struct {
	rng *rand.Rand
}

var words = []string{
	"order", "refund", "customer", "invoice", "amount", "currency", "shipment", "address", "street", "city",
	"postal", "country", "status", "priority", "ticket", "comment", "author", "created", "updated", "reason",
	"product", "variant", "quantity", "price", "discount", "coupon", "payment", "method", "account", "balance",
	"search", "query", "limit", "offset", "filter", "sort", "region", "warehouse", "carrier", "tracking",
	"label", "note", "history", "event", "source", "target", "schedule", "window", "timezone", "locale",
}

var patterns = []string{
	`^[A-Z]{3}-[0-9]{4,8}$`, `^(?=.*\d)[A-Za-z0-9_-]{6,32}$`, `^[a-z][a-z0-9_]*$`, `^\+?[1-9]\d{1,14}$`,
	`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`, `^(?!test_).+$`, `^[^\s@]+@[^\s@]+$`,
}

var formats = []string{"date-time", "date", "email", "uri", "uuid"}

func (g *gen) word() string { return words[g.rng.IntN(len(words))] }

func (g *gen) sentence(min, max int) string {
	n := min + g.rng.IntN(max-min+1)
	s := ""
	for i := 0; i < n; i++ {
		if i > 0 {
			s += " "
		}
		s += g.word()
	}
	return s + "."
}

func (g *gen) tool(i int) jsonvalue.Value {
	name := fmt.Sprintf("tool_%05d_%s_%s", i, g.word(), g.word())
	props, required := g.properties(5+g.rng.IntN(26), 0)
	schema := []jsonvalue.Member{
		kv("type", str("object")),
		kv("description", str(g.sentence(4, 12))),
		kv("properties", props),
		kv("required", required),
		kv("additionalProperties", jsonvalue.NewBool(false)),
		kv("$defs", obj(
			kv("Money", obj(
				kv("type", str("object")),
				kv("description", str(g.sentence(4, 10))),
				kv("properties", obj(
					kv("amount", obj(kv("type", str("number")), kv("minimum", num("0")), kv("multipleOf", num("0.01")))),
					kv("currency", obj(kv("type", str("string")), kv("enum", strs("USD", "EUR", "GBP", "JPY")))),
				)),
				kv("required", strs("amount", "currency")),
			)),
			kv("Address", obj(
				kv("type", str("object")),
				kv("properties", obj(
					kv("street", obj(kv("type", str("string")), kv("maxLength", num("200")))),
					kv("city", obj(kv("type", str("string")), kv("minLength", num("1")))),
					kv("postal", obj(kv("type", str("string")), kv("pattern", str(patterns[0])))),
					kv("next", obj(kv("$ref", str("#/$defs/Address")))),
				)),
				kv("required", strs("street", "city")),
			)),
		)),
	}
	return obj(
		kv("name", str(name)),
		kv("description", str(g.sentence(5, 16))),
		kv("inputSchema", jsonvalue.NewObject(schema...)),
	)
}

// properties returns a `properties` object of n entries and a `required`
// list naming some of them.
func (g *gen) properties(n, depth int) (jsonvalue.Value, jsonvalue.Value) {
	members := make([]jsonvalue.Member, 0, n)
	var required []jsonvalue.Value
	seen := map[string]bool{}
	for len(members) < n {
		key := g.word() + "_" + g.word()
		if g.rng.IntN(3) == 0 {
			key = g.word() + strconv.Itoa(len(members))
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		members = append(members, kv(key, g.property(depth)))
		if g.rng.IntN(3) == 0 {
			required = append(required, str(key))
		}
	}
	return jsonvalue.NewObject(members...), jsonvalue.NewArray(required...)
}

func (g *gen) property(depth int) jsonvalue.Value {
	desc := kv("description", str(g.sentence(2, 6)))
	kind := g.rng.IntN(15)
	if kind >= 12 {
		kind = g.rng.IntN(7) // more flat scalars keep the corpus near 8.5 KB a tool
	}
	if depth >= 1 && kind >= 9 {
		kind = g.rng.IntN(9)
	}
	switch kind {
	case 0, 1:
		m := []jsonvalue.Member{kv("type", str("string")), desc, kv("minLength", num("1")), kv("maxLength", num(strconv.Itoa(16+g.rng.IntN(500))))}
		if g.rng.IntN(2) == 0 {
			m = append(m, kv("pattern", str(patterns[g.rng.IntN(len(patterns))])))
		} else {
			m = append(m, kv("format", str(formats[g.rng.IntN(len(formats))])))
		}
		return jsonvalue.NewObject(m...)
	case 2:
		return obj(kv("type", str("integer")), desc, kv("minimum", num(strconv.Itoa(g.rng.IntN(10)))),
			kv("maximum", num(strconv.Itoa(100+g.rng.IntN(100000)))), kv("default", num("10")))
	case 3:
		return obj(kv("type", str("number")), desc, kv("exclusiveMinimum", num("0")), kv("maximum", num("18446744073709551615")), kv("multipleOf", num("0.5")))
	case 4:
		vals := make([]jsonvalue.Value, 2+g.rng.IntN(6))
		for i := range vals {
			vals[i] = str(g.word() + "_" + strconv.Itoa(i))
		}
		return obj(kv("type", str("string")), desc, kv("enum", jsonvalue.NewArray(vals...)))
	case 5:
		return obj(kv("type", str("boolean")), desc, kv("default", jsonvalue.NewBool(false)))
	case 6:
		return obj(kv("type", str("array")), desc, kv("items", obj(kv("type", str("string")), kv("maxLength", num("64")))),
			kv("minItems", num("0")), kv("maxItems", num(strconv.Itoa(1+g.rng.IntN(50)))), kv("uniqueItems", jsonvalue.NewBool(true)))
	case 7:
		return obj(desc, kv("$ref", str("#/$defs/Money")))
	case 8:
		return obj(desc, kv("anyOf", jsonvalue.NewArray(
			obj(kv("type", str("string")), kv("maxLength", num("100"))),
			obj(kv("type", str("null"))),
		)))
	case 9, 10:
		props, req := g.properties(2+g.rng.IntN(3), depth+1)
		return obj(kv("type", str("object")), desc, kv("properties", props), kv("required", req), kv("additionalProperties", jsonvalue.NewBool(false)))
	default:
		props, req := g.properties(2+g.rng.IntN(3), depth+1)
		return obj(kv("type", str("array")), desc, kv("minItems", num("1")),
			kv("items", obj(kv("type", str("object")), kv("properties", props), kv("required", req))))
	}
}

func obj(m ...jsonvalue.Member) jsonvalue.Value { return jsonvalue.NewObject(m...) }

func kv(k string, v jsonvalue.Value) jsonvalue.Member { return jsonvalue.Member{Key: k, Value: v} }

func str(s string) jsonvalue.Value { return jsonvalue.NewString(s) }

func num(lit string) jsonvalue.Value { return jsonvalue.NewNumber(lit) }

func strs(ss ...string) jsonvalue.Value {
	vs := make([]jsonvalue.Value, len(ss))
	for i, s := range ss {
		vs[i] = str(s)
	}
	return jsonvalue.NewArray(vs...)
}

// OneFile returns n generated tools in one array document, pretty-printed
// (indent "  ") or minified onto one line: the shape that makes any
// per-finding cost growing with the file, or with the line, show.
// The same (n, seed, minified) always gives the same bytes.
func OneFile(n int, seed int64, minified bool) []byte {
	g := &gen{rng: rand.New(rand.NewPCG(uint64(seed), 0x5eed_c0de))}
	tools := make([]jsonvalue.Value, n)
	for i := range tools {
		tools[i] = g.tool(i)
	}
	doc := jsonvalue.NewArray(tools...)
	if minified {
		return []byte(jsonvalue.Encode(&doc, ""))
	}
	return []byte(jsonvalue.Encode(&doc, "  ") + "\n")
}
