package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

var (
	sarifSchemaOnce sync.Once
	sarifSchema     *jsonschema.Schema
	sarifSchemaErr  error
)

// noNetwork refuses every URL the validator might try to fetch: the SARIF
// schema is added as a resource and the 2020-12 metaschema is built in.
type noNetwork struct{}

func (noNetwork) Load(url string) (any, error) { return nil, errors.New("no loading in tests: " + url) }

// compiledSARIFSchema compiles the official SARIF 2.1.0 schema from the
// repository's testdata, offline.
func compiledSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	sarifSchemaOnce.Do(func() {
		f, err := os.Open(filepath.Join("..", "..", "testdata", "sarif-2.1.0.json"))
		if err != nil {
			sarifSchemaErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			sarifSchemaErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.UseLoader(noNetwork{})
		c.AssertFormat()
		const url = "https://schemaport.invalid/sarif-2.1.0.json"
		if err := c.AddResource(url, doc); err != nil {
			sarifSchemaErr = err
			return
		}
		sarifSchema, sarifSchemaErr = c.Compile(url)
	})
	if sarifSchemaErr != nil {
		t.Fatal(sarifSchemaErr)
	}
	return sarifSchema
}

// sarifDoc is the part of a SARIF log the GitHub checks read.
type sarifDoc struct {
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version string
				Rules         []struct {
					ID                   string
					ShortDescription     struct{ Text string }
					FullDescription      struct{ Text string }
					Help                 struct{ Text, Markdown string }
					HelpURI              string
					DefaultConfiguration struct{ Level string }
					Properties           struct{ Tags []string }
				}
			}
		}
		Results []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string
						URIBaseID string `json:"uriBaseId"`
					}
					Region *struct{ StartLine, StartColumn, EndLine, EndColumn int }
				}
				LogicalLocations []struct{ Name, FullyQualifiedName, Kind string }
			}
			PartialFingerprints map[string]string
		}
		AutomationDetails *struct{ ID string }
		ColumnKind        string
		Invocations       []struct {
			ToolExecutionNotifications []struct{ Message struct{ Text string } }
		}
	}
}

