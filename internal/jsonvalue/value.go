// Package jsonvalue is an exact, ordered JSON document model: object keys keep
// the order they were written in, numbers keep their literal text (so
// 18446744073709551615 is never rounded), and every value and key remembers
// its byte span in the source so that findings can point at it.
package jsonvalue

// Kind is the JSON type of a Value.
type Kind uint8

// The JSON kinds. The zero Kind is "absent" so that a missing value is
// distinguishable from JSON null.
const (
	Absent Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "absent"
}

// Value is one JSON value. Start and End are byte offsets into the source
// (End exclusive); values built in memory have both zero.
type Value struct {
	Kind  Kind
	Start int32
	End   int32
	// Text is the decoded string for String, the literal text for Number,
	// and "true"/"false" for Bool.
	Text    string
	Items   []Value  // Array elements
	Members []Member // Object members, in document order
}

// Member is one key/value pair of an object.
type Member struct {
	Key      string
	KeyStart int32
	KeyEnd   int32
	Value    Value
}

// Get returns the member value for key, or nil when v is not an object or
// has no such key.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// Member returns the member for key, or nil.
func (v *Value) Member(key string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	return nil
}

// Has reports whether the object v has key (with any value, null included).
func (v *Value) Has(key string) bool { return v.Get(key) != nil }

// IsObject reports whether v is a JSON object.
func (v *Value) IsObject() bool { return v != nil && v.Kind == Object }

// IsArray reports whether v is a JSON array.
func (v *Value) IsArray() bool { return v != nil && v.Kind == Array }

// IsString reports whether v is a JSON string.
func (v *Value) IsString() bool { return v != nil && v.Kind == String }

// IsNumber reports whether v is a JSON number.
func (v *Value) IsNumber() bool { return v != nil && v.Kind == Number }

// IsBool reports whether v is a JSON boolean.
func (v *Value) IsBool() bool { return v != nil && v.Kind == Bool }

// IsTrue reports whether v is the literal true.
func (v *Value) IsTrue() bool { return v != nil && v.Kind == Bool && v.Text == "true" }

// IsFalse reports whether v is the literal false.
func (v *Value) IsFalse() bool { return v != nil && v.Kind == Bool && v.Text == "false" }

// Keys returns the object's keys in document order.
func (v *Value) Keys() []string {
	if v == nil || v.Kind != Object {
		return nil
	}
	keys := make([]string, len(v.Members))
	for i := range v.Members {
		keys[i] = v.Members[i].Key
	}
	return keys
}

// Constructors for values built in memory (tests, synthesized defaults).

// NewString returns a string value.
func NewString(s string) Value { return Value{Kind: String, Text: s} }

// NewNumber returns a number value from its literal text.
func NewNumber(lit string) Value { return Value{Kind: Number, Text: lit} }

// NewBool returns a boolean value.
func NewBool(b bool) Value {
	if b {
		return Value{Kind: Bool, Text: "true"}
	}
	return Value{Kind: Bool, Text: "false"}
}

// NewNull returns JSON null.
func NewNull() Value { return Value{Kind: Null} }

// NewArray returns an array value.
func NewArray(items ...Value) Value { return Value{Kind: Array, Items: items} }

// NewObject returns an object value.
func NewObject(members ...Member) Value { return Value{Kind: Object, Members: members} }
