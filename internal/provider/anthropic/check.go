package anthropic

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Check reports what Anthropic's default tool use would do with t, in the
// canonical order.
func Check(t *tool.Tool) []provider.Diagnostic {
	e := provider.NewEmitter(t, ID)
	emit := func(rule int, path, message, arg string) { e.Emit(&Rules[rule], path, message, arg) }

	if !ValidToolName(t.Name) {
		emit(ruleInvalidToolName, "name", ToolNameMessage(t.Name), "")
	}
	if MissingDescription(t) {
		emit(ruleMissingDescription, "description", DescriptionMessage, "")
	}
	root := t.InputSchema()
	switch RootType(root) {
	case RootTypeMissing:
		emit(ruleMissingRootType, "inputSchema.type", MissingRootTypeMessage, "")
	case RootTypeNotObject:
		emit(ruleRootNotObject, "inputSchema.type", RootNotObjectMessage(root), "")
	}
	if constrainsArguments(root) {
		emit(ruleSchemaNotEnforced, provider.RootPath, "Anthropic's default tool use shows this schema to the model but does not validate arguments against it; check them in your handler, or send the tool with strict: true (see the anthropic-strict target).", "")
	}

	// One pass over each subschema's keys; the emission order does not
	// matter, as the output is sorted and no two findings share a path.
	emitAt := func(rule int, at provider.Place, message string) { e.EmitAt(&Rules[rule], at, message, "") }
	provider.WalkFrom(root, e.Cursor(), func(s *jsonvalue.Value, at *provider.Cursor) {
		for i := range s.Members {
			m := &s.Members[i]
			kw, v := m.Key, &m.Value
			switch {
			case IsNeverEnforced(kw):
				emitAt(ruleConstraintNotEnforced, at.MemberPlace(s, m), neverEnforcedMessage.For(kw))
			case IsUndocumented(kw):
				emitAt(ruleKeywordNotDocumented, at.MemberPlace(s, m), undocumentedMessage.For(kw))
			case kw == "minItems":
				if v.Kind == jsonvalue.Number && !SupportedMinItems(v) {
					emitAt(ruleConstraintNotEnforced, at.MemberPlace(s, m), minItemsMessage.For(v.Text))
				}
			case kw == "additionalProperties":
				// true constrains nothing, and false has no typed map to
				// ignore: only a schema here is a constraint left unchecked.
				if !v.IsFalse() && !v.IsTrue() {
					emitAt(ruleConstraintNotEnforced, at.MemberPlace(s, m), "Anthropic's default tool use does not validate arguments, so the model reads this typed map as a hint only. Compiling keeps it; check extra keys in your handler, or use strict tool use (which accepts only `additionalProperties: false`).")
				}
			case kw == "enum":
				if HasNonPrimitive(v) {
					emitAt(ruleEnumNonPrimitive, at.MemberPlace(s, m), "Anthropic documents enums of strings, numbers, booleans and null only; this one has an object or array member. Use primitive values.")
				}
			case kw == "format":
				if IsUndocumentedFormat(v) {
					emitAt(ruleUndocumentedFormat, at.MemberPlace(s, m), formatMessage.For(v.Text))
				}
			case kw == "$ref":
				if IsExternalRef(v) {
					emitAt(ruleExternalRef, at.MemberPlace(s, m), "`$ref` points outside this schema ("+v.Text+"); nothing resolves it, so the model sees only the reference. Inline the referenced schema.")
				}
			}
		}
	})
	return e.Finish()
}

// Messages that depend on a keyword (or a number, a format) alone,
// interned: they recur by the hundred thousand across a large corpus.
var (
	neverEnforcedMessage = provider.NewPhrase(func(kw string) string {
		return "Anthropic never enforces `" + kw + "`; the model only reads it as a hint, so check it in your handler."
	})
	undocumentedMessage = provider.NewPhrase(func(kw string) string {
		return "Anthropic does not document `" + kw + "` either way; it is passed to the model unenforced, so check it in your handler."
	})
	minItemsMessage = provider.NewPhrase(func(n string) string {
		return "Anthropic enforces `minItems` only for 0 and 1; `minItems: " + n + "` is a hint to the model, so check it in your handler."
	})
	formatMessage = provider.NewPhrase(func(format string) string {
		return "`format: " + jsonvalue.Quote(format) + "` is not one of Anthropic's documented formats; the model only reads it as a hint, so validate the value in your handler."
	})
)

