package diff

// Code describes one change code: a stable id, the classification it gets
// unless its context says otherwise, and what triggers it. Contexts that
// change a class: inside not, if, oneOf branches and a contains capped by
// maxContains, a relaxation can still reject values, so it is breaking; a
// removal that hands values to a closed unevaluatedProperties/Items is
// breaking (unevaluated.go); an optional property declared where a
// constraining additionalProperties schema used to admit that name is
// breaking unless it accepts at least as much; an edit inside a definition
// no $ref reaches is at most informational, unless a reference the engine
// does not follow ($dynamicRef) might reach it. Before comparing, an allOf
// (and a single-branch anyOf/oneOf) and an anyOf/oneOf of single types are
// read as the schema they amount to when the other side does not use that
// keyword (normalize.go, merge.go), a not with a positive spelling as that
// (negation.go), and spellings of "no constraint" or "nothing" as each
// other (equiv.go). Where accepting more can only hide a widening, the
// old side may be read wider than written: additionalProperties and
// properties written apart as if side by side (merge.go, widensOnly).
// Number ranges united by anyOf/oneOf are compared as sets (numunion.go);
// a keyword moved to or from beside a $ref whose target's keywords read
// it, or that it reads, is keyword-regrouped-with-ref (regroup.go).
// A pair whose old schema accepts nothing (unsat.go),
// and an old union whose every branch the new schema covers (subsume.go),
// are not breaking.
type Code struct {
	ID      string
	Class   string
	Trigger string
	// Ours marks codes SchemaPort 0.1.0 does not have.
	Ours bool
}

