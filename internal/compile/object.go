package compile

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// object is an output object under construction: a later set of a key
// replaces its value in place.
type object struct{ members []jsonvalue.Member }

func (o *object) set(key string, v jsonvalue.Value) {
	for i := range o.members {
		if o.members[i].Key == key {
			o.members[i].Value = v
			return
		}
	}
	o.members = append(o.members, jsonvalue.Member{Key: key, Value: v})
}

func (o *object) get(key string) *jsonvalue.Value {
	for i := range o.members {
		if o.members[i].Key == key {
			return &o.members[i].Value
		}
	}
	return nil
}

func (o *object) del(key string) {
	o.members = slices.DeleteFunc(o.members, func(m jsonvalue.Member) bool { return m.Key == key })
}

// value returns the object with the keys of order first, in that order,
// then every other key as inserted.
func (o *object) value(order []string) jsonvalue.Value {
	out := make([]jsonvalue.Member, 0, len(o.members))
	for _, k := range order {
		if v := o.get(k); v != nil {
			out = append(out, jsonvalue.Member{Key: k, Value: *v})
		}
	}
	for _, m := range o.members {
		if !slices.Contains(order, m.Key) {
			out = append(out, m)
		}
	}
	return jsonvalue.Value{Kind: jsonvalue.Object, Members: out}
}

func member(key string, v jsonvalue.Value) jsonvalue.Member {
	return jsonvalue.Member{Key: key, Value: v}
}

func str(s string) jsonvalue.Value { return jsonvalue.NewString(s) }

func emptyObject() jsonvalue.Value { return jsonvalue.Value{Kind: jsonvalue.Object} }

func isObj(v *jsonvalue.Value) bool { return v != nil && v.Kind == jsonvalue.Object }

func isArr(v *jsonvalue.Value) bool { return v != nil && v.Kind == jsonvalue.Array }

// clone deep-copies v, dropping source positions (the output is a new
// document) so nothing shares memory with the loaded tool.
func clone(v *jsonvalue.Value) jsonvalue.Value {
	out := jsonvalue.Value{Kind: v.Kind, Text: v.Text}
	if v.Items != nil {
		out.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			out.Items[i] = clone(&v.Items[i])
		}
	}
	if v.Members != nil {
		out.Members = make([]jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			out.Members[i] = jsonvalue.Member{Key: v.Members[i].Key, Value: clone(&v.Members[i].Value)}
		}
	}
	return out
}
