package diff

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// `$schema` names the JSON Schema dialect. SchemaPort never compares it
// (diff-rules §2.3). The loader reads every tool as 2020-12 whatever it
// says, and so does this engine, so a move between known dialects changes
// nothing the engine compares: it is informational (schema-dialect-changed).
//
// A validator that honours `$schema` reads some keywords only in some
// dialects (draft-07 ignores the keywords beside a $ref and knows no
// maxContains; 2019-09 dropped dependencies). Where the schema uses a
// keyword that the new dialect applies and the old one did not, such a
// validator may reject values it accepted, so the change is breaking. The
// reverse (a keyword that stops applying) only accepts more. A URI that
// names no known dialect may mean anything: keyword-changed, breaking.

// Dialect ranks, oldest first.
const (
	draft04 = 4
	draft06 = 6
	draft07 = 7
	draft19 = 8 // 2019-09
	draft20 = 9 // 2020-12, the default when $schema is absent
)

// dialectRank returns the rank of a $schema value (absent is 2020-12), or 0
// for a value that names no known dialect.
func dialectRank(v *jsonvalue.Value) int {
	if v == nil {
		return draft20
	}
	if v.Kind != jsonvalue.String {
		return 0
	}
	uri := strings.TrimSuffix(v.Text, "#")
	if rest, ok := strings.CutPrefix(uri, "https://"); ok {
		uri = rest
	} else if rest, ok := strings.CutPrefix(uri, "http://"); ok {
		uri = rest
	} else {
		return 0
	}
	switch uri {
	case "json-schema.org/draft-04/schema":
		return draft04
	case "json-schema.org/draft-06/schema":
		return draft06
	case "json-schema.org/draft-07/schema":
		return draft07
	case "json-schema.org/draft/2019-09/schema":
		return draft19
	case "json-schema.org/draft/2020-12/schema":
		return draft20
	}
	return 0
}

// dialectSpan is the range of dialects a keyword applies in: from its
// first rank, up to (not including) the rank that dropped it (0: never).
type dialectSpan struct{ from, until int }

// dialectKeywords lists the keywords that do not apply in every known
// dialect. Keywords every dialect reads the same way are absent. The
// pseudo-keyword refSiblings stands for constraints written beside a $ref.
var dialectKeywords = map[string]dialectSpan{
	"const":                 {draft06, 0},
	"contains":              {draft06, 0},
	"propertyNames":         {draft06, 0},
	"exclusiveMinimum":      {draft06, 0}, // a boolean modifier in draft-04
	"exclusiveMaximum":      {draft06, 0},
	"if":                    {draft07, 0},
	"then":                  {draft07, 0},
	"else":                  {draft07, 0},
	"contentEncoding":       {draft07, 0},
	"contentMediaType":      {draft07, 0},
	"contentSchema":         {draft19, 0},
	"dependentRequired":     {draft19, 0},
	"dependentSchemas":      {draft19, 0},
	"unevaluatedProperties": {draft19, 0},
	"unevaluatedItems":      {draft19, 0},
	"minContains":           {draft19, 0},
	"maxContains":           {draft19, 0},
	"$recursiveRef":         {draft19, draft20},
	"prefixItems":           {draft20, 0},
	"$dynamicRef":           {draft20, 0},
	"dependencies":          {draft04, draft19},
	"additionalItems":       {draft04, draft20},
	refSiblings:             {draft19, 0},
}

const refSiblings = "$ref siblings"

func (s dialectSpan) appliesIn(rank int) bool {
	return rank >= s.from && (s.until == 0 || rank < s.until)
}

// dialect compares the $schema keyword of a node pair.
func (c *comparer) dialect(o, n *node, ov, nv *jsonvalue.Value) {
	or, nr := dialectRank(ov), dialectRank(nv)
	if or == 0 || nr == 0 {
		c.keywordChanged(o, n, "$schema", ov, nv)
		return
	}
	if or == nr {
		return // the same dialect, spelled another way
	}
	if kw := startsApplying(n.v, or, nr); kw != "" {
		what := "`" + kw + "`"
		if kw == refSiblings {
			what = "constraints beside a `$ref`"
		}
		c.emitAs("schema-dialect-changed", Breaking, "`$schema` now names another JSON Schema dialect, in which "+what+
			" apply where the old one ignored them; validators that follow `$schema` may reject values they accepted.", o, n, ov, nv, k("$schema"))
		return
	}
	c.emit("schema-dialect-changed", "`$schema` now names another JSON Schema dialect; no keyword this schema uses is read differently.", o, n, ov, nv, k("$schema"))
}

// startsApplying returns a keyword used anywhere in schema that applies in
// dialect rank to but not in from, or "" when there is none.
func startsApplying(schema *jsonvalue.Value, from, to int) string {
	found := ""
	walkSchemaObjects(schema, func(s *jsonvalue.Value) bool {
		for i := range s.Members {
			key := s.Members[i].Key
			if key == "$ref" && s.Members[i].Value.Kind == jsonvalue.String && hasConstraintBesideRef(s) {
				key = refSiblings
			}
			if span, ok := dialectKeywords[key]; ok && span.appliesIn(to) && !span.appliesIn(from) {
				found = key
				return false
			}
		}
		return true
	})
	return found
}

func hasConstraintBesideRef(s *jsonvalue.Value) bool {
	for i := range s.Members {
		if key := s.Members[i].Key; key != "$ref" && !annotationOnly(key) && !refAnnotation(key) {
			return true
		}
	}
	return false
}

// walkSchemaObjects calls fn for v and every schema object below it
// (definitions included, data keywords such as enum and default not), in
// document order, until fn returns false.
func walkSchemaObjects(v *jsonvalue.Value, fn func(*jsonvalue.Value) bool) bool {
	if v == nil || v.Kind != jsonvalue.Object {
		return true
	}
	if !fn(v) {
		return false
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "properties", "patternProperties", "dependentSchemas", "$defs", "definitions":
			if m.Value.Kind == jsonvalue.Object {
				for j := range m.Value.Members {
					if !walkSchemaObjects(&m.Value.Members[j].Value, fn) {
						return false
					}
				}
			}
		case "items", "prefixItems", "allOf", "anyOf", "oneOf":
			if m.Value.Kind == jsonvalue.Array {
				for j := range m.Value.Items {
					if !walkSchemaObjects(&m.Value.Items[j], fn) {
						return false
					}
				}
			} else if !walkSchemaObjects(&m.Value, fn) {
				return false
			}
		case "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames",
			"contains", "not", "if", "then", "else", "contentSchema", "additionalItems":
			if !walkSchemaObjects(&m.Value, fn) {
				return false
			}
		}
	}
	return true
}