// Codes is every code the engine can emit, SchemaPort's 45 first (in the
// order of its catalogue), then ours.
var Codes = []Code{
	// Tool level.
	{ID: "tool-removed", Class: Breaking, Trigger: "a tool name is gone from the new set and no added tool has an equivalent schema"},
	{ID: "tool-added", Class: NonBreaking, Trigger: "a tool name is new and no removed tool has an equivalent schema"},
	{ID: "tool-renamed", Class: Breaking, Trigger: "a removed and an added tool have schemas that differ at most informationally"},
	{ID: "tool-description-changed", Class: Informational, Trigger: "the tool description differs (absent vs \"\" counts)"},
	// Unresolvable references.
	{ID: "ref-added", Class: Breaking, Trigger: "a $ref that cannot be followed appears where the old schema had none"},
	{ID: "ref-removed", Class: Breaking, Trigger: "a $ref that could not be followed is gone"},
	{ID: "ref-changed", Class: Breaking, Trigger: "an unfollowable $ref names a different target"},
	// Types.
	{ID: "type-widened", Class: NonBreaking, Trigger: "the new type set covers the old one (integer is covered by number), or type was removed"},
	{ID: "type-narrowed", Class: Breaking, Trigger: "the old type set covers the new one, or type was added"},
	{ID: "type-changed", Class: Breaking, Trigger: "neither type set covers the other"},
	// Enum and const (compared as JSON values; const x equals enum [x]).
	{ID: "enum-added", Class: Breaking, Trigger: "an enum now restricts the value"},
	{ID: "enum-removed", Class: NonBreaking, Trigger: "the enum is gone"},
	{ID: "enum-narrowed", Class: Breaking, Trigger: "an allowed value is gone"},
	{ID: "enum-expanded", Class: NonBreaking, Trigger: "a value is newly allowed"},
	{ID: "const-added", Class: Breaking, Trigger: "const added (null included)"},
	{ID: "const-removed", Class: NonBreaking, Trigger: "const removed"},
	{ID: "const-changed", Class: Breaking, Trigger: "const now a different JSON value"},
	// Bounds, multipleOf, uniqueItems (exact arithmetic, absent equals the default).
	{ID: "constraint-added", Class: Breaking, Trigger: "a bound, multipleOf or uniqueItems: true appears"},
	{ID: "constraint-removed", Class: NonBreaking, Trigger: "a bound or multipleOf is gone, or uniqueItems is turned off"},
	{ID: "constraint-narrowed", Class: Breaking, Trigger: "a lower bound rose, an upper bound fell, or multipleOf no longer divides the old one"},
	{ID: "constraint-relaxed", Class: NonBreaking, Trigger: "a lower bound fell, an upper bound rose, or the new multipleOf divides the old one"},
	// Pattern.
	{ID: "pattern-added", Class: Breaking, Trigger: "pattern added"},
	{ID: "pattern-removed", Class: NonBreaking, Trigger: "pattern removed"},
	{ID: "pattern-changed", Class: Breaking, Trigger: "pattern text differs"},
	// Arrays.
	{ID: "array-items-added", Class: Breaking, Trigger: "items now constrains elements"},
	{ID: "array-items-removed", Class: NonBreaking, Trigger: "items no longer constrains elements"},
	// Objects.
	{ID: "property-removed", Class: Breaking, Trigger: "a declared property is gone (non-breaking where the object still accepts every value it accepted as an undeclared property)"},
	{ID: "required-property-added", Class: Breaking, Trigger: "a newly declared property is required"},
	{ID: "optional-property-added", Class: NonBreaking, Trigger: "a newly declared property is optional (breaking where an additionalProperties schema admitted that name and the new schema accepts less)"},
	{ID: "property-made-required", Class: Breaking, Trigger: "an existing property joined required (path <p>.required)"},
	{ID: "property-made-optional", Class: NonBreaking, Trigger: "a property left required (path <p>.required)"},
	{ID: "additional-properties-restricted", Class: Breaking, Trigger: "additionalProperties became false, or a constraining schema replaced an open one"},
	{ID: "additional-properties-relaxed", Class: NonBreaking, Trigger: "additionalProperties opened up"},
	// Composition.
	{ID: "composition-added", Class: Breaking, Trigger: "anyOf/oneOf/allOf added"},
	{ID: "composition-removed", Class: NonBreaking, Trigger: "anyOf/oneOf/allOf removed (also an old anyOf/oneOf each of whose branches, with the keywords beside it, the new schema is proven to accept)"},
	{ID: "composition-widened", Class: NonBreaking, Trigger: "an anyOf branch added, an allOf branch removed, an anyOf/oneOf branch removed that another branch is proven to cover (for oneOf, alone), number ranges an anyOf/oneOf unites now covering every number they did, or additionalProperties and properties written apart (one in an allOf or an anyOf/oneOf branch) now side by side (reorders are no change)"},
	{ID: "composition-narrowed", Class: Breaking, Trigger: "an anyOf/oneOf branch removed that no new branch covers, a oneOf branch whose values another new branch may now match too, or an allOf branch added that the old schema did not imply"},
	{ID: "composition-changed", Class: Breaking, Trigger: "a composition keyword holds something other than a list of schemas on one side (a reorder is no change; edited branches are compared at depth)"},
	// Metadata.
	{ID: "description-changed", Class: Informational, Trigger: "description differs"},
	{ID: "title-changed", Class: Informational, Trigger: "title differs"},
	{ID: "default-changed", Class: Informational, Trigger: "default differs as a JSON value"},
	{ID: "examples-changed", Class: Informational, Trigger: "examples differ as JSON values"},
	{ID: "format-changed", Class: Informational, Trigger: "format differs"},
	{ID: "nullable-added", Class: NonBreaking, Trigger: "nullable turned on"},
	{ID: "nullable-removed", Class: Breaking, Trigger: "nullable turned off (absent equals false)"},

	// Ours.
	{ID: "keyword-changed", Class: Breaking, Trigger: "a keyword the engine does not classify was added, removed or changed, or a known keyword holds a value of the wrong shape", Ours: true},
	{ID: "annotation-changed", Class: Informational, Trigger: "deprecated, readOnly, writeOnly, $comment or example changed", Ours: true},
	{ID: "extension-changed", Class: Informational, Trigger: "an x-* extension keyword changed", Ours: true},
	{ID: "schema-closed", Class: Breaking, Trigger: "a subschema became false, rejecting everything it covers", Ours: true},
	{ID: "schema-opened", Class: NonBreaking, Trigger: "a subschema that was false accepts values now, or one whose keywords contradict (so that it accepted no value) was edited to accept some", Ours: true},
	{ID: "prefix-item-added", Class: Breaking, Trigger: "prefixItems constrains a position that was unconstrained", Ours: true},
	{ID: "prefix-item-removed", Class: NonBreaking, Trigger: "a prefixItems position is unconstrained now", Ours: true},
	{ID: "contains-added", Class: Breaking, Trigger: "contains added", Ours: true},
	{ID: "contains-removed", Class: NonBreaking, Trigger: "contains removed", Ours: true},
	{ID: "unevaluated-items-restricted", Class: Breaking, Trigger: "unevaluatedItems became false or a constraining schema", Ours: true},
	{ID: "unevaluated-items-relaxed", Class: NonBreaking, Trigger: "unevaluatedItems opened up", Ours: true},
	{ID: "unevaluated-properties-restricted", Class: Breaking, Trigger: "unevaluatedProperties became false or a constraining schema", Ours: true},
	{ID: "unevaluated-properties-relaxed", Class: NonBreaking, Trigger: "unevaluatedProperties opened up", Ours: true},
	{ID: "pattern-property-added", Class: Breaking, Trigger: "a patternProperties entry added", Ours: true},
	{ID: "pattern-property-removed", Class: NonBreaking, Trigger: "a patternProperties entry removed (breaking when extra properties are not open)", Ours: true},
	{ID: "property-names-added", Class: Breaking, Trigger: "propertyNames added", Ours: true},
	{ID: "property-names-removed", Class: NonBreaking, Trigger: "propertyNames removed", Ours: true},
	{ID: "dependent-required-added", Class: Breaking, Trigger: "a dependentRequired name added (path <p>.dependentRequired.<property>)", Ours: true},
	{ID: "dependent-required-removed", Class: NonBreaking, Trigger: "a dependentRequired name removed", Ours: true},
	{ID: "dependent-schema-added", Class: Breaking, Trigger: "a dependentSchemas entry added", Ours: true},
	{ID: "dependent-schema-removed", Class: NonBreaking, Trigger: "a dependentSchemas entry removed", Ours: true},
	{ID: "not-added", Class: Breaking, Trigger: "not added (a not of one type, bound, not or allOf is compared as the positive schema it amounts to; edits inside any other not are reported at depth, breaking unless informational)", Ours: true},
	{ID: "not-removed", Class: NonBreaking, Trigger: "not removed", Ours: true},
	{ID: "conditional-added", Class: Breaking, Trigger: "if, then or else added (edits inside if are breaking unless informational)", Ours: true},
	{ID: "conditional-removed", Class: NonBreaking, Trigger: "if, then or else removed", Ours: true},
	{ID: "one-of-branch-added", Class: Breaking, Trigger: "a oneOf branch added (path <p>.oneOf[i], after = that branch): a value may now match two branches and be rejected (non-breaking when no value can match it and another branch, or every old branch is still matched by exactly one new branch)", Ours: true},
	{ID: "definition-added", Class: Informational, Trigger: "a $defs/definitions entry no $ref reaches was added (breaking when a $dynamicRef or unresolvable $ref might reach it)", Ours: true},
	{ID: "definition-removed", Class: Informational, Trigger: "a $defs/definitions entry no $ref reaches was removed (breaking when a $dynamicRef or unresolvable $ref might have reached it)", Ours: true},
	{ID: "schema-dialect-changed", Class: Informational, Trigger: "$schema names another known JSON Schema dialect (breaking when the schema uses a keyword the new dialect applies and the old one ignored; an unknown dialect is keyword-changed)", Ours: true},
	{ID: "keyword-regrouped-with-ref", Class: Breaking, Trigger: "a keyword that reads, or is read by, keywords of a $ref's target moved between the target's schema object and the keywords written beside the $ref (which stay a separate conjunct); a keyword nothing reads and that reads nothing is no change when moved so", Ours: true},
	{ID: "schema-narrowed", Class: Breaking, Trigger: "no keyword change was found breaking, yet the validator rejects under the new schema a call the old one accepted (keywords regrouped or moved between subschemas); the change carries that call", Ours: true},
	{ID: "hidden-characters-added", Class: Breaking, Trigger: "a description or title (the tool's or a subschema's) now has more hidden characters (tag characters, zero-width characters, bidi controls, variation selectors outside emoji sequences: core/hidden-characters) than before; replaces tool-description-changed, description-changed and title-changed, and --ignore-descriptions keeps it", Ours: true},
	{ID: "schema-too-complex", Class: Breaking, Trigger: "$ref expansion exceeded the comparison budget; what was not compared cannot be proven safe", Ours: true},
}

var codeClass = func() map[string]string {
	m := make(map[string]string, len(Codes))
	for _, c := range Codes {
		m[c.ID] = c.Class
	}
	return m
}()

// DefaultClass returns a code's default classification ("" for an unknown code).
func DefaultClass(code string) string { return codeClass[code] }
