package finding

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// load writes files into a temporary directory and loads them.
func load(t *testing.T, files map[string]string) *tool.Result {
	t.Helper()
	dir := t.TempDir()
	var names []string
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	return tool.Load(names, tool.Options{Cwd: dir})
}

const (
	// openTool has an object without additionalProperties: false
	// (an OpenAI strict error) and an optional property.
	openTool = `{"name": "refund", "description": "Refunds an order.", "inputSchema": {"type": "object",
  "properties": {"id": {"type": "string"}, "note": {"type": "string", "enum": ["a", "b"]}}, "required": ["id"]}}`
	// movedTool is openTool with its lines moved.
	movedTool = "\n\n\n" + `{"name": "refund",
  "description": "Refunds an order.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "id": {"type": "string"},
      "note": {"type": "string", "enum": ["a", "b"]}
    },
    "required": ["id"]
  }
}`
)

func checkFindings(t *testing.T, files map[string]string, targets ...string) []Finding {
	t.Helper()
	res := load(t, files)
	if len(res.Errors) > 0 {
		t.Fatalf("load: %+v", res.Errors)
	}
	return FromCheck(check.Run(res.Tools, targets))
}

func TestFingerprintSurvivesLineMoves(t *testing.T) {
	a := checkFindings(t, map[string]string{"t.json": openTool}, "openai")
	b := checkFindings(t, map[string]string{"t.json": movedTool}, "openai")
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d and %d findings", len(a), len(b))
	}
	for i := range a {
		if a[i].Fingerprint != b[i].Fingerprint {
			t.Errorf("%s at %s: fingerprint changed with the lines", a[i].Code, a[i].Path)
		}
		if a[i].Location.Line == b[i].Location.Line {
			t.Errorf("%s: the lines did not move (%d)", a[i].Code, a[i].Location.Line)
		}
	}
	if Fingerprint(KindCheck, "t", "openai", "c", "p", "1") == Fingerprint(KindCheck, "t", "openai", "c", "p", "2") {
		t.Error("enum values do not tell fingerprints apart")
	}
}

func TestOnlyNewMarksWhatTheBaseHas(t *testing.T) {
	base := checkFindings(t, map[string]string{"t.json": openTool}, "openai")
	// The head adds a second tool with the same problems.
	second := strings.Replace(openTool, `"refund"`, `"cancel"`, 1)
	head := checkFindings(t, map[string]string{"t.json": movedTool, "u.json": second}, "openai")
	res := Apply(Policy{FailOn: FailOnError, BreakingFailOn: BreakingFailOnBreaking, OnlyNew: true}, head, base)
	for _, f := range res.Findings {
		want := StateNew
		if f.Tool == "refund" {
			want = StateExisting
		}
		if f.State != want {
			t.Errorf("%s on %s: state %s, want %s", f.Code, f.Tool, f.State, want)
		}
		if f.State == StateExisting && f.Fails {
			t.Errorf("an existing finding fails: %+v", f)
		}
	}
	if res.Counts.Existing == 0 || res.Counts.Existing != len(base) {
		t.Errorf("existing %d, base has %d", res.Counts.Existing, len(base))
	}
	if res.Exit != 1 || len(res.Reasons) != 1 || res.Reasons[0].Kind != "check" {
		t.Fatalf("exit %d, reasons %+v", res.Exit, res.Reasons)
	}
	if want := "new error"; !strings.Contains(res.Reasons[0].Text, want) || !strings.Contains(res.Reasons[0].Text, "(fail-on: error)") {
		t.Errorf("reason %q", res.Reasons[0].Text)
	}

	// The same head without only-new: everything is new.
	all := Apply(Policy{FailOn: FailOnError}, head, base)
	if all.Counts.Existing != 0 || all.Counts.New != len(head) {
		t.Errorf("without only-new: %+v", all.Counts)
	}
	// The base alone, only-new: nothing new, the run passes and says what
	// it tolerated.
	same := Apply(Policy{FailOn: FailOnError, OnlyNew: true}, checkFindings(t, map[string]string{"t.json": movedTool}, "openai"), base)
	if same.Exit != 0 || !strings.HasPrefix(same.Lines()[0], "Passed: tolerated ") || !strings.Contains(same.Lines()[0], "existing on the base") {
		t.Errorf("exit %d, lines %q", same.Exit, same.Lines())
	}
}

