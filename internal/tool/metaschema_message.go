package tool

import (
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// metaMessage words the metaschema's complaints about one value (all at
// the same path) as what to write instead. The library's own texts read
// like "exclusiveMinimum: got 0, want 0" and print numbers through float64
// ("-∞" for -1e400); ours quote the value as written. Kinds the 2020-12
// metaschema cannot produce for a schema fall back to the library's text.
func metaMessage(group []metaError) string {
	name := "`" + lastSegment(group[0].path) + "`"
	var sentences []string
	add := func(s string) {
		for _, have := range sentences {
			if have == s {
				return
			}
		}
		sentences = append(sentences, s)
	}
	// Type complaints about the same value are one sentence: a value in an
	// anyOf of types fails each branch ("an object, a boolean or an array").
	var wants []string
	typeAt := -1
	for _, e := range group {
		if k, ok := e.kind.(*kind.Type); ok {
			if typeAt < 0 {
				typeAt = len(sentences)
				add("") // placeholder, filled below
			}
			for _, w := range k.Want {
				if !contains(wants, w) {
					wants = append(wants, w)
				}
			}
			continue
		}
		add(metaSentence(name, e))
	}
	if typeAt >= 0 {
		var articles []string
		for _, w := range wants {
			articles = append(articles, typeArticle(w))
		}
		got := "this value"
		if v := group[0].value; v != nil {
			got = kindArticle(v.Kind)
			if v.Kind == jsonvalue.Number && contains(wants, "integer") {
				got = v.Text // 1.5: the kind alone would not say what is wrong
			}
		}
		sentences[typeAt] = name + " must be " + joinOr(articles) + ", not " + got + "."
	}
	return strings.Join(sentences, " ")
}

func metaSentence(name string, e metaError) string {
	v := e.value
	switch k := e.kind.(type) {
	case *kind.Minimum:
		return name + " must be at least " + k.Want.RatString() + ", not " + valueForMessage(v) + "."
	case *kind.ExclusiveMinimum:
		return name + " must be greater than " + k.Want.RatString() + ", not " + valueForMessage(v) + "."
	case *kind.Maximum:
		return name + " must be at most " + k.Want.RatString() + ", not " + valueForMessage(v) + "."
	case *kind.ExclusiveMaximum:
		return name + " must be less than " + k.Want.RatString() + ", not " + valueForMessage(v) + "."
	case *kind.MinItems:
		if k.Want == 1 {
			return name + " is an empty array; give it at least one entry, or remove it."
		}
		return name + " must have at least " + strconv.Itoa(k.Want) + " entries, not " + strconv.Itoa(k.Got) + "."
	case *kind.UniqueItems:
		if v != nil && v.Kind == jsonvalue.Array && k.Duplicates[1] < len(v.Items) {
			return name + " lists " + valueForMessage(&v.Items[k.Duplicates[1]]) + " more than once; list each entry once."
		}
		return name + " lists an entry more than once; list each entry once."
	case *kind.Pattern:
		if k.Want == idPattern {
			return name + " must not carry a fragment (" + codeSpan(k.Got) + "): drop the part after `#`, and name a subschema with `$anchor` instead."
		}
		if k.Want == anchorPattern {
			return name + " must be a plain name (a letter or `_`, then letters, digits, `-`, `.` or `_`), not " + codeSpan(k.Got) + "."
		}
		return name + " must match the pattern " + codeSpan(k.Want) + ", not " + codeSpan(k.Got) + "."
	}
	return name + " is not valid JSON Schema 2020-12: " + e.msg + "."
}

// anchorPattern is the 2020-12 metaschema's pattern for `$anchor` and
// `$dynamicAnchor`.
const anchorPattern = "^[A-Za-z_][-A-Za-z0-9._]*$"

// idPattern is the 2020-12 metaschema's pattern for `$id` (no fragment).
const idPattern = "^[^#]*#?$"

// valueForMessage shows a value the way a message should name it: a
// number as written, a string in backticks, anything else by its kind.
func valueForMessage(v *jsonvalue.Value) string {
	if v == nil {
		return "this value"
	}
	switch v.Kind {
	case jsonvalue.Number:
		return v.Text
	case jsonvalue.String:
		return codeSpan(v.Text)
	}
	return kindArticle(v.Kind)
}

func typeArticle(t string) string {
	switch t {
	case "object", "array":
		return "an " + t
	case "integer":
		return "a whole number"
	case "null":
		return "null"
	}
	return "a " + t
}

func joinOr(items []string) string {
	switch len(items) {
	case 0:
		return "something else"
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