// constrainsArguments: the root declares at least one property or required
// name, so there is something default tool use leaves unenforced.
func constrainsArguments(root *jsonvalue.Value) bool {
	if p := root.Get("properties"); p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0 {
		return true
	}
	r := root.Get("required")
	return r != nil && r.Kind == jsonvalue.Array && len(r.Items) > 0
}

// ValidToolName reports whether name matches ^[a-zA-Z0-9_-]{1,64}$.
func ValidToolName(name string) bool {
	return len(name) <= 64 && provider.IsASCIIWord(name, "_-")
}

// ToolNameMessage explains why name is rejected.
func ToolNameMessage(name string) string {
	if n := provider.UTF16Len(name); n > 64 && provider.IsASCIIWord(name, "_-") {
		return "Tool name is " + strconv.Itoa(n) + " characters long; Anthropic allows 64. Shorten it."
	}
	return "Tool name " + jsonvalue.Quote(name) + " is rejected by Anthropic; use 1 to 64 letters, digits, `_` or `-`."
}

// MissingDescription: the description is absent or blank after trimming.
func MissingDescription(t *tool.Tool) bool {
	d, ok := t.Description()
	return !ok || provider.IsBlank(d)
}

// DescriptionMessage is the message of missing-tool-description.
const DescriptionMessage = "The tool has no description, the main thing Claude uses to decide when to call it; add a few sentences."

// MissingRootTypeMessage is the message of missing-input-schema-type.
const MissingRootTypeMessage = "The root schema declares no type; Anthropic requires `\"type\": \"object\"` there. Add it."

// RootNotObjectMessage is the message of input-schema-not-object.
func RootNotObjectMessage(root *jsonvalue.Value) string {
	var buf [4]string
	return "The root schema declares type " + strings.Join(provider.SchemaTypes(root, buf[:0]), " | ") +
		"; Anthropic accepts only `\"type\": \"object\"`. Put the arguments in an object."
}

// RootTypeProblem is what is wrong with the root type, if anything.
type RootTypeProblem int

// Root type verdicts.
const (
	RootTypeOK RootTypeProblem = iota
	RootTypeMissing
	RootTypeNotObject
)

// RootType judges the root schema's type: none declared, or not exactly
// ["object"] (["object","null"] is not an object root).
func RootType(root *jsonvalue.Value) RootTypeProblem {
	var buf [4]string
	types := provider.SchemaTypes(root, buf[:0])
	switch {
	case len(types) == 0:
		return RootTypeMissing
	case len(types) == 1 && types[0] == "object":
		return RootTypeOK
	}
	return RootTypeNotObject
}

// SupportedMinItems reports whether the number v is 0 or 1, the only
// minItems values Anthropic supports.
func SupportedMinItems(v *jsonvalue.Value) bool {
	return provider.NumberEquals(v, "0") || provider.NumberEquals(v, "1")
}

// HasNonPrimitive reports an enum array with an object or array member.
func HasNonPrimitive(enum *jsonvalue.Value) bool {
	if enum.Kind != jsonvalue.Array {
		return false
	}
	for i := range enum.Items {
		if k := enum.Items[i].Kind; k == jsonvalue.Object || k == jsonvalue.Array {
			return true
		}
	}
	return false
}

// IsUndocumentedFormat reports a string format outside DocumentedFormats.
func IsUndocumentedFormat(format *jsonvalue.Value) bool {
	return format.Kind == jsonvalue.String && !documentedFormatTable.Get(format.Text)
}

// IsExternalRef reports a string $ref that does not start with '#'.
func IsExternalRef(ref *jsonvalue.Value) bool {
	return ref.Kind == jsonvalue.String && !strings.HasPrefix(ref.Text, "#")
}
