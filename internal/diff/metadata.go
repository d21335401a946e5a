package diff

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/hidden"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// metadata classifies description, title, default, examples, format and
// nullable (SchemaPort's metadata pass), then the annotations SchemaPort
// never compares: deprecated, readOnly, writeOnly and $comment (README 11's
// informational list). None of them changes which values validate, except
// nullable.
//
// format stays informational, as SchemaPort classifies it (diff-rules.md
// §5.13; README 11-15 do not change it): JSON Schema 2020-12 makes format an
// annotation unless a validator opts in, and the providers' strict modes use
// it to steer generation, not to reject arguments.
func (c *comparer) metadata(o, n *node) {
	c.prose(o, n, kwDescription, "description", "description-changed", "The description changed.")
	c.prose(o, n, kwTitle, "title", "title-changed", "The title changed.")
	if ov, nv := o.get(kwDefault), n.get(kwDefault); !equalNullAbsent(ov, nv) {
		c.emit("default-changed", "The default value changed; callers relying on it get a different value.", o, n, ov, nv, k("default"))
	}
	if ov, nv := o.get(kwExamples), n.get(kwExamples); !equalNullAbsent(ov, nv) {
		c.emit("examples-changed", "The examples changed.", o, n, ov, nv, k("examples"))
	}
	if ov, nv := o.get(kwFormat), n.get(kwFormat); !strictEqual(ov, nv) {
		c.emit("format-changed", "`format` changed from "+formatName(ov)+" to "+formatName(nv)+"; providers treat format as a hint, check callers that rely on it.", o, n, ov, nv, k("format"))
	}
	c.nullable(o, n)
	// contentSchema constrains the decoded content: compared at full depth;
	// appearing or going away cannot be proven safe (see annotationOnly).
	c.slot(o, n, kwContentSchema, "contentSchema", slotRules{added: "keyword-changed", removed: "keyword-changed", trivial: true})
	for _, a := range []struct {
		id  kw
		key string
	}{
		{kwDeprecated, "deprecated"}, {kwReadOnly, "readOnly"}, {kwWriteOnly, "writeOnly"},
		{kwComment, "$comment"},
	} {
		ov, nv := o.get(a.id), n.get(a.id)
		if a.id == kwDeprecated || a.id == kwReadOnly || a.id == kwWriteOnly {
			// Absent equals false.
			if (ov == nil || ov.IsFalse()) && (nv == nil || nv.IsFalse()) {
				continue
			}
		}
		if !jsonvalue.Equal(ov, nv) {
			c.emit("annotation-changed", "Annotation `"+a.key+"` changed.", o, n, ov, nv, k(a.key))
		}
	}
}

func (c *comparer) prose(o, n *node, id kw, key, code, msg string) {
	if ov, nv := o.get(id), n.get(id); !strictEqual(ov, nv) {
		if added, ok := hiddenAdded(ov, nv); ok {
			c.emit(hiddenAddedCode, "The "+key+" now has "+added+hiddenAddedTail, o, n, ov, nv, k(key))
			return
		}
		c.emit(code, msg, o, n, ov, nv, k(key))
	}
}

// hiddenAddedCode replaces description-changed, title-changed and
// tool-description-changed when the new text has more hidden characters
// (internal/hidden) than the old: text a reviewer of the pull request does
// not see but the model reads is how tool poisoning hides instructions,
// so it is breaking and --ignore-descriptions does not drop it.
const hiddenAddedCode = "hidden-characters-added"

const hiddenAddedTail = ", which the model reads and a reviewer does not see; remove them, or write visibly what they stand for."

// hiddenAdded reports whether the string nv has more hidden characters
// than ov (absent or not a string: none), saying which ones nv has.
func hiddenAdded(ov, nv *jsonvalue.Value) (string, bool) {
	if nv == nil || nv.Kind != jsonvalue.String {
		return "", false
	}
	cs := hidden.Find(nv.Text)
	before := 0
	if ov != nil && ov.Kind == jsonvalue.String {
		before = hidden.Count(ov.Text)
	}
	if len(cs) <= before {
		return "", false
	}
	n := strconv.Itoa(len(cs)) + " hidden characters ("
	if len(cs) == 1 {
		n = "1 hidden character ("
	}
	if before > 0 {
		n = strconv.Itoa(len(cs)) + " hidden characters (" + strconv.Itoa(before) + " before: "
	}
	return n + hidden.Describe(cs) + ")", true
}

// nullable (OpenAPI 3.0): absent equals false.
func (c *comparer) nullable(o, n *node) {
	ov, nv := o.get(kwNullable), n.get(kwNullable)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Bool) || (nv != nil && nv.Kind != jsonvalue.Bool) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "nullable", ov, nv)
		}
		return
	}
	was, is := ov.IsTrue(), nv.IsTrue()
	switch {
	case was == is:
	case is:
		c.emit("nullable-added", "The value may now be null.", o, n, ov, nv, k("nullable"))
	default:
		c.emit("nullable-removed", "The value may no longer be null; callers sending null will be rejected. To stay compatible, keep accepting null and treat it as absent in your handler.", o, n, ov, nv, k("nullable"))
	}
}

// strictEqual compares scalar metadata: strings by text, anything else as a
// JSON value (an object-valued description equal on both sides is no change).
func strictEqual(a, b *jsonvalue.Value) bool { return jsonvalue.Equal(a, b) }

// equalNullAbsent is JSON equality where absent equals null (SchemaPort's
// rule for default and examples).
func equalNullAbsent(a, b *jsonvalue.Value) bool {
	null := jsonvalue.NewNull()
	if a == nil {
		a = &null
	}
	if b == nil {
		b = &null
	}
	return jsonvalue.Equal(a, b)
}

func formatName(v *jsonvalue.Value) string {
	if v == nil || v.Kind == jsonvalue.Null {
		return "(none)"
	}
	if v.Kind == jsonvalue.String {
		return v.Text
	}
	return jsonvalue.Encode(v, "")
}
