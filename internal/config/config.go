// Package config reads schemaport.config.json: defaults for the command line
// (which always wins). Validation stops at the first problem, as SchemaPort
// does, but every message names the file the way the user wrote it.
package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// DefaultFile is looked up in the working directory.
const DefaultFile = "schemaport.config.json"

// Keys lists every key the file may hold, in the order messages name them.
var Keys = []string{"schemas", "targets", "output", "allowLossy", "quiet", "failOn", "ignoreDescriptions", "rules", "accept", "maxFileSize", "formats", "servers", "budgets", "failOnTargetRegression"}

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
	// FailOnTargetRegression: a compile regression of a pull request
	// fails `run` (nil: the default, true).
	FailOnTargetRegression *bool
	// Rules are the `rules` settings in file order; the codes are
	// validated by the policy (internal/finding), which knows them.
	Rules []Rule
	// Accept are the `accept` entries in file order.
	Accept []AcceptEntry
	// MaxFileSize is the largest tool file loaded, in bytes.
	MaxFileSize *int64
	// Formats force the format of tool files by path (sources.go).
	Formats []Format
	// Servers are the MCP servers a plain `snapshot` reads (sources.go).
	Servers []Server
	// Budgets are the context-cost limits (budgets.go); nil: none.
	Budgets *Budgets
}

// Rule is one `rules` member: a code (or "<target>/*") and a level.
type Rule struct {
	Key, Level string
	Line       int
}

// AcceptEntry is one `accept` entry. Tool, Code, Reason and Until are
// required; Until is a valid YYYY-MM-DD date.
type AcceptEntry struct {
	Tool, Code, Path, Reason, Until string
	Line                            int
}

// Where names a line of the file for messages: "schemaport.config.json:12".
func (c *Config) Where(line int) string { return c.File + ":" + strconv.Itoa(line) }

// maxConfigSize bounds what is read of a config file: a few hundred bytes
// in practice; a megabyte is far beyond any real one.
const maxConfigSize = 1 << 20

// Bounds of maxFileSize: the document model keeps offsets in an int32.
const (
	maxFileSizeLimit   = 1<<31 - 2
	defaultMaxFileSize = 64 << 20
)

// statFile is os.Stat, replaceable so tests can simulate a permission
// error (tests may run as root).
var statFile = os.Lstat

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
		case st.Mode()&fs.ModeSymlink != 0:
			return nil, linkError(display)
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
		if st.Mode()&fs.ModeSymlink != 0 {
			return nil, linkError(display)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("Config file %s is not a regular file; pass the path of a JSON file to --config.", display)
		}
	}
	data, err := readCapped(path)
	if err != nil {
		return nil, fmt.Errorf("Could not read config file %s: %s", display, reason(err))
	}
	if len(data) > maxConfigSize {
		return nil, fmt.Errorf("Config file %s is larger than 1 MiB; a config file holds a few settings.", display)
	}
	return Parse(display, data)
}

// linkError refuses a config file that is a symbolic link: a repository
// could point it at any file of the machine the action runs on.
func linkError(display string) error {
	return fmt.Errorf("Config file %s is a symbolic link; SchemaPort does not read its config through a link. Commit the file itself.", display)
}

// readCapped reads at most maxConfigSize+1 bytes, without following a
// link that replaced the file since it was checked.
func readCapped(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|noFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxConfigSize+1))
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
		case "rules":
			if err := c.parseRules(val, data); err != nil {
				return nil, err
			}
		case "accept":
			if err := c.parseAccept(val, data); err != nil {
				return nil, err
			}
		case "budgets":
			if err := c.parseBudgets(val, data); err != nil {
				return nil, err
			}
		case "maxFileSize":
			n, perr := strconv.ParseInt(val.Text, 10, 64)
			if val.Kind != jsonvalue.Number || perr != nil || n < 1 || n > maxFileSizeLimit {
				return nil, fmt.Errorf("`maxFileSize` in %s must be a whole number of bytes from 1 to %d (the default is %d, 64 MiB).", display, maxFileSizeLimit, defaultMaxFileSize)
			}
			c.MaxFileSize = &n
		case "formats":
			if c.Formats, err = parseFormats(display, val); err != nil {
				return nil, err
			}
		case "servers":
			if c.Servers, err = parseServers(display, val); err != nil {
				return nil, err
			}
		case "allowLossy", "quiet", "ignoreDescriptions", "failOnTargetRegression":
			if val.Kind != jsonvalue.Bool {
				return nil, fmt.Errorf("`%s` in %s must be a boolean.", m.Key, display)
			}
			b := val.IsTrue()
			switch m.Key {
			case "allowLossy":
				c.AllowLossy = &b
			case "quiet":
				c.Quiet = &b
			case "failOnTargetRegression":
				c.FailOnTargetRegression = &b
			default:
				c.IgnoreDescriptions = &b
			}
		}
	}
	return c, nil
}

