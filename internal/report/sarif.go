package report

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// SARIFInput is everything one SARIF run reports.
type SARIFInput struct {
	// Policy is what the command decided about every finding (load
	// errors, check diagnostics, diff changes): the results are its
	// findings that are not turned off, at their effective levels, with
	// baselineState (only-new) and suppressions (accepted, approved by the
	// label).
	Policy *finding.Result
	// Category becomes runs[0].automationDetails.id ("schemaport/"); empty
	// leaves automationDetails out.
	Category string
	// Paths maps display paths to repository-relative ones; nil keeps them.
	Paths PathMapper
	// Rules are the rule tables used for the rule descriptions of check
	// codes (nil: every target's own table); codes not found get a
	// description built from the code.
	Rules []provider.Rule
	// MaxResults caps the results: 0 means GitHub's limit per run
	// (MaxSARIFResults), negative means no cap. Errors are kept first, then
	// warnings, then notes; the run says how many were left out.
	MaxResults int
	// OmittedNote, when set, says which findings the run's caps left out
	// of every output (see Cap); it becomes a notification.
	OmittedNote string
	// MaxGzipBytes caps the log's gzipped size: 0 means code scanning's
	// limit (MaxSARIFGzipBytes), negative no cap. Over it, results are
	// left out, least severe first.
	MaxGzipBytes int
	gzipCut      bool // set when results were left out for the size
}

// MaxSARIFResults is code scanning's limit of results per run; a file with
// more is rejected.
const MaxSARIFResults = 25000

// FingerprintKey is our partialFingerprints key: a hash of tool, target,
// schema path and code, so an alert follows a finding when lines move.
const FingerprintKey = "schemaportFinding/v1"

const sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// SARIF writes one SARIF 2.1.0 log with one run. Rules are sorted by id and
// results by location, rule and message, so the same input gives the same
// bytes.
//
// The structs are our own rather than go-sarif's: go-sarif assigns
// ruleIndex by a linear search per result and silently writes
// 18446744073709551615 for an unknown rule, escapes HTML in strings (unlike
// our other JSON), and its pointer-per-field API costs more code than the
// dozen structs below.
func SARIF(w io.Writer, in SARIFInput) error {
	limit := in.MaxGzipBytes
	if limit == 0 {
		limit = MaxSARIFGzipBytes
	}
	for attempt := 0; ; attempt++ {
		run, results := sarifRunOf(&in)
		// Gzip only compresses: a log whose raw size fits needs no
		// measuring, and neither does the last attempt.
		if limit < 0 || attempt == 4 || estimateSARIF(&run, results) <= int64(limit) {
			return writeSARIFLog(w, &run, results)
		}
		var gz gzipCounter
		zw := gzip.NewWriter(&gz)
		if err := writeSARIFLog(zw, &run, results); err != nil {
			return err
		}
		zw.Close()
		if gz.n <= int64(limit) {
			return writeSARIFLog(w, &run, results)
		}
		// Keep proportionally fewer results, with a margin; the lowest
		// ranked go first (collectFindings keeps errors, then warnings,
		// then notes).
		n := results.count
		in.MaxResults = max(1, int(int64(n)*int64(limit)*9/10/gz.n))
		in.gzipCut = true
	}
}

// MaxSARIFGzipBytes is code scanning's upload limit: 10 MB gzipped.
const MaxSARIFGzipBytes = 10 << 20

type gzipCounter struct{ n int64 }

