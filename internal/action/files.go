package action

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/safefile"
)

// Output is one step output.
type Output struct {
	Name, Value string
}

// WriteOutputs appends outputs to the GITHUB_OUTPUT file in the heredoc
// form the runner parses:
//
//	name<<DELIMITER
//	value
//	DELIMITER
//
// go-githubactions' SetOutput is not used: it writes one fixed delimiter
// (so a value containing it would end early and inject the rest as further
// outputs) and panics when the file cannot be written. Here each value gets
// a fresh random delimiter that is checked not to occur in it, as the
// toolkit does, and failures are errors.
func WriteOutputs(path string, outputs []Output) error {
	var b strings.Builder
	for _, o := range outputs {
		if o.Name == "" || strings.ContainsAny(o.Name, "\r\n=<") {
			return fmt.Errorf("invalid output name %q", o.Name)
		}
		if !utf8.ValidString(o.Value) {
			return fmt.Errorf("output %s is not valid UTF-8", o.Name)
		}
		delim, err := delimiterFor(o.Value)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s<<%s\n%s\n%s\n", o.Name, delim, o.Value, delim)
	}
	return appendFile(path, b.String())
}

// delimiterFor returns a delimiter that does not occur in value.
func delimiterFor(value string) (string, error) {
	for i := 0; i < 8; i++ {
		d := "ghadelimiter_" + randomHex(16)
		if !strings.Contains(value, d) {
			return d, nil
		}
	}
	return "", errors.New("cannot find a delimiter for an output value")
}

// randomHex returns n random bytes in hex. crypto/rand does not fail on
// the platforms Go supports.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// SummaryLimit is the size GitHub accepts for one step's summary file.
const SummaryLimit = 1 << 20

// AppendSummary appends Markdown to the step summary file (a step's file is
// its own, but another tool in the same step may have written first). The
// report's summary is already kept under SummaryLimit; this refuses what
// would take the file over it, because GitHub would then drop the whole
// summary with an error.
func AppendSummary(path, markdown string) error {
	if st, err := os.Stat(path); err == nil && st.Size()+int64(len(markdown)) > SummaryLimit {
		return fmt.Errorf("the job summary would exceed GitHub's %d-byte limit (%d bytes already written)", SummaryLimit, st.Size())
	}
	if !strings.HasSuffix(markdown, "\n") {
		markdown += "\n"
	}
	return appendFile(path, markdown)
}

// appendFile appends to a file the runner hands us, never through a link.
func appendFile(path, text string) error {
	return safefile.Append(path, text)
}
