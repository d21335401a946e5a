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

// Hidden characters added to a description or title are breaking, also
// under --ignore-descriptions; fewer of them, or the same ones reworded
// around, are the ordinary informational change.
func TestHiddenCharactersAdded(t *testing.T) {
	o := schemaTool(t, "o.json", obj(`{"description":"a\u200b","title":"t"}`))
	n := schemaTool(t, "n.json", obj(`{"description":"b\u200b\u200b","title":"u\udb40\udc41"}`))
	for _, opts := range []Options{{}, {IgnoreDescriptions: true}} {
		got := Tools(o, n, opts)
		checkChanges(t, got,
			want{"hidden-characters-added", Breaking, p + ".description"},
			want{"hidden-characters-added", Breaking, p + ".title"})
		if len(got) == 2 && got[0].Message != "The description now has 2 hidden characters (1 before: 2 × U+200B ZERO WIDTH SPACE), which the model reads and a reviewer does not see; remove them, or write visibly what they stand for." {
			t.Errorf("message %q", got[0].Message)
		}
	}
	back := Tools(n, o, Options{})
	checkChanges(t, back,
		want{"description-changed", Informational, p + ".description"},
		want{"title-changed", Informational, p + ".title"})
	same := schemaTool(t, "s.json", obj(`{"description":"c\u200b","title":"t"}`))
	checkChanges(t, Tools(o, same, Options{}), want{"description-changed", Informational, p + ".description"})
}

func TestToolDescriptionHiddenCharactersAdded(t *testing.T) {
	old := parseTools(t, "old.json", `[{"name":"a","description":"Sends mail.","inputSchema":{"type":"object"}}]`)
	new := parseTools(t, "new.json", `[{"name":"a","description":"Sends mail.\udb40\udc49\udb40\udc67","inputSchema":{"type":"object"}}]`)
	for _, opts := range []Options{{}, {IgnoreDescriptions: true}} {
		res := ToolSets(old, new, opts)
		checkChanges(t, res.Changes, want{"hidden-characters-added", Breaking, "description"})
		if res.Summary.Breaking != 1 {
			t.Errorf("summary %+v", res.Summary)
		}
	}
	// A rename that adds them is still a rename, and says so.
	renamed := parseTools(t, "new.json", `[{"name":"b","description":"Sends mail.","inputSchema":{"type":"object","description":"x\u2066"}}]`)
	checkChanges(t, ToolSets(old, renamed, Options{}).Changes,
		want{"hidden-characters-added", Breaking, "inputSchema.description"},
		want{"tool-renamed", Breaking, "name"})
}