func (c *gzipCounter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// sarifResults yields the run's results in order.
type sarifResults struct {
	count int
	each  func(yield func(sarifResult) bool)
	bytes int64 // an upper estimate of the encoded size of the results
}

// estimateSARIF is an upper bound of the encoded log's size, cheap to get:
// the results' text plus a fixed allowance per result and for the rules.
func estimateSARIF(run *sarifRun, r sarifResults) int64 {
	return r.bytes + int64(len(run.Tool.Driver.Rules))*4096 + 64<<10
}

// sarifRunOf builds the run (without its results) and the results.
func sarifRunOf(in *SARIFInput) (sarifRun, sarifResults) {
	findings, left, unlocated := collectFindings(in)
	rules, index := buildRules(in, findings)
	slices.SortFunc(findings, compareFindings)
	assignFingerprints(findings)

	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: version.Name, Version: version.Version, InformationURI: version.InformationURI, Rules: rules}},
		ColumnKind: "unicodeCodePoints",
	}
	if in.Category != "" {
		run.AutomationDetails = &sarifAutomation{ID: in.Category}
	}
	var notes []sarifNotification
	if left > 0 {
		why := "code scanning accepts at most " + strconv.Itoa(resultCap(in.MaxResults)) + " per run"
		if in.gzipCut {
			why = "code scanning accepts at most 10 MB of SARIF, gzipped, and these are the least severe"
		}
		notes = append(notes, sarifNotification{Level: "warning", Message: sarifText{
			Text: strconv.Itoa(left) + " more results were left out: " + why + ". The JSON report has them all."}})
	}
	if in.OmittedNote != "" {
		notes = append(notes, sarifNotification{Level: "warning", Message: sarifText{Text: in.OmittedNote}})
	}
	if unlocated > 0 {
		notes = append(notes, sarifNotification{Level: "warning", Message: sarifText{
			Text: strconv.Itoa(unlocated) + " results without a file were left out: code scanning needs a location for each. The JSON report has them."}})
	}
	if len(notes) > 0 {
		run.Invocations = []sarifInvocation{{ExecutionSuccessful: true, ToolExecutionNotifications: notes}}
	}
	var size int64
	for i := range findings {
		f := &findings[i]
		// JSON escaping at most sextuples a byte; paths appear three times.
		size += 6*int64(len(f.message)+3*len(f.path)+len(f.toolName)+len(f.file)) + 1024
	}
	return run, sarifResults{count: len(findings), bytes: size, each: func(yield func(sarifResult) bool) {
		for i := range findings {
			f := &findings[i]
			if !yield(f.result(index[f.ruleID])) {
				return
			}
		}
	}}
}

// writeSARIFLog writes the log as encoding/json would indent a sarifLog
// holding run with these results (a test holds it to that), but result by
// result, so the document is never in memory twice.
func writeSARIFLog(w io.Writer, run *sarifRun, rs sarifResults) error {
	results := iter.Seq[sarifResult](rs.each)
	bw := bufio.NewWriterSize(w, 64<<10)
	var scratch bytes.Buffer
	enc := json.NewEncoder(&scratch)
	enc.SetEscapeHTML(false)
	put := func(v any, prefix string) error {
		scratch.Reset()
		enc.SetIndent(prefix, "  ")
		if err := enc.Encode(v); err != nil {
			return err
		}
		bw.Write(bytes.TrimSuffix(scratch.Bytes(), []byte("\n")))
		return nil
	}
	const runIn = "      "
	bw.WriteString("{\n  \"$schema\": " + jsonvalue.Quote(sarifSchemaURI) + ",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n")
	bw.WriteString(runIn + "\"tool\": ")
	if err := put(run.Tool, runIn); err != nil {
		return err
	}
	if len(run.Invocations) > 0 {
		bw.WriteString(",\n" + runIn + "\"invocations\": ")
		if err := put(run.Invocations, runIn); err != nil {
			return err
		}
	}
	bw.WriteString(",\n" + runIn + "\"results\": [")
	n := 0
	var buf []byte
	for r := range results {
		if n > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n" + runIn + "  ")
		buf = appendSARIFResult(buf[:0], &r, runIn+"  ")
		bw.Write(buf)
		n++
	}
	if n > 0 {
		bw.WriteString("\n" + runIn)
	}
	bw.WriteString("]")
	if run.AutomationDetails != nil {
		bw.WriteString(",\n" + runIn + "\"automationDetails\": ")
		if err := put(run.AutomationDetails, runIn); err != nil {
			return err
		}
	}
	bw.WriteString(",\n" + runIn + "\"columnKind\": " + jsonvalue.Quote(run.ColumnKind) + "\n    }\n  ]\n}\n")
	return bw.Flush()
}

func resultCap(n int) int {
	if n == 0 {
		return MaxSARIFResults
	}
	return n
}

// sarifItem is one result before sorting and numbering.
type sarifItem struct {
	ruleID  string
	kind    string // "check", "diff", "load"
	level   string // SARIF level
	message string
	file    string
	span    tool.Span
	// identity for the fingerprint and the logical location
	toolName, target, path string
	// rule description inputs
	providerID, targetName, docsURL, classification string
	compile                                         provider.Compile // check findings only
	fingerprint                                     string
	// identity is the policy's fingerprint of the finding (it tells enum
	// members apart); assignFingerprints numbers it.
	identity      string
	baselineState string
	suppressions  []sarifSuppression
	state         string // the policy's state, "" without a policy
}

