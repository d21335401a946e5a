package diff

import "testing"

func TestCompareUTF16(t *testing.T) {
	// U+1F600 is a surrogate pair (D83D DE00): it sorts before U+E000..U+FFFF
	// in UTF-16 although its UTF-8 bytes sort after them.
	ordered := []string{"", "$", ".", "0", "A", "[", "_", "a", "a.b", "ab", "\U0001F600", "\uE000", "\uFFFF"}
	for i := range ordered {
		for j := range ordered {
			got := compareUTF16(ordered[i], ordered[j])
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if sign(got) != want {
				t.Errorf("compareUTF16(%q, %q) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
	if compareUTF16("a\xff", "a\xfe") <= 0 {
		t.Error("invalid UTF-8 falls back to bytes")
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func TestSortOrder(t *testing.T) {
	changes := []Change{
		{ToolName: "b", Classification: Breaking, Path: "x", Code: "a"},
		{ToolName: "a", Classification: Informational, Path: "a", Code: "a"},
		{ToolName: "a", Classification: Breaking, Path: `inputSchema.properties["unit-price"]`, Code: "b"},
		{ToolName: "a", Classification: Breaking, Path: "inputSchema.properties.v2", Code: "b"},
		{ToolName: "a", Classification: Breaking, Path: "inputSchema.required", Code: "z", Message: "first"},
		{ToolName: "a", Classification: Breaking, Path: "inputSchema.required", Code: "z", Message: "second"},
		{ToolName: "a", Classification: NonBreaking, Path: "a", Code: "a"},
	}
	got := summarize(append([]Change(nil), changes...)).Changes
	order := []int{3, 2, 4, 5, 6, 1, 0}
	for i, k := range order {
		if got[i] != changes[k] {
			t.Fatalf("position %d: got %+v, want %+v", i, got[i], changes[k])
		}
	}
}
