// Package config reads schemaport.config.json: defaults for the command line
// (which always wins). Validation stops at the first problem, as SchemaPort
// does, but every message names the file the way the user wrote it.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// DefaultFile is looked up in the working directory.
const DefaultFile = "schemaport.config.json"

// Keys lists every key the file may hold, in the order messages name them.
var Keys = []string{"schemas", "targets", "output", "allowLossy", "quiet", "failOn", "ignoreDescriptions"}

// Config holds the values present in the file; nil pointers mean "not set".
type Config struct {
	// File is the path as it should be shown (as given, or the default name).
	File               string
	Schemas            []string
	Targets            []string
	TargetsSet         bool
	Output             *string
	AllowLossy         *bool
	Quiet              *bool
	FailOn             *string
	IgnoreDescriptions *bool
}

// statFile is os.Stat, replaceable so tests can simulate a permission
// error (tests may run as root).
var statFile = os.Stat

// Load reads the explicit file when given, else DefaultFile in cwd when it
// is a regular file. It returns nil, nil when there is nothing to read.
func Load(cwd, explicit string) (*Config, error) {
	display := explicit
	path := explicit
	if explicit == "" {
		display = DefaultFile
		path = filepath.Join(cwd, DefaultFile)
		st, err := statFile(path)
		switch {
		case err != nil && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)):
			return nil, nil
		case err != nil:
			// Present but unreadable: ignoring it would silently drop
			// settings the user relies on.
			return nil, fmt.Errorf("Could not read config file %s: %s", display, reason(err))
		case !st.Mode().IsRegular():
			return nil, nil // a directory of that name is not a config file
		}
	} else {
		if !filepath.IsAbs(path) {
			path = filepath.Join(cwd, path)
		}
		st, err := statFile(path)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("Config file not found: %s", display)
			}
			return nil, fmt.Errorf("Could not read config file %s: %s", display, reason(err))
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("Config file %s is not a regular file; pass the path of a JSON file to --config.", display)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("Could not read config file %s: %s", display, reason(err))
	}
	return Parse(display, data)
}

func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse validates the text of a config file.
func Parse(display string, data []byte) (*Config, error) {
	v, err := jsonvalue.Parse(data)
	if err != nil {
		var se *jsonvalue.SyntaxError
		var de *jsonvalue.DuplicateKeyError
		switch {
		case errors.As(err, &se):
			line, col := position(data, se.Offset)
			return nil, fmt.Errorf("Config file %s is not valid JSON: %s at line %d column %d", display, se.Reason, line, col)
		case errors.As(err, &de):
			l1, c1 := position(data, int64(de.FirstStart))
			l2, c2 := position(data, int64(de.SecondStart))
			return nil, fmt.Errorf("Config file %s is not valid JSON: key %s appears twice (at line %d column %d and line %d column %d); remove one.",
				display, codeSpan(de.Key), l1, c1, l2, c2)
		}
		return nil, fmt.Errorf("Config file %s is not valid JSON: %v", display, err)
	}
	if v.Kind != jsonvalue.Object {
		return nil, fmt.Errorf("Config file %s must contain a JSON object.", display)
	}
	known := map[string]bool{}
	for _, k := range Keys {
		known[k] = true
	}
	for _, m := range v.Members {
		if !known[m.Key] {
			return nil, fmt.Errorf("Unknown key %s in %s. Valid keys are: %s.", codeSpan(m.Key), display, strings.Join(Keys, ", "))
		}
	}
	c := &Config{File: display}
	for _, m := range v.Members {
		val := &m.Value
		switch m.Key {
		case "schemas":
			// An empty path would mean the working directory, config file
			// included: almost certainly a mistake.
			switch {
			case val.Kind == jsonvalue.String && val.Text != "":
				c.Schemas = []string{val.Text}
			case val.Kind == jsonvalue.Array && allNonEmptyStrings(val) && len(val.Items) > 0:
				for _, it := range val.Items {
					c.Schemas = append(c.Schemas, it.Text)
				}
			default:
				return nil, fmt.Errorf("`schemas` in %s must be a path or a non-empty array of paths.", display)
			}
		case "targets":
			if val.Kind != jsonvalue.Array || !allStrings(val) {
				return nil, fmt.Errorf("`targets` in %s must be an array of target ids.", display)
			}
			if len(val.Items) == 0 {
				return nil, fmt.Errorf("`targets` in %s is empty; list at least one target id or remove the key to check all.", display)
			}
			c.TargetsSet = true
			for _, it := range val.Items {
				c.Targets = append(c.Targets, it.Text)
			}
		case "output", "failOn":
			if val.Kind != jsonvalue.String {
				return nil, fmt.Errorf("`%s` in %s must be a string.", m.Key, display)
			}
			s := val.Text
			if m.Key == "output" {
				c.Output = &s
			} else {
				switch s {
				case "error", "lossy", "warning", "never":
				default:
					return nil, fmt.Errorf("`failOn` in %s must be error, lossy, warning, or never.", display)
				}
				c.FailOn = &s
			}
		case "allowLossy", "quiet", "ignoreDescriptions":
			if val.Kind != jsonvalue.Bool {
				return nil, fmt.Errorf("`%s` in %s must be a boolean.", m.Key, display)
			}
			b := val.IsTrue()
			switch m.Key {
			case "allowLossy":
				c.AllowLossy = &b
			case "quiet":
				c.Quiet = &b
			default:
				c.IgnoreDescriptions = &b
			}
		}
	}
	return c, nil
}

func allNonEmptyStrings(v *jsonvalue.Value) bool {
	for _, it := range v.Items {
		if it.Kind != jsonvalue.String || it.Text == "" {
			return false
		}
	}
	return true
}

func allStrings(v *jsonvalue.Value) bool {
	for _, it := range v.Items {
		if it.Kind != jsonvalue.String {
			return false
		}
	}
	return true
}

// position converts a byte offset to a 1-based line and character column;
// a byte-order mark is not a character.
func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	skip := jsonvalue.BOMLength(data)
	for i, c := range data {
		if i < skip {
			continue
		}
		if int64(i) >= off {
			break
		}
		if c == '\n' {
			line, col = line+1, 1
		} else if c&0xC0 != 0x80 {
			col++
		}
	}
	return line, col
}

// codeSpan shows user text in backticks, or JSON-quoted when it holds a
// backtick or a control character that would break the message.
func codeSpan(s string) string {
	for _, r := range s {
		if r < 0x20 || r == '`' || r == 0x7F || r == 0x2028 || r == 0x2029 {
			return jsonvalue.Quote(s)
		}
	}
	return "`" + s + "`"
}