func TestRules(t *testing.T) {
	head := checkFindings(t, map[string]string{"t.json": openTool}, "openai", "anthropic")
	var codes []string
	for _, f := range head {
		codes = append(codes, f.Code)
	}
	if !slices.Contains(codes, "anthropic/schema-not-enforced") {
		t.Fatalf("fixture lacks anthropic/schema-not-enforced: %v", codes)
	}
	var errCode string
	for _, f := range head {
		if f.Target == "openai" && f.DefaultLevel == LevelError {
			errCode = f.Code
			break
		}
	}
	if errCode == "" {
		t.Fatalf("fixture lacks an OpenAI error: %v", codes)
	}
	rules, err := NewRules([]RuleSetting{
		{Key: "anthropic/*", Level: "off", Where: "c.json:3"},
		{Key: errCode, Level: "warning", Where: "c.json:4"},
	})
	if err != nil {
		t.Fatal(err)
	}
	res := Apply(Policy{FailOn: FailOnError, Rules: rules}, head, nil)
	for _, f := range res.Findings {
		switch {
		case f.Target == "anthropic":
			if f.State != StateDisabled || !strings.Contains(f.Reason, "anthropic/*") {
				t.Errorf("%s: state %s (%s)", f.Code, f.State, f.Reason)
			}
		case f.Code == errCode:
			if f.Level != LevelWarning || f.DefaultLevel != LevelError || f.Fails {
				t.Errorf("%s: level %s, fails %v", f.Code, f.Level, f.Fails)
			}
		}
	}
	if res.Counts.Disabled == 0 {
		t.Error("nothing disabled")
	}

	// Unknown codes name the nearest valid one, after the key's place
	// (file:line:col) as every config error starts.
	_, err = NewRules([]RuleSetting{{Key: "anthropic/schema-not-enforce", Level: "off", Where: "schemaport.config.json:7", At: "schemaport.config.json:7:5"}})
	if err == nil || err.Error() != "schemaport.config.json:7:5: Unknown rule code `anthropic/schema-not-enforce`. Did you mean `anthropic/schema-not-enforced`? docs/rules.md lists every code." {
		t.Errorf("unknown code: %v", err)
	}
	// A setting that says nowhere (built in code) has no place prefix.
	_, err = NewRules([]RuleSetting{{Key: "nope", Level: "off"}})
	if err == nil || !strings.HasPrefix(err.Error(), "Unknown rule code `nope`.") {
		t.Errorf("no place: %v", err)
	}
	// A code of a known target is matched among that target's codes.
	_, err = NewRules([]RuleSetting{{Key: "openai/nope", Level: "off", Where: "c.json:2"}})
	if err == nil || !strings.Contains(err.Error(), "Did you mean `openai/") {
		t.Errorf("unknown openai code: %v", err)
	}
	_, err = NewRules([]RuleSetting{{Key: "opena/*", Level: "off", Where: "c.json:2"}})
	if err == nil || !strings.Contains(err.Error(), "Did you mean `openai/*`?") {
		t.Errorf("unknown target: %v", err)
	}
	_, err = NewRules([]RuleSetting{{Key: "property-made-required", Level: "loud", Where: "c.json:2"}})
	if err == nil || !strings.Contains(err.Error(), "use off, info, warning or error") {
		t.Errorf("bad level: %v", err)
	}
}

// diffFindings diffs two versions of openTool-like files.
func diffFindings(t *testing.T, old, new string) []Finding {
	t.Helper()
	o := load(t, map[string]string{"t.json": old})
	n := load(t, map[string]string{"t.json": new})
	return FromDiff(diff.ToolSets(o.Tools, n.Tools, diff.Options{}))
}

