package report

import (
	"bytes"
	"encoding/json"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// PolicyDocs are the run report's `verdict` and `findings` members as
// indented JSON (two spaces, nested one level), ready to be placed.
type PolicyDocs struct {
	Verdict, Findings string
}

type jsonVerdict struct {
	Result    string          `json:"result"`
	ExitCode  int             `json:"exitCode"`
	Reasons   []jsonReason    `json:"reasons"`
	Warnings  []string        `json:"warnings"`
	Lines     []string        `json:"lines"`
	Counts    finding.Counts  `json:"counts"`
	Policy    jsonPolicyShape `json:"policy"`
	Tolerated string          `json:"tolerated"`
}

type jsonReason struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	Text  string `json:"text"`
}

type jsonPolicyShape struct {
	OnlyNew        bool   `json:"onlyNew"`
	FailOn         string `json:"failOn"`
	BreakingFailOn string `json:"breakingFailOn"`
	ApprovalLabel  string `json:"approvalLabel"`
	Approved       bool   `json:"approved"`
	Today          string `json:"today"`
}

type jsonFinding struct {
	Kind           string            `json:"kind"`
	Code           string            `json:"code"`
	Level          string            `json:"level"`
	DefaultLevel   string            `json:"defaultLevel"`
	Classification string            `json:"classification,omitempty"`
	State          string            `json:"state"`
	Fails          bool              `json:"fails"`
	Tool           string            `json:"tool"`
	Target         string            `json:"target"`
	Path           string            `json:"path"`
	Location       finding.Location  `json:"location"`
	BaseLocation   *finding.Location `json:"baseLocation,omitempty"`
	Message        string            `json:"message"`
	Fingerprint    string            `json:"fingerprint"`
	Reason         string            `json:"reason,omitempty"`
	AcceptedBy     string            `json:"acceptedBy,omitempty"`
	AcceptedUntil  string            `json:"acceptedUntil,omitempty"`
}

// PolicyJSON renders the policy's result for the run report: the verdict
// (result, reasons, counts, the policy in force) and every finding with its
// state. File paths are repository-relative (mapped with paths).
func PolicyJSON(res *finding.Result, paths PathMapper) (PolicyDocs, error) {
	v := jsonVerdict{Result: res.Verdict(), ExitCode: res.Exit, Reasons: []jsonReason{}, Warnings: res.Warnings, Lines: res.Lines(),
		Counts: res.Counts, Tolerated: res.Tolerated()}
	if v.Warnings == nil {
		v.Warnings = []string{}
	}
	for _, r := range res.Reasons {
		v.Reasons = append(v.Reasons, jsonReason{Kind: r.Kind, Count: r.Count, Text: r.Text})
	}
	p := res.Policy
	v.Policy = jsonPolicyShape{OnlyNew: p.OnlyNew, FailOn: p.FailOn, BreakingFailOn: p.BreakingFailOn, ApprovalLabel: p.ApprovalLabel, Approved: p.Approved, Today: p.Today}
	fs := make([]jsonFinding, 0, len(res.Findings))
	for i := range res.Findings {
		fs = append(fs, policyFinding(&res.Findings[i], paths))
	}
	var docs PolicyDocs
	var err error
	if docs.Verdict, err = indentedJSON(v); err != nil {
		return docs, err
	}
	docs.Findings, err = indentedJSON(fs)
	return docs, err
}

// policyFinding is one element of the findings document.
func policyFinding(f *finding.Finding, paths PathMapper) jsonFinding {
	jf := jsonFinding{Kind: string(f.Kind), Code: f.Code, Level: f.Level, DefaultLevel: f.DefaultLevel, Classification: f.Classification(),
		State: string(f.State), Fails: f.Fails, Tool: f.Tool, Target: f.Target, Path: f.Path, Location: f.Location,
		Message: f.Message, Fingerprint: f.Fingerprint, Reason: f.Reason, AcceptedBy: f.AcceptedBy, AcceptedUntil: f.AcceptedUntil}
	jf.Location.File = mapPath(paths, jf.Location.File)
	if f.BaseLocation.File != "" {
		b := f.BaseLocation
		b.File = mapPath(paths, b.File)
		jf.BaseLocation = &b
	}
	return jf
}

func indentedJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}
