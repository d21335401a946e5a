package compile

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

func TestNumberText(t *testing.T) {
	for lit, want := range map[string]string{
		"1": "1", "1.0": "1", "1.50": "1.5", "1E3": "1000", "1e21": "1e+21", "0.1": "0.1", "-0": "0",
		"0.0000001": "1e-7", "123456789012345678": "123456789012345678", "18446744073709551615": "18446744073709551615",
		"1e-7": "1e-7", "100": "100", "-2.5e2": "-250", "0.000001": "0.000001", "1.7976931348623157e308": "1.7976931348623157e+308",
		"1e400": "1e400", "9007199254740993": "9007199254740993", "12345678901234567890123": "12345678901234567890123",
	} {
		if got := NumberText(lit); got != want {
			t.Errorf("NumberText(%s) = %s, want %s", lit, got, want)
		}
	}
}

func TestEncodeLikeJSONStringify(t *testing.T) {
	v, err := jsonvalue.Parse([]byte(`{"a":"<&>/\u2028\u2029\u007f","b":"\u0001\b\t\n\f\r\"\\","c":[],"d":{},"e":[1.0,{"f":null,"g":true}],"ü":"é"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": \"<&>/\u2028\u2029\u007f\",\n  \"b\": \"\\u0001\\b\\t\\n\\f\\r\\\"\\\\\",\n  \"c\": [],\n  \"d\": {},\n  \"e\": [\n    1,\n    {\n      \"f\": null,\n      \"g\": true\n    }\n  ],\n  \"ü\": \"é\"\n}\n"
	if got := string(Encode(v)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestFileBase(t *testing.T) {
	for name, want := range map[string]string{
		"refund_order": "refund-order", "Refund_Order": "refund-order", "a__b  c": "a-b-c", "__x__": "x",
		"billing.refund/order:v2": "billing.refund-order-v2", "ÜberTool": "bertool", "x.json": "x.json",
		"..": "..", "___": "", "a\u00a0b": "a-b", "a\\b": "a-b",
	} {
		if got := FileBase(name); got != want {
			t.Errorf("FileBase(%q) = %q, want %q", name, got, want)
		}
	}
}
