package compile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/core"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// allTargets are every compile target.
var allTargets = []string{"openai", "anthropic", "anthropic-strict", "gemini", "mcp"}

// unchanged are the supported, non-lossy codes whose fix is to emit the
// schema as it is (or to omit an absent or blank description): no record.
var unchanged = map[string]bool{
	"openai/missing-tool-description":        true,
	"openai/property-count-near-limit":       true,
	"openai/schema-nesting-near-limit":       true,
	"openai/enum-values-near-limit":          true,
	"openai/schema-size-near-limit":          true,
	"openai/string-length-not-guaranteed":    true,
	"anthropic/missing-tool-description":     true,
	"anthropic/schema-not-enforced":          true,
	"anthropic/constraint-not-enforced":      true,
	"anthropic/keyword-not-documented":       true,
	"anthropic/enum-non-primitive-value":     true,
	"anthropic/undocumented-string-format":   true,
	"anthropic/external-ref":                 true,
	"anthropic/strict-keyword-undocumented":  true,
	"anthropic/strict-local-ref":             true,
	"gemini/function-name-leading-character": true,
	"gemini/parameter-name-charset":          true,
	"gemini/missing-function-description":    true,
	"gemini/constraint-not-enforced":         true,
	"gemini/format-not-enforced":             true,
	"gemini/default-not-enforced":            true,
	"gemini/free-form-object":                true,
}

// agreement checks one tool on every target: check is compile's dry run.
func agreement(t *testing.T, where string, tl *tool.Tool) {
	t.Helper()
	coreDiags := core.Check(tl)
	for _, id := range allTargets {
		target, _ := Lookup(id)
		diags := append(target.Check(tl), coreDiags...)
		lossless := Compile(tl, id, false)
		lossy := Compile(tl, id, true)

		// 1. Every fix check promises is a recorded transformation with
		// the same lossy flag.
		for _, d := range diags {
			if !d.Compile.Supported {
				continue
			}
			if !realised(d, diags, lossy.Transformations) {
				t.Errorf("%s [%s] %s %s at %s (lossy %v): no transformation realises it; have %s",
					where, id, d.Severity, d.Code, d.Path, d.Compile.Lossy, records(lossy.Transformations))
			}
		}
		// 2. The gate: without --allow-lossy, compile refuses exactly when
		// `check --fail-on lossy` fails.
		if fails := failsLossy(diags); fails == lossless.OK {
			t.Errorf("%s [%s]: check --fail-on lossy fails=%v but compile refused=%v; transformations %s; diagnostics %s",
				where, id, fails, !lossless.OK, records(lossless.Transformations), diagList(diags))
		}
		// 3. What compile writes passes the target's own rules.
		if lossy.OK {
			for _, d := range ownErrors(target, lossy.Output) {
				{
					t.Errorf("%s [%s]: the compiled schema fails its own target's check: %s at %s\n%s",
						where, id, d.Code, d.Path, Encode(lossy.Output))
				}
			}
		}
	}
}

// realised: a transformation at the finding's path with its lossy flag
// (a warning may share its error's record);
// for a finding inside a keyword compiling drops whole (allOf, not, an
// additionalProperties schema), the lossy drop of that keyword: what the
// finding is about is not emitted at all; for strict mode's always-present property, the
// object's required-every-property.
func realised(d provider.Diagnostic, diags []provider.Diagnostic, trs []Transformation) bool {
	// A finding inside an inlined definition stands for its use sites,
	// where compile, working on the inlined schema, records the change.
	for _, u := range d.UseSites {
		at := d
		at.Path, at.UseSites = u, nil
		if realised(at, diags, trs) {
			return true
		}
	}
	for _, tr := range trs {
		if tr.Path == d.Path && tr.Lossy == d.Compile.Lossy {
			return true
		}
		// A warning that restates an error's consequence (the object is
		// closed now) goes with the error's record and flag.
		if tr.Path == d.Path && d.Severity != provider.SeverityError && errorAt(diags, d.Path, tr.Lossy) {
			return true
		}
		if tr.Lossy && (strings.HasPrefix(d.Path, tr.Path+".") || strings.HasPrefix(d.Path, tr.Path+"[")) {
			return true
		}
	}
	if d.Code == "anthropic/strict-always-present-property" {
		segs, ok := schemapath.Parse(d.Path)
		if ok && len(segs) >= 2 {
			req := schemapath.Key(schemapath.Format(segs[:len(segs)-2]), "required")
			for _, tr := range trs {
				if tr.Code == "required-every-property" && tr.Path == req {
					return true
				}
			}
		}
		return false
	}
	return !d.Compile.Lossy && unchanged[d.Code]
}