// validSARIF checks out against the official schema and the rules GitHub
// adds on upload (sarif-support page and upload-lib), and returns the log.
func validSARIF(t *testing.T, out []byte) sarifDoc {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := compiledSARIFSchema(t).Validate(inst); err != nil {
		t.Fatalf("SARIF does not match the 2.1.0 schema: %v\n%s", err, out)
	}
	var doc sarifDoc
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 {
		t.Fatalf("want one 2.1.0 run, got %q with %d runs", doc.Version, len(doc.Runs))
	}
	run := doc.Runs[0]
	d := run.Tool.Driver
	if d.Name != version.Name || d.Version != version.Version {
		t.Errorf("driver %q %q", d.Name, d.Version)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	ids := map[string]bool{}
	for i, r := range d.Rules {
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %s lacks a required text", r.ID)
		}
		if len(r.ShortDescription.Text) > 1024 || len(r.FullDescription.Text) > 1024 || len(r.Properties.Tags) > 20 {
			t.Errorf("rule %s over GitHub's limits", r.ID)
		}
		if i > 0 && d.Rules[i-1].ID >= r.ID {
			t.Errorf("rules not sorted or repeated: %s then %s", d.Rules[i-1].ID, r.ID)
		}
		ids[r.ID] = true
	}
	used := map[string]bool{}
	for _, res := range run.Results {
		if res.RuleIndex < 0 || res.RuleIndex >= len(d.Rules) || d.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s has ruleIndex %d", res.RuleID, res.RuleIndex)
		}
		used[res.RuleID] = true
		if len(res.Locations) != 1 {
			t.Fatalf("result %s has %d locations, want 1 physical", res.RuleID, len(res.Locations))
		}
		pl := res.Locations[0].PhysicalLocation
		if pl.ArtifactLocation.URI == "" {
			t.Errorf("result %s has no artifact URI", res.RuleID)
		}
		if strings.HasPrefix(pl.ArtifactLocation.URI, "./") || strings.Contains(pl.ArtifactLocation.URI, `\`) {
			t.Errorf("URI %q is not repository-relative", pl.ArtifactLocation.URI)
		}
		if res.Message.Text == "" || res.PartialFingerprints[FingerprintKey] == "" {
			t.Errorf("result %s lacks message or fingerprint", res.RuleID)
		}
		if _, ok := res.PartialFingerprints["primaryLocationLineHash"]; ok {
			t.Errorf("primaryLocationLineHash must be left to upload-sarif")
		}
	}
	for id := range ids {
		if !used[id] {
			t.Errorf("rule %s has no result", id)
		}
	}
	if len(run.Results) > MaxSARIFResults {
		t.Errorf("%d results, GitHub rejects more than %d", len(run.Results), MaxSARIFResults)
	}
	return doc
}

func sarifOf(t *testing.T, in SARIFInput) []byte {
	t.Helper()
	return render(t, func(b *bytes.Buffer) error { return SARIF(b, in) })
}

func fullSARIFInput(t *testing.T) SARIFInput {
	return fullSARIFInputOf(checkFixture(t), diffFixture(t), loadErrorsFixture())
}

// fullSARIFInputOf is fullSARIFInput for the policy's verdict on the
// given results.
func fullSARIFInputOf(chk *check.Result, dif *diff.Result, errs []tool.LoadError) SARIFInput {
	return SARIFInput{
		Policy:   policyOf(chk, dif, errs, false),
		Category: "schemaport/",
		Paths:    RepoRelative("/repo", "/repo/sub"),
		Rules: []provider.Rule{{
			Code: "openai/object-missing-additional-properties", Severity: "error",
			Trigger: "An object schema without `additionalProperties: false`.",
			Compile: "compilable: Adds `additionalProperties: false` to `%s`.", DocsURL: openaiDocs,
		}},
	}
}

func TestSARIFGoldenAndSchema(t *testing.T) {
	out := sarifOf(t, fullSARIFInput(t))
	golden(t, "report.sarif", out)
	doc := validSARIF(t, out)
	run := doc.Runs[0]
	if run.AutomationDetails == nil || run.AutomationDetails.ID != "schemaport/" {
		t.Errorf("automationDetails %+v", run.AutomationDetails)
	}
	// 6 check findings + 8 changes + 3 input errors.
	if len(run.Results) != 17 {
		t.Errorf("%d results, want 17", len(run.Results))
	}
	levels := map[string]string{}
	for _, r := range run.Results {
		levels[r.RuleID+" "+r.Level] = r.Message.Text
		u := r.Locations[0].PhysicalLocation.ArtifactLocation
		if u.URIBaseID != "%SRCROOT%" || !strings.HasPrefix(u.URI, "sub/") {
			t.Errorf("%s: uri %q base %q, want repository-relative under sub/", r.RuleID, u.URI, u.URIBaseID)
		}
	}
	for _, want := range []string{
		"required-property-added error", "optional-property-added note", "description-changed note",
		"openai/unsupported-keyword warning", "gemini/dropped-annotation-keyword note", LoadRuleID + " error",
	} {
		if _, ok := levels[want]; !ok {
			t.Errorf("no result %q", want)
		}
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "openai/object-missing-additional-properties" {
			if !strings.Contains(r.FullDescription.Text, "without `additionalProperties: false`") || r.HelpURI != RulesDocURL+"#openaiobject-missing-additional-properties" {
				t.Errorf("provider rule table not used: %+v", r)
			}
		}
	}
}

func TestSARIFRegionsAndLogicalLocations(t *testing.T) {
	doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(checkFixture(t), nil, nil, false)}))
	for _, r := range doc.Runs[0].Results {
		if r.RuleID != "openai/strict-optional-property" {
			continue
		}
		reg := r.Locations[0].PhysicalLocation.Region
		// "amount" key at line 8, columns 7..14, end exclusive.
		if reg == nil || reg.StartLine != 8 || reg.StartColumn != 7 || reg.EndLine != 8 || reg.EndColumn != 15 {
			t.Errorf("region %+v", reg)
		}
		ll := r.Locations[0].LogicalLocations
		if len(ll) != 1 || ll[0].FullyQualifiedName != "refund_order.inputSchema.properties.amount" {
			t.Errorf("logical location %+v", ll)
		}
		if !strings.Contains(r.Message.Text, "Path: inputSchema.properties.amount") {
			t.Errorf("message lacks the path: %q", r.Message.Text)
		}
		return
	}
	t.Fatal("finding not reported")
}

func TestSARIFZeroResults(t *testing.T) {
	for _, in := range []SARIFInput{{}, {Policy: policyOf(&check.Result{}, &diff.Result{}, nil, false), Category: "schemaport/"}} {
		out := sarifOf(t, in)
		doc := validSARIF(t, out)
		if len(doc.Runs[0].Results) != 0 || len(doc.Runs[0].Tool.Driver.Rules) != 0 {
			t.Errorf("empty input gave results")
		}
		if !bytes.Contains(out, []byte(`"results": []`)) || !bytes.Contains(out, []byte(`"rules": []`)) {
			t.Errorf("results/rules must be present as empty arrays:\n%s", out)
		}
	}
}

func TestSARIFPaths(t *testing.T) {
	errs := []tool.LoadError{
		{SourcePath: "../../elsewhere/a b#1.json", Message: "x", Span: tool.Span{Line: 1, Column: 1, EndLine: 1, EndColumn: 2}},
		{SourcePath: "./dir/ü:x.json", Message: "y", Span: tool.Span{Line: 2, Column: 1, EndLine: 3, EndColumn: 1}},
	}
	doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(nil, nil, errs, false), Paths: RepoRelative("/repo", "/repo/tools")}))
	var uris []string
	for _, r := range doc.Runs[0].Results {
		al := r.Locations[0].PhysicalLocation.ArtifactLocation
		uris = append(uris, al.URI+" "+al.URIBaseID)
	}
	slices.Sort(uris)
	want := []string{"file:///elsewhere/a%20b%231.json ", "tools/dir/%C3%BC%3Ax.json %SRCROOT%"}
	if !slices.Equal(uris, want) {
		t.Errorf("uris %q, want %q", uris, want)
	}
}

func TestSARIFFingerprintsSurviveLineMoves(t *testing.T) {
	fps := func(shift string) (map[string]string, map[string]int) {
		data, err := os.ReadFile(filepath.Join("testdata", "tools", "refund-order.json"))
		if err != nil {
			t.Fatal(err)
		}
		src, v := sourceFrom(t, "tools/refund-order.json", append([]byte(shift), data...))
		tl := &tool.Tool{Name: "refund_order", Value: v, Source: src}
		res := &check.Result{Tools: []check.ToolResult{{Tool: tl, Targets: []check.TargetResult{target("openai", "OpenAI",
			diag(tl, "openai", "error", "openai/strict-optional-property", "inputSchema.properties.amount", "m", provider.Compile{}, ""),
			diag(tl, "openai", "warning", "openai/unsupported-keyword", "inputSchema.properties.amount.format", "m", provider.Compile{}, ""),
		)}}}}
		doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(res, nil, nil, false)}))
		out, lines := map[string]string{}, map[string]int{}
		for _, r := range doc.Runs[0].Results {
			out[r.RuleID] = r.PartialFingerprints[FingerprintKey]
			lines[r.RuleID] = r.Locations[0].PhysicalLocation.Region.StartLine
		}
		return out, lines
	}
	a, la := fps("")
	b, lb := fps("\n\n\n")
	if len(a) != 2 {
		t.Fatalf("fingerprints %v", a)
	}
	for id := range a {
		if a[id] != b[id] {
			t.Errorf("%s: fingerprint changed when lines moved: %s vs %s", id, a[id], b[id])
		}
		if lb[id] != la[id]+3 {
			t.Errorf("%s: line %d then %d", id, la[id], lb[id])
		}
	}
	if a["openai/strict-optional-property"] == a["openai/unsupported-keyword"] {
		t.Errorf("different findings share a fingerprint")
	}
}

func TestSARIFDuplicateFindingsGetDistinctFingerprints(t *testing.T) {
	res := diffFixture(t)
	c := res.Changes[2]
	c.Message = "Another enum value removed."
	res.Changes = append(res.Changes, c)
	doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(nil, res, nil, false)}))
	seen := map[string]bool{}
	for _, r := range doc.Runs[0].Results {
		fp := r.PartialFingerprints[FingerprintKey]
		if seen[fp] {
			t.Errorf("fingerprint %s used twice", fp)
		}
		seen[fp] = true
	}
}

func TestSARIFDeterministic(t *testing.T) {
	a := sarifOf(t, fullSARIFInput(t))
	b := sarifOf(t, fullSARIFInput(t))
	if !bytes.Equal(a, b) {
		t.Fatal("two renders differ")
	}
	// Input order does not matter: results and rules are sorted.
	chk, dif, errs := checkFixture(t), diffFixture(t), loadErrorsFixture()
	slices.Reverse(chk.Tools)
	slices.Reverse(dif.Changes)
	slices.Reverse(errs)
	if c := sarifOf(t, fullSARIFInputOf(chk, dif, errs)); !bytes.Equal(a, c) {
		t.Errorf("reordered input changed the bytes")
	}
}

func TestSARIFApprovedBreakingIsWarning(t *testing.T) {
	doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(nil, diffFixture(t), nil, true)}))
	for _, r := range doc.Runs[0].Results {
		if r.Level == "error" {
			t.Errorf("%s still an error when approved", r.RuleID)
		}
		if r.RuleID == "enum-narrowed" && !strings.HasPrefix(r.Message.Text, "Approved breaking change") {
			t.Errorf("message %q", r.Message.Text)
		}
	}
}

func TestSARIFCapKeepsMostSevere(t *testing.T) {
	in := SARIFInput{Policy: policyOf(manyDiagnostics(t, 10, 30), nil, nil, false), MaxResults: 120} // 100 errors, 100 warnings, 100 infos
	doc := validSARIF(t, sarifOf(t, in))
	run := doc.Runs[0]
	count := map[string]int{}
	for _, r := range run.Results {
		count[r.Level]++
	}
	if count["error"] != 100 || count["warning"] != 20 || count["note"] != 0 {
		t.Errorf("kept %v", count)
	}
	if len(run.Invocations) != 1 || !strings.HasPrefix(run.Invocations[0].ToolExecutionNotifications[0].Message.Text, "180 more results") {
		t.Errorf("truncation not reported: %+v", run.Invocations)
	}
	in.MaxResults = -1
	if doc := validSARIF(t, sarifOf(t, in)); len(doc.Runs[0].Results) != 300 || len(doc.Runs[0].Invocations) != 0 {
		t.Errorf("uncapped run has %d results", len(doc.Runs[0].Results))
	}
}

// The streamed log is byte for byte what encoding/json makes of the whole
// document.
func TestSARIFStreamMatchesEncoder(t *testing.T) {
	for _, in := range []SARIFInput{fullSARIFInput(t), {}, {Policy: policyOf(manyDiagnostics(t, 3, 5), nil, nil, false), MaxResults: 4}} {
		out := sarifOf(t, in)
		var log sarifLog
		if err := json.Unmarshal(out, &log); err != nil {
			t.Fatal(err)
		}
		if log.Runs[0].Results == nil {
			log.Runs[0].Results = []sarifResult{}
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(log); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), out) {
			t.Errorf("streamed SARIF differs from the encoder's:\n%s\n---\n%s", out, b.Bytes())
		}
	}
}

// `check --format sarif` passes no rule tables: the providers' own ones
// are used, so the rule texts match the action's.
func TestSARIFUsesTheProviderRuleTablesByDefault(t *testing.T) {
	var want provider.Rule
	for _, tg := range check.Targets() {
		for _, r := range tg.Rules {
			if r.Code == "openai/object-missing-additional-properties" {
				want = r
			}
		}
	}
	if want.Trigger == "" {
		t.Fatal("the OpenAI table has no object-missing-additional-properties rule")
	}
	doc := validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(checkFixture(t), nil, nil, false)}))
	for _, r := range doc.Runs[0].Tool.Driver.Rules {
		if r.ID == want.Code && !strings.Contains(r.FullDescription.Text, want.Trigger) {
			t.Errorf("rule %s described as %q, want the table's trigger %q", r.ID, r.FullDescription.Text, want.Trigger)
		}
	}
}

// A code's classification can change with its context (informational
// inside an unreachable definition, breaking where a change cannot be
// proven safe), and a finding's compile ability can differ from its rule
// table's. Every result states its level; no rule text claims a
// classification or a compile ability that one of its results contradicts.
func TestSARIFRulesDoNotContradictResults(t *testing.T) {
	at := diff.Location{File: "v2/x.json", Line: 3, Column: 1, EndLine: 3, EndColumn: 5}
	one := literal(t, "1")
	changes := []diff.Change{
		{Classification: diff.Breaking, Code: "constraint-added", ToolName: "t", Path: "inputSchema.properties.a.minimum", After: one, New: at},
		{Classification: diff.Informational, Code: "constraint-added", ToolName: "t", Path: "inputSchema.$defs.Old.properties.a.minimum", After: one, New: at},
		{Classification: diff.Breaking, Code: "optional-property-added", ToolName: "t", Path: "inputSchema.properties.b", After: one, New: at},
		{Classification: diff.Breaking, Code: "enum-narrowed", ToolName: "t", Path: "inputSchema.properties.c.enum", After: one, New: at},
	}
	tl := singleTool(t, "tools/refund-order.json")
	res := finish(&check.Result{Tools: []check.ToolResult{{Tool: tl, Targets: []check.TargetResult{
		target("gemini", "Gemini",
			// The code has two table rows; the first says compiling fixes
			// it, this finding is the other, lossy one.
			diag(tl, "gemini", "error", "gemini/unsupported-const", "inputSchema.properties.amount", "Gemini rejects `const`.",
				provider.Compile{Supported: true, Lossy: true, Detail: "Drops `const`."}, geminiDocs),
			diag(tl, "gemini", "error", "gemini/unsupported-one-of", "inputSchema.properties.orderId", "Gemini rejects `oneOf`.",
				provider.Compile{Supported: true, Lossy: true, Detail: "Emits the branches as `anyOf`."}, geminiDocs),
		),
	}}}})
	tables := []provider.Rule{
		{Code: "gemini/unsupported-const", Severity: "error", Trigger: "a string const", Compile: "compilable: Emits `enum` with the one value."},
		{Code: "gemini/unsupported-const", Severity: "error", Trigger: "a const that is not a string", Compile: "lossy: Drops `const`."},
		{Code: "gemini/unsupported-one-of", Severity: "error", Trigger: "oneOf", Compile: "lossy: Emits the branches as `anyOf`."},
	}
	out := sarifOf(t, SARIFInput{Policy: policyOf(res, &diff.Result{Changes: changes}, nil, false), Rules: tables})
	validSARIF(t, out)

	var raw struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []map[string]any
				}
			}
			Results []map[string]any
		}
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		t.Fatal(err)
	}
	rules := raw.Runs[0].Tool.Driver.Rules
	text := func(r map[string]any) string {
		var b strings.Builder
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			b.WriteString(r[k].(map[string]any)["text"].(string) + "\n")
		}
		return b.String()
	}
	labels := map[string]string{diff.Breaking: "Breaking change", diff.NonBreaking: "Non-breaking change", diff.Informational: "Informational change"}
	hints := []string{"Compile fixes this (", "Compile fixes this with loss", "Compile cannot fix this"}
	defaults := map[string]string{}
	for _, r := range rules {
		defaults[r["id"].(string)] = r["defaultConfiguration"].(map[string]any)["level"].(string)
	}
	for _, res := range raw.Runs[0].Results {
		level, ok := res["level"].(string)
		if !ok || level == "" {
			t.Errorf("result %v has no explicit level", res["ruleId"])
		}
		rule := rules[int(res["ruleIndex"].(float64))]
		rt := text(rule)
		msg := res["message"].(map[string]any)["text"].(string)
		if props, ok := res["properties"].(map[string]any); ok {
			if class, ok := props["classification"].(string); ok {
				for c, label := range labels {
					if c != class && strings.HasPrefix(rt, label) {
						t.Errorf("rule %s says %q, a result of it is %s", rule["id"], rt, class)
					}
				}
			}
		}
		for _, h := range hints {
			if strings.Contains(rt, h) && !strings.Contains(msg, h) {
				t.Errorf("rule %s claims %q, its result says %q", rule["id"], h, msg)
			}
		}
	}
	// Defaults follow each code's default classification; results override.
	if defaults["optional-property-added"] != "note" || defaults["constraint-added"] != "error" || defaults["enum-narrowed"] != "error" {
		t.Errorf("rule default levels %v", defaults)
	}
	// A rule whose results all agree with its table keeps the table's text.
	for _, r := range rules {
		if r["id"] == "enum-narrowed" && !strings.HasPrefix(text(r), "Breaking change: Enum narrowed") {
			t.Errorf("enum-narrowed lost its classification: %q", text(r))
		}
		if r["id"] == "gemini/unsupported-one-of" && !strings.Contains(text(r), "Compile fixes this with loss") {
			t.Errorf("gemini/unsupported-one-of lost its compile hint: %q", text(r))
		}
		// Both rows of a code with two are described.
		if r["id"] == "gemini/unsupported-const" && (!strings.Contains(text(r), "a string const") || !strings.Contains(text(r), "a const that is not a string")) {
			t.Errorf("gemini/unsupported-const describes one row only: %q", text(r))
		}
	}
}
