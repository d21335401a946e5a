package initrepo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// WorkflowFile is where the workflow goes, relative to the root.
const WorkflowFile = ".github/workflows/schemaport.yml"

// AcceptDays is how long `--accept-existing` accepts today's findings:
// long enough to plan the fixes, short enough that they get done.
const AcceptDays = 90

// ReasonPlaceholder is the reason of every entry --accept-existing writes:
// the team replaces it with why the finding is acceptable.
const ReasonPlaceholder = "TODO: why this is acceptable until the date (written by schemaport-action init --accept-existing)"

// Options of one init.
type Options struct {
	Root           string // the repository (the working directory)
	Force          bool   // overwrite the config and the workflow
	AcceptExisting bool   // accept today's failing findings
	Today          string // YYYY-MM-DD: the accept entries run until Today + AcceptDays
}

// File is one file init writes (or leaves alone).
type File struct {
	Path    string // relative to the root, `/` separators
	Data    []byte
	Existed bool
	Write   bool // false: left as it is
}

// Result is everything init decided, before anything is written.
type Result struct {
	Discovery *Discovery
	// FromConfig: the settings came from the existing config file.
	FromConfig bool
	Paths      []string
	Targets    []string
	FailOn     string
	Output     string
	Branch     string
	Tools      int
	// Counts are today's findings under the written config, before and
	// after the accept entries init added.
	Before, After finding.Counts
	// Failing are the check findings that fail today before any entry
	// init adds; Expired the config's entries past their date.
	Failing int
	Expired int
	Added   []config.AcceptEntry
	Until   string
	Config  File
	Work    File
}

// Plan inspects the repository and decides both files.
func Plan(o Options) (*Result, error) {
	today, err := time.Parse(time.DateOnly, o.Today)
	if err != nil {
		return nil, fmt.Errorf("today is %q, not a YYYY-MM-DD date", o.Today)
	}
	cfg, err := config.Load(o.Root, "")
	if err != nil {
		return nil, err
	}
	useCfg := cfg != nil && !o.Force
	// The kept config is read as check reads it (options): its formats,
	// file size limit, targets, rules and accept entries, each validated.
	kept := cfg
	if !useCfg {
		kept = nil
	}
	loadOpts := options.Load(o.Root, kept)
	loadOpts.Root = o.Root
	d, err := Discover(o.Root, loadOpts.Formats)
	if err != nil {
		return nil, err
	}
	r := &Result{Discovery: d, FromConfig: useCfg, Until: today.AddDate(0, 0, AcceptDays).Format(time.DateOnly)}
	r.Paths, r.Targets, r.FailOn = d.Paths(), d.Targets(), ""
	if len(d.Compiled) > 0 {
		r.Output = d.Compiled[0]
	}
	ruleSet, accept, err := options.Policy(kept)
	if err != nil {
		return nil, err
	}
	if useCfg {
		if len(cfg.Schemas) > 0 {
			r.Paths = slices.Clone(cfg.Schemas)
		}
		if cfg.TargetsSet {
			if r.Targets, err = options.Targets("", false, cfg); err != nil {
				return nil, err
			}
		}
		if cfg.FailOn != nil {
			r.FailOn = *cfg.FailOn
		} else {
			r.FailOn = finding.FailOnError // the built-in default the config leaves in force
		}
		r.Output = ""
		if cfg.Output != nil {
			r.Output = *cfg.Output
		}
	}
	if len(r.Paths) == 0 {
		return nil, fmt.Errorf("No tool files found under %s (JSON files in the canonical shapes, OpenAI, Anthropic or Gemini tool definitions, or an MCP tools/list response; dot directories, node_modules, dist and coverage are skipped). Put the tool definitions in a directory such as tools/ and run init again.", o.Root)
	}
	for _, p := range r.Paths {
		if !safeName(p) {
			return nil, fmt.Errorf("The path %q cannot go into a workflow file (a control character or `${{`); rename it.", p)
		}
	}
	loaded := tool.Load(r.Paths, loadOpts)
	if len(loaded.Errors) > 0 {
		return nil, &LoadErrors{Paths: r.Paths, Errors: loaded.Errors}
	}
	r.Tools = len(loaded.Tools)
	findings := finding.FromCheck(check.Run(loaded.Tools, r.Targets))
	policy := finding.Policy{Rules: ruleSet, Accept: accept, Today: o.Today, BreakingFailOn: finding.BreakingFailOnNever}
	if r.FailOn == "" {
		// Errors compile fixes do not fail a new team's first run: the
		// README's workflow sends compiled definitions (fail-on: lossy).
		policy.FailOn = finding.FailOnError
		r.FailOn = finding.FailOnError
		if finding.Apply(policy, findings, nil).Counts.Errors > 0 {
			r.FailOn = finding.FailOnLossy
		}
	}
	policy.FailOn = r.FailOn
	before := finding.Apply(policy, findings, nil)
	r.Before, r.After = before.Counts, before.Counts
	r.Expired = len(before.Expired)
	for _, f := range before.Findings {
		if f.Fails && f.Kind == finding.KindCheck {
			r.Failing++
		}
	}
	if o.AcceptExisting {
		r.Added = acceptEntries(before.Findings, r.Until)
		for _, e := range r.Added {
			policy.Accept = append(policy.Accept, finding.Accept{Tool: e.Tool, Code: e.Code, Path: e.Path, Reason: e.Reason, Until: e.Until})
		}
		r.After = finding.Apply(policy, findings, nil).Counts
	}
	r.Branch = defaultBranch(o.Root)

	r.Config = File{Path: config.DefaultFile}
	r.Config.Existed = exists(filepath.Join(o.Root, config.DefaultFile))
	switch {
	case !r.Config.Existed || o.Force:
		r.Config.Data, err = r.starterConfig()
		r.Config.Write = true
	case len(r.Added) > 0:
		// Adding entries to the team's config is what --accept-existing
		// asks for; every key and entry already there stays.
		var data []byte
		if data, err = os.ReadFile(filepath.Join(o.Root, config.DefaultFile)); err == nil {
			r.Config.Data, err = appendAccept(data, r.Added)
			r.Config.Write = true
		}
	}
	if err != nil {
		return nil, err
	}
	r.Work = File{Path: WorkflowFile, Existed: exists(filepath.Join(o.Root, filepath.FromSlash(WorkflowFile)))}
	if !r.Work.Existed || o.Force {
		r.Work.Data = r.workflow()
		r.Work.Write = true
	}
	return r, nil
}