func errorAt(diags []provider.Diagnostic, path string, lossy bool) bool {
	for _, d := range diags {
		if d.Severity == provider.SeverityError && d.Compile.Supported && d.Path == path && d.Compile.Lossy == lossy {
			return true
		}
	}
	return false
}

func records(trs []Transformation) string {
	var b []string
	for _, tr := range trs {
		b = append(b, tr.Code+"@"+tr.Path)
	}
	return "[" + strings.Join(b, ", ") + "]"
}

func diagList(ds []provider.Diagnostic) string {
	var b []string
	for _, d := range ds {
		b = append(b, d.Severity+" "+d.Code+"@"+d.Path)
	}
	return "[" + strings.Join(b, ", ") + "]"
}

// loadOrParse loads one tool text through the real loader; nil when the
// loader rejects it. Agreement is a promise about what the CLI can be
// given; the adapter-only inputs are pinned by the compile cases.
func loadOrParse(t *testing.T, text []byte) *tool.Tool {
	dir := t.TempDir()
	file := filepath.Join(dir, "tool.json")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	res := tool.Load([]string{file}, tool.Options{Cwd: dir})
	if len(res.Errors) == 0 && len(res.Tools) == 1 {
		return res.Tools[0]
	}
	return nil
}

func TestAgreementPublicCheckCases(t *testing.T) {
	files, _ := filepath.Glob("../provider/*/testdata/check-cases.json")
	if len(files) == 0 {
		t.Fatal("no check case files")
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct {
			Name string          `json:"name"`
			Tool json.RawMessage `json:"tool"`
		}
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if tl := loadOrParse(t, c.Tool); tl != nil {
				agreement(t, f+": "+c.Name, tl)
				n++
			}
		}
	}
	t.Logf("%d check-case tools", n)
}

func TestAgreementCompileCases(t *testing.T) {
	for _, c := range loadCases(t) {
		if tl := loadOrParse(t, c.Tool); tl != nil {
			agreement(t, c.Name, tl)
		}
	}
}

// loadEach loads every JSON file under dir on its own, skipping those our
// loader rejects (testdata holds deliberate load errors).
func loadEach(t *testing.T, dir string) []*tool.Tool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	var tools []*tool.Tool
	for _, f := range files {
		res := tool.Load([]string{f}, tool.Options{Cwd: dir})
		if len(res.Errors) == 0 {
			tools = append(tools, res.Tools...)
		}
	}
	return tools
}

func TestAgreementBundledTestdata(t *testing.T) {
	tools := loadEach(t, "../../testdata")
	if len(tools) < 50 {
		t.Fatalf("only %d bundled tools loaded", len(tools))
	}
	for _, tl := range tools {
		agreement(t, tl.File()+": "+tl.Name, tl)
	}
}

func TestAgreementBenchmarkCorpus(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, n, 1); err != nil {
		t.Fatal(err)
	}
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) > 0 {
		t.Fatalf("corpus does not load: %+v", res.Errors[0])
	}
	for _, tl := range res.Tools {
		agreement(t, tl.File()+": "+tl.Name, tl)
	}
}

// failsLossy is `check --fail-on lossy` on one pair's diagnostics, before
// any rules: an error compile cannot fix without loss.
func failsLossy(ds []provider.Diagnostic) bool {
	for i := range ds {
		if ds[i].Severity == provider.SeverityError && ds[i].Compile.IsLossy() {
			return true
		}
	}
	return false
}
