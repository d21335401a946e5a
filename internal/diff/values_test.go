package diff

import "testing"

func TestValuesFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"enum reorder", obj(`{"enum":["a","b"]}`), obj(`{"enum":["b","a"]}`), nil},
		{"enum and const both sides, same allowed set", obj(`{"enum":["a","b"],"const":"a"}`), obj(`{"const":"a"}`), nil},
		{"enum narrowed to a const", obj(`{"enum":["a","b"]}`), obj(`{"const":"a"}`), []want{{"enum-narrowed", Breaking, p + ".enum"}}},
		{"malformed enum", obj(`{"enum":"a"}`), obj(`{"enum":["a"]}`), []want{{"keyword-changed", Breaking, p + ".enum"}}},
		{"const object key order", obj(`{"const":{"a":1,"b":2}}`), obj(`{"const":{"b":2,"a":1.00}}`), nil},
		{"both gained and lost", obj(`{"enum":[1,2]}`), obj(`{"enum":[2,3]}`),
			[]want{{"enum-narrowed", Breaking, p + ".enum"}, {"enum-expanded", NonBreaking, p + ".enum"}}},
	})
}
