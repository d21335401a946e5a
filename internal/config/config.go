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
	File    string
	Schemas []string
	Targets []string
	// TargetsAt is where each of Targets is written ("file:line:col").
	TargetsAt          []string
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
	Key, Level   string
	Line, Column int // of the key
}

// AcceptEntry is one `accept` entry. Tool, Code, Reason and Until are
// required; Until is a valid YYYY-MM-DD date.
type AcceptEntry struct {
	Tool, Code, Path, Reason, Until string
	Line, Column                    int // of the entry
	CodeLine, CodeColumn            int // of its code
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

// Error is a problem in a config file, at the place that has it (1-based
// line and character column), so an editor or the runner can jump there.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	return e.File + ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Msg
}

// errAt is an *Error at byte offset off of data.
func errAt(file string, data []byte, off int32, format string, args ...any) error {
	line, col := position(data, int64(off))
	return &Error{File: file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// At names a place of the file for messages: "schemaport.config.json:12:5".
func (c *Config) At(line, col int) string {
	return c.File + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// Parse validates the text of a config file. Every error is an *Error
// naming the line and column of the value (or key) at fault.
func Parse(display string, data []byte) (*Config, error) {
	v, err := jsonvalue.Parse(data)
	if err != nil {
		var se *jsonvalue.SyntaxError
		var de *jsonvalue.DuplicateKeyError
		switch {
		case errors.As(err, &se):
			return nil, errAt(display, data, int32(se.Offset), "Config file is not valid JSON: %s.", strings.TrimSuffix(se.Reason, "."))
		case errors.As(err, &de):
			l1, c1 := position(data, int64(de.FirstStart))
			return nil, errAt(display, data, int32(de.SecondStart), "Config file is not valid JSON: key %s appears twice (first at line %d column %d); remove one.",
				codeSpan(de.Key), l1, c1)
		}
		return nil, fmt.Errorf("Config file %s is not valid JSON: %v", display, err)
	}
	at := func(off int32, format string, args ...any) error { return errAt(display, data, off, format, args...) }
	if v.Kind != jsonvalue.Object {
		return nil, at(v.Start, "The config file must contain a JSON object, such as {\"schemas\": \"tools\"}.")
	}
	known := map[string]bool{}
	for _, k := range Keys {
		known[k] = true
	}
	for _, m := range v.Members {
		if !known[m.Key] {
			return nil, at(m.KeyStart, "Unknown key %s. Valid keys are: %s.", codeSpan(m.Key), strings.Join(Keys, ", "))
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
				return nil, at(val.Start, "`schemas` must be a path or a non-empty array of paths.")
			}
		case "targets":
			if val.Kind != jsonvalue.Array || !allStrings(val) {
				return nil, at(val.Start, "`targets` must be an array of target ids, such as [\"openai\", \"gemini\"].")
			}
			if len(val.Items) == 0 {
				return nil, at(val.Start, "`targets` is empty; list at least one target id or remove the key to check all.")
			}
			c.TargetsSet = true
			for _, it := range val.Items {
				c.Targets = append(c.Targets, it.Text)
				line, col := position(data, int64(it.Start))
				c.TargetsAt = append(c.TargetsAt, c.At(line, col))
			}
		case "output", "failOn":
			if val.Kind != jsonvalue.String {
				return nil, at(val.Start, "`%s` must be a string.", m.Key)
			}
			s := val.Text
			if m.Key == "output" {
				c.Output = &s
			} else {
				switch s {
				case "error", "lossy", "warning", "never":
				default:
					return nil, at(val.Start, "`failOn` is %s; use error, lossy, warning, or never.", codeSpan(s))
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
				return nil, at(val.Start, "`maxFileSize` must be a whole number of bytes from 1 to %d (the default is %d, 64 MiB).", maxFileSizeLimit, defaultMaxFileSize)
			}
			c.MaxFileSize = &n
		case "formats":
			if c.Formats, err = parseFormats(display, val, data); err != nil {
				return nil, err
			}
		case "servers":
			if c.Servers, err = parseServers(display, val, data); err != nil {
				return nil, err
			}
		case "allowLossy", "quiet", "ignoreDescriptions", "failOnTargetRegression":
			if val.Kind != jsonvalue.Bool {
				return nil, at(val.Start, "`%s` must be true or false.", m.Key)
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
		return errAt(c.File, data, v.Start, "`rules` must be an object from a code (or `<target>/*`) to off, info, warning or error.")
	}
	for _, m := range v.Members {
		line, col := position(data, int64(m.KeyStart))
		if m.Value.Kind != jsonvalue.String {
			return errAt(c.File, data, m.Value.Start, "The rule %s must be one of off, info, warning, error.", codeSpan(m.Key))
		}
		switch m.Value.Text {
		case "off", "info", "warning", "error":
		default:
			return errAt(c.File, data, m.Value.Start, "The rule %s is %s; use off, info, warning or error.", codeSpan(m.Key), codeSpan(m.Value.Text))
		}
		c.Rules = append(c.Rules, Rule{Key: m.Key, Level: m.Value.Text, Line: line, Column: col})
	}
	return nil
}

// acceptKeys are the members an accept entry may have.
var acceptKeys = []string{"tool", "code", "path", "reason", "until"}

// parseAccept reads `accept`: a list of {tool, code, path?, reason, until}.
func (c *Config) parseAccept(v *jsonvalue.Value, data []byte) error {
	if v.Kind != jsonvalue.Array {
		return errAt(c.File, data, v.Start, "`accept` must be a list of entries {tool, code, path, reason, until}.")
	}
	for i := range v.Items {
		it := &v.Items[i]
		line, col := position(data, int64(it.Start))
		name := fmt.Sprintf("The accept entry %d", i+1)
		if it.Kind != jsonvalue.Object {
			return errAt(c.File, data, it.Start, "%s must be an object {tool, code, path, reason, until}.", name)
		}
		e := AcceptEntry{Line: line, Column: col}
		var untilAt int32
		for _, m := range it.Members {
			if !slices.Contains(acceptKeys, m.Key) {
				return errAt(c.File, data, m.KeyStart, "%s has the unknown key %s. Valid keys are: %s.", name, codeSpan(m.Key), strings.Join(acceptKeys, ", "))
			}
			if m.Value.Kind != jsonvalue.String {
				return errAt(c.File, data, m.Value.Start, "%s: %s must be a string.", name, codeSpan(m.Key))
			}
			t := m.Value.Text
			switch m.Key {
			case "tool":
				e.Tool = t
			case "code":
				e.Code = t
				e.CodeLine, e.CodeColumn = position(data, int64(m.Value.Start))
			case "path":
				e.Path = t
			case "reason":
				e.Reason = strings.TrimSpace(t)
			case "until":
				e.Until = t
				untilAt = m.Value.Start
			}
		}
		var missing []string
		for _, x := range []struct{ key, val string }{{"tool", e.Tool}, {"code", e.Code}, {"reason", e.Reason}, {"until", e.Until}} {
			if x.val == "" {
				missing = append(missing, "`"+x.key+"`")
			}
		}
		if len(missing) > 0 {
			return errAt(c.File, data, it.Start, "%s lacks %s: every accepted finding needs the tool, the code, a reason and an end date (`until`: YYYY-MM-DD).", name, strings.Join(missing, " and "))
		}
		if d, err := time.Parse(time.DateOnly, e.Until); err != nil || d.Format(time.DateOnly) != e.Until {
			return errAt(c.File, data, untilAt, "%s: `until` is %s; write a date as YYYY-MM-DD.", name, codeSpan(e.Until))
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