// Targets are the targets the tool files are sent to: the default four
// when any file is canonical (or an MCP tools/list response), plus the
// provider of every native file.
func (d *Discovery) Targets() []string {
	want := map[string]bool{}
	for _, f := range d.ToolFiles {
		if p := d.Providers[f]; p != "" {
			want[p] = true
		} else {
			for _, t := range []string{"openai", "anthropic", "gemini", "mcp"} {
				want[t] = true
			}
		}
	}
	var out []string
	for _, t := range check.Targets() { // registry order
		if want[t.ID] {
			out = append(out, t.ID)
		}
	}
	return out
}

// acceptEntries are one entry per failing check finding (tool, code and
// schema path; an enum's values share one), sorted.
func acceptEntries(fs []finding.Finding, until string) []config.AcceptEntry {
	var out []config.AcceptEntry
	seen := map[[3]string]bool{}
	for _, f := range fs {
		if !f.Fails || f.Kind != finding.KindCheck {
			continue
		}
		k := [3]string{f.Tool, f.Code, f.Path}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, config.AcceptEntry{Tool: f.Tool, Code: f.Code, Path: f.Path, Reason: ReasonPlaceholder, Until: until})
	}
	slices.SortFunc(out, func(a, b config.AcceptEntry) int {
		return strings.Compare(a.Tool+"\x00"+a.Code+"\x00"+a.Path, b.Tool+"\x00"+b.Code+"\x00"+b.Path)
	})
	return out
}

// acceptJSON is an accept entry as the config file writes it.
type acceptJSON struct {
	Tool   string `json:"tool"`
	Code   string `json:"code"`
	Path   string `json:"path,omitempty"`
	Reason string `json:"reason"`
	Until  string `json:"until"`
}

func toJSON(es []config.AcceptEntry) []acceptJSON {
	out := make([]acceptJSON, len(es))
	for i, e := range es {
		out[i] = acceptJSON{Tool: e.Tool, Code: e.Code, Path: e.Path, Reason: e.Reason, Until: e.Until}
	}
	return out
}

func (r *Result) starterConfig() ([]byte, error) {
	c := struct {
		Schemas []string     `json:"schemas"`
		Targets []string     `json:"targets"`
		FailOn  string       `json:"failOn"`
		Output  string       `json:"output,omitempty"`
		Accept  []acceptJSON `json:"accept,omitempty"`
	}{r.Paths, r.Targets, r.FailOn, r.Output, toJSON(r.Added)}
	out, err := json.MarshalIndent(c, "", "  ")
	return append(out, '\n'), err
}

// appendAccept adds entries to the `accept` list of a config file (made
// when absent), keeping every other member and its order.
func appendAccept(data []byte, add []config.AcceptEntry) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("the config file is not a JSON object")
	}
	type member struct {
		key   string
		value json.RawMessage
	}
	var members []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		members = append(members, member{t.(string), v})
	}
	i := slices.IndexFunc(members, func(m member) bool { return m.key == "accept" })
	var list []json.RawMessage
	if i >= 0 {
		if err := json.Unmarshal(members[i].value, &list); err != nil {
			return nil, err
		}
	} else {
		members = append(members, member{key: "accept"})
		i = len(members) - 1
	}
	for _, e := range toJSON(add) {
		v, _ := json.Marshal(e)
		list = append(list, v)
	}
	members[i].value, _ = json.Marshal(list)
	var b bytes.Buffer
	b.WriteByte('{')
	for j, m := range members {
		if j > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

var branchRe = regexp.MustCompile(`^[A-Za-z0-9._/-]+$`)

// defaultBranch is the branch pushes are checked on: origin's default
// branch, else the checked-out one, else main.
func defaultBranch(root string) string {
	for _, args := range [][]string{
		{"symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"},
		{"symbolic-ref", "--quiet", "--short", "HEAD"},
	} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		b := strings.TrimPrefix(strings.TrimSpace(string(out)), "origin/")
		if branchRe.MatchString(b) && !strings.HasPrefix(b, "-") {
			return b
		}
	}
	return "main"
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// Write writes the files Plan decided to write, the workflow's directory
// included.
func (r *Result) Write(root string) error {
	for _, f := range []File{r.Config, r.Work} {
		if !f.Write {
			continue
		}
		path := filepath.Join(root, filepath.FromSlash(f.Path))
		// Never write through a link: it may lead out of the repository.
		if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file; init writes only regular files", f.Path)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// LoadErrors are the tool files' input errors: init writes nothing until
// they are fixed, and the command reports them as check does.
type LoadErrors struct {
	Paths  []string
	Errors []tool.LoadError
}

func (e *LoadErrors) Error() string {
	return "The tools under " + strings.Join(e.Paths, ", ") + " do not load together; fix these first (nothing was written):"
}
