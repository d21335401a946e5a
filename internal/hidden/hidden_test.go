package hidden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

func TestEachClassIsFound(t *testing.T) {
	for _, c := range []struct {
		text string
		want rune
	}{
		{"a\u200bb", 0x200B}, {"a\u200cb", 0x200C}, {"a\u200db", 0x200D}, {"a\u200eb", 0x200E},
		{"a\u200fb", 0x200F}, {"a\u2060b", 0x2060}, {"a\ufeffb", 0xFEFF}, {"\ufeffab", 0xFEFF},
		{"a\u202ab", 0x202A}, {"a\u202eb", 0x202E}, {"a\u2066b", 0x2066}, {"a\u2069b", 0x2069},
		{"a\ufe0fb", 0xFE0F}, {"a\ufe00", 0xFE00}, {"😀\ufe00", 0xFE00}, {"漢\U000E0100", 0xE0100},
		{"x\U000E0041\U000E0042", 0xE0041}, {"\U000E0001", 0xE0001}, {"\U000E007F", 0xE007F},
		// A tag run after a black flag that is not a recommended flag.
		{"🏴\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065\U000E007F", 0xE0069},
		// A joiner between an emoji and a letter, or two letters of a script without joining.
		{"😀\u200da", 0x200D}, {"a\u200c😀", 0x200C}, {"ab\u200c", 0x200C},
	} {
		got := Find(c.text)
		if len(got) == 0 || got[0].Rune != c.want {
			t.Errorf("Find(%q) = %v, want first %U", c.text, got, c.want)
		}
		if !Contains(c.text) || Count(c.text) != len(got) {
			t.Errorf("Contains/Count disagree with Find on %q", c.text)
		}
	}
}

func TestOrdinaryTextIsClean(t *testing.T) {
	for _, s := range []string{
		"plain ASCII", "Café déjà vu, Ærøskøbing", "東京都の注文を検索します", "주문 검색", "Поиск заказов",
		"مرحبا بالعالم", "שלום", "❤️ ☺️ ✔️ ⚠️ 1️⃣ #️⃣", "👩‍💻 🧑‍🤝‍🧑 🏳️‍🌈 ❤️‍🔥 👁️‍🗨️ 🏳️‍⚧️ 👍🏽 👨🏿‍🚀",
		"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", // England
		"می‌خواهم", "क्‍ष", "🇫🇷", "©️ ™️",
	} {
		if got := Find(s); len(got) != 0 {
			t.Errorf("Find(%q) = %v, want nothing", s, got)
		}
	}
}

func TestDescribe(t *testing.T) {
	got := Describe(Find("a\u200bb\u200bc\u202ed\U000E0069\U000E0067\U000E003C\U000E0021"))
	want := `2 × U+200B ZERO WIDTH SPACE, 1 × U+202E RIGHT-TO-LEFT OVERRIDE, 4 × tag characters (U+E0000–U+E007F) spelling "ig_!"`
	if got != want {
		t.Errorf("Describe = %s\nwant       %s", got, want)
	}
	if n := Name(0xE0041); n != "TAG LATIN CAPITAL LETTER A" {
		t.Errorf("Name(U+E0041) = %q", n)
	}
	if n := Name(0xE01EF); n != "VARIATION SELECTOR-256" {
		t.Errorf("Name(U+E01EF) = %q", n)
	}
}

func TestOffsets(t *testing.T) {
	got := Find("ab\u200bé\u202e")
	if len(got) != 2 || got[0].Offset != 2 || got[1].Offset != 7 {
		t.Errorf("offsets: %v", got)
	}
}

// TestRealWorldToolsAreClean reads every string and key of the real tool
// sets beside the repository (../shared/realworld, third-party data read in
// place; skipped when absent) and of the repository's testdata, and
// expects no hidden character.
func TestRealWorldToolsAreClean(t *testing.T) {
	for _, dir := range []string{filepath.Join("..", "..", "..", "shared", "realworld"), filepath.Join("..", "..", "testdata")} {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: absent, skipped", dir)
			continue
		}
		scanTree(t, dir)
	}
}

func scanTree(t *testing.T, dir string) {
	files, strs := 0, 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		v, err := jsonvalue.Parse(data)
		if err != nil {
			return nil // load errors are the loader's tests' business
		}
		files++
		var walk func(v *jsonvalue.Value)
		walk = func(v *jsonvalue.Value) {
			switch v.Kind {
			case jsonvalue.String:
				strs++
				if cs := Find(v.Text); len(cs) > 0 {
					t.Errorf("%s: %s in %q", path, Describe(cs), v.Text)
				}
			case jsonvalue.Array:
				for i := range v.Items {
					walk(&v.Items[i])
				}
			case jsonvalue.Object:
				for i := range v.Members {
					if cs := Find(v.Members[i].Key); len(cs) > 0 {
						t.Errorf("%s: key %q: %s", path, v.Members[i].Key, Describe(cs))
					}
					walk(&v.Members[i].Value)
				}
			}
		}
		walk(v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatalf("no JSON files under %s", dir)
	}
	t.Logf("%d files, %d strings: no hidden characters", files, strs)
}