func sarifLevel(severity string) string {
	switch severity {
	case provider.SeverityError:
		return "error"
	case provider.SeverityWarning:
		return "warning"
	}
	return "note"
}

func levelRank(l string) int {
	switch l {
	case "error":
		return 0
	case "warning":
		return 1
	}
	return 2
}

// walkFindings calls fn for every finding with its level; build makes the
// full finding only for those the caller keeps.
func walkFindings(in *SARIFInput, fn func(level string, build func() sarifItem)) {
	if in.Policy != nil {
		walkPolicy(in, fn)
	}
}

// collectFindings keeps at most the cap, most severe first and otherwise in
// input order, without building the ones it drops. It also drops findings
// with no file (code scanning rejects a result without a location) and
// counts them apart.
func collectFindings(in *SARIFInput) (out []sarifItem, capped, unlocated int) {
	var perLevel [3]int
	walkFindings(in, func(level string, _ func() sarifItem) { perLevel[levelRank(level)]++ })
	total := perLevel[0] + perLevel[1] + perLevel[2]
	quota := quotas(perLevel, resultCap(in.MaxResults))
	kept := quota[0] + quota[1] + quota[2]
	out = make([]sarifItem, 0, kept)
	walkFindings(in, func(level string, build func() sarifItem) {
		r := levelRank(level)
		if quota[r] == 0 {
			return
		}
		quota[r]--
		if f := build(); f.file != "" {
			out = append(out, f)
		} else {
			unlocated++
		}
	})
	return out, total - kept, unlocated
}

func compareFindings(a, b sarifItem) int {
	return cmp.Or(
		strings.Compare(a.file, b.file),
		cmp.Compare(a.span.Line, b.span.Line),
		cmp.Compare(a.span.Column, b.span.Column),
		strings.Compare(a.ruleID, b.ruleID),
		strings.Compare(a.toolName, b.toolName),
		strings.Compare(a.target, b.target),
		strings.Compare(a.path, b.path),
		strings.Compare(a.message, b.message),
		cmp.Compare(a.span.EndLine, b.span.EndLine),
		cmp.Compare(a.span.EndColumn, b.span.EndColumn),
	)
}

// assignFingerprints numbers the policy's fingerprint of each finding
// (finding.Fingerprint: the one identity every command and output uses).
// Findings sharing one are numbered by message, so the numbering does not
// depend on line numbers.
func assignFingerprints(fs []sarifItem) {
	groups := map[string][]int{}
	var keys []string
	for i := range fs {
		h := fs[i].identity
		if _, ok := groups[h]; !ok {
			keys = append(keys, h)
		}
		groups[h] = append(groups[h], i)
	}
	for _, h := range keys {
		g := groups[h]
		slices.SortStableFunc(g, func(a, b int) int { return strings.Compare(fs[a].message, fs[b].message) })
		for n, i := range g {
			fs[i].fingerprint = h + ":" + strconv.Itoa(n+1)
		}
	}
}

func (f *sarifItem) result(ruleIndex int) sarifResult {
	r := sarifResult{
		RuleID:              f.ruleID,
		RuleIndex:           ruleIndex,
		Level:               f.level,
		Message:             sarifText{Text: cleanLog(f.message)},
		PartialFingerprints: map[string]string{FingerprintKey: f.fingerprint},
		BaselineState:       f.baselineState,
		Suppressions:        f.suppressions,
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifactLocation(f.file), Region: region(f.span)}}
	if f.path != "" || f.kind != "load" {
		ll := sarifLogicalLocation{Name: f.path, Kind: "property"}
		if f.kind != "load" {
			ll.FullyQualifiedName = f.toolName
			if f.path != "" {
				ll.FullyQualifiedName += "." + f.path
			} else {
				ll.Name = f.toolName
				ll.Kind = "object"
			}
		}
		loc.LogicalLocations = []sarifLogicalLocation{ll}
	}
	r.Locations = []sarifLocation{loc}
	props := sarifResultProperties{ToolName: f.toolName, Target: f.target, SchemaPath: f.path, Classification: f.classification, State: f.state}
	if f.kind == "load" {
		props.ToolName, props.Target = "", ""
	}
	if props != (sarifResultProperties{}) {
		r.Properties = &props
	}
	return r
}