func TestDiffRulesApprovalAndAccept(t *testing.T) {
	// `note` becomes required (breaking); its description is new
	// (informational).
	newer := strings.Replace(openTool, `"required": ["id"]`, `"required": ["id", "note"]`, 1)
	newer = strings.Replace(newer, `"enum": ["a", "b"]`, `"enum": ["a", "b"], "description": "why"`, 1)
	changes := diffFindings(t, openTool, newer)
	p := Policy{FailOn: FailOnNever, BreakingFailOn: BreakingFailOnBreaking, ApprovalLabel: "ok-to-break"}
	res := Apply(p, changes, nil)
	if res.Exit != 1 || res.Counts.BreakingNew != 1 {
		t.Fatalf("exit %d counts %+v", res.Exit, res.Counts)
	}
	if got, want := res.Reasons[0].Text, "Failed: 1 breaking change not approved (breaking-fail-on: breaking). To accept it, add the label ok-to-break or an accept entry."; got != want {
		t.Errorf("reason\n got %s\nwant %s", got, want)
	}

	// The label approves it.
	p.Approved = true
	res = Apply(p, changes, nil)
	if res.Exit != 0 || res.Counts.Approved != 1 || res.Lines()[0] != "Passed: tolerated 1 approved by the label, 1 below the thresholds." {
		t.Errorf("approved: exit %d, lines %q", res.Exit, res.Lines())
	}

	// A rule lowers the code to a warning (non-breaking).
	p.Approved = false
	rules, err := NewRules([]RuleSetting{{Key: "property-made-required", Level: "warning", Where: "c.json:2"}})
	if err != nil {
		t.Fatal(err)
	}
	p.Rules = rules
	res = Apply(p, changes, nil)
	if res.Exit != 0 || res.Counts.Breaking != 0 || res.Counts.NonBreaking != 1 {
		t.Errorf("rule: exit %d, counts %+v", res.Exit, res.Counts)
	}
	p.Rules = nil

	// An accept entry, matched at a path prefix; one that matches nothing
	// warns; an expired one fails, naming where it is.
	p.Today = "2026-06-01"
	p.Accept = []Accept{
		{Tool: "refund", Code: "property-made-required", Path: "inputSchema", Reason: "v2 clients send it", Until: "2026-06-01", Where: "c.json:5"},
		{Tool: "refund", Code: "property-made-required", Path: "inputSchema.req", Reason: "x", Until: "2027-01-01", Where: "c.json:11"},
	}
	res = Apply(p, changes, nil)
	var accepted *Finding
	for i := range res.Findings {
		if res.Findings[i].State == StateAccepted {
			accepted = &res.Findings[i]
		}
	}
	if res.Exit != 0 || accepted == nil || accepted.Reason != "v2 clients send it" || accepted.AcceptedBy != "c.json:5" {
		t.Fatalf("accept: exit %d, %+v", res.Exit, accepted)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "c.json:11") || !strings.Contains(res.Warnings[0], "remove it") {
		t.Errorf("warnings %q", res.Warnings)
	}
	p.Today = "2026-06-02"
	res = Apply(p, changes, nil)
	if res.Exit != 1 || len(res.Reasons) != 2 || res.Reasons[1].Kind != "expired" ||
		!strings.Contains(res.Reasons[1].Text, "(c.json:5) expired on 2026-06-01") {
		t.Errorf("expired: exit %d, reasons %+v", res.Exit, res.Reasons)
	}
}

func TestLoadErrorsExitTwo(t *testing.T) {
	res := load(t, map[string]string{"bad.json": `{"name": "x",`, "ok.json": openTool})
	if len(res.Errors) != 1 || len(res.Tools) != 1 {
		t.Fatalf("fixture: %d errors, %d tools", len(res.Errors), len(res.Tools))
	}
	fs := append(FromLoad(res.Errors), FromCheck(check.Run(res.Tools, []string{"openai"}))...)
	r := Apply(Policy{FailOn: FailOnNever, BreakingFailOn: BreakingFailOnNever}, fs, nil)
	if r.Exit != 2 || r.Verdict() != "error" || r.Counts.LoadErrors != 1 || r.Reasons[0].Kind != "load" {
		t.Errorf("exit %d, counts %+v, reasons %+v", r.Exit, r.Counts, r.Reasons)
	}
	// Rules and accept entries do not reach a load error.
	rules, _ := NewRules(nil)
	r = Apply(Policy{Rules: rules, Accept: []Accept{{Tool: "*", Code: LoadCode, Reason: "r", Until: "2999-01-01"}}}, fs, nil)
	if r.Exit != 2 {
		t.Errorf("an accept entry silenced a load error")
	}
}

func TestCodesIncludeEveryEmittedCode(t *testing.T) {
	codes := Codes()
	for _, f := range checkFindings(t, map[string]string{"t.json": openTool}, "openai", "anthropic", "gemini", "mcp", "anthropic-strict") {
		if _, ok := slices.BinarySearch(codes, f.Code); !ok {
			t.Errorf("emitted code %s is not in Codes()", f.Code)
		}
	}
	for _, c := range diff.Codes {
		if _, ok := slices.BinarySearch(codes, c.ID); !ok {
			t.Errorf("diff code %s is not in Codes()", c.ID)
		}
	}
}

// Fingerprints is a multiset: each Add is taken once, Remove undoes one
// Add and never goes below zero, and a text that is not a fingerprint of
// ours is kept apart from the others.
func TestFingerprintsCountEachAdd(t *testing.T) {
	a, b := Fingerprint(KindCheck, "t", "openai", "c", "p", ""), Fingerprint(KindCheck, "u", "openai", "c", "p", "")
	s := NewFingerprints(0)
	s.Add(a)
	s.Add(a)
	s.Add(b)
	s.Add("not hex")
	s.Remove(b)
	s.Remove(b)
	if s.Len() != 3 {
		t.Fatalf("len %d, want 3", s.Len())
	}
	if !s.take(a) || !s.take(a) || s.take(a) || s.take(b) || !s.take("not hex") || s.take("not hex") {
		t.Error("takes do not follow the adds")
	}
	var none *Fingerprints
	if none.take(a) {
		t.Error("a nil set has something")
	}
}
