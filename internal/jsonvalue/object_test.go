package jsonvalue

import "testing"

func TestWithoutAndOverlay(t *testing.T) {
	parse := func(s string) *Value {
		v, err := Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	base := parse(`{"a":1,"b":2,"c":3}`)
	if got := Encode(Without(base, "b", "x"), ""); got != `{"a":1,"c":3}` {
		t.Errorf("Without = %s", got)
	}
	if got := Encode(Overlay(base, parse(`{"d":4,"b":20}`)), ""); got != `{"a":1,"b":20,"c":3,"d":4}` {
		t.Errorf("Overlay = %s", got)
	}
	if got := Encode(base, ""); got != `{"a":1,"b":2,"c":3}` {
		t.Errorf("base changed: %s", got)
	}
}