// artifactLocation makes a relative path a %SRCROOT%-based URI reference
// and an absolute one a file URI.
func artifactLocation(file string) sarifArtifactLocation {
	if strings.HasPrefix(file, "/") {
		return sarifArtifactLocation{URI: "file://" + escapeURIPath(file)}
	}
	return sarifArtifactLocation{URI: escapeURIPath(file), URIBaseID: "%SRCROOT%"}
}

// escapeURIPath percent-encodes everything but unreserved characters,
// sub-delimiters that are safe in a path, '@' and '/'. ':' is encoded so a
// relative path never reads as a scheme.
func escapeURIPath(p string) string {
	const hexUpper = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			strings.IndexByte("-._~!$&'()*+,;=@/", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexUpper[c>>4])
			b.WriteByte(hexUpper[c&15])
		}
	}
	return b.String()
}

func region(s tool.Span) *sarifRegion {
	if s.Line < 1 {
		return nil
	}
	r := &sarifRegion{StartLine: s.Line}
	if s.Column >= 1 {
		r.StartColumn = s.Column
	}
	switch {
	case s.EndLine > s.Line && s.EndColumn >= 1:
		r.EndLine, r.EndColumn = s.EndLine, s.EndColumn
	case s.EndLine == s.Line && s.Column >= 1 && s.EndColumn > s.Column:
		r.EndLine, r.EndColumn = s.EndLine, s.EndColumn
	}
	return r
}

// ruleFacts gathers what the results say about one rule.
type ruleFacts struct {
	id, kind, level, providerID, targetName, docsURL, classification string
	// classes and abilities are the sets of classifications and compile
	// abilities its results have, so the rule text claims none that a
	// result contradicts.
	classes   map[string]bool
	abilities map[compileAbility]bool
}

// compileAbility is a Compile without its detail.
type compileAbility struct{ supported, lossy bool }

func buildRules(in *SARIFInput, fs []sarifItem) ([]sarifRule, map[string]int) {
	facts := map[string]*ruleFacts{}
	for i := range fs {
		f := &fs[i]
		rf := facts[f.ruleID]
		if rf == nil {
			rf = &ruleFacts{id: f.ruleID, kind: f.kind, level: f.level, providerID: f.providerID, targetName: f.targetName, docsURL: f.docsURL, classification: f.classification,
				classes: map[string]bool{}, abilities: map[compileAbility]bool{}}
			facts[f.ruleID] = rf
		}
		// Keep the most severe level and the smallest non-empty values so
		// the rule does not depend on result order.
		if levelRank(f.level) < levelRank(rf.level) {
			rf.level, rf.classification = f.level, f.classification
		}
		rf.docsURL = minNonEmpty(rf.docsURL, f.docsURL)
		rf.targetName = minNonEmpty(rf.targetName, f.targetName)
		rf.providerID = minNonEmpty(rf.providerID, f.providerID)
		switch f.kind {
		case "diff":
			rf.classes[f.classification] = true
		case "check":
			rf.abilities[compileAbility{f.compile.Supported, f.compile.Lossy}] = true
		}
	}
	tables := in.Rules
	if tables == nil {
		tables = targetRules()
	}
	// A code can have several rows (one per trigger, each with its own
	// compile ability); the rule describes them all.
	table := map[string][]provider.Rule{}
	for _, r := range tables {
		if !slices.Contains(table[r.Code], r) {
			table[r.Code] = append(table[r.Code], r)
		}
	}
	ids := make([]string, 0, len(facts))
	for id := range facts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	// The label approves breaking changes: their rule shows as a warning.
	approved := in.Policy != nil && in.Policy.Policy.Approved && in.Policy.Policy.ApprovalLabel != ""
	rules := make([]sarifRule, 0, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
		rules = append(rules, describeRule(facts[id], table[id], approved))
	}
	return rules, index
}

// targetRules gathers the core rules and every target's rule table.
func targetRules() []provider.Rule {
	rules := append([]provider.Rule(nil), check.Core().Rules...)
	for _, t := range check.Targets() {
		rules = append(rules, t.Rules...)
	}
	return rules
}

func minNonEmpty(a, b string) string {
	if a == "" || (b != "" && b < a) {
		return b
	}
	return a
}

