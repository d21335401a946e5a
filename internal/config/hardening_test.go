package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The config file is not read through a link: a pull request could point
// schemaport.config.json at any file on the machine (or /dev/zero).
func TestConfigIsNotReadThroughALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	os.WriteFile(target, []byte(`{"failOn": "never"}`), 0o644)
	os.Symlink(target, filepath.Join(dir, DefaultFile))
	os.Symlink(target, filepath.Join(dir, "explicit.json"))
	want := "Config file schemaport.config.json is a symbolic link; SchemaPort does not read its config through a link. Commit the file itself."
	if c, err := Load(dir, ""); c != nil || err == nil || err.Error() != want {
		t.Fatalf("default: %v %v", c, err)
	}
	want = "Config file explicit.json is a symbolic link; SchemaPort does not read its config through a link. Commit the file itself."
	if c, err := Load(dir, "explicit.json"); c != nil || err == nil || err.Error() != want {
		t.Fatalf("explicit: %v %v", c, err)
	}
}

func TestConfigFileSizeIsCapped(t *testing.T) {
	dir := t.TempDir()
	big := `{"schemas": "` + strings.Repeat("x", maxConfigSize) + `"}`
	os.WriteFile(filepath.Join(dir, DefaultFile), []byte(big), 0o644)
	_, err := Load(dir, "")
	if err == nil || !strings.Contains(err.Error(), "Config file schemaport.config.json is larger than 1 MiB") {
		t.Fatalf("err = %v", err)
	}
}

func TestMaxFileSizeKey(t *testing.T) {
	c, err := Parse("cfg.json", []byte(`{"maxFileSize": 1048576}`))
	if err != nil || c.MaxFileSize == nil || *c.MaxFileSize != 1<<20 {
		t.Fatalf("%+v %v", c, err)
	}
	for _, in := range []string{`{"maxFileSize": 0}`, `{"maxFileSize": -1}`, `{"maxFileSize": 1.5}`, `{"maxFileSize": "64MiB"}`, `{"maxFileSize": 4294967296}`} {
		_, err := Parse("cfg.json", []byte(in))
		want := "`maxFileSize` must be a whole number of bytes from 1 to 2147483646 (the default is 67108864, 64 MiB)."
		if err == nil || !strings.HasSuffix(err.Error(), ": "+want) || !strings.HasPrefix(err.Error(), "cfg.json:1:17: ") {
			t.Errorf("%s: %v", in, err)
		}
	}
}
