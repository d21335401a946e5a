package diff

import "testing"

func TestUnknownKeywordsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"unknown added", obj(`{}`), obj(`{"additionalItems":false}`), []want{{"keyword-changed", Breaking, p + ".additionalItems"}}},
		{"unknown equal as JSON values", obj(`{"foo":{"a":1,"b":2}}`), obj(`{"foo":{"b":2,"a":1}}`), nil},
		{"extension removed", obj(`{"x-a":1}`), obj(`{}`), []want{{"extension-changed", Informational, p + `["x-a"]`}}},
		{"$schema 2020-12 equals absent", `{"type":"object"}`, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}`, nil},
		{"$schema dialect changed", `{"type":"object"}`, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`,
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		{"$id changed", obj(`{"$id":"a"}`), obj(`{"$id":"b"}`), []want{{"keyword-changed", Breaking, p + ".$id"}}},
	})
}