// describeRule writes the rule of one code. Its defaultConfiguration.level
// is the code's default: a check code's severity in its table, a diff
// code's default classification. Every result states its own level, which
// wins over the default (SARIF 2.1.0 §3.27.10), so an escalated or capped
// change, or an approved breaking change, shows at its own level. The texts
// claim a classification or a compile ability only when every result of
// the rule has it.
func describeRule(rf *ruleFacts, rows []provider.Rule, approved bool) sarifRule {
	short := humanizeCode(rf.id)
	var full, help, helpURI string
	var tags []string
	level := rf.level
	switch rf.kind {
	case "load":
		short = "Input error"
		full = "A tool file could not be loaded: it is not valid JSON, not a canonical tool, or its inputSchema is not a valid JSON Schema. The tools of the other files are still checked and diffed, but the run fails until every input loads."
		help = "Fix the file at the reported position; the message says what is wrong."
		helpURI = version.InformationURI
		tags = []string{"schemaport", "input"}
	case "check":
		who := cmp.Or(rf.targetName, rf.providerID)
		short = who + ": " + short
		full = who + " rejects, drops or does not enforce part of a tool definition that triggers " + rf.id + "."
		help = "The result message says what " + who + " does with the tool and whether compiling for it fixes that. The provider documentation lists what it accepts."
		helpURI = cmp.Or(rf.docsURL, version.InformationURI)
		var triggers []string
		severity := ""
		for _, r := range rows {
			if r.Trigger != "" && !slices.Contains(triggers, r.Trigger) {
				triggers = append(triggers, r.Trigger)
			}
			if r.Severity != "" && (severity == "" || provider.SeverityRank(r.Severity) < provider.SeverityRank(severity)) {
				severity = r.Severity
			}
		}
		if len(rows) > 0 {
			helpURI = cmp.Or(rows[0].DocsURL, helpURI)
		}
		// The catalogue entry names the provider's page and shows an
		// example; it is the help every rule has.
		helpURI = RuleDocsURL(rf.id)
		if len(triggers) > 0 {
			full = who + ": " + strings.Join(triggers, "; or ")
		}
		if severity != "" {
			level = sarifLevel(severity)
		}
		if hint, detailed, ok := ruleCompileHint(rf.abilities, rows); ok {
			if detailed {
				help = hint
			} else {
				help = hint + ". The result message says what " + who + " does with the tool and what compiling changes."
			}
		}
		tags = []string{"schemaport", "check", rf.providerID}
	case "target":
		short, full, help, helpURI, tags, level = targetRule(approved)
	default:
		class := rf.classification
		if c, ok := diffCodes[rf.id]; ok && c.Class != "" {
			class = c.Class
		}
		level = diffLevel(class, approved)
		if len(rf.classes) == 1 && rf.classes[class] {
			short = classTitle(class) + ": " + short
			full = classDescription(class)
			help = "The message gives the schema path and the values before and after."
		} else {
			short = "Schema change: " + short
			full = "A change between the base and the new version of a tool, classified where it happens: by default it is " + class +
				", but inside a definition nothing references it is informational, and where it cannot be proven safe it is breaking. Each result's level and classification property give its own."
			help = "The message gives the classification, the schema path and the values before and after. Revert a breaking change, or approve it with the pull request label."
		}
		if c, ok := diffCodes[rf.id]; ok && c.Trigger != "" {
			full += " Reported when " + c.Trigger + "."
		}
		helpURI = RuleDocsURL(rf.id)
		tags = []string{"schemaport", "diff"}
		for _, c := range classOrder {
			if rf.classes[c] {
				tags = append(tags, c)
			}
		}
	}
	return sarifRule{
		ID:                   rf.id,
		ShortDescription:     sarifText{Text: truncateRunes(short, 1000)},
		FullDescription:      sarifText{Text: truncateRunes(full, 1000)},
		Help:                 sarifMultiText{Text: help + " " + helpURI, Markdown: mdText(help) + "\n\n[Documentation](" + helpURI + ")"},
		HelpURI:              helpURI,
		DefaultConfiguration: sarifConfiguration{Level: level},
		Properties:           sarifRuleProperties{Tags: tags},
	}
}

// ruleCompileHint is the compile line of a rule: said only when the code
// has table rows and every result of the rule has the same ability;
// detailed when the rows of that ability agree on one detail.
func ruleCompileHint(abilities map[compileAbility]bool, rows []provider.Rule) (hint string, detailed, ok bool) {
	if len(abilities) != 1 || len(rows) == 0 {
		return "", false, false
	}
	var ab compileAbility
	for a := range abilities {
		ab = a
	}
	detail, details := "", 0
	for _, r := range rows {
		supported, lossy, d, ok := r.Ability()
		if !ok || (compileAbility{supported, lossy}) != ab {
			continue
		}
		d = strings.ReplaceAll(d, "%s", "…")
		if details == 0 || d != detail {
			details++
		}
		detail = d
	}
	if details != 1 {
		detail = ""
	}
	return compileHint(provider.Compile{Supported: ab.supported, Lossy: ab.lossy, Detail: detail}), detail != "", true
}

