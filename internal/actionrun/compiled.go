package actionrun

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/textsafe"
	"github.com/schemaport/schemaport-action/internal/version"
)

// compiledCheck is `compile --check` run inside the action: the committed
// compile output (compiled-path) compared with what compiling the head's
// tools writes.
type compiledCheck struct {
	dir        string // as shown: relative to the working directory
	command    string // the compile command that brings it up to date
	mismatches []compile.Mismatch
}

// maxCompiledInSummary bounds the files the summary details (each with
// an excerpt of at most 40 lines); the rest are counted.
const maxCompiledInSummary = 20

// checkCompiled runs the compiled-path check when one is configured. Out
// of date files fail the run (exit 1) with a reason of their own.
func (r *actionRun) checkCompiled(o runOptions, out *outcome) {
	if o.compiledPath == "" {
		return
	}
	if len(out.head.Errors) > 0 {
		r.note("warning", "Compiled files not checked", fmt.Sprintf("`%s` was not compared with the tools: some tool files do not load, so what compiling writes is not known.", o.compiledPath))
		return
	}
	dir := o.compiledPath
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(r.workdir, dir)
	}
	c := &compiledCheck{dir: options.OutDisplay(r.workdir, dir), command: compileCommandLine(o, options.OutDisplay(r.workdir, dir))}
	plan, err := compile.Build(out.head.Tools, o.targets, o.allowLossy)
	if err == nil {
		c.mismatches, err = plan.Compare(dir)
	}
	if err != nil {
		r.note("warning", "Compiled files not checked", fmt.Sprintf("`%s` was not compared with the tools: %v", c.dir, err))
		return
	}
	out.compiled = c
	if len(c.mismatches) == 0 {
		return
	}
	out.policy.Reasons = append(out.policy.Reasons, finding.Reason{Kind: "compiled", Count: len(c.mismatches),
		Text: fmt.Sprintf("%s in `%s` out of date with the tools (compiled-path): run `%s` and commit the result.",
			countOf(len(c.mismatches), "compiled file"), c.dir, c.command)})
	if out.policy.Exit == 0 {
		out.policy.Exit = 1
	}
	out.exit = out.policy.Exit
}

// compiledPathKind says why the compiled-path cannot be compile's output
// directory ("" : it can, or it does not exist yet, and every file is
// reported missing): a file, a device, a named pipe. Checked before
// anything runs: a configuration problem is exit 2, where comparing
// would only warn that it could not and pass.
func (r *actionRun) compiledPathKind(p string) string {
	if p == "" {
		return ""
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workdir, p)
	}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return ""
	case err != nil:
		return fmt.Sprintf("compiled-path `%s` cannot be read: %v.", p, errors.Unwrap(err))
	case st.IsDir():
		return ""
	}
	return fmt.Sprintf("compiled-path `%s` is %s, not a directory: it names the directory `compile --out` writes (the `compiled-path` input, else the config's `output`).", p, safefile.Kind(st.Mode()))
}

// compileCommandLine is the command that rewrites the compiled files with
// the run's settings.
func compileCommandLine(o runOptions, out string) string {
	parts := []string{version.Name, "compile"}
	parts = append(parts, o.paths...)
	parts = append(parts, "--out", out)
	if !slices.Equal(o.targets, check.DefaultTargets()) {
		parts = append(parts, "--targets", strings.Join(o.targets, ","))
	}
	if o.allowLossy {
		parts = append(parts, "--allow-lossy")
	}
	return textsafe.ShellJoin(parts)
}

func (c *compiledCheck) annotations() []report.Annotation {
	if c == nil {
		return nil
	}
	return report.CompiledAnnotations(c.mismatches, c.dir, c.command)
}

func (c *compiledCheck) summary() string {
	return report.CompiledSummary(c.mismatches, maxCompiledInSummary, c.dir, c.command)
}

// json is the check as `compile --check --format json` prints it.
func (c *compiledCheck) json(w io.Writer) error {
	return report.CompileCheckJSON(w, c.mismatches, c.dir)
}

func (c *compiledCheck) text() string {
	var buf bytes.Buffer
	report.CompileCheckText(&buf, c.mismatches, c.dir, report.TextOptions{})
	return buf.String()
}

// appendSummary adds a section to the job summary file.
func (r *actionRun) appendSummary(md string) error {
	path := r.env.Get("GITHUB_STEP_SUMMARY")
	if path == "" {
		path = r.settings.SummaryFile
	}
	if path == "" {
		return nil
	}
	return r.appendSummaryTo(path, md)
}
