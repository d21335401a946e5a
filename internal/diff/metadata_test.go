package diff

import "testing"

func TestMetadataFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"deprecated false equals absent", obj(`{"deprecated":false}`), obj(`{}`), nil},
		{"default null equals absent", obj(`{"default":null}`), obj(`{}`), nil},
		{"format null to date", obj(`{"format":null}`), obj(`{"format":"date"}`), []want{{"format-changed", Informational, p + ".format"}}},
		{"nullable malformed", obj(`{"nullable":"yes"}`), obj(`{}`), []want{{"keyword-changed", Breaking, p + ".nullable"}}},
		// Not an annotation for us: the server decodes by it (TestContentKeywordsAreNotAnnotations).
		{"contentMediaType", obj(`{"contentMediaType":"text/plain"}`), obj(`{"contentMediaType":"text/html"}`), []want{{"keyword-changed", Breaking, p + ".contentMediaType"}}},
	})
}

func TestIgnoreDescriptions(t *testing.T) {
	o := schemaTool(t, "o.json", obj(`{"description":"a","title":"t","format":"date"}`))
	n := schemaTool(t, "n.json", obj(`{"description":"b","title":"u","format":"time"}`))
	checkChanges(t, Tools(o, n, Options{IgnoreDescriptions: true}), want{"format-changed", Informational, p + ".format"})
	checkChanges(t, Tools(o, n, Options{}),
		want{"description-changed", Informational, p + ".description"},
		want{"format-changed", Informational, p + ".format"},
		want{"title-changed", Informational, p + ".title"})
}
