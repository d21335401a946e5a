// Package finding is the one model every command's outputs render: check
// diagnostics, diff changes and load errors become Findings, and one policy
// step (Apply) decides, once, what each of them means for this run: its
// effective level after the team's rule settings, its state (new, existing
// on the base, accepted by a config entry, approved by the pull-request
// label, disabled by a rule) and whether it fails the run. The renderers
// (text, JSON, SARIF, annotations, job summary, step outputs, and the exit
// status) read a Result and never re-derive a level on their own, so a new
// output is one new file that walks Result.Findings and Result.Reasons.
package finding

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Kind says which engine produced a finding.
type Kind string

// Kinds.
const (
	KindLoad  Kind = "load"  // a file could not be loaded
	KindCheck Kind = "check" // a provider diagnostic
	KindDiff  Kind = "diff"  // a change between the base and the head
	// KindTarget: a tool the head no longer compiles for a target it
	// compiled for on the base (run, when targets are named; FromTargetDiff).
	KindTarget Kind = "target"
)

// Levels. A diff change's level is its classification: error is breaking,
// warning non-breaking, info informational (see ClassOf and LevelOf).
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelInfo    = "info"
	// LevelOff is a rule setting only: the finding is Disabled.
	LevelOff = "off"
)

// State is what the policy made of a finding.
type State string

// States.
const (
	// StateNew: the change introduced it (or there is no base to compare
	// with). Only a new finding can fail the run.
	StateNew State = "new"
	// StateExisting: the base has the same finding (same fingerprint); it
	// is reported, never failing. Only with only-new.
	StateExisting State = "existing"
	// StateAccepted: a config `accept` entry covers it (Reason says why).
	StateAccepted State = "accepted"
	// StateApproved: a diff change the approval label accepted.
	StateApproved State = "approved"
	// StateDisabled: a `rules` setting turned its code off.
	StateDisabled State = "disabled"
)

// Location is a place in a file: 1-based line and column (characters),
// end column exclusive. A zero Line means the file as a whole; an empty
// File means nowhere (a removed tool whose file is gone).
type Location struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
}

// Finding is one check diagnostic, diff change or load error, with what
// the policy decided about it.
type Finding struct {
	Kind Kind
	Code string
	// DefaultLevel is what the engine said (a diff change: its
	// classification as a level); Level is the level after rule settings.
	DefaultLevel string
	Level        string
	Tool         string // tool name; "" for a load error
	// Target is the check target id ("openai", "core"); "diff" for a
	// change; "" for a load error.
	Target     string
	TargetName string // "OpenAI"; "" unless a check finding
	Path       string // schema path ("inputSchema.properties.x"); may be ""
	// Location is where the finding is in the head; for something removed
	// from the head it is the best surviving place (or empty).
	Location Location
	// BaseLocation is where the thing was in the base (diff changes to
	// something that existed there; zero otherwise).
	BaseLocation Location
	Message      string
	// Fingerprint identifies the finding across line moves: a hash of kind,
	// tool, target, code, schema path and, for enum items, the value.
	Fingerprint string

	State State
	// Reason explains a non-new state: the accept entry's reason, the
	// approval label, the rule that disabled it.
	Reason string
	// AcceptedBy is where the accept entry is ("schemaport.config.json:12").
	AcceptedBy string
	// AcceptedUntil is the entry's end date (YYYY-MM-DD).
	AcceptedUntil string
	// Fails: this finding fails the run under the thresholds.
	Fails bool
	// Lossy: a check finding `schemaport-action compile` cannot fix
	// without loss (it refuses, or weakens the schema). At the level error
	// (after `rules`) it fails `fail-on: lossy`.
	Lossy bool

	// The engine's own record, for renderers that show more than the model
	// holds (compile hints, before/after excerpts). Exactly one is set.
	Diagnostic *provider.Diagnostic
	Change     *diff.Change
	LoadError  *tool.LoadError
	// ToolDef is the head's tool a check finding is about (nil otherwise).
	ToolDef *tool.Tool

	// partial: Location and Fingerprint are still to be filled in
	// (PartialCheckFinding, Complete).
	partial bool
}

// Classification is a diff finding's effective classification (after
// rules); "" for other kinds.
func (f *Finding) Classification() string {
	if f.Kind != KindDiff {
		return ""
	}
	return ClassOf(f.Level)
}

// ClassOf maps a level to a diff classification.
func ClassOf(level string) string {
	switch level {
	case LevelError:
		return diff.Breaking
	case LevelWarning:
		return diff.NonBreaking
	}
	return diff.Informational
}

// LevelOf maps a diff classification to a level.
func LevelOf(class string) string {
	switch class {
	case diff.Breaking:
		return LevelError
	case diff.NonBreaking:
		return LevelWarning
	}
	return LevelInfo
}

// Fingerprint hashes the identity of a finding: what it is and where in
// the schema, never where in the file, so it survives reformatting and
// moved lines. value distinguishes enum items at the same path.
func Fingerprint(kind Kind, toolName, target, code, path, value string) string {
	// Hashed from a buffer on the stack: a large run fingerprints millions
	// of findings.
	var buf [512]byte
	b := buf[:0]
	for i, part := range [...]string{string(kind), toolName, target, code, path, value} {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, part...)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}