// diffLevel is the SARIF level of a change of class in this run.
func diffLevel(class string, approved bool) string {
	if class != diff.Breaking {
		return "note"
	}
	if approved {
		return "warning"
	}
	return "error"
}

func classTitle(class string) string {
	switch class {
	case diff.Breaking:
		return "Breaking change"
	case diff.NonBreaking:
		return "Non-breaking change"
	}
	return "Informational change"
}

func classDescription(class string) string {
	switch class {
	case diff.Breaking:
		return "A change between the base and the new version of a tool that callers built against the old schema can break on. Revert it, or approve it with the pull request label."
	case diff.NonBreaking:
		return "A change that callers built against the old schema keep working with."
	}
	return "A change that does not alter what callers can send (documentation or annotations)."
}

// diffCodes indexes the diff engine's code table for rule descriptions.
var diffCodes = func() map[string]diff.Code {
	m := make(map[string]diff.Code, len(diff.Codes))
	for _, c := range diff.Codes {
		m[c.ID] = c
	}
	return m
}()

// humanizeCode turns "openai/object-missing-additional-properties" into
// "Object missing additional properties".
func humanizeCode(code string) string {
	if i := strings.LastIndexByte(code, '/'); i >= 0 {
		code = code[i+1:]
	}
	s := strings.ReplaceAll(code, "-", " ")
	if s == "" {
		return code
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// SARIF 2.1.0 structures, only the fields we write, in the order we want.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

// sarifRun is the run as encoding/json would write it. SARIF streams the
// results instead of filling Results; a test encodes the whole struct to
// hold the streamed layout to this one.
type sarifRun struct {
	Tool              sarifTool         `json:"tool"`
	Invocations       []sarifInvocation `json:"invocations,omitempty"`
	Results           []sarifResult     `json:"results"`
	AutomationDetails *sarifAutomation  `json:"automationDetails,omitempty"`
	ColumnKind        string            `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string              `json:"id"`
	ShortDescription     sarifText           `json:"shortDescription"`
	FullDescription      sarifText           `json:"fullDescription"`
	Help                 sarifMultiText      `json:"help"`
	HelpURI              string              `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration  `json:"defaultConfiguration"`
	Properties           sarifRuleProperties `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifMultiText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProperties struct {
	Tags []string `json:"tags"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifAutomation struct {
	ID string `json:"id"`
}

type sarifResult struct {
	RuleID              string                 `json:"ruleId"`
	RuleIndex           int                    `json:"ruleIndex"`
	Level               string                 `json:"level"`
	Message             sarifText              `json:"message"`
	Locations           []sarifLocation        `json:"locations"`
	PartialFingerprints map[string]string      `json:"partialFingerprints"`
	BaselineState       string                 `json:"baselineState,omitempty"`
	Suppressions        []sarifSuppression     `json:"suppressions,omitempty"`
	Properties          *sarifResultProperties `json:"properties,omitempty"`
}

// sarifSuppression is SARIF 2.1.0 §3.35: kind "external" says the finding
// was accepted outside the source (the config file, the label).
type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

type sarifResultProperties struct {
	ToolName       string `json:"toolName,omitempty"`
	Target         string `json:"target,omitempty"`
	SchemaPath     string `json:"schemaPath,omitempty"`
	Classification string `json:"classification,omitempty"`
	State          string `json:"state,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation  `json:"physicalLocation"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLocation struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
	Kind               string `json:"kind,omitempty"`
}

// NormalizeCategory makes a SARIF category end its tool part with a slash,
// as upload-sarif does with its own category input: without one, code
// scanning files every run under an empty category.
func NormalizeCategory(id string) string {
	if id != "" && !strings.Contains(id, "/") {
		return id + "/"
	}
	return id
}

// quotas is how many results of each level a log of at most limit results
// keeps (limit < 0: all): the most severe first.
func quotas(perLevel [3]int, limit int) (quota [3]int) {
	total := perLevel[0] + perLevel[1] + perLevel[2]
	if limit < 0 || total <= limit {
		return perLevel
	}
	rest := limit
	for r := range quota {
		quota[r] = min(perLevel[r], rest)
		rest -= quota[r]
	}
	return quota
}