// parseRules reads `rules`: an object from code to off, info, warning or
// error.
func (c *Config) parseRules(v *jsonvalue.Value, data []byte) error {
	if v.Kind != jsonvalue.Object {
		return fmt.Errorf("`rules` in %s must be an object from a code (or `<target>/*`) to off, info, warning or error.", c.File)
	}
	for _, m := range v.Members {
		line, _ := position(data, int64(m.Value.Start))
		if m.Value.Kind != jsonvalue.String {
			return fmt.Errorf("The rule %s in %s (line %d) must be one of off, info, warning, error.", codeSpan(m.Key), c.File, line)
		}
		switch m.Value.Text {
		case "off", "info", "warning", "error":
		default:
			return fmt.Errorf("The rule %s in %s (line %d) is %s; use off, info, warning or error.", codeSpan(m.Key), c.File, line, codeSpan(m.Value.Text))
		}
		c.Rules = append(c.Rules, Rule{Key: m.Key, Level: m.Value.Text, Line: line})
	}
	return nil
}

// acceptKeys are the members an accept entry may have.
var acceptKeys = []string{"tool", "code", "path", "reason", "until"}

// parseAccept reads `accept`: a list of {tool, code, path?, reason, until}.
func (c *Config) parseAccept(v *jsonvalue.Value, data []byte) error {
	if v.Kind != jsonvalue.Array {
		return fmt.Errorf("`accept` in %s must be a list of entries {tool, code, path, reason, until}.", c.File)
	}
	for i := range v.Items {
		it := &v.Items[i]
		line, _ := position(data, int64(it.Start))
		name := fmt.Sprintf("The accept entry %d in %s (line %d)", i+1, c.File, line)
		if it.Kind != jsonvalue.Object {
			return fmt.Errorf("%s must be an object {tool, code, path, reason, until}.", name)
		}
		e := AcceptEntry{Line: line}
		for _, m := range it.Members {
			if !slices.Contains(acceptKeys, m.Key) {
				return fmt.Errorf("%s has the unknown key %s. Valid keys are: %s.", name, codeSpan(m.Key), strings.Join(acceptKeys, ", "))
			}
			if m.Value.Kind != jsonvalue.String {
				return fmt.Errorf("%s: %s must be a string.", name, codeSpan(m.Key))
			}
			t := m.Value.Text
			switch m.Key {
			case "tool":
				e.Tool = t
			case "code":
				e.Code = t
			case "path":
				e.Path = t
			case "reason":
				e.Reason = strings.TrimSpace(t)
			case "until":
				e.Until = t
			}
		}
		var missing []string
		for _, x := range []struct{ key, val string }{{"tool", e.Tool}, {"code", e.Code}, {"reason", e.Reason}, {"until", e.Until}} {
			if x.val == "" {
				missing = append(missing, "`"+x.key+"`")
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("%s lacks %s: every accepted finding needs the tool, the code, a reason and an end date (`until`: YYYY-MM-DD).", name, strings.Join(missing, " and "))
		}
		if d, err := time.Parse(time.DateOnly, e.Until); err != nil || d.Format(time.DateOnly) != e.Until {
			return fmt.Errorf("%s: `until` is %s; write a date as YYYY-MM-DD.", name, codeSpan(e.Until))
		}
		c.Accept = append(c.Accept, e)
	}
	return nil
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
